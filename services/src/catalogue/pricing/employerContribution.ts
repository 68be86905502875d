import { formatMoney } from './money';
import { ufToClp } from './uf';

export const PERCENT_MESSAGE = 'Ingrese un porcentaje entre 0 y 100';

export type EmployerContributionSplit = {
  /** The price per worker in whole pesos. */
  perWorkerClp: number;
  employerClp: number;
  workerClp: number;
  employerText: string;
  workerText: string;
  /** For `workers` workers, when given. */
  totals: { workers: number; employerClp: number; workerClp: number } | null;
};

/**
 * Who pays what of a collective plan (rule 000-9.10): the price per worker is rounded to whole pesos
 * (after × UF value for UF prices), the employer pays `percent` of it and the worker the rest, both in
 * Chilean format. The employer's share is rounded too, so the two always add up to the price.
 */
export function employerContributionSplit(input: {
  pricePerWorker: number;
  unit: 'UF' | 'CLP';
  ufValue?: number;
  percent: number;
  workers?: number;
}): EmployerContributionSplit {
  const { pricePerWorker, unit, percent, workers } = input;
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(PERCENT_MESSAGE);
  if (!Number.isFinite(pricePerWorker) || pricePerWorker < 0)
    throw new RangeError('a price is a non-negative amount');
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0))
    throw new RangeError('workers is a whole number');
  let perWorkerClp: number;
  if (unit === 'UF') {
    if (input.ufValue === undefined) throw new RangeError('a UF price needs the UF value');
    perWorkerClp = ufToClp(pricePerWorker, input.ufValue);
  } else perWorkerClp = Math.round(pricePerWorker);
  const employerClp = Math.round((perWorkerClp * percent) / 100);
  const workerClp = perWorkerClp - employerClp;
  return {
    perWorkerClp,
    employerClp,
    workerClp,
    employerText: formatMoney(employerClp, 'CLP'),
    workerText: formatMoney(workerClp, 'CLP'),
    totals:
      workers === undefined
        ? null
        : { workers, employerClp: employerClp * workers, workerClp: workerClp * workers },
  };
}
