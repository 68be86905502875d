import { z } from 'zod';

/** Offers of a product (seed 000 §3 "Offers"). */
export const Offer = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('DISCOUNT'),
    unitCode: z.enum(['PERCENT', 'AMOUNT']),
    amount: z.number().positive(),
    /** "count;value" per instalment plan, as the seed stores them. */
    parceledDiscounts: z.array(z.string().regex(/^\d+;\d+(\.\d+)?$/, 'count;value')).default([]),
    label: z.string().max(120).optional(),
  }),
  z.strictObject({
    type: z.literal('PARCELED'),
    instalments: z.number().int().min(2).max(48),
    label: z.string().max(120).optional(),
  }),
  z.strictObject({ type: z.literal('AGGREGATE'), label: z.string().min(1).max(200) }),
  /** Gift card worth 20,000 pesos (seed 000 §9). */
  z.strictObject({
    type: z.literal('GIFTCARD'),
    amountClp: z.number().int().positive().default(20_000),
    label: z.string().max(120).optional(),
  }),
  /** A Cyber promotion with limited stock; 0 means exhausted (seed 000 §3). */
  z.strictObject({ type: z.literal('STOCK'), count: z.number().int().nonnegative() }),
]);
export type Offer = z.infer<typeof Offer>;
