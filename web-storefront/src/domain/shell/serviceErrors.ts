import type { Translate } from './i18n';
/**
 * What a failed shared lookup says (seed 001 §8, rules 001-8.06 to 001-8.12): the original's messages,
 * kept as they were so the logs and the error box read the same. Shown to the visitor as the error box's
 * detail, or logged where the screen already has its own error state.
 */
export const SERVICE_ERRORS = Object.freeze({
  uf: 'Error al obtener la UF',
  ufValue: 'Error al obtener el valor de la UF.',
  coverageSummary: 'Error al obtener resumen de coberturas',
  profilePrice: 'Error al obtener el precio del producto para el perfil',
  comparators: 'Error al obtener los comparadores',
});
export type Service = keyof typeof SERVICE_ERRORS;

/**
 * The message of a failed call to `service`, followed by what the API said when it said something
 * (a problem's detail: 'Error al obtener el precio del producto para el perfil: edad inválida').
 */
export function serviceErrorText(service: Service, cause?: unknown): string {
  const detail = cause instanceof Error ? cause.message.trim() : '';
  return detail === '' ? SERVICE_ERRORS[service] : `${SERVICE_ERRORS[service]}: ${detail}`;
}

/**
 * A service's message as the visitor reads it: the seed's Spanish message ('Error al obtener los
 * comparadores') is logged as it is, and shown in the page's language (`service.{name}` in the
 * dictionaries); what the API added after it is its own text.
 */
export function serviceErrorWords(text: string, t: Translate): { message: string; detail: string } {
  for (const service of Object.keys(SERVICE_ERRORS) as Service[]) {
    const message = SERVICE_ERRORS[service];
    if (text === message || text.startsWith(`${message}: `))
      return { message: t(`service.${service}`), detail: text.slice(message.length + 2) };
  }
  return { message: '', detail: text };
}
