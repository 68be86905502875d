import { z } from 'zod';
import { parseJsonFile } from './jsonText';

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  sept: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** Keys starting with '_' document the data (units, sources); they are not data. */
const isNote = (key: string) => key.startsWith('_');
const note = z.union([z.string(), z.array(z.string())]);

const gesPrice = z
  .number()
  .positive('a GES price is a positive UF amount')
  .max(10, 'a GES price is below 10 UF');

/** "from_dec_2023_after_supreme_court_reduction" starts on 2023-12-01: the first month-year the key names. */
function periodStart(key: string): string | null {
  const match = /(?:^|_)(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)_(\d{4})(?:_|$)/.exec(key);
  return match ? `${match[2]}-${MONTHS[match[1]!]}-01` : null;
}

const codes = z.record(z.string(), z.string());

export const GesPeriod = z.strictObject({
  key: z.string(),
  /** First day the prices apply, taken from the period's key. */
  from: z.iso.date(),
  /** UF per beneficiary per month, by isapre slug ('banmedica', 'cruz-blanca', 'optima(81)'). */
  prices: z.record(z.string(), z.number()),
});
export type GesPeriod = z.infer<typeof GesPeriod>;

/**
 * isapre-codes-and-ges.json: isapre codes seen in the Superintendencia's data, and GES prices per
 * beneficiary per period. A plan's own GES (the `ges` column of the 2016 plans) takes precedence; the
 * periods serve plans that carry none.
 */
export const GesReference = z
  .object({
    superintendencia_isapre_codes_seen_in_2016_planes_vigentes_dataset: z.record(
      z.string(),
      z.union([z.string(), z.array(z.string())]),
    ),
    previred_tabla_16_codes_unverified: codes,
    ges_price_uf_per_beneficiary_per_month: z.record(
      z.string(),
      z.union([note, z.record(z.string(), gesPrice)]),
    ),
  })
  .superRefine((file, ctx) => {
    for (const [key, value] of Object.entries(file.ges_price_uf_per_beneficiary_per_month)) {
      if (isNote(key)) continue;
      const path = ['ges_price_uf_per_beneficiary_per_month', key];
      if (typeof value === 'string' || Array.isArray(value))
        ctx.addIssue({ code: 'custom', path, message: 'a GES period maps isapres to UF prices' });
      else if (periodStart(key) === null)
        ctx.addIssue({
          code: 'custom',
          path,
          message: 'a GES period key names its first month, as in dec_2023',
        });
    }
  })
  .transform((file) => ({
    isapreCodes: Object.fromEntries(
      Object.entries(file.superintendencia_isapre_codes_seen_in_2016_planes_vigentes_dataset).filter(
        (entry): entry is [string, string] => !isNote(entry[0]) && typeof entry[1] === 'string',
      ),
    ),
    periods: Object.entries(file.ges_price_uf_per_beneficiary_per_month)
      .filter(
        (entry): entry is [string, Record<string, number>] =>
          !isNote(entry[0]) && typeof entry[1] === 'object' && !Array.isArray(entry[1]),
      )
      .map(([key, prices]): GesPeriod => ({
        key,
        from: periodStart(key)!,
        prices: Object.fromEntries(Object.entries(prices).filter(([isapre]) => !isNote(isapre))),
      }))
      .sort((a, b) => a.from.localeCompare(b.from)),
  }));
export type GesReference = z.output<typeof GesReference>;

export function parseGesReference(text: string, file: string): GesReference {
  return parseJsonFile(text, file, GesReference);
}

/** GES price of an isapre on a day: the latest period started at or before it that prices the isapre. */
export function gesPriceAt(reference: GesReference, isapre: string, day: string): number | null {
  let price: number | null = null;
  for (const period of reference.periods) {
    if (period.from > day) break;
    price = period.prices[isapre] ?? price;
  }
  return price;
}
