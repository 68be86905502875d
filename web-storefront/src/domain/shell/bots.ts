/**
 * User agents that are not browsers (rule 001-5.20): they get the pre-rendering image state, every image
 * at once. Its own module: the result cards' logos need only this, not the whole image loader.
 */
export const BOT_USER_AGENTS = Object.freeze([
  'prerender',
  'googlebot',
  'bingbot',
  'petalbot',
  'yahoo',
  'ahrefsbot',
  'ahrefssiteaudit',
] as const);

/** Matched case-insensitively anywhere in the agent ('Mozilla/5.0 (compatible; Googlebot/2.1; …)'). */
export function isBot(userAgent: string | null | undefined): boolean {
  const agent = (userAgent ?? '').toLowerCase();
  return BOT_USER_AGENTS.some((bot) => agent.includes(bot));
}
