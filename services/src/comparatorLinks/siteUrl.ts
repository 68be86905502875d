/**
 * Why only this site's URLs: /url/{link} redirects to the saved address, and a link shortener that accepts
 * any address is an open redirect. The saved path is what we redirect to, so the redirect never leaves the
 * site whatever host served it.
 */
export type SiteUrlCheck = { ok: true; path: string } | { ok: false; rule: string; message: string };

export function checkSiteUrl(url: string, allowedOrigins: string[]): SiteUrlCheck {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    return checkPath(new URL(url, 'http://site.invalid'));
  }
  let parsed: URL;
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
  if (parsed.pathname === '/url' || parsed.pathname.startsWith('/url/')) {
    return { ok: false, rule: 'not_a_short_link', message: 'url no puede ser otro enlace corto' };
  }
  return { ok: true, path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
}
