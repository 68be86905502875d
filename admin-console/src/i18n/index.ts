import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from './es';

export const LOCALES = [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
];

/**
 * Spanish by default and bundled (the first screen never waits for it); English loads when chosen. A key
 * without a translation shows its `_` default or the key, never breaks the page.
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('./en').then((module) => module.en) : es),
  'es',
  LOCALES,
  { allowMissing: true },
);
