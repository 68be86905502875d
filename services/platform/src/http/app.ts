import type { Country } from '@cubre/schemas/catalogue/common';
import compression from 'compression';
import express, { type Router } from 'express';
import type { IncomingMessage } from 'node:http';
import type { EventStore } from '../ports/eventStore';
import type { Logger } from '../ports/logger';
import type { ReadStore } from '../ports/readStore';
import { adminCors } from './adminCors';
import { bodyDepthLimit } from './bodyDepth';
import { errorHandler } from './errorHandler';
import type { Authenticator } from './authenticator';
import { openApiRoute } from './openApi';
import { HttpProblem, sendProblem } from './problem';
import type { RateLimits } from './rateLimits';
import { requestLog } from './requestLog';
import { securityHeaders, type ProviderSources } from './securityHeaders';
import type { ExpiringState } from '../ports/expiringState';

/** Read-your-writes: resolves true once the named projections show the write (issue 2, item 6). */
export interface Visibility {
  waitUntilVisible(
    target: { globalPosition: number; streamId: string },
    names: string[],
    timeoutMs?: number,
  ): Promise<boolean>;
}

export interface AppConfig {
  /** Origins the site is served from (`https://cubre.cl`); the request's own origin is always accepted. */
  publicOrigins: string[];
  /** Largest JSON body accepted (bytes); larger ones get a 413 problem. */
  bodyLimitBytes: number;
  /** How long a command waits for its projections to show the write (READ_YOUR_WRITES_TIMEOUT_MS). */
  readYourWritesTimeoutMs: number;
  /** Which edition each host serves (EDITION_HOSTS, editions.ts). */
  editionHosts: { byHost: ReadonlyMap<string, Country>; fallback: Country };
  /** Proxies whose forwarding headers are believed (TRUSTED_PROXIES; none by default). */
  trustedProxies: string[];
  /** Origins that may frame the site (FRAME_ANCESTORS; none by default). */
  frameAncestors: string[];
  /**
   * Hosts the configured payment provider's browser library needs on the storefront's pages (its script,
   * API and frames: the CSP names them and nothing else); none for the sandbox. Absent: none.
   */
  providerSources?: ProviderSources;
  /** Answers smaller than this many bytes go uncompressed (COMPRESS_MIN_BYTES). */
  compressMinBytes: number;
  /** Origins a payment page's form may post to (the configured gateway's: Webpay's host); none by default. */
  formActionOrigins?: string[];
  /** The storefront's version check, when on: how many reloads in a row a mismatch may cause. Absent: off. */
  versionCheck?: { reloads: number };
}

/** What a domain's routes may use: ports, a clock, configuration. Never an adapter. */
export interface AppContext {
  eventStore: EventStore;
  readStore: ReadStore;
  visibility: Visibility;
  clock(): Date;
  config: AppConfig;
  logger: Logger;
  /** Per-client and total limits of the anonymous calls, counted in the shared store (issue 13). */
  rateLimits: RateLimits;
  /** State every api process shares, with expiry (the sign-in throttle, signed-out sessions): issue 13. */
  sharedState: ExpiringState;
  /** Who calls an admin route (identity's answer, set by the runtime): see guard.ts. */
  authenticator: Authenticator;
}

export interface HttpModule {
  name: string;
  routes(context: AppContext): Router;
  /**
   * Runs once when the api role starts, after the projections caught up and before the server listens:
   * the place for idempotent seeding through the domain's own commands (demo users, default catalogues).
   */
  start?(context: AppContext): Promise<void>;
}

/** Health as the runtime sees it: /readyz and /metrics ask it. */
export interface RuntimeProbe {
  readiness(): { ready: boolean; checks: Record<string, boolean> };
  metrics(): Promise<string>;
  draining(): boolean;
}

/** A request whose JSON body's bytes the parser kept (`express.json`'s verify hook, below). */
export type RawBodyRequest = IncomingMessage & { rawBody?: Buffer };

export function createApp(options: {
  context: AppContext;
  modules: HttpModule[];
  probe: RuntimeProbe;
  logger: Logger;
}) {
  const { context, probe } = options;
  const app = express();
  app.disable('x-powered-by');
  // Only the configured proxies may say who the client is: trusting every private address let anyone on the
  // machine or its network pick their own address past the rate limits and the login throttle (issue 13).
  app.set('trust proxy', context.config.trustedProxies.length > 0 ? context.config.trustedProxies : false);
  app.set('query parser', 'simple');

  app.use(requestLog(options.logger));
  app.use(
    securityHeaders({
      frameAncestors: context.config.frameAncestors,
      providerSources: context.config.providerSources,
      formActions: context.config.formActionOrigins ?? [],
    }),
  );
  // JSON and HTML above the threshold, gzip or deflate as the client asks (issue 12: a comparator page was
  // 34 KB where gzip makes it 2.4 KB). Built assets are served precompressed and skip this.
  app.use(compression({ threshold: context.config.compressMinBytes }));

  app.use((req, res, next) => {
    if (!probe.draining()) return next();
    res.setHeader('Connection', 'close');
    sendProblem(
      res,
      new HttpProblem(
        503,
        'shutting-down',
        'Servicio reiniciándose',
        'reintente en unos segundos',
        undefined,
        {
          'Retry-After': '5',
        },
      ),
      req.path,
    );
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const { ready, checks } = probe.readiness();
    if (ready) {
      res.json({ status: 'ready', checks });
      return;
    }
    const failing = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    res
      .status(503)
      .type('application/problem+json')
      .send(
        JSON.stringify({
          ...new HttpProblem(
            503,
            'not-ready',
            'Aún no está listo',
            `pendiente: ${failing.join(', ')}`,
          ).toBody('/readyz'),
          checks,
        }),
      );
  });
  app.get('/metrics', async (_req, res, next) => {
    try {
      res.type('text/plain; version=0.0.4').send(await probe.metrics());
    } catch (error) {
      next(error);
    }
  });

  app.use(adminCors(context.config.publicOrigins));
  app.use(
    express.json({
      limit: context.config.bodyLimitBytes,
      // The bytes as sent, for a signature over them (a provider's notification): the buffer the parser
      // read anyway, kept by reference for the request's life, never copied.
      verify: (req, _res, buffer) => {
        (req as RawBodyRequest).rawBody = buffer;
      },
    }),
  );
  app.use(bodyDepthLimit());
  app.get('/api/openapi.json', openApiRoute());
  for (const module of options.modules) app.use(module.routes(context));

  app.use((req, res) => {
    sendProblem(
      res,
      new HttpProblem(404, 'not-found', 'No encontrado', `no existe ${req.method} ${req.path}`),
      req.path,
    );
  });
  app.use(errorHandler(context.config.bodyLimitBytes));
  return app;
}
