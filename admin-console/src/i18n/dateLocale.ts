import { useLocaleState } from 'react-admin';

/** The regional format dates and times are shown in for each console language (Chile's for Spanish). */
export const DATE_LOCALES: Record<string, string> = { es: 'es-CL', en: 'en-US' };

/** The regional locale for dates of the language the console is in. */
export function useDateLocale(): string {
  const [locale] = useLocaleState();
  return DATE_LOCALES[locale] ?? locale;
}
