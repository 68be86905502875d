import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SITE, type Language } from '../app/config';
import bundledSpanish from '../../public/i18n/es.json';
import { forEdition, translate, translationsUrl } from '../domain/shell/i18n';

type Dictionary = Record<string, string>;
/** Spanish as this edition words it (its `edition.{country}.…` keys applied). */
const spanish: Dictionary = forEdition(bundledSpanish, SITE.country);
export type Translate = (key: string, params?: Record<string, string | number>) => string;

interface I18n {
  lang: Language;
  t: Translate;
}

const I18nContext = createContext<I18n>({
  lang: 'es',
  t: (key, params) => translate(spanish, key, params),
});

/**
 * Spanish ships inside the bundle (the default language, so the first paint never waits); English and
 * Portuguese load from /i18n/{lang}.json (001-7.12) and fall back to Spanish key by key. Either way the
 * edition's own words replace the common ones (forEdition).
 */
export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const [dictionary, setDictionary] = useState<Dictionary>(spanish);
  useEffect(() => {
    if (lang === 'es') {
      setDictionary(spanish);
      return;
    }
    let live = true;
    fetch(translationsUrl(lang))
      .then((response) => (response.ok ? (response.json() as Promise<Dictionary>) : {}))
      .then((loaded) => live && setDictionary(forEdition({ ...bundledSpanish, ...loaded }, SITE.country)))
      .catch(() => live && setDictionary(spanish));
    return () => {
      live = false;
    };
  }, [lang]);
  const value = useMemo<I18n>(
    () => ({ lang, t: (key, params) => translate(dictionary, key, params) }),
    [lang, dictionary],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18n => useContext(I18nContext);
