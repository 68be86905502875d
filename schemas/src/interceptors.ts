import { z } from 'zod';

/**
 * Query parameters the storefront's request interceptors add to GET calls (seed 001 §7): forceRefresh=1
 * for internal traffic or a forced refresh (001-7.18), isqps=true on white-label partner hosts (001-7.17).
 * Every GET route accepts them (and ignores them: read models are always current) besides its own.
 */
export const INTERCEPTOR_QUERY = {
  forceRefresh: z.string().max(10).optional(),
  isqps: z.string().max(10).optional(),
};
