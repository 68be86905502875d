import type { DomainSettings } from './modules';
import type { RuntimeConfig } from './config';
import { identityConfigOf } from './identityConfig';

/** Each domain's settings from the runtime's configuration (issue 12: not the platform's AppConfig). */
export function domainSettingsOf(config: RuntimeConfig): DomainSettings {
  return {
    catalogue: {
      comparatorCache: {
        rankedBytes: config.COMPARATOR_CACHE_MB * 1024 * 1024,
        pageBytes: config.COMPARATOR_PAGE_CACHE_MB * 1024 * 1024,
      },
    },
    leads: { duplicateWindowDays: config.LEAD_DUPLICATE_WINDOW_DAYS },
    identity: identityConfigOf(config),
  };
}
