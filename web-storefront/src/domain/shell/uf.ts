import { SERVICE_ERRORS } from './serviceErrors';

/** The UF value used when the API cannot give one (seed 001 §7 GET /api/globales/uf). */
export const UF_FALLBACK = 39214.8;

/**
 * The UF value from `load` (the answer of GET /api/globales/uf), or the cached fallback. A failed call
 * logs 'Error al obtener la UF'; an answer without a positive value logs 'Error al obtener el valor de la
 * UF.' (rule 001-8.06). Either way the page goes on with the fallback.
 */
export async function ufValueOr(
  load: () => Promise<unknown>,
  log: (message: string, cause?: unknown) => void = console.warn,
): Promise<number> {
  let answer: unknown;
  try {
    answer = await load();
  } catch (error) {
    log(SERVICE_ERRORS.uf, error);
    return UF_FALLBACK;
  }
  const value =
    typeof answer === 'object' && answer !== null ? (answer as { value?: unknown }).value : undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  log(SERVICE_ERRORS.ufValue, answer);
  return UF_FALLBACK;
}
