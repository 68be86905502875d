import {
  defaultProfile,
  normalizeProfile,
  type IsaprePlanDefinition,
  type PriceUnit,
  type Profile,
  type ProductDefinition,
} from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { beneficiariesFromProfile, type Beneficiary } from '../pricing/beneficiaries';
import { pricedBeneficiaries, sumOfFactors } from '../pricing/isaprePlanPrice';
import { assertUfValue } from '../pricing/uf';
import {
  profileLegalContribution,
  suggestedPriceRange,
  type SuggestedPriceRange,
} from '../pricing/legalContribution';
import { shownPrice } from '../pricing/otherProducts';
import type { PricingContext } from './pricingContext';

/** A card's price for one query. */
export interface CardPrice {
  /** In `unit`; null when it cannot be priced ("Consultar"). */
  amount: number | null;
  unit: PriceUnit;
  /** For sorting across units: CLP for UF and CLP prices, the amount otherwise (comparators are per country). */
  sortKey: number;
  /** Priced for the visitor's own profile; otherwise a "Desde" price. */
  fromProfile: boolean;
  /** Persons (or pets, or workers) the price covers, and those the product cannot insure. */
  insured: number;
  uninsurable: { sexo?: string; edad: number }[];
  /** Collective prices: for the whole company or per employee (seed 000 §9 suffixes). */
  collective: 'total' | 'porEmpleado' | null;
}

const COLLECTIVE_TYPES = new Set(['SEGURO COLECTIVO', 'colectivo', 'SCTR', 'EPS']);

/**
 * Sums of decimal prices carry binary noise (0.6000000000000001): a price leaves here rounded to what its
 * unit can mean — UF to a millionth, pesos to the unit, other currencies to the cent. Order uses sortKey.
 */
export function tidyPrice(amount: number | null, unit: PriceUnit): number | null {
  if (amount === null) return null;
  const decimals = unit === 'UF' ? 6 : unit === 'CLP' || unit === 'COP' ? 0 : 2;
  return Math.round(amount * 10 ** decimals) / 10 ** decimals;
}

/** What every plan priced by one factor table shares for a profile: Σ factors, and the 7% price. */
export interface TableFactors {
  sumFactors: number;
  sevenPercentUf: number | null;
}

/**
 * An isapre plan's monthly amount in UF before rounding (null: not priced, "Consultar"): the one formula
 * the card's price and the comparator's ranking both use, so their orders and prices cannot differ.
 */
export function isapreAmountUf(
  plan: Pick<IsaprePlanDefinition, 'priceMode' | 'basePriceUf' | 'gesUf'>,
  factors: TableFactors,
  beneficiaries: number,
): number | null {
  return planAmountUf(plan.priceMode === '7%', plan.basePriceUf, plan.gesUf, factors, beneficiaries);
}

/** isapreAmountUf on the plan's numbers, as the comparator's columns hold them. */
export function planAmountUf(
  sevenPercent: boolean,
  basePriceUf: number,
  gesUf: number,
  factors: TableFactors,
  beneficiaries: number,
): number | null {
  return sevenPercent
    ? factors.sevenPercentUf
    : basePriceUf === 0
      ? null
      : basePriceUf * factors.sumFactors + gesUf * beneficiaries;
}

export interface ProfilePricer {
  price(card: CardDocument): CardPrice;
  /** The factors of one table for this profile, computed once per table. */
  tableFactors(plan: Pick<IsaprePlanDefinition, 'priceMode' | 'factorTableCode'>): TableFactors;
  /** Persons an isapre plan's price covers. */
  beneficiaryCount: number;
  /** The visitor's suggested price range from the 7% (seed 000 §9), in CLP. */
  suggestedRange: SuggestedPriceRange;
  ufValue: number;
}

/**
 * Prices every card of a query for one profile. Isapre plans differ only by base price, GES and factor
 * table, so the factors of the profile are summed once per table and each plan costs a multiply and an
 * add (the full breakdown, for one plan, is calculatePrice's job — and tested equal to this).
 */
export function createProfilePricer(
  context: PricingContext,
  given: Profile | undefined,
  day: Date,
): ProfilePricer {
  const ufValue = context.ufValueAt(day);
  const topeImponibleUf = context.topeImponibleUfAt(day);
  const profile = normalizeProfile(given ?? defaultProfile('CL'), { country: 'CL' });
  const fromProfile = given !== undefined;
  const beneficiaries: Beneficiary[] = beneficiariesFromProfile(profile);
  const legal = profileLegalContribution(profile, { ufValue, topeImponibleUf });

  const perTable = new Map<string | null, TableFactors>();
  // Checked once for the profile; each table then costs a factor lookup per beneficiary.
  let people: Beneficiary[] | undefined;
  function factorsFor(plan: Pick<IsaprePlanDefinition, 'priceMode' | 'factorTableCode'>) {
    const key = `${plan.priceMode}|${plan.factorTableCode}`;
    let found = perTable.get(key);
    if (!found) {
      assertUfValue(ufValue);
      people ??= pricedBeneficiaries(beneficiaries);
      const sumFactors = sumOfFactors(plan, people, context.tables);
      // A 7% plan costs the visitor's 7% (GES included), whatever its table; null without income.
      found = { sumFactors, sevenPercentUf: plan.priceMode === '7%' ? (legal?.uf ?? null) : null };
      perTable.set(key, found);
    }
    return found;
  }

  function priceIsapre(plan: IsaprePlanDefinition): CardPrice {
    const amount = isapreAmountUf(plan, factorsFor(plan), beneficiaries.length);
    return {
      amount,
      unit: 'UF',
      sortKey: amount === null ? Number.POSITIVE_INFINITY : amount * ufValue,
      fromProfile,
      insured: beneficiaries.length,
      uninsurable: [],
      collective: null,
    };
  }

  function workersOf(): number | undefined {
    if (profile.cantidadEmpleados) return profile.cantidadEmpleados;
    if (profile.colectivo?.cantidadempleados) return profile.colectivo.cantidadempleados;
    if (profile.colectivos?.length)
      return profile.colectivos.reduce((sum, group) => sum + (group.cantidadDeTrabajadores ?? 0), 0);
    if (profile.sctr?.cantidadempleados) return profile.sctr.cantidadempleados;
    return undefined;
  }

  function priceProduct(product: ProductDefinition): CardPrice {
    const { price } = product;
    const unit = price.unit;
    const toSortKey = (amount: number | null) =>
      amount === null ? Number.POSITIVE_INFINITY : unit === 'UF' ? amount * ufValue : amount;
    const bandFor = (age: number) =>
      price.byAge.length === 0
        ? price.amount
        : (price.byAge.find((band) => band.fromAge <= age && age <= band.toAge)?.amount ?? null);
    const insurableAge = (age: number) =>
      !product.insurableAges || (product.insurableAges.min <= age && age <= product.insurableAges.max);
    const cheapest = () =>
      price.byAge.length === 0 ? price.amount : Math.min(...price.byAge.map((band) => band.amount));
    const shown = (amount: number | null) =>
      amount === null ? null : shownPrice(amount, product.insuranceType);

    const collective =
      COLLECTIVE_TYPES.has(product.productType) || COLLECTIVE_TYPES.has(product.insuranceType);
    if (collective) {
      const perWorker = shown(price.amount ?? cheapest());
      const workers = fromProfile ? workersOf() : undefined;
      const amount = perWorker === null ? null : workers ? perWorker * workers : perWorker;
      return {
        amount,
        unit,
        sortKey: toSortKey(perWorker),
        fromProfile: fromProfile && workers !== undefined,
        insured: workers ?? 1,
        uninsurable: [],
        collective: workers ? 'total' : 'porEmpleado',
      };
    }
    if (!fromProfile) {
      const amount = shown(cheapest());
      return {
        amount,
        unit,
        sortKey: toSortKey(amount),
        fromProfile: false,
        insured: 1,
        uninsurable: [],
        collective: null,
      };
    }
    const persons: { sexo?: string; edad: number }[] =
      product.productType === 'SEGURO_MASCOTAS'
        ? (profile.mascota ?? []).map((pet) => ({ edad: pet.edad ?? 0 }))
        : product.insuranceType === 'SEGURO GUARDIAS' && profile.cantidadGuardias
          ? Array.from({ length: profile.cantidadGuardias }, () => ({ edad: 30 }))
          : [
              ...(profile.cotizante ?? []).map((p) => ({ sexo: p.sexo, edad: p.edad ?? 25 })),
              ...(price.dependantsPay
                ? (profile.cargas ?? []).map((p) => ({ sexo: p.sexo, edad: p.edad ?? 25 }))
                : []),
            ];
    let amount: number | null = persons.length === 0 ? cheapest() : 0;
    const uninsurable: { sexo?: string; edad: number }[] = [];
    let insured = 0;
    for (const person of persons) {
      const band = insurableAge(person.edad) ? bandFor(person.edad) : null;
      if (band === null) {
        uninsurable.push(person);
        continue;
      }
      insured++;
      amount = amount === null ? null : amount + band;
    }
    if (persons.length > 0 && insured === 0) amount = null;
    const total = shown(amount);
    return {
      amount: total,
      unit,
      sortKey: toSortKey(total),
      fromProfile: true,
      insured,
      uninsurable,
      collective: null,
    };
  }

  return {
    ufValue,
    suggestedRange: suggestedPriceRange(legal),
    tableFactors: factorsFor,
    beneficiaryCount: beneficiaries.length,
    price(card) {
      const priced =
        card.kind === 'isaprePlan'
          ? priceIsapre(card.definition as IsaprePlanDefinition)
          : priceProduct(card.definition as ProductDefinition);
      return { ...priced, amount: tidyPrice(priced.amount, priced.unit) };
    },
  };
}
