import { z } from 'zod';
import { ActivationRow } from '../groupInsurance/rows';
import { identificationFieldFor, optionalInput, requiredInput } from '../leads/fields';
import type { Country } from '../catalogue/common';
import { MAX_ONLINE_COLLABORATORS } from './companyPurchase';

/**
 * A company's purchase as the sale keeps it (issue 14, 'Datos empresa' and 'Datos colaboradores', 002-2.08):
 * the company (its RUT with the check digit, 002-5.01) and the collaborators it insures, each a judged
 * activation row of the bulk-load rows module (the same rules as a file the company uploads later).
 */
export const SaleCompany = z.strictObject({
  rut: z.string(),
  razonSocial: z.string(),
  giro: z.string(),
  direccion: z.string(),
  comuna: z.string(),
});
export type SaleCompany = z.infer<typeof SaleCompany>;

/** A collaborator as stored: the rows module's normalised activation row (RUT, names, birth date, …). */
export const SaleCollaborator = ActivationRow;
export type SaleCollaborator = z.infer<typeof SaleCollaborator>;

const text = (field: string, words: string, min: number, max: number) =>
  requiredInput(
    z
      .string({ error: `${field}: ${words}` })
      .trim()
      .min(min, `${field} necesita al menos ${min} caracteres`)
      .max(max, `${field} admite a lo más ${max} caracteres`),
  );

/** 'Datos empresa' as the buyer gives it: the company's RUT is the edition's identification rule. */
export const companyInput = (country: Country) =>
  z.strictObject({
    rut: requiredInput(identificationFieldFor(country)),
    razonSocial: text('razonSocial', 'la razón social de la empresa', 2, 200),
    giro: text('giro', 'el giro (actividad) de la empresa', 3, 120),
    direccion: text('direccion', 'la dirección de la empresa', 5, 200),
    comuna: text('comuna', 'la comuna de la empresa', 2, 80),
  });

const cell = (max: number) => z.string({ error: 'un texto' }).max(max, `a lo más ${max} caracteres`);

/**
 * One collaborator's cells as typed, under the bulk-load columns' names. Only their shape is checked here:
 * what each cell must be (RUT, names, dates, gender) is the rows module's `judgeRow`, run by the sale.
 */
export const CollaboratorInput = z.strictObject({
  name: cell(100),
  paternalSurname: cell(100),
  maternalSurname: optionalInput(cell(100)),
  legalId: cell(30),
  birthDate: cell(30),
  gender: cell(20),
  email: optionalInput(cell(254)),
});
export type CollaboratorInput = z.infer<typeof CollaboratorInput>;

export const collaboratorsInput = z
  .array(CollaboratorInput)
  .min(1, 'collaborators lleva al menos un colaborador')
  .max(MAX_ONLINE_COLLABORATORS, `a lo más ${MAX_ONLINE_COLLABORATORS} colaboradores en línea`);
