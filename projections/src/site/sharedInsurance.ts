import { type Profile } from '@cubre/schemas';
import { SHARED_INSURANCE_CATEGORY, type SharedInsuranceData } from '@cubre/schemas/site';
import type { Projection } from '@cubre/platform/projections/projection';

export const SHARED_INSURANCE_PROJECTION = 'sharedInsurance';
export const SHARED_INSURANCE_COLLECTION = 'sharedInsurances';

export type SharedInsuranceDocument = {
  [key: string]: unknown;
  /** The share code. */
  _id: string;
  productCode: string;
  productType: string;
  path: string;
  /** The shared profile: no contact fields were ever stored in a share. */
  profile: Profile;
  savedAt: string;
  /** Stream revision last applied: the guard that makes a replay change nothing. */
  revision: number;
};

/**
 * The payload's shape, checked by hand as the comparator links do (a zod parse per event would slow
 * replays); the writer validated it with zod before storing it.
 */
function payloadOf(data: Record<string, unknown>): SharedInsuranceData {
  const { code, productCode, productType, path, profile } = data;
  if (
    typeof code !== 'string' ||
    typeof productCode !== 'string' ||
    typeof productType !== 'string' ||
    typeof path !== 'string' ||
    typeof profile !== 'object' ||
    profile === null
  ) {
    throw new Error(`SharedInsuranceSaved without its fields: ${JSON.stringify(Object.keys(data))}`);
  }
  return { code, productCode, productType, path, profile } as SharedInsuranceData;
}

/** Shared insurances by code, for POST /api/buscarplanes/sharedinsurance/{code}. */
export const sharedInsuranceProjection: Projection = {
  name: SHARED_INSURANCE_PROJECTION,
  categories: [SHARED_INSURANCE_CATEGORY],
  collections: [SHARED_INSURANCE_COLLECTION],
  async apply(event, store) {
    if (event.type !== 'SharedInsuranceSaved') return;
    const data = payloadOf(event.data);
    await store.collection<SharedInsuranceDocument>(SHARED_INSURANCE_COLLECTION).guardedUpdate(
      data.code,
      { revision: { $lt: event.revision } },
      {
        $set: {
          productCode: data.productCode,
          productType: data.productType,
          path: data.path,
          profile: data.profile,
          savedAt: event.occurredAt,
          revision: event.revision,
        },
      },
      { upsert: true },
    );
  },
};
