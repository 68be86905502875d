import { z } from 'zod';
import { Country } from '../catalogue/common';
import { RequestType } from '../leads/policy';

/**
 * The editable lead catalogues of the back-office console (seed 002 §3, issue 5): lead statuses,
 * sub-statuses grouped under their statuses, failure reasons and the transition policy. Each record is its
 * own event stream; these are the records as events carry them and as the admin API answers them (plus
 * `revision`). Defaults and the decisions where the seed is silent: services/src/leadCatalogue/README.md.
 */

/** Ids are the seed's numbers (2 Asignado, 330 Recaudación); new ones are chosen by the admin or allocated. */
export const LeadCatalogueId = z
  .number({ error: 'un identificador numérico' })
  .int({ error: 'un entero' })
  .positive({ error: 'un entero positivo' })
  .max(999_999, { error: 'a lo más 999999' });

const Name = (max: number) =>
  z
    .string({ error: 'un texto' })
    .trim()
    .min(1, { error: 'no puede ir vacío' })
    .max(max, { error: `a lo más ${max} caracteres` });

/** The seed's "colour class", kept as a colour the console paints directly: `#1976D2`. */
export const LeadStatusColour = z
  .string({ error: 'un color #RRGGBB' })
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'un color #RRGGBB' });

/** Position in the console's lists and pickers: lower first, ties by id. */
export const LeadCatalogueOrder = z
  .number({ error: 'un número' })
  .int({ error: 'un entero' })
  .min(0, { error: 'desde 0' })
  .max(99_999, { error: 'a lo más 99999' });

/** A list without repeated items: the rule `unique` names the field that repeats one. */
const uniqueList = <T extends z.ZodType>(item: T, max = 200) =>
  z
    .array(item, { error: 'una lista' })
    .max(max, { error: `a lo más ${max} elementos` })
    .refine((items) => new Set(items.map((value) => JSON.stringify(value))).size === items.length, {
      error: 'sin elementos repetidos',
      params: { rule: 'unique' },
    });

export const LeadStatusRecord = z.strictObject({
  id: LeadCatalogueId,
  name: Name(80),
  colour: LeadStatusColour,
  /** A lead may only enter this status with one of its (active) sub-statuses. */
  requiresSubStatus: z.boolean({ error: 'verdadero o falso' }),
  /** A lead may only enter this status with an (active) failure reason that applies to it. */
  requiresFailureReason: z.boolean({ error: 'verdadero o falso' }),
  order: LeadCatalogueOrder,
  /** An inactive status stays in leads' history but no lead may move to it. */
  active: z.boolean({ error: 'verdadero o falso' }),
});
export type LeadStatusRecord = z.infer<typeof LeadStatusRecord>;

export const LeadSubStatusRecord = z.strictObject({
  id: LeadCatalogueId,
  name: Name(80),
  /** The statuses it belongs to: one for most, two for Recaudación (330: 500 and 501, rule 002-3.05). */
  parentIds: uniqueList(LeadCatalogueId, 50).refine((ids) => ids.length > 0, {
    error: 'al menos un estado',
    params: { rule: 'min_items' },
  }),
  order: LeadCatalogueOrder,
  active: z.boolean({ error: 'verdadero o falso' }),
});
export type LeadSubStatusRecord = z.infer<typeof LeadSubStatusRecord>;

export const FailureReasonRecord = z.strictObject({
  id: LeadCatalogueId,
  name: Name(120),
  /** Request types (rule 002-3.21) whose leads may fail for this reason. */
  requestTypes: uniqueList(RequestType, 10).refine((types) => types.length > 0, {
    error: 'al menos un tipo de solicitud',
    params: { rule: 'min_items' },
  }),
  /** Sub-statuses under which the reason may be chosen (Fallido's: 401 Sin contacto … 404 No avanza). */
  subStatusIds: uniqueList(LeadCatalogueId).refine((ids) => ids.length > 0, {
    error: 'al menos un sub-estado',
    params: { rule: 'min_items' },
  }),
  order: LeadCatalogueOrder,
  /** Editions where it is offered. */
  countries: uniqueList(Country, 4).refine((codes) => codes.length > 0, {
    error: 'al menos un país',
    params: { rule: 'min_items' },
  }),
  active: z.boolean({ error: 'verdadero o falso' }),
});
export type FailureReasonRecord = z.infer<typeof FailureReasonRecord>;

/**
 * The transition policy of one status: `id` is the status a lead moves from, `to` the statuses it may move
 * to. A status listed in its own `to` lets a lead change sub-status or failure reason without leaving it.
 */
export const LeadTransitionRecord = z.strictObject({
  id: LeadCatalogueId,
  to: uniqueList(LeadCatalogueId, 100),
});
export type LeadTransitionRecord = z.infer<typeof LeadTransitionRecord>;

/** A record as the admin API answers it: the record and the revision of its stream (its ETag). */
const revision = { revision: z.number().int().nonnegative() };

export const LeadStatus = LeadStatusRecord.extend(revision);
export type LeadStatus = z.infer<typeof LeadStatus>;
export const LeadSubStatus = LeadSubStatusRecord.extend(revision);
export type LeadSubStatus = z.infer<typeof LeadSubStatus>;
export const FailureReason = FailureReasonRecord.extend(revision);
export type FailureReason = z.infer<typeof FailureReason>;
export const LeadTransition = LeadTransitionRecord.extend(revision);
export type LeadTransition = z.infer<typeof LeadTransition>;
