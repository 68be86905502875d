import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../ports/logger';
import type { RateLimitStore } from '../ports/rateLimitStore';
import { HttpProblem } from './problem';

/** Seed 000 §8 / 001 §8, the bot check (rule 000-8.03). */
export const ROBOT_TITLE = 'El sistema piensa que eres un robot...';
export const ROBOT_DETAIL =
  'Sabemos que eres humano, pero necesitamos que hagas clic en el botón y tengas un poco de paciencia.';
export const HUMAN_BUTTON = 'Soy humano!';
export const ROBOT_APOLOGY = '(disculpa las molestias)';

/**
 * The anonymous calls limited together (issue 13): each family has its own allowances. `compare` is the
 * comparator's read; the others store something on every call. `password`: the console's password
 * choices (an invitation's link, the password change), where each call may cost a password hash and a
 * caller could otherwise try tokens and passwords at full speed (identity/README.md, "Password choices").
 * `returns`: the buyer's browser back from a payment provider's page (Webpay, Oneclick), where a matching
 * token costs a call to the provider: a person comes back a handful of times (payments/README.md).
 */
export const LIMIT_FAMILIES = [
  'compare',
  'leads',
  'purchase',
  'contact',
  'profile',
  'links',
  'password',
  'returns',
] as const;
export type LimitFamily = (typeof LIMIT_FAMILIES)[number];

const FAMILY_LABELS: Record<LimitFamily, string> = {
  compare: 'comparaciones',
  leads: 'solicitudes de planes y adicionales',
  purchase: 'pasos y pagos de la compra en línea',
  contact: 'mensajes de contacto',
  profile: 'perfiles guardados',
  links: 'enlaces compartidos',
  password: 'elecciones de contraseña',
  returns: 'regresos desde la página de pago',
};

/** `points` calls per `windowSeconds`; 0 points: no such limit. */
export interface Allowance {
  points: number;
  windowSeconds: number;
}

/**
 * perClient: past it a client gets a 429 until its window ends. humanCheck (forms a person fills): past it
 * the answer asks for "Soy humano!" instead of storing, and the click starts it again; the perClient limit
 * still holds, so a script that clicks gains little. total: every client together, a 429 for all.
 */
export interface FamilyLimits {
  perClient?: Allowance;
  humanCheck?: Allowance;
  total?: Allowance;
}
export type RateLimitSettings = Record<LimitFamily, FamilyLimits>;

/** Clicks on "Soy humano!" a client may make a minute: the click itself must not be scriptable for free. */
const HUMAN_CLICKS: Allowance = { points: 3, windowSeconds: 60 };

export const robotProblem = () =>
  new HttpProblem(
    401,
    'robot',
    ROBOT_TITLE,
    ROBOT_DETAIL,
    [{ field: 'request', rule: 'rate_limit', message: ROBOT_DETAIL }],
    {},
    { message: ROBOT_TITLE, button: HUMAN_BUTTON, apology: ROBOT_APOLOGY },
  );

function windowWords(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hora' : `${seconds / 3600} horas`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minuto' : `${seconds / 60} minutos`;
  return `${seconds} segundos`;
}

function limitedProblem(family: LimitFamily, scope: 'client' | 'total', allowance: Allowance, ms: number) {
  const retryAfter = Math.max(1, Math.ceil(ms / 1000));
  const who = scope === 'client' ? 'por cliente' : 'entre todos los clientes';
  const message = `límite de ${FAMILY_LABELS[family]} ${who}: ${allowance.points} por ${windowWords(allowance.windowSeconds)}; reintente en ${retryAfter} s`;
  return new HttpProblem(
    429,
    'rate-limited',
    'Demasiadas solicitudes',
    message,
    [{ field: 'request', rule: scope === 'client' ? 'rate_limit_client' : 'rate_limit_total', message }],
    { 'Retry-After': String(retryAfter) },
    { limit: { family, scope, points: allowance.points, windowSeconds: allowance.windowSeconds } },
  );
}

/**
 * The key a client is counted under: its address (from TRUSTED_PROXIES only, see app.ts), IPv4-mapped
 * addresses as IPv4, and IPv6 by its /64, the block one subscriber gets: counting single IPv6 addresses
 * would let one client rotate through 2^64 of them.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? first
      : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

export interface RateLimits {
  /** Middleware for a route of the family: refuses before the handler runs, so nothing is stored. */
  guard(family: LimitFamily): RequestHandler;
  /** POST handler of "Soy humano!": the client's human-check allowances start again. */
  humanCheck: RequestHandler;
}

type Limiters = {
  perClient?: RateLimiterAbstract;
  humanCheck?: RateLimiterAbstract;
  total?: RateLimiterAbstract;
};

/**
 * One place for every anonymous limit (issue 13), on rate-limiter-flexible over the shared store. The
 * order matters: a client over its own limit is refused before it counts towards the total, so one
 * client cannot spend everyone's allowance.
 */
export function createRateLimits(
  store: RateLimitStore,
  settings: RateLimitSettings,
  logger: Logger,
): RateLimits {
  const make = (name: string, allowance: Allowance | undefined) =>
    allowance && allowance.points > 0
      ? store.limiter({ keyPrefix: name, points: allowance.points, durationSeconds: allowance.windowSeconds })
      : undefined;
  const limiters = Object.fromEntries(
    LIMIT_FAMILIES.map((family) => [
      family,
      {
        perClient: make(`${family}:client`, settings[family].perClient),
        humanCheck: make(`${family}:human`, settings[family].humanCheck),
        total: make(`${family}:total`, settings[family].total),
      },
    ]),
  ) as Record<LimitFamily, Limiters>;
  const clicks = make('human-clicks', HUMAN_CLICKS)!;

  /** Resolves with the refusal, or undefined when the call may go on. */
  async function refusal(family: LimitFamily, client: string): Promise<HttpProblem | undefined> {
    const { perClient, humanCheck, total } = limiters[family];
    const limits = settings[family];
    try {
      if (perClient) await perClient.consume(client);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return limitedProblem(family, 'client', limits.perClient!, error.msBeforeNext);
      throw error;
    }
    try {
      if (humanCheck) await humanCheck.consume(client);
    } catch (error) {
      if (error instanceof RateLimiterRes) return robotProblem();
      throw error;
    }
    try {
      if (total) await total.consume('all');
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return limitedProblem(family, 'total', limits.total!, error.msBeforeNext);
      throw error;
    }
    return undefined;
  }

  /** A store that fails lets the call through: the limits protect the service, they must not stop it. */
  const storeFailed = (error: unknown) => {
    logger.warn({ err: error }, 'rate-limit store failed; call allowed');
  };

  return {
    guard: (family) => (req: Request, _res: Response, next: NextFunction) => {
      refusal(family, clientKey(req.ip)).then(
        (problem) => next(problem),
        (error: unknown) => {
          storeFailed(error);
          next();
        },
      );
    },
    humanCheck: (req: Request, res: Response, next: NextFunction) => {
      const client = clientKey(req.ip);
      clicks
        .consume(client)
        .then(
          async () => {
            for (const family of LIMIT_FAMILIES) await limiters[family].humanCheck?.delete(client);
            res.json({ human: true, message: ROBOT_APOLOGY });
          },
          (error: unknown) => {
            if (error instanceof RateLimiterRes) return next(robotProblem());
            throw error;
          },
        )
        .catch((error: unknown) => {
          storeFailed(error);
          res.json({ human: true, message: ROBOT_APOLOGY });
        });
    },
  };
}
