import { z } from 'zod';
import {
  FailureReasonRecord,
  LeadCatalogueId,
  LeadStatusRecord,
  LeadSubStatusRecord,
  LeadTransitionRecord,
} from './records';

/**
 * Every record of the lead catalogues is its own stream (`leadStatus-2`, `leadSubStatus-330`,
 * `failureReason-7`, `leadTransition-2`), so each has its full history with the actor of every change
 * (event metadata). `…Defined` records the whole record (first definition, or a reinstatement after a
 * deletion), `…Revised` the whole new record and the fields that changed, `…Deleted` the removal.
 */
function recordEvents<P extends string, R extends z.ZodObject>(prefix: P, record: R) {
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal(`${prefix}Defined` as `${P}Defined`), data: z.strictObject({ record }) }),
    z.object({
      type: z.literal(`${prefix}Revised` as `${P}Revised`),
      data: z.strictObject({ record, changedFields: z.array(z.string().min(1).max(40)).min(1).max(20) }),
    }),
    z.object({
      type: z.literal(`${prefix}Deleted` as `${P}Deleted`),
      data: z.strictObject({ id: LeadCatalogueId }),
    }),
  ]);
}

/** The four catalogues: stream category (also the Kafka topic) and event-type prefix of each. */
export const LEAD_CATALOGUE_KINDS = {
  leadStatus: { category: 'leadStatus', eventPrefix: 'LeadStatus' },
  leadSubStatus: { category: 'leadSubStatus', eventPrefix: 'LeadSubStatus' },
  failureReason: { category: 'failureReason', eventPrefix: 'FailureReason' },
  leadTransition: { category: 'leadTransition', eventPrefix: 'LeadTransitions' },
} as const;
export type LeadCatalogueKind = keyof typeof LEAD_CATALOGUE_KINDS;
export const LEAD_CATALOGUE_CATEGORIES: readonly string[] = Object.values(LEAD_CATALOGUE_KINDS).map(
  (kind) => kind.category,
);

/** Stream of one record: `leadStatus-2`. */
export const leadCatalogueStream = (kind: LeadCatalogueKind, id: number) =>
  `${LEAD_CATALOGUE_KINDS[kind].category}-${id}`;

export const LeadStatusEvent = recordEvents('LeadStatus', LeadStatusRecord);
export type LeadStatusEvent = z.infer<typeof LeadStatusEvent>;
export const LeadSubStatusEvent = recordEvents('LeadSubStatus', LeadSubStatusRecord);
export type LeadSubStatusEvent = z.infer<typeof LeadSubStatusEvent>;
export const FailureReasonEvent = recordEvents('FailureReason', FailureReasonRecord);
export type FailureReasonEvent = z.infer<typeof FailureReasonEvent>;
export const LeadTransitionsEvent = recordEvents('LeadTransitions', LeadTransitionRecord);
export type LeadTransitionsEvent = z.infer<typeof LeadTransitionsEvent>;

/** What each catalogue's records are, as events and as the record itself. */
export const LEAD_CATALOGUE_SCHEMAS = {
  leadStatus: { record: LeadStatusRecord, event: LeadStatusEvent },
  leadSubStatus: { record: LeadSubStatusRecord, event: LeadSubStatusEvent },
  failureReason: { record: FailureReasonRecord, event: FailureReasonEvent },
  leadTransition: { record: LeadTransitionRecord, event: LeadTransitionsEvent },
} as const;

/** The record type of a catalogue. */
export type LeadCatalogueRecord<K extends LeadCatalogueKind> = z.infer<
  (typeof LEAD_CATALOGUE_SCHEMAS)[K]['record']
>;
