/**
 * A family bought online (issue 14, seed 002 §2 'Estado de salud', §3 profile shapes, §5): the rules the
 * storefront's form and the API share, free of zod so the browser's purchase chunk can take them.
 */

/**
 * The insurance types whose purchase asks the health declaration ('Estado de salud', 002-2.08): the ones
 * that pay for illness, where a pre-existing condition changes the cover (complementary, catastrophic,
 * both, primary, oncological, cardiological). Not life, pets, dental, accidents, travel or assistance,
 * whose insurers do not underwrite on health.
 */
export const HEALTH_DECLARATION_TYPES: readonly string[] = [
  'SEGURO COMPLEMENTARIO',
  'SEGURO CATASTROFICO',
  'SEGURO INTEGRAL',
  'SEGURO PRIMARIO',
  'SEGURO ONCOLOGICO',
  'SEGURO CARDIOLOGICO',
];

export const asksHealthDeclaration = (insuranceTypeName: string | null | undefined): boolean =>
  typeof insuranceTypeName === 'string' && HEALTH_DECLARATION_TYPES.includes(insuranceTypeName.trim());

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD), 002-5.15: null for a date that does
 * not exist or lies in the future.
 */
export function ageOn(birthDate: string, today: string): number | null {
  const born = ISO_DATE.exec(birthDate);
  const now = ISO_DATE.exec(today);
  if (!born || !now) return null;
  const [y, m, d] = [Number(born[1]), Number(born[2]), Number(born[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  const [ty, tm, td] = [Number(now[1]), Number(now[2]), Number(now[3])];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age < 0 ? null : age;
}

/** Today's date in Chile (the insurer's calendar), as YYYY-MM-DD. */
export const chileToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(now);

/** Pregnancy is asked of women of child-bearing age (ours: 12 to 55 years). */
export const PREGNANCY_AGES = { min: 12, max: 55 } as const;
export const asksPregnancy = (sexo: string | undefined, age: number | undefined): boolean =>
  sexo === 'Femenino' && typeof age === 'number' && age >= PREGNANCY_AGES.min && age <= PREGNANCY_AGES.max;

/** What the declaration accepts: weight in kilograms (one decimal), height in centimetres. */
export const HEALTH_LIMITS = {
  weightKg: { min: 1, max: 300 },
  heightCm: { min: 30, max: 250 },
  detail: { min: 3, max: 500 },
} as const;

/** One insured person as the profile describes them: the holder first, then each dependant (carga). */
export interface InsuredOfProfile {
  role: 'holder' | 'dependant';
  sexo: string | undefined;
  edad: number | undefined;
  parentesco: string | null;
}

type ProfileLike = {
  cotizante?: readonly { sexo?: string; edad?: number }[] | undefined;
  cargas?: readonly { sexo?: string; edad?: number; parentesco?: string }[] | undefined;
};

/** The persons a purchase insures, in the order the declaration lists them (`health[0]` is the holder). */
export function insuredOf(profile: ProfileLike | null | undefined): InsuredOfProfile[] {
  const holder = profile?.cotizante?.[0];
  return [
    { role: 'holder', sexo: holder?.sexo, edad: holder?.edad, parentesco: null },
    ...(profile?.cargas ?? []).map((carga) => ({
      role: 'dependant' as const,
      sexo: carga.sexo,
      edad: carga.edad,
      parentesco: carga.parentesco ?? null,
    })),
  ];
}
