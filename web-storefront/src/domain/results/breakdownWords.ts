import type { Translate } from '../shell/i18n';
import { sexWords } from './insuredPeople';
import { formatMoney, type MoneyUnit } from './format';
import { minimumEmployeesWarning } from './minEmployees';
import type {
  IsapreBreakdown,
  PriceBreakdown,
  ProductBreakdown,
  ProductPersonLine,
} from '@cubre/schemas/catalogue/priceBreakdown';

/**
 * The lines of a price explanation (POST calculatePrice, services/src/catalogue/routes/README.md), written
 * from its structured breakdown in the page's language (issue 11): the same sentences the API's Spanish
 * `lines` say (describeIsaprePrice, the product breakdown), from the dictionaries' `breakdown.*` words.
 * The breakdown's type is the server's own (schemas/src/catalogue/priceBreakdown.ts), read with `import type`.
 */

export type Breakdown = PriceBreakdown;

const decimals = (value: number, digits: number) =>
  value.toLocaleString('es-CL', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const uf = (amount: number) => formatMoney(amount, 'UF');

/** 'Cotizante, Masculino, 40 años' (and what the price assumed). */
function who(person: { role: string; sexo?: string | null; edad?: number }, t: Translate): string {
  return [
    t(`breakdown.role.${person.role}`),
    sexWords(person.sexo ?? undefined, t),
    person.edad === undefined
      ? ''
      : t(person.edad === 1 ? 'breakdown.year' : 'breakdown.years', { n: person.edad }),
  ]
    .filter(Boolean)
    .join(', ');
}
function assumed(person: { sexoSupuesto?: boolean; edadSupuesta?: boolean }, t: Translate): string {
  if (person.sexoSupuesto && person.edadSupuesta) return ` ${t('breakdown.assumed.both')}`;
  if (person.sexoSupuesto) return ` ${t('breakdown.assumed.sex')}`;
  return person.edadSupuesta ? ` ${t('breakdown.assumed.age')}` : '';
}

function isapreLines(b: IsapreBreakdown, t: Translate): string[] {
  const factor = (value: number) => decimals(value, 2);
  const lines = (b.beneficiaries ?? []).map((person) => {
    const head = `${who(person, t)}${assumed(person, t)}`;
    if (b.priceMode === '7%') return t('breakdown.coveredBy7', { who: head });
    return person.factorApplies
      ? t('breakdown.factor', { who: head, factor: factor(person.factor ?? 0) })
      : t('breakdown.underTwo', { who: head });
  });
  if (b.priceMode === '7%') lines.push(t('breakdown.plan7'));
  else {
    const table =
      b.factorTable?.kind === 'plan'
        ? t('breakdown.planTable', { code: b.factorTable.code ?? '' })
        : t('breakdown.uniqueTable');
    lines.push(t('breakdown.sumFactors', { table, sum: factor(b.sumFactors ?? 0) }));
    lines.push(
      t('breakdown.basePrice', {
        base: uf(b.basePriceUf ?? 0),
        sum: factor(b.sumFactors ?? 0),
        plan: uf(b.planPriceUf ?? 0),
      }),
    );
    const count = b.beneficiaries?.length ?? 0;
    lines.push(
      t(count === 1 ? 'breakdown.ges1' : 'breakdown.ges', {
        each: uf(b.gesPerBeneficiaryUf ?? 0),
        n: count,
        total: uf(b.gesTotalUf ?? 0),
      }),
    );
  }
  if (b.totalUf === null || b.totalUf === undefined || b.totalClp === null || b.totalClp === undefined)
    lines.push(t('card.consultar'));
  else
    lines.push(
      t('breakdown.isapreTotal', {
        uf: uf(b.totalUf),
        clp: formatMoney(b.totalClp, 'CLP'),
        value: `$${decimals(b.ufValue ?? 0, 2)}`,
      }),
    );
  const legal = b.sevenPercent;
  if (legal) {
    lines.push(
      legal.capped
        ? t('breakdown.sevenCapped', {
            clp: formatMoney(legal.clp, 'CLP'),
            top: decimals(legal.topeImponibleUf ?? 0, 1),
          })
        : t('breakdown.seven', { clp: formatMoney(legal.clp, 'CLP') }),
    );
    const difference = b.differenceClp;
    if (difference !== null && difference !== undefined && b.priceMode === 'UF')
      lines.push(
        difference === 0
          ? t('breakdown.sevenEqual')
          : t(difference > 0 ? 'breakdown.overSeven' : 'breakdown.underSeven', {
              clp: formatMoney(Math.abs(difference), 'CLP'),
            }),
      );
  }
  return lines;
}

function productLines(b: ProductBreakdown, t: Translate): string[] {
  const unit = (b.unit ?? 'CLP') as MoneyUnit;
  const money = (amount: number) => formatMoney(amount, unit);
  const multiplier = b.multiplier ?? 1;
  const period = t(`breakdown.period.${multiplier === 1 ? (b.periodicity ?? 'mensual') : 'anual'}`);
  const totalLine = (total: number | null | undefined) => {
    if (total === null || total === undefined) return t('breakdown.noPrice');
    const clp = unit === 'UF' && b.totalClp !== null && b.totalClp !== undefined ? b.totalClp : null;
    return t('breakdown.total', {
      amount: clp === null ? money(total) : `${money(total)} = ${formatMoney(clp, 'CLP')}`,
      period,
    });
  };
  if (b.basis === 'colectivo') {
    const collective = b.collective;
    const perWorker = collective?.perWorker ?? null;
    const workers = collective?.workers ?? null;
    const warning = minimumEmployeesWarning(collective?.minEmployeeQuantity ?? null, workers ?? undefined, t);
    return [
      perWorker === null
        ? t('breakdown.noPrice')
        : t('breakdown.perWorker', { amount: money(perWorker), period }),
      workers && perWorker !== null
        ? t(workers === 1 ? 'breakdown.workers1' : 'breakdown.workers', {
            amount: money(perWorker),
            n: workers,
            total: money(b.total ?? 0),
          })
        : t('breakdown.enterWorkers'),
      ...(warning ? [warning] : []),
      ...(b.total !== null && b.total !== undefined && workers ? [totalLine(b.total)] : []),
    ];
  }
  if (b.basis === 'desde')
    return [
      ...(b.total === null || b.total === undefined
        ? []
        : [t('breakdown.from', { amount: money(b.total), period })]),
      ...(multiplier !== 1 && b.total !== null && b.total !== undefined
        ? [t('breakdown.yearly', { n: multiplier })]
        : []),
      b.total === null || b.total === undefined ? totalLine(null) : t('breakdown.enterProfile'),
    ];
  const ages = b.insurableAges;
  const personLine = (person: ProductPersonLine) => {
    const reason =
      person.reasonCode === 'outsideAges' && ages
        ? t('breakdown.reason.outsideAges', { min: ages.min, max: ages.max })
        : person.reasonCode
          ? t(`breakdown.reason.${person.reasonCode}`)
          : null;
    const what =
      reason ??
      (person.band && !b.pricedByAge
        ? t('breakdown.perPerson', { amount: money(person.band.amount) })
        : person.band
          ? t('breakdown.band', {
              from: person.band.fromAge,
              to: person.band.toAge,
              amount: money(person.band.amount),
            })
          : '');
    return `${who(person, t)}${assumed(person, t)}: ${what}`;
  };
  const uninsurable = b.uninsurable?.length ?? 0;
  return [
    ...(b.persons ?? []).map(personLine),
    ...(multiplier !== 1 && b.monthlySubtotal !== null && b.monthlySubtotal !== undefined
      ? [
          t('breakdown.yearlyPremium', {
            month: money(b.monthlySubtotal),
            n: multiplier,
            total: money(b.total ?? 0),
          }),
        ]
      : []),
    ...(uninsurable > 0
      ? [t(uninsurable === 1 ? 'breakdown.uninsurable1' : 'breakdown.uninsurable', { n: uninsurable })]
      : []),
    totalLine(b.total),
  ];
}

/** The explanation's sentences; none for a breakdown the API did not give. */
export function breakdownLines(breakdown: Breakdown | null | undefined, t: Translate): string[] {
  if (!breakdown) return [];
  return breakdown.kind === 'isaprePlan' ? isapreLines(breakdown, t) : productLines(breakdown, t);
}
