import type { RateLimitSettings } from '@cubre/platform/http/rateLimits';
import type { RuntimeConfig } from './config';

const HOUR = 3600;
const MINUTE = 60;

/** The limits of each family of anonymous calls, from the RATE_LIMIT_* variables (README.md, "Rate limits"). */
export function rateLimitSettingsOf(config: RuntimeConfig): RateLimitSettings {
  return {
    compare: { humanCheck: { points: config.COMPARE_RATE_LIMIT_PER_MINUTE, windowSeconds: MINUTE } },
    leads: {
      perClient: { points: config.RATE_LIMIT_LEADS_PER_CLIENT_HOUR, windowSeconds: HOUR },
      humanCheck: { points: config.RATE_LIMIT_LEADS_HUMAN_CHECK_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_LEADS_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    purchase: {
      perClient: { points: config.RATE_LIMIT_PURCHASE_PER_CLIENT_HOUR, windowSeconds: HOUR },
      humanCheck: { points: config.RATE_LIMIT_PURCHASE_HUMAN_CHECK_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_PURCHASE_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    contact: {
      perClient: { points: config.RATE_LIMIT_CONTACT_PER_CLIENT_HOUR, windowSeconds: HOUR },
      humanCheck: { points: config.RATE_LIMIT_CONTACT_HUMAN_CHECK_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_CONTACT_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    profile: {
      perClient: { points: config.RATE_LIMIT_PROFILE_PER_CLIENT_HOUR, windowSeconds: HOUR },
      humanCheck: { points: config.RATE_LIMIT_PROFILE_HUMAN_CHECK_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_PROFILE_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    links: {
      perClient: { points: config.RATE_LIMIT_LINKS_PER_CLIENT_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_LINKS_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    password: {
      perClient: { points: config.RATE_LIMIT_PASSWORD_PER_CLIENT_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_PASSWORD_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
    returns: {
      perClient: { points: config.RATE_LIMIT_RETURNS_PER_CLIENT_HOUR, windowSeconds: HOUR },
      total: { points: config.RATE_LIMIT_RETURNS_TOTAL_MINUTE, windowSeconds: MINUTE },
    },
  };
}
