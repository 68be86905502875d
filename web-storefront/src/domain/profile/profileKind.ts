/**
 * Which profile form a product type gets, and the submit's finished style: all the comparator's first
 * screen needs of the profile form (its rules live in profileForm.ts, loaded with the modal).
 */

export type ProfileKind = 'person' | 'pet' | 'collective';

/** The modal's 'finished' style lasts 3 s (000-4.07). */
export const FINISHED_STYLE_MS = 3000;

const COLLECTIVE_TYPES = new Set(['colectivo', 'sctr', 'seguro colectivo']);

/** Which form a product type gets; the international form is a person form with a holder block. */
export function profileKindOf(productType: string | null | undefined): ProfileKind {
  const type = (productType ?? '').trim().toLowerCase();
  if (type === 'seguro_mascotas') return 'pet';
  return COLLECTIVE_TYPES.has(type) ? 'collective' : 'person';
}
