import { tidyPrice } from '../comparator/profilePricing';
import {
  defaultProfile,
  normalizeProfile,
  type IsaprePlanDefinition,
  type PriceUnit,
  type Profile,
  type ProductDefinition,
  type Sexo,
} from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { PricingContext } from '../comparator/pricingContext';
import { describeIsaprePrice } from '../pricing/breakdownText';
import { priceIsaprePlanForProfile, SEVEN_PERCENT_WITHOUT_INCOME_REASON } from '../pricing/isaprePlanPrice';
import { formatMoney } from '../pricing/money';
import { minimumEmployeesWarning, shownPrice } from '../pricing/otherProducts';
import { ufToClp } from '../pricing/uf';
import type {
  IsapreBreakdown,
  PriceExplanation,
  ProductBreakdown,
  ProductPersonLine,
} from '@cubre/schemas/catalogue/priceBreakdown';

/** A profile that prices nothing for this product: a 422 naming the field to complete. */
export class UnpriceableProfile extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Product types priced per worker (the comparator's own set, services/src/catalogue/comparator/profilePricing.ts). */
const COLLECTIVE_TYPES = new Set(['SEGURO COLECTIVO', 'colectivo', 'SCTR', 'EPS']);
/** Guards counted with cantidadGuardias are priced at this age, as the comparator prices them. */
const GUARD_AGE = 30;

const ROLE_WORD = { cotizante: 'Cotizante', carga: 'Carga', mascota: 'Mascota', guardia: 'Guardia' } as const;
type PersonRole = keyof typeof ROLE_WORD;

type PersonLine = ProductPersonLine;

const years = (edad: number) => `${edad} ${edad === 1 ? 'año' : 'años'}`;
const PERIOD_WORDS: Record<ProductDefinition['price']['periodicity'], string> = {
  mensual: 'al mes',
  anual: 'al año',
  semestral: 'al semestre',
  trimestral: 'al trimestre',
  único: 'pago único',
};

/** The workers a collective price is for, read exactly as the comparator reads them. */
function workersOf(profile: Profile): number | undefined {
  if (profile.cantidadEmpleados) return profile.cantidadEmpleados;
  if (profile.colectivo?.cantidadempleados) return profile.colectivo.cantidadempleados;
  if (profile.colectivos?.length)
    return profile.colectivos.reduce((sum, group) => sum + (group.cantidadDeTrabajadores ?? 0), 0);
  if (profile.sctr?.cantidadempleados) return profile.sctr.cantidadempleados;
  return undefined;
}

function isapreBreakdown(
  plan: IsaprePlanDefinition,
  profile: Profile,
  given: Profile | undefined,
  context: { pricing: PricingContext; ufValue: number; today: Date },
): { breakdown: IsapreBreakdown; lines: string[] } {
  if (given && !given.cotizante?.length)
    throw new UnpriceableProfile(
      'profile.cotizante',
      'required_for_product',
      'Un plan de isapre necesita al menos un cotizante: indica el sexo y la edad del titular.',
    );
  const breakdown = priceIsaprePlanForProfile(plan, profile, {
    tables: context.pricing.tables,
    ufValue: context.ufValue,
    topeImponibleUf: context.pricing.topeImponibleUfAt(context.today),
  });
  if (given && breakdown.totalUf === null && plan.priceMode === '7%')
    throw new UnpriceableProfile(
      'profile.cotizante.0.ingreso',
      'required_for_product',
      SEVEN_PERCENT_WITHOUT_INCOME_REASON,
    );
  const legal = breakdown.legalContribution;
  return {
    breakdown: {
      kind: 'isaprePlan' as const,
      priceMode: breakdown.priceMode,
      factorTable: breakdown.factorTable,
      beneficiaries: breakdown.beneficiaries,
      sumFactors: breakdown.sumFactors,
      basePriceUf: breakdown.basePriceUf,
      planPriceUf: breakdown.planPriceUf,
      gesPerBeneficiaryUf: breakdown.gesPerBeneficiaryUf,
      gesTotalUf: breakdown.gesTotalUf,
      totalUf: breakdown.totalUf,
      totalClp: breakdown.totalClp,
      ufValue: breakdown.ufValue,
      /** The visitor's legal 7% and how far the plan is from it. */
      sevenPercent: legal
        ? { clp: legal.clp, uf: legal.uf, capped: legal.capped, topeImponibleUf: legal.topeImponibleUf }
        : null,
      differenceClp: breakdown.differenceClp,
      unpricedReason: breakdown.unpricedReason,
    },
    lines: describeIsaprePrice(breakdown),
  };
}

function productBreakdown(
  card: CardDocument,
  product: ProductDefinition,
  profile: Profile,
  given: Profile | undefined,
  ufValue: number,
): { breakdown: ProductBreakdown; lines: string[] } {
  const { price } = product;
  const unit: PriceUnit = price.unit;
  const money = (amount: number) => formatMoney(amount, unit);
  const shown = (amount: number | null) =>
    amount === null ? null : shownPrice(amount, product.insuranceType);
  const multiplier = shownPrice(1, product.insuranceType);
  const cheapestBand = price.byAge.reduce<(typeof price.byAge)[number] | null>(
    (best, band) => (best === null || band.amount < best.amount ? band : best),
    null,
  );
  const cheapest = () => (price.byAge.length === 0 ? price.amount : (cheapestBand?.amount ?? null));
  const periodWord = multiplier === 1 ? PERIOD_WORDS[price.periodicity] : 'al año';
  const clpOf = (amount: number | null) =>
    amount === null
      ? null
      : unit === 'UF'
        ? ufToClp(amount, ufValue)
        : unit === 'CLP'
          ? Math.round(amount)
          : null;
  const totalLine = (total: number | null) => {
    if (total === null) return 'Consultar: el producto no informa su precio';
    const clp = clpOf(total);
    return `Total: ${money(total)}${unit === 'UF' && clp !== null ? ` = ${formatMoney(clp, 'CLP')}` : ''} ${periodWord}`;
  };
  const base = {
    kind: 'product' as const,
    unit,
    periodicity: multiplier === 1 ? price.periodicity : 'anual',
    multiplier,
    ufValue,
    /** The ages the product insures, and whether it prices by age bands: what `lines` word from. */
    insurableAges: product.insurableAges ?? null,
    pricedByAge: price.byAge.length > 0,
  };

  if (COLLECTIVE_TYPES.has(product.productType) || COLLECTIVE_TYPES.has(product.insuranceType)) {
    const monthlyPerWorker = price.amount ?? cheapest();
    const perWorker = shown(monthlyPerWorker);
    const workers = given ? workersOf(profile) : undefined;
    const total = tidyPrice(perWorker === null ? null : workers ? perWorker * workers : perWorker, unit);
    const warning = minimumEmployeesWarning({
      minEmployeeQuantity: product.minEmployeeQuantity ?? null,
      cantidadEmpleados: workers ?? null,
      country: product.country,
    });
    const lines = [
      perWorker === null
        ? 'Consultar: el producto no informa su precio'
        : `Precio por empleado: ${money(perWorker)} ${periodWord}`,
      ...(workers && perWorker !== null
        ? [
            `${money(perWorker)} × ${workers} ${workers === 1 ? 'empleado' : 'empleados'} = ${money(total!)} en total`,
          ]
        : ['Ingresa la cantidad de empleados para conocer el total de la empresa']),
      ...(warning.show ? [warning.message] : []),
      ...(total !== null && workers ? [totalLine(total)] : []),
    ];
    return {
      breakdown: {
        ...base,
        basis: 'colectivo' as const,
        persons: [] as PersonLine[],
        uninsurable: [] as PersonLine[],
        monthlySubtotal: monthlyPerWorker,
        total,
        totalClp: clpOf(total),
        collective: {
          workers: workers ?? null,
          perWorker,
          basis: workers ? ('total' as const) : ('porEmpleado' as const),
          minEmployeeQuantity: product.minEmployeeQuantity ?? null,
          minimumWarning: warning.show ? warning.message : null,
        },
      },
      lines,
    };
  }

  if (!given) {
    const total = tidyPrice(shown(cheapest()), unit);
    const from = cheapestBand ? ` (edades ${cheapestBand.fromAge} a ${cheapestBand.toAge})` : '';
    return {
      breakdown: {
        ...base,
        basis: 'desde' as const,
        persons: [] as PersonLine[],
        uninsurable: [] as PersonLine[],
        monthlySubtotal: cheapest(),
        total,
        totalClp: clpOf(total),
        collective: null,
      },
      lines: [
        ...(total === null ? [] : [`Precio desde ${money(total)} ${periodWord}${from}`]),
        ...(multiplier !== 1 && total !== null ? [`Precio anual: la prima mensual × ${multiplier}`] : []),
        total === null ? totalLine(null) : 'Ingresa tu perfil para conocer tu precio exacto',
      ],
    };
  }

  const pets = product.productType === 'SEGURO_MASCOTAS';
  const guards = product.insuranceType === 'SEGURO GUARDIAS' && profile.cantidadGuardias;
  if (pets && !profile.mascota?.length)
    throw new UnpriceableProfile(
      'profile.mascota',
      'required_for_product',
      'Agrega al menos una mascota (especie, raza y edad) para calcular el precio de este seguro.',
    );
  if (!pets && !guards && !given.cotizante?.length)
    throw new UnpriceableProfile(
      product.insuranceType === 'SEGURO GUARDIAS' ? 'profile.cantidadGuardias' : 'profile.cotizante',
      'required_for_product',
      product.insuranceType === 'SEGURO GUARDIAS'
        ? 'Indica la cantidad de guardias, o al asegurado titular con su sexo y edad.'
        : 'Indica al asegurado titular (cotizante) con su sexo y edad para calcular el precio.',
    );

  const ages = product.insurableAges;
  const insurableAge = (edad: number) => !ages || (ages.min <= edad && edad <= ages.max);
  const line = (
    role: PersonRole,
    person: { sexo?: Sexo; edad: number },
    assumed: boolean,
    pays = true,
  ): PersonLine => {
    const insurable = insurableAge(person.edad);
    const band =
      price.byAge.length === 0
        ? price.amount === null
          ? null
          : { fromAge: ages?.min ?? 0, toAge: ages?.max ?? 120, amount: price.amount }
        : (price.byAge.find((b) => b.fromAge <= person.edad && person.edad <= b.toAge) ?? null);
    const priced = pays && insurable && band !== null;
    return {
      role,
      sexo: person.sexo ?? null,
      edad: person.edad,
      edadSupuesta: assumed,
      pays,
      insurable: insurable && band !== null,
      band: insurable ? band : null,
      amount: priced ? band.amount : pays ? null : 0,
      reasonCode: !pays
        ? ('dependantsDoNotPay' as const)
        : !insurable
          ? ('outsideAges' as const)
          : band === null
            ? price.byAge.length === 0
              ? ('noPrice' as const)
              : ('noPriceForAge' as const)
            : null,
      reason: !pays
        ? 'Las cargas no pagan en este seguro'
        : !insurable
          ? `No asegurable: el producto asegura de ${ages!.min} a ${ages!.max} años`
          : band === null
            ? price.byAge.length === 0
              ? 'El producto no informa su precio'
              : 'No asegurable: el producto no tiene precio para su edad'
            : null,
    };
  };
  const givenAge = (list: { edad?: number }[] | undefined, i: number) => list?.[i]?.edad === undefined;
  const persons: PersonLine[] = pets
    ? profile.mascota!.map((pet, i) => line('mascota', { edad: pet.edad ?? 0 }, givenAge(given.mascota, i)))
    : guards
      ? Array.from({ length: profile.cantidadGuardias! }, () => line('guardia', { edad: GUARD_AGE }, true))
      : [
          ...(profile.cotizante ?? []).map((p, i) =>
            line('cotizante', { sexo: p.sexo, edad: p.edad ?? 25 }, givenAge(given.cotizante, i)),
          ),
          ...(profile.cargas ?? []).map((p, i) =>
            line(
              'carga',
              { sexo: p.sexo, edad: p.edad ?? 25 },
              givenAge(given.cargas, i),
              price.dependantsPay,
            ),
          ),
        ];
  const paying = persons.filter((person) => person.pays);
  const insured = paying.filter((person) => person.amount !== null);
  const unpriced = price.amount === null && price.byAge.length === 0;
  const uninsurable = unpriced ? [] : paying.filter((person) => person.amount === null);
  if (!unpriced && paying.length > 0 && insured.length === 0)
    throw new UnpriceableProfile(
      'profile',
      'uninsurable',
      `Ninguna de las personas del perfil es asegurable en este producto${ages ? ` (edades de ${ages.min} a ${ages.max} años)` : ''}.`,
      { uninsurable: uninsurable.map(({ role, sexo, edad, reason }) => ({ role, sexo, edad, reason })) },
    );
  // Summed in the comparator's order, so the total is the card's to the last bit.
  let subtotal: number | null = unpriced ? null : 0;
  for (const person of insured) subtotal = subtotal === null ? null : subtotal + person.band!.amount;
  // Rounded as the card's price is (tidyPrice), so the two agree exactly.
  const total = tidyPrice(shown(subtotal), unit);
  const personText = (p: PersonLine) => {
    const who = [ROLE_WORD[p.role], p.sexo, years(p.edad)].filter(Boolean).join(', ');
    const assumed = p.edadSupuesta ? ' (edad supuesta)' : '';
    const what =
      p.reason ??
      (price.byAge.length === 0
        ? `precio por persona, ${money(p.band!.amount)}`
        : `banda de ${p.band!.fromAge} a ${p.band!.toAge} años, ${money(p.band!.amount)}`);
    return `${who}${assumed}: ${what}`;
  };
  return {
    breakdown: {
      ...base,
      basis: 'porPersona' as const,
      persons,
      uninsurable,
      monthlySubtotal: subtotal,
      total,
      totalClp: clpOf(total),
      collective: null,
    },
    lines: [
      ...persons.map(personText),
      ...(multiplier !== 1 && subtotal !== null
        ? [`Prima anual: ${money(subtotal)} al mes × ${multiplier} = ${money(total!)}`]
        : []),
      ...(uninsurable.length > 0
        ? [
            `${uninsurable.length} ${uninsurable.length === 1 ? 'persona no asegurable' : 'personas no asegurables'} en este producto`,
          ]
        : []),
      totalLine(total),
    ],
  };
}

/**
 * The price of one card for one profile, line by line (POST /api/insurance/{id}/calculatePrice). The
 * profile is normalized exactly as the comparator normalizes it, and isapre plans go through the same
 * engine the comparator's totals are tested equal to; products repeat the comparator's steps in the open.
 * @throws UnpriceableProfile when the profile prices nothing for this card.
 */
export function priceBreakdown(
  card: CardDocument,
  pricing: PricingContext,
  today: Date,
  given: Profile | undefined,
): PriceExplanation {
  const ufValue = pricing.ufValueAt(today);
  const profile = normalizeProfile(given ?? defaultProfile('CL'), { country: 'CL' });
  if (card.kind === 'isaprePlan')
    return isapreBreakdown(card.definition as IsaprePlanDefinition, profile, given, {
      pricing,
      ufValue,
      today,
    });
  return productBreakdown(card, card.definition as ProductDefinition, profile, given, ufValue);
}
