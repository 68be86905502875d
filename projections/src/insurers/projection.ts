import { INSURER_SETTINGS_CATEGORY, type RetroactiveDays } from '@cubre/schemas/insurers/settings';
import type { Projection } from '@cubre/platform/projections/projection';

export const INSURERS_PROJECTION = 'insurers';
export const INSURER_SETTINGS_COLLECTION = 'insurerSettings';

/** One insurer's settings as set (null: never set, the default applies); `_id` is the organization code. */
export type InsurerSettingsDocument = {
  [key: string]: unknown;
  _id: string;
  operationDay: number | null;
  retroactiveDays: RetroactiveDays | null;
  updatedAt: string;
  revision: number;
};

/**
 * Insurers' operation day and retroactive days (issue 15): the console's `insurers` (joined with the
 * catalogue's organizations) and the queries other domains use (operationDayOf, retroactiveDaysOf). Read
 * by organization code only (its _id): no other index.
 */
export const insurersProjection: Projection = {
  name: INSURERS_PROJECTION,
  categories: [INSURER_SETTINGS_CATEGORY],
  collections: [INSURER_SETTINGS_COLLECTION],
  async apply(event, store) {
    const data = event.data as Record<string, unknown>;
    let set: Partial<InsurerSettingsDocument>;
    if (event.type === 'InsurerOperationDaySet') set = { operationDay: data.operationDay as number };
    else if (event.type === 'InsurerRetroactiveDaysSet') {
      set = {
        retroactiveDays: {
          activationDaysBack: data.activationDaysBack as number,
          activationDaysForward: data.activationDaysForward as number,
          cancellationDaysBack: data.cancellationDaysBack as number,
          cancellationDaysForward: data.cancellationDaysForward as number,
        },
      };
    } else return;
    const id = event.streamId.slice(INSURER_SETTINGS_CATEGORY.length + 1);
    await store.collection<InsurerSettingsDocument>(INSURER_SETTINGS_COLLECTION).guardedUpdate(
      id,
      { revision: { $lt: event.revision } },
      {
        $set: { ...set, updatedAt: event.occurredAt, revision: event.revision },
        // The other setting, on the first event only (never the field being set: Mongo refuses both).
        $setOnInsert: 'operationDay' in set ? { retroactiveDays: null } : { operationDay: null },
      },
      { upsert: true },
    );
  },
};
