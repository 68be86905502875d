import { z } from 'zod';
import { eventOf } from './events';

/** Stream category of the short links: streams are `comparatorLink-{link}`, the Kafka topic `cubre.comparatorLink`. */
export const COMPARATOR_LINK_CATEGORY = 'comparatorLink';

/** The longest comparator URL we keep; longer ones are refused with a 400 (issue 2, item 9). */
export const COMPARATOR_URL_MAX_LENGTH = 2000;

/** Short link codes: base62, so they survive any URL path segment unescaped. */
export const ComparatorLinkCode = z
  .string()
  .regex(/^[0-9A-Za-z]{6,32}$/, 'a link is 6 to 32 letters or digits');
export type ComparatorLinkCode = z.infer<typeof ComparatorLinkCode>;

/** Body of POST /api/buscarplanes/comparator-url (seed 000 §7, 001 §7). */
export const SaveComparatorUrlBody = z.strictObject({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? 'url es requerido' : 'url debe ser texto') })
    .trim()
    .min(1, 'url es requerido')
    .max(COMPARATOR_URL_MAX_LENGTH, `url admite a lo más ${COMPARATOR_URL_MAX_LENGTH} caracteres`),
});
export type SaveComparatorUrlBody = z.infer<typeof SaveComparatorUrlBody>;

export const ComparatorLinkParams = z.strictObject({ lastSegment: ComparatorLinkCode });

export const ComparatorUrlSavedData = z.strictObject({
  link: ComparatorLinkCode,
  /** The URL exactly as the visitor's page sent it. */
  url: z.string().max(COMPARATOR_URL_MAX_LENGTH),
  /** Path, query and fragment of the URL: what /url/{link} redirects to, always on this site. */
  path: z.string().startsWith('/'),
});
export const ComparatorUrlSaved = eventOf('ComparatorUrlSaved', ComparatorUrlSavedData);
export type ComparatorUrlSaved = z.infer<typeof ComparatorUrlSaved>;

export const ComparatorLinkEvent = ComparatorUrlSaved;
export type ComparatorLinkEvent = z.infer<typeof ComparatorLinkEvent>;

/** Answer of the save and read calls. */
export const ComparatorLinkResponse = z.strictObject({
  link: ComparatorLinkCode,
  url: z.string(),
  path: z.string(),
  shortUrl: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
});
export type ComparatorLinkResponse = z.infer<typeof ComparatorLinkResponse>;
