import { createHash } from 'node:crypto';
import { SHARED_INSURANCE_CODE_LENGTH } from '@cubre/schemas/site';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The code of a shared insurance: base62 of a SHA-256 of its content (product, product type, comparator
 * path and profile, as canonical JSON), so sharing the same quote twice gives the same link and no counter
 * is shared between servers. 10 characters give 62^10 ≈ 8·10^17 codes, too many to guess one; a
 * collision is resolved by the next attempt (a different salt).
 */
export function shareCodeFor(content: string, attempt = 0): string {
  const digest = createHash('sha256')
    .update(attempt === 0 ? content : `${attempt}:${content}`)
    .digest();
  let code = '';
  for (let i = 0; i < SHARED_INSURANCE_CODE_LENGTH; i++) code += ALPHABET[digest[i]! % 62];
  return code;
}

/** Query parameters a shared link sets itself (rule 000-2.28), or that must never travel in one (perfil). */
const LINK_PARAMETERS = [
  'perfil',
  'code',
  'skipLanding',
  'productType',
  'share',
  'replaceUrl',
  'forceRefresh',
];

/** The comparator path a share keeps: the page and its filters, without the link's own parameters. */
export function sharedPath(path: string): string {
  const url = new URL(path, 'http://site.invalid');
  for (const name of LINK_PARAMETERS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The link to share: the comparator with code, skipLanding=true, productType and share={code}. It carries
 * no profile: the storefront reads it with POST /api/buscarplanes/sharedinsurance/{share}.
 */
export function shareLink(
  origin: string,
  share: { code: string; path: string; productCode: string; productType: string },
): string {
  const url = new URL(share.path, origin);
  url.searchParams.set('code', share.productCode);
  url.searchParams.set('skipLanding', 'true');
  if (share.productType) url.searchParams.set('productType', share.productType);
  url.searchParams.set('share', share.code);
  return url.toString();
}

/** The shared quote URL of rule 000-2.28: code, skipLanding=true, perfil (base64 JSON) and productType. */
export function sharedQuoteUrl(
  origin: string,
  share: { path: string; productCode: string; productType: string; profile: unknown },
): string {
  const url = new URL(share.path, origin);
  url.searchParams.set('code', share.productCode);
  url.searchParams.set('skipLanding', 'true');
  url.searchParams.set('perfil', Buffer.from(JSON.stringify(share.profile), 'utf8').toString('base64'));
  if (share.productType) url.searchParams.set('productType', share.productType);
  return url.toString();
}
