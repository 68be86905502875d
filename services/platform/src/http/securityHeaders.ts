import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** One year, with subdomains: what browsers' preload lists ask of a site that is https everywhere. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Hosts a payment provider's browser library needs, by directive (each an origin: `https://host`). */
export interface ProviderSources {
  scriptSrc: readonly string[];
  connectSrc: readonly string[];
  frameSrc: readonly string[];
}

/**
 * Answers that are never a storefront page: the API, the console, the ops endpoints. They keep the strict
 * policy whatever the payment provider (a JSON answer or the console loads no provider library).
 */
const NOT_A_STOREFRONT_PAGE = /^\/(api|admin|url|healthz|readyz|metrics|ops)(\/|$)/;

function policy(options: {
  frameAncestors: readonly string[];
  formActions: readonly string[];
  providers?: ProviderSources;
}) {
  const framing = options.frameAncestors.length > 0 ? [...options.frameAncestors] : ["'none'"];
  const providers = options.providers;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(providers?.scriptSrc ?? [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(providers?.connectSrc ?? [])],
        // Without a provider's frame, frames fall back to default-src: the site's own only.
        ...(providers && providers.frameSrc.length > 0
          ? { frameSrc: ["'self'", ...providers.frameSrc] }
          : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...options.formActions],
        frameAncestors: framing,
      },
    },
    xFrameOptions: options.frameAncestors.length > 0 ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // The console and the storefront load nothing cross-origin but a payment provider's library, which
    // serves its own CORS answers; these would only get in a partner's way.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Cross-Origin-Opener-Policy: same-origin (helmet's default) on every page, the storefront's too: no
    // other window keeps a reference to the purchase; measured within the noise of first cards (README).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}

/**
 * The headers every answer carries (issue 12): a Content-Security-Policy with no inline script (the
 * storefront and the console are built with none), no plug-ins, the base URL kept to the site, forms posted
 * to the site and to the one payment page the configured gateway names (`formActions`: Webpay's host, where
 * the browser POSTs the transaction's token);
 * framing only by the origins named in `frameAncestors` (FRAME_ANCESTORS: the partner iframe mode of seed
 * 001 §5), none by default, with X-Frame-Options DENY for browsers that predate frame-ancestors; nosniff; a
 * referrer that leaves the site as its origin only. Strict-Transport-Security only on answers sent over
 * https, where it means something (over http a browser ignores it, and it must not pin a plain-http
 * deployment).
 *
 * The payment provider's browser library (issue 14: Kushki's tokenizer) is allowed by name, its hosts in
 * `providerSources`, on the storefront's pages only. Every storefront page gets them, not only
 * Compra-Online: the storefront is one document whose router reaches the purchase without loading a page,
 * and a document keeps the policy it was loaded with. The API, the console and ops keep the strict policy.
 *
 * Inline styles are allowed: MUI's styling engine (emotion) writes style elements at run time. A style
 * cannot run code; scripts are what the policy keeps out.
 */
export function securityHeaders(options: {
  frameAncestors: readonly string[];
  providerSources?: ProviderSources;
  /** Payment providers' pages a form posts to (Webpay's host, named by the configured gateway); none by default. */
  formActions?: readonly string[];
}): RequestHandler[] {
  const formActions = options.formActions ?? [];
  const strict = policy({ frameAncestors: options.frameAncestors, formActions });
  const sources = options.providerSources;
  const opened =
    sources && sources.scriptSrc.length + sources.connectSrc.length + sources.frameSrc.length > 0
      ? policy({ frameAncestors: options.frameAncestors, formActions, providers: sources })
      : strict;
  return [
    (req, res, next) => (NOT_A_STOREFRONT_PAGE.test(req.path) ? strict : opened)(req, res, next),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}
