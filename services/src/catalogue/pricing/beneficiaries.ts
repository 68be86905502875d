import { z } from 'zod';
import { Edad, PERSON_DEFAULT_AGE, Sexo, type Profile } from '@cubre/schemas/profile';

/** Who an isapre plan covers: cotizantes pay the cotizante factor, cargas (dependants) the carga factor. */
export const Role = z.enum(['cotizante', 'carga']);
export type Role = z.infer<typeof Role>;

export const Beneficiary = z.strictObject({
  role: Role,
  sexo: Sexo,
  edad: Edad,
  /** The profile had no sex: priced as Masculino, the sex of every default profile (seed 000 §3). */
  sexoSupuesto: z.boolean().default(false),
  /** The profile had no age: priced at 25 (rule 000-5.21). */
  edadSupuesta: z.boolean().default(false),
});
export type Beneficiary = z.output<typeof Beneficiary>;
export type BeneficiaryInput = z.input<typeof Beneficiary>;

/** Cotizantes, then cargas, as the profile lists them. Pets are not beneficiaries of a health plan. */
export function beneficiariesFromProfile(profile: Profile): Beneficiary[] {
  const of = (role: Role, person: { sexo?: Sexo; edad?: number }): Beneficiary => ({
    role,
    sexo: person.sexo ?? 'Masculino',
    edad: person.edad ?? PERSON_DEFAULT_AGE,
    sexoSupuesto: person.sexo === undefined,
    edadSupuesta: person.edad === undefined,
  });
  return [
    ...(profile.cotizante ?? []).map((person) => of('cotizante', person)),
    ...(profile.cargas ?? []).map((person) => of('carga', person)),
  ];
}
