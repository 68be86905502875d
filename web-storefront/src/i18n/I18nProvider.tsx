import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SITE, type Language } from '../app/config';
import { splitLanguage } from '../domain/routing/language';
import bundledSpanish from '../../public/i18n/es.json';
import {
  catalogueUrl,
  forEdition,
  lookup,
  translate,
  translationsUrl,
  type Translate,
  type TranslateOr,
} from '../domain/shell/i18n';

export type { Translate, TranslateOr } from '../domain/shell/i18n';
type Dictionary = Record<string, string>;
/** Spanish as this edition words it (its `edition.{country}.…` keys applied). */
const spanish: Dictionary = forEdition(bundledSpanish, SITE.country);

interface I18n {
  lang: Language;
  t: Translate;
  /**
   * A catalogue name (an insurance type, a comparator, a menu entry, a feature…) in the page's language:
   * the dictionary's word for that key, else the server's own (Spanish) text, so a new entry still reads.
   */
  tOr: TranslateOr;
  /** Whether the page's dictionaries have a word for the key (the server's text is shown otherwise). */
  has(key: string): boolean;
}

/**
 * The first screen's words ship in the bundle (public/i18n/es.json); the other screens' Spanish words
 * (public/i18n/more/es.json) are a chunk of their own, loaded after the first paint: the comparator's
 * first download has a budget (issue 4).
 */
let spanishMore: Promise<Dictionary> | undefined;
const loadSpanishMore = () =>
  (spanishMore ??= import('../../public/i18n/more/es.json').then((module) => module.default as Dictionary));

const fetchDictionary = (url: string): Promise<Dictionary> =>
  fetch(url)
    .then((response) => (response.ok ? (response.json() as Promise<Dictionary>) : {}))
    .catch(() => ({}));

function i18nOf(lang: Language, words: Dictionary, complete: boolean): I18n {
  return {
    lang,
    // Until every part is in, a word not yet loaded reads as nothing rather than as its key (001-5.13 is
    // for keys no dictionary has).
    t: (key, params) => (complete || lookup(words, key) !== undefined ? translate(words, key, params) : ''),
    tOr: (key, fallback) => lookup(words, key) ?? fallback,
    has: (key) => lookup(words, key) !== undefined,
  };
}

const I18nContext = createContext<I18n>(i18nOf('es', spanish, true));

const loading = new Map<Language, Promise<Dictionary>>();
/**
 * The whole dictionary of a language, loaded once: the first screen's Spanish (bundled), the rest of it
 * (a chunk), and for English or Portuguese their files; the edition's own words on top (forEdition).
 * Independent of React, so a lazy screen can wait for it before anything renders.
 */
function loadWords(lang: Language): Promise<Dictionary> {
  let words = loading.get(lang);
  if (!words) {
    const parts: Promise<Dictionary>[] = [loadSpanishMore().catch(() => ({}))];
    if (lang !== 'es')
      parts.push(
        fetchDictionary(translationsUrl(lang)),
        fetchDictionary(translationsUrl(lang, 'more')),
        fetchDictionary(catalogueUrl(lang)),
      );
    words = Promise.all(parts).then((loaded) =>
      forEdition(Object.assign({}, bundledSpanish, ...loaded), SITE.country),
    );
    loading.set(lang, words);
  }
  return words;
}

/**
 * Resolves once the page's whole dictionary is in. Lazy screens wait for it (`lazyWithWords`), so none
 * draws a word still missing; outside a browser (a test resolving a route) there is nothing to wait for.
 */
export const wordsLoaded = (): Promise<void> =>
  typeof window === 'undefined'
    ? Promise.resolve()
    : loadWords(splitLanguage(window.location.pathname).lang).then(() => undefined);

/**
 * Spanish is the catalogue's own language: its names are the server's texts. English and Portuguese load
 * from /i18n/{lang}.json, /i18n/more/{lang}.json and /i18n/catalogue/{lang}.json (001-7.12) and fall back
 * to Spanish key by key.
 */
export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const [state, setState] = useState<{ lang: Language; words: Dictionary; complete: boolean }>({
    lang: 'es',
    words: spanish,
    complete: false,
  });
  useEffect(() => {
    let live = true;
    void loadWords(lang).then((words) => live && setState({ lang, words, complete: true }));
    return () => {
      live = false;
    };
  }, [lang]);
  // After a language change the page keeps the words it has until the new ones are in.
  const value = useMemo<I18n>(() => i18nOf(lang, state.words, state.complete), [lang, state]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18n => useContext(I18nContext);
