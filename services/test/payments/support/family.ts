import { chileToday } from '@cubre/schemas/payments/familyPurchase';

/** The family of the purchase tests' profile: a holder of 35, a spouse of 33 and a son of 4. */
export const FAMILY = {
  cotizante: [{ sexo: 'Masculino', edad: 35 }],
  cargas: [
    { sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
    { sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
  ],
};

/** A birth date that is `age` years old today in Chile (ten days past the birthday). */
export function bornYearsAgo(age: number): string {
  const [y, m, d] = chileToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - age, m - 1, d - 10)).toISOString().slice(0, 10);
}
