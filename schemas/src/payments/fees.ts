import { z } from 'zod';
import { money, moneySchema, type Money } from './money';

/**
 * Transaction fee 0.02 and tax on the fee 0.0038 (002 §9), as exact fractions of 10,000 so no float enters a
 * money amount. *Decision:* 0.0038 is the fee's tax as a fraction of the **amount**: Chile's 19 % IVA on a
 * 2 % fee is 0.02 × 0.19 = 0.0038 of the amount exactly. Read as a rate on the fee itself it would be a
 * 0.38 % tax (8 pesos on a 2,000-peso fee), which no tax of the four editions is. Rounding: each figure is
 * rounded half up to the currency's minor unit (CLP to the peso, COP/PEN/USD to the cent) from the amount.
 * The payments kept it on each approved charge (`PaymentApproved.fee`: what the provider keeps, and the net
 * the marketplace receives).
 */
export const TRANSACTION_FEE_RATE = 0.02;
export const TAX_ON_FEE_RATE = 0.0038;
const FEE_PER_10K = 200n;
const TAX_PER_10K = 38n;

/** round(value × per10k / 10,000), half up, on integers. */
const applyRate = (value: number, per10k: bigint): number =>
  Number((BigInt(value) * per10k * 2n + 10_000n) / 20_000n);

export type TransactionFee = { amount: Money; fee: Money; taxOnFee: Money; feeWithTax: Money };

export function transactionFee(amount: Money): TransactionFee {
  const fee = applyRate(amount.amount, FEE_PER_10K);
  const taxOnFee = applyRate(amount.amount, TAX_PER_10K);
  return {
    amount,
    fee: money(fee, amount.currency),
    taxOnFee: money(taxOnFee, amount.currency),
    feeWithTax: money(fee + taxOnFee, amount.currency),
  };
}

/**
 * What the provider keeps of an approved charge (002-9.01, `transactionFee`): its fee and the tax on it, at
 * the rates of the day it was approved; kept on a purchase's approval (`PaymentApproved.fee`) and on each
 * later period's (`RecurrentPaymentProcessed.fee`); absent where no provider charged (a bank transfer) and
 * on events stored before it was kept.
 */
export const ChargeFee = z.strictObject({ fee: moneySchema, taxOnFee: moneySchema });
export type ChargeFee = z.infer<typeof ChargeFee>;

/** The fee of an approved charge of `amount`, as its event keeps it. */
export function chargeFeeOf(amount: Money): ChargeFee {
  const { fee, taxOnFee } = transactionFee(amount);
  return { fee, taxOnFee };
}

/** What the marketplace receives of a charge: its amount less the provider's fee and the tax on it. */
export const netOfCharge = (amount: Money, { fee, taxOnFee }: ChargeFee): Money =>
  money(amount.amount - fee.amount - taxOnFee.amount, amount.currency);
