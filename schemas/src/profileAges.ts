/**
 * The ages a profile may carry to be priced (issue 11: a main member aged 150, 3 or 0 was priced). The
 * seeds give the input's shape (whole years, three digits at most, rule 000-5.19) but no range; these are
 * the human ones a quote needs. One module without zod, so the storefront's profile form judges a typed
 * age with the same numbers and words as the API, at no bundle cost.
 *
 * Stored profiles (lead events, shared links already saved) keep the lenient `Profile` schema: history
 * written before these rules must still read. The rules apply where a profile enters to be priced.
 */

export interface AgeRange {
  min: number;
  max: number;
}

/** The main insured (cotizante) and a partner insured as a second cotizante: adults. */
export const HOLDER_AGES: Readonly<AgeRange> = Object.freeze({ min: 18, max: 110 });
/** Dependants (cargas): newborns (0) to the oldest person on record. */
export const DEPENDANT_AGES: Readonly<AgeRange> = Object.freeze({ min: 0, max: 110 });
/** Pets: no cat or dog reaches 40. */
export const PET_AGES: Readonly<AgeRange> = Object.freeze({ min: 0, max: 40 });

export const HOLDER_AGE_MESSAGE = `La edad del titular debe estar entre ${HOLDER_AGES.min} y ${HOLDER_AGES.max} años`;
export const HOLDER_AGE_REQUIRED_MESSAGE = 'Ingresa la edad del titular';
export const DEPENDANT_AGE_MESSAGE = `La edad de cada carga debe estar entre ${DEPENDANT_AGES.min} y ${DEPENDANT_AGES.max} años`;
export const PET_AGE_MESSAGE = `La edad de cada mascota debe estar entre ${PET_AGES.min} y ${PET_AGES.max} años`;
export const SEXO_REQUIRED_MESSAGE = 'El sexo debe ser Masculino o Femenino';

/** Whole years within the range. */
export const ageWithin = (age: number, range: AgeRange): boolean =>
  Number.isInteger(age) && age >= range.min && age <= range.max;

/** Who a profile's ages are judged as, with the message a wrong one gets. */
export const AGE_RULES = {
  cotizante: { range: HOLDER_AGES, message: HOLDER_AGE_MESSAGE },
  cargas: { range: DEPENDANT_AGES, message: DEPENDANT_AGE_MESSAGE },
  mascota: { range: PET_AGES, message: PET_AGE_MESSAGE },
} as const;
export type AgedGroup = keyof typeof AGE_RULES;

/**
 * The age problems of a profile: one per person whose age is given and out of range, with the path the
 * API names (`cotizante.0.edad`). A missing age is not a problem here: the API prices it as 25 (rule
 * 000-5.21); the storefront's form requires it where the visitor types it.
 */
export function ageProblems(profile: {
  cotizante?: readonly { edad?: number }[];
  cargas?: readonly { edad?: number }[];
  mascota?: readonly { edad?: number }[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  for (const group of Object.keys(AGE_RULES) as AgedGroup[]) {
    const { range, message } = AGE_RULES[group];
    (profile[group] ?? []).forEach((person, index) => {
      if (person.edad !== undefined && !ageWithin(person.edad, range))
        problems.push({ path: [group, index, 'edad'], message });
    });
  }
  return problems;
}
