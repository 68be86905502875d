/**
 * The logo the demo and plan organizations have: their initials on a colour taken from the code, drawn as
 * SVG (the demo catalogue invents its insurers, so there are no real logos to ship).
 */
export function organizationMonogram(code: string): string {
  const words = code
    .split(/[-_.\s]+/)
    .filter((word) => word.length > 0 && !/^(de|del|la|las|los|y)$/i.test(word));
  const initials = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escape(code)}"><rect width="96" height="96" rx="16" fill="hsl(${hue} 55% 38%)"/><text x="48" y="60" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${escape(initials)}</text></svg>`;
}
