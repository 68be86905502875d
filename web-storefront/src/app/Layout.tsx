import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { redirectFor } from '../domain/routing/redirects';
import { splitLanguage, withLanguage } from '../domain/routing/language';
import { I18nProvider } from '../i18n/I18nProvider';
import { Footer } from '../shell/Footer';
import { Header, HEADER_HEIGHT } from '../shell/Header';
import { DefaultMeta } from '../shell/pageMeta';

/** Every page: the redirect table first (first match wins, 001-2.05), then header, page and lazy footer. */
export function Layout() {
  const location = useLocation();
  const { lang, path } = splitLanguage(location.pathname);
  const target = redirectFor(path);

  // Navigation end (001-2.13): the canonical link names the page without its query.
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = `${window.location.origin}${location.pathname}`;
    document.documentElement.lang = lang;
  }, [location.pathname, lang]);

  if (target !== null) {
    const [pathname, query] = target.split('?');
    return (
      <Navigate
        to={{ pathname: withLanguage(lang, pathname ?? '/'), search: query ? `?${query}` : location.search }}
        replace
      />
    );
  }
  return (
    <I18nProvider lang={lang}>
      <Header path={location.pathname} />
      <Box component="main" id="main" sx={{ pt: `${HEADER_HEIGHT}px`, minHeight: '80vh' }}>
        <Outlet />
      </Box>
      <Footer />
      <DefaultMeta path={location.pathname} />
      <ScrollRestoration />
    </I18nProvider>
  );
}
