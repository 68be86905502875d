import { Country } from '@cubre/schemas/catalogue/common';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';

/**
 * Which edition a host serves (seed 001 §1: one deployment per country, all from one build). The map is
 * configuration, `EDITION_HOSTS`: comma-separated `host=EDITION` entries, hosts without their port (any
 * port is the same edition), `*=EDITION` for every other host (Chile, the main deployment, 001-1.05, when
 * not given). Set, it replaces the embedded default, which lets a developer open each edition locally
 * (browsers resolve *.localhost to the loopback).
 */
export const DEFAULT_EDITION_HOSTS = 'pe.localhost=PE,co.localhost=CO,int.localhost=INT';
export const MAIN_EDITION: Country = 'CL';

export interface EditionHosts {
  byHost: ReadonlyMap<string, Country>;
  /** The edition of every host the map does not name. */
  fallback: Country;
}

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The EDITION_HOSTS setting, validated: a bad entry is named with what is wrong with it. */
export const EditionHostsSetting = z
  .string()
  .default(DEFAULT_EDITION_HOSTS)
  .transform((text, ctx): EditionHosts => {
    const byHost = new Map<string, Country>();
    let fallback: Country | undefined;
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', message });
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [rawHost = '', rawEdition = '', ...more] = entry.split('=').map((part) => part.trim());
      const host = rawHost.toLowerCase();
      const edition = Country.safeParse(rawEdition.toUpperCase());
      if (more.length > 0 || !rawEdition) {
        refuse(`'${entry}' is not host=EDITION (e.g. cubre.pe=PE)`);
      } else if (!edition.success) {
        refuse(`'${entry}': the edition is one of ${Country.options.join(', ')}`);
      } else if (host === '*') {
        if (fallback !== undefined && fallback !== edition.data) refuse(`'*' is given twice`);
        fallback = edition.data;
      } else if (/:\d*$/.test(host)) {
        refuse(`'${entry}': a host without its port (any port serves the same edition)`);
      } else if (!HOSTNAME.test(host)) {
        refuse(`'${entry}': '${rawHost}' is not a host name`);
      } else if (byHost.has(host) && byHost.get(host) !== edition.data) {
        refuse(`'${host}' is given two editions`);
      } else {
        byHost.set(host, edition.data);
      }
    }
    return { byHost, fallback: fallback ?? MAIN_EDITION };
  });

/** The edition of a host name (no port; case ignored). */
export function editionOfHost(hosts: EditionHosts, hostname: string | undefined): Country {
  return (hostname && hosts.byHost.get(hostname.toLowerCase())) || hosts.fallback;
}

const editions = new WeakMap<Request, Country>();

/**
 * The edition of the host a request came to; Chile for a request the edition module did not see (an app
 * built without it, as some tests build theirs).
 */
export function hostEdition(req: Request): Country {
  return editions.get(req) ?? MAIN_EDITION;
}

/**
 * Notes each request's edition before any route runs (the runtime mounts it first). API answers vary by
 * the `country` header too (a GET falls back to it before the host), so they say so: a cache keyed by
 * URL alone must not hand one edition's menu to another (the host is part of every cache's key already).
 */
export const editionModule: HttpModule = {
  name: 'edition',
  routes(context: AppContext) {
    const router = Router();
    router.use((req, res, next) => {
      editions.set(req, editionOfHost(context.config.editionHosts, req.hostname));
      if (req.path.startsWith('/api/')) res.vary('country');
      next();
    });
    return router;
  },
};
