/**
 * A result card's promotional banner (rule 000-2.41): a text and links. The catalogue writes it, so its
 * links are checked before they become anchors: a site path ('/Comparar/…') stays in the app, an http(s)
 * address opens in a new tab, anything else (javascript:, protocol-relative '//…', blanks) is dropped.
 */

export interface BannerLink {
  label: string;
  url: string;
  external: boolean;
}

export interface CardBanner {
  text: string;
  links: BannerLink[];
}

function linkOf(link: { label?: unknown; url?: unknown }): BannerLink | null {
  const label = typeof link.label === 'string' ? link.label.trim() : '';
  const url = typeof link.url === 'string' ? link.url.trim() : '';
  if (label === '' || url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { label, url, external: false };
  return /^https?:\/\/[^/\s]/i.test(url) ? { label, url, external: true } : null;
}

/** The banner to draw, or null when the card has none (no text). */
export function cardBanner(
  banner: { text?: unknown; links?: readonly { label?: unknown; url?: unknown }[] | null } | null | undefined,
): CardBanner | null {
  const text = typeof banner?.text === 'string' ? banner.text.trim() : '';
  if (text === '') return null;
  const links = (banner?.links ?? []).map(linkOf).filter((link): link is BannerLink => link !== null);
  return { text, links };
}
