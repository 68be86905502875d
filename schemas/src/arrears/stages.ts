import { ARREARS_STAGES, ARREARS_STAGE_THRESHOLDS, type ArrearsStage } from './lists';

/**
 * The stage an overdue count has reached (002-4.17): the highest whose threshold the count is at or past,
 * so a subscription that skips a count (3 → 5) has still reached mora_2. Null when not overdue.
 */
export function stageReached(overdueCount: number | null): ArrearsStage | null {
  if (overdueCount === null) return null;
  let reached: ArrearsStage | null = null;
  for (const stage of ARREARS_STAGES) if (overdueCount >= ARREARS_STAGE_THRESHOLDS[stage]) reached = stage;
  return reached;
}

/** The stage after this one, or null after mora_3. */
export function nextStage(stage: ArrearsStage | null): ArrearsStage | null {
  if (stage === null) return ARREARS_STAGES[0];
  return ARREARS_STAGES[ARREARS_STAGES.indexOf(stage) + 1] ?? null;
}

/**
 * The automatic mail's key for a contract, arrears episode and stage: the MailRequester sends a key once,
 * and a manual send that takes a stage's automatic mail uses the same key (services/src/arrears/README.md).
 * The episode is the period whose decline started the arrears.
 */
export const arrearsMailKey = (subscriptionId: string, episode: string, stage: ArrearsStage) =>
  `arrears:${subscriptionId}:${episode}:${stage}`;

/** `{episode}:{stage}`: what the arrears stream remembers as sent. */
export const episodeStage = (episode: string, stage: ArrearsStage) => `${episode}:${stage}`;
