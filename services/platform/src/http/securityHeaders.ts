import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** One year, with subdomains: what browsers' preload lists ask of a site that is https everywhere. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries (issue 12): a Content-Security-Policy with no inline script (the
 * storefront and the console are built with none; a payment page adds its provider's library by name when
 * that issue lands), no plug-ins, the base URL kept to the site, forms posted to the site and to the one
 * payment page the configured gateway names (`formActions`: Webpay's host, where the browser POSTs the
 * transaction's token), nothing else; framing only by the origins
 * named in `frameAncestors` (FRAME_ANCESTORS: the partner iframe mode of seed 001 §5), none by default,
 * with X-Frame-Options DENY for browsers that predate frame-ancestors; nosniff; a referrer that leaves
 * the site as its origin only. Strict-Transport-Security only on answers sent over https, where it means
 * something (over http a browser ignores it, and it must not pin a plain-http deployment).
 *
 * Inline styles are allowed: MUI's styling engine (emotion) writes style elements at run time. A style
 * cannot run code; scripts are what the policy keeps out.
 */
export function securityHeaders(options: {
  frameAncestors: readonly string[];
  /** Payment providers' pages a form posts to (Webpay's host, named by the configured gateway); none by default. */
  formActions?: readonly string[];
}): RequestHandler[] {
  const formAction = ["'self'", ...(options.formActions ?? [])];
  const framing = options.frameAncestors.length > 0 ? [...options.frameAncestors] : ["'none'"];
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction,
          frameAncestors: framing,
        },
      },
      xFrameOptions: options.frameAncestors.length > 0 ? false : { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      // The console and the storefront load nothing cross-origin; these would only get in a partner's way.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}
