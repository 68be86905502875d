/**
 * The {hoy} token (rule 001-9.12): a text written with '{hoy}' (conditions 'vigentes al {hoy}') reads
 * today's full date in the page's language: 'lunes, 15 de septiembre de 2025'.
 */
export const TODAY_TOKEN = '{hoy}';

const LOCALES: Readonly<Record<string, string>> = { es: 'es-CL', en: 'en-US', pt: 'pt-BR' };

export function fullDate(now: Date, lang = 'es'): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'es-CL', {
    dateStyle: 'full',
    timeZone: 'America/Santiago',
  }).format(now);
}

export function withToday(text: string, now: Date, lang = 'es'): string {
  return text.includes(TODAY_TOKEN) ? text.split(TODAY_TOKEN).join(fullDate(now, lang)) : text;
}
