import { z } from 'zod';
import { IsoDate, PriceUnit } from './common';
import { ProductPeriodicity } from './product';

/**
 * A price as a visitor saw it on a card, for the profile that priced it (issue 11: the executive must
 * see the quote the visitor saw). The API computes it with the comparator's own pricer when a lead is
 * requested; the lead keeps it with its profile, so a later catalogue or UF change does not rewrite it.
 */
export const PriceQuote = z.strictObject({
  /** In `unit`; null when the product has no price ("Consultar"). */
  amount: z.number().nonnegative().nullable(),
  unit: PriceUnit,
  /** As the card wrote it: '$152.722' (a UF price in pesos of the day), 'USD 3.185,00', 'Consultar'. */
  formatted: z.string().max(60),
  /** Period of the amount (×12 prices are yearly). */
  period: ProductPeriodicity,
  /** The words after the amount: '/mes', '/año', '/mes Total', 'por viaje'. */
  suffix: z.string().max(40),
  /** 'para 3 personas', or 'Desde' when no profile priced it. */
  label: z.string().max(60),
  fromProfile: z.boolean(),
  /** Persons (or pets, or workers) the price covers, and those the product cannot insure. */
  insured: z.number().int().min(0),
  uninsurable: z
    .array(z.strictObject({ sexo: z.string().max(20).optional(), edad: z.number().int().min(0) }))
    .max(200),
  /** A UF price: its UF amount and the UF value its pesos were computed at. */
  uf: z
    .strictObject({
      amount: z.number().nonnegative(),
      text: z.string().max(40),
      ufValue: z.number().positive(),
      date: IsoDate,
    })
    .nullable(),
  pricedOn: IsoDate,
});
export type PriceQuote = z.infer<typeof PriceQuote>;
