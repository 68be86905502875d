/**
 * Why only this site's URLs: /url/{link} redirects to the saved address, and a link shortener that accepts
 * any address is an open redirect. The saved path is what we redirect to, so the redirect never leaves the
 * site whatever host served it; a path a browser would read as another host (`//host`, `/\host`) is
 * refused here and neutralised again at redirect time (`redirectTarget`).
 */
export type SiteUrlCheck = { ok: true; path: string } | { ok: false; rule: string; message: string };

// Browsers strip tabs and newlines inside URLs, which turns `/\t/evil` into `//evil`.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function checkSiteUrl(url: string, allowedOrigins: string[]): SiteUrlCheck {
  if (CONTROL_CHARACTERS.test(url)) {
    return { ok: false, rule: 'url', message: 'url no puede contener caracteres de control' };
  }
  let parsed: URL;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    try {
      parsed = new URL(url, 'http://site.invalid');
    } catch {
      return { ok: false, rule: 'url', message: 'url no es una dirección válida' };
    }
    if (parsed.origin !== 'http://site.invalid') {
      return { ok: false, rule: 'same_site', message: 'url debe ser una dirección de este sitio' };
    }
    return checkPath(parsed);
  }
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, rule: 'url', message: 'url no es una dirección válida' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, rule: 'same_site', message: 'url debe ser una dirección http(s) de este sitio' };
  }
  if (parsed.username || parsed.password || !allowedOrigins.includes(parsed.origin)) {
    return { ok: false, rule: 'same_site', message: 'url debe ser una dirección de este sitio' };
  }
  return checkPath(parsed);
}

function checkPath(parsed: URL): SiteUrlCheck {
  const pathname = parsed.pathname;
  if (pathname.startsWith('//') || pathname.startsWith('/\\')) {
    return { ok: false, rule: 'same_site', message: 'url debe ser una dirección de este sitio' };
  }
  // Routing is case-insensitive, so /URL/x is a short link too.
  const lower = pathname.toLowerCase();
  if (lower === '/url' || lower.startsWith('/url/')) {
    return { ok: false, rule: 'not_a_short_link', message: 'url no puede ser otro enlace corto' };
  }
  return { ok: true, path: `${pathname}${parsed.search}${parsed.hash}` };
}

/** The Location of a redirect to a saved path: always a path on this site, whatever was stored. */
export function redirectTarget(path: string): string {
  return `/${path.replace(/^[/\\\s]+/, '')}`;
}
