import type { Country, OrganizationDefinition, PriceUnit, ProductDefinitionInput } from '@cubre/schemas';
import { ISAPRE_ORGANIZATIONS, slugOf } from '../import/isapreOrganizations';
import { FEATURES, type FeatureKey } from './features';
import { CHILEAN_HEALTH } from './healthFamilies';
import { CHILEAN_CLINICS, DEMO_CLINICS, DEMO_INSURERS, DEMO_PROVIDERS } from './organizations';
import { OTHER_FAMILIES } from './otherFamilies';
import { Prng } from './prng';
import { TIERS, type Family, type ProductContext, type Tier } from './productKit';
import { coverageCountriesFor, REGIONAL_FAMILIES } from './regionalFamilies';

/** Dates are relative to this day, never to the clock: "new" products (rule 000-4.27) are new relative to it. */
export const DEMO_REFERENCE_DATE = '2026-11-01';

interface PlanEntry {
  family: Family;
  organization: OrganizationDefinition & { line?: string };
  country: Country;
  unit: PriceUnit;
  tiers: Tier[];
  /** Replaces the family's label ('Convenio de Accidentes' sold by a clinic). */
  label?: string;
}

const { cordillera, austral, pehuen, faro, huella, alerce, andina, miraflores, sabana, cafetal, caribe } =
  DEMO_INSURERS;
const { meridian, atlas } = DEMO_INSURERS;
const h = CHILEAN_HEALTH;
const o = OTHER_FAMILIES;
const r = REGIONAL_FAMILIES;

const entry = (
  family: Family,
  organization: PlanEntry['organization'],
  unit: PriceUnit,
  tiers: Tier[],
  label?: string,
): PlanEntry => ({ family, organization, country: organization.country, unit, tiers, label });

/** Which products exist: about 150, every comparator's types in every country that sells them. */
const CATALOGUE_PLAN: PlanEntry[] = [
  // Chile: health
  entry(h.complementario!, cordillera, 'UF', [0, 1, 2, 3]),
  entry(h.complementario!, austral, 'UF', [0, 1, 2, 3]),
  entry(h.complementario!, pehuen, 'UF', [0, 1, 2, 3]),
  entry(h.catastrofico!, cordillera, 'UF', [0, 2, 3]),
  entry(h.catastrofico!, austral, 'UF', [1, 2, 3]),
  entry(h.catastrofico!, pehuen, 'UF', [0, 2]),
  entry(h.integral!, cordillera, 'UF', [1, 2, 3]),
  entry(h.integral!, austral, 'UF', [0, 2, 3]),
  entry(h.dental!, cordillera, 'UF', [0, 2]),
  entry(h.dental!, austral, 'UF', [0, 1]),
  entry(h.dental!, pehuen, 'UF', [1, 3]),
  entry(h.oncologico!, cordillera, 'UF', [0, 2]),
  entry(h.oncologico!, austral, 'UF', [1, 3]),
  entry(h.oncologico!, faro, 'UF', [0]),
  entry(h.cardiologico!, austral, 'UF', [0, 2]),
  entry(h.cardiologico!, pehuen, 'UF', [1, 3]),
  entry(h.escolar!, faro, 'UF', [0, 1]),
  entry(h.escolar!, cordillera, 'UF', [0, 2]),
  entry(h.asistencia!, faro, 'CLP', [0, 1, 2]),
  entry(h.asistencia!, austral, 'CLP', [0, 2]),
  entry(h.accidenteUrgencia!, faro, 'UF', [0, 2]),
  entry(h.accidenteUrgencia!, pehuen, 'UF', [1]),
  entry(h.farmacia!, faro, 'CLP', [0, 1]),
  entry(h.farmacia!, cordillera, 'CLP', [1]),
  entry(h.adultoMayor!, austral, 'UF', [0, 2]),
  entry(h.adultoMayor!, alerce, 'UF', [1]),
  entry(r.internacional!, austral, 'USD/Año', [1, 2]),
  entry(r.internacional!, cordillera, 'USD/MUNDO', [3]),
  // Chile: sold through clinics (Clinicas-y-Hospitales paths) and isapres (Complementos paths)
  entry(h.accidenteUrgencia!, DEMO_CLINICS.alemana, 'UF', [1], 'Convenio de Accidentes'),
  entry(h.accidenteUrgencia!, DEMO_CLINICS.lasCondes, 'UF', [2], 'Convenio de Accidentes'),
  entry(h.accidenteUrgencia!, DEMO_CLINICS.davila, 'UF', [0], 'Convenio de Urgencia'),
  entry(h.accidenteUrgencia!, DEMO_CLINICS.santaMaria, 'UF', [1], 'Convenio de Urgencia'),
  entry(h.complementario!, DEMO_CLINICS.indisa, 'UF', [1], 'Seguro Complementario'),
  entry(h.catastrofico!, ISAPRE_ORGANIZATIONS[99]!, 'UF', [1], 'Complemento Catastrófico'),
  entry(h.catastrofico!, ISAPRE_ORGANIZATIONS[67]!, 'UF', [2], 'Complemento Catastrófico'),
  // Chile: pets, life, guards, accidents, companies
  entry(o.mascotas!, huella, 'UF', [0, 1, 2, 3]),
  entry(o.mascotas!, faro, 'UF', [0, 2]),
  entry(o.vida!, alerce, 'UF', [0, 1, 2]),
  entry(o.vida!, austral, 'UF', [1, 3]),
  entry(o.vidaAhorro!, alerce, 'UF', [0, 1, 2, 3]),
  entry(o.vidaAhorro!, austral, 'UF', [2]),
  entry(o.guardias!, faro, 'UF', [0, 1, 2]),
  entry(o.guardias!, pehuen, 'UF', [0, 2]),
  entry(o.accidentes!, faro, 'UF', [0, 1, 2, 3]),
  entry(o.accidentes!, cordillera, 'UF', [0, 2]),
  entry(o.colectivo!, pehuen, 'UF', [0, 1, 2, 3]),
  entry(o.colectivo!, cordillera, 'UF', [0, 2]),
  entry(o.colectivo!, austral, 'UF', [1, 3]),
  // Peru
  entry(r.eps!, andina, 'PEN', [0, 1, 2, 3]),
  entry(r.sctr!, miraflores, 'PEN', [0, 1, 2]),
  entry(r.sctr!, andina, 'PEN', [1]),
  entry(r.saludLocal!, miraflores, 'PEN', [0, 1, 2, 3]),
  entry(r.saludLocal!, DEMO_CLINICS.costaAzul, 'PEN', [1, 2], 'Plan de Salud'),
  entry(o.mascotas!, miraflores, 'PEN', [0, 2]),
  entry(o.vida!, miraflores, 'USD', [0, 2]),
  entry(o.accidentes!, miraflores, 'PEN', [1]),
  // Colombia
  entry(r.prepagada!, sabana, 'COP', [0, 1, 2, 3]),
  entry(r.eps!, caribe, 'COP', [0, 1, 2]),
  entry(o.colectivo!, cafetal, 'COP', [0, 1, 2]),
  entry(r.saludLocal!, cafetal, 'COP', [1, 3]),
  entry(r.dentalLocal!, cafetal, 'COP', [0, 2]),
  entry(r.dentalLocal!, sabana, 'COP', [1]),
  entry(o.mascotas!, cafetal, 'COP', [0, 1]),
  entry(o.vida!, cafetal, 'COP', [0, 2]),
  // International
  entry(r.internacional!, meridian, 'USD/Año', [0]),
  entry(r.internacional!, meridian, 'USD/LATAM', [1]),
  entry(r.internacional!, meridian, 'USD/MUNDO', [2]),
  entry(r.internacional!, meridian, 'USD/USA', [3]),
  entry(r.internacional!, atlas, 'USD/Año', [1]),
  entry(r.internacional!, atlas, 'USD/LATAM', [0]),
  entry(r.internacional!, atlas, 'USD/MUNDO', [3]),
  entry(r.internacional!, atlas, 'USD/V', [0, 2]),
  entry(o.vidaAhorro!, atlas, 'USD', [2]),
  entry(o.accidentes!, meridian, 'USD', [1]),
];

/** International plans' names say where they cover. */
const UNIT_SUFFIX: Partial<Record<PriceUnit, string>> = {
  'USD/MUNDO': 'Mundo',
  'USD/USA': 'USA',
  'USD/LATAM': 'Latam',
  'USD/V': 'Viaje',
};

/** A discount in the product's own currency. */
const DISCOUNT_AMOUNT: Record<string, number> = { UF: 0.05, CLP: 2000, PEN: 10, COP: 10_000, USD: 50 };

function offersFor(index: number, country: Country, unit: PriceUnit, rng: Prng) {
  const offers: NonNullable<ProductDefinitionInput['offers']> = [];
  if (index % 9 === 1) {
    const percent = rng.pick([10, 15, 20, 30]);
    offers.push({
      type: 'DISCOUNT',
      unitCode: 'PERCENT',
      amount: percent,
      parceledDiscounts: [`3;${percent}`, `6;${percent / 2}`],
      label: `${percent}% de descuento los primeros meses`,
    });
  }
  if (index % 13 === 2) {
    const value = DISCOUNT_AMOUNT[unit.split('/')[0]!] ?? 10;
    offers.push({ type: 'DISCOUNT', unitCode: 'AMOUNT', amount: value, parceledDiscounts: [`12;${value}`] });
  }
  if (index % 17 === 3) offers.push({ type: 'STOCK', count: 0 });
  if (index % 17 === 4) offers.push({ type: 'STOCK', count: rng.int(5, 40) });
  if (index % 19 === 5 && country === 'CL') offers.push({ type: 'GIFTCARD', label: 'Gift card de $20.000' });
  if (index % 23 === 6) offers.push({ type: 'PARCELED', instalments: rng.pick([3, 6, 12]) });
  if (index % 29 === 7) offers.push({ type: 'AGGREGATE', label: 'Primer mes gratis al contratar online' });
  return offers;
}

/** `days` before the reference date, as an ISO date. */
function daysBefore(days: number): string {
  const date = new Date(`${DEMO_REFERENCE_DATE}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function careProviders(family: Family, country: Country, rng: Prng, tier: Tier): string[] {
  switch (family.providers) {
    case 'clinics':
      return country === 'CL'
        ? rng.sample(
            CHILEAN_CLINICS.map((clinic) => clinic.code),
            3 + tier * 2,
          )
        : [];
    case 'dental':
      return [DEMO_PROVIDERS.dental.code, rng.pick(CHILEAN_CLINICS).code];
    case 'vet':
      return country === 'CL' ? [DEMO_PROVIDERS.vet.code] : [];
    case 'peruvian-clinic':
      return country === 'PE' ? [DEMO_CLINICS.costaAzul.code] : [];
    default:
      return [];
  }
}

/** The demo products, in plan order; the same seed always gives the same list. */
export function demoProducts(seed: number): ProductDefinitionInput[] {
  const rng = new Prng(seed);
  const products: ProductDefinitionInput[] = [];
  const sequence = new Map<string, number>();
  const urls = new Set<string>();
  for (const plan of CATALOGUE_PLAN) {
    for (const tier of plan.tiers) {
      const index = products.length;
      const { family, organization, country, unit } = plan;
      const codeStem = `DEMO-${country}-${family.key}`;
      const number = (sequence.get(codeStem) ?? 0) + 1;
      sequence.set(codeStem, number);
      const name = [plan.label ?? family.label, organization.line ?? '', TIERS[tier], UNIT_SUFFIX[unit] ?? '']
        .filter(Boolean)
        .join(' ');
      let url = slugOf(name);
      for (let n = 2; urls.has(`${organization.code}/${url}`); n++) url = `${slugOf(name)}-${n}`;
      urls.add(`${organization.code}/${url}`);

      const context: ProductContext = {
        rng,
        tier,
        unit,
        country,
        providers: careProviders(family, country, rng, tier),
      };
      const online = rng.chance(0.4);
      const featureKeys: FeatureKey[] = rng
        .sample<FeatureKey>(
          family.features.filter((key) => key !== 'compraOnline'),
          2 + tier,
        )
        .concat(online && family.features.includes('compraOnline') ? ['compraOnline'] : []);
      const recent = index % 8 === 0;
      const description = `${family.description} Producto de demostración de ${organization.displayName}: precios y coberturas inventados.`;
      const minEmployees = family.minEmployees
        ? country === 'CO'
          ? 10
          : family.minEmployees[tier % family.minEmployees.length]
        : undefined;

      products.push({
        code: `${codeStem}-${String(number).padStart(2, '0')}`,
        displayName: name,
        description,
        url,
        organizationCode: organization.code,
        insuranceType: family.insuranceType,
        productType: family.productType ?? '',
        country,
        price: family.price(context),
        ...(family.chileanHealth && country === 'CL'
          ? {
              modality: rng.pick(['Preferente', 'Libre Elección'] as const),
              coverageRequirement: rng.chance(0.8)
                ? {
                    value: rng.pick([30, 50, 60]),
                    unit: '%' as const,
                    previsionType: rng.pick(['Isapre', 'Fonasa', 'Ambos'] as const),
                    previousCoverage: true,
                  }
                : { value: 2, unit: 'UF' as const, previsionType: 'Ambos' as const, previousCoverage: false },
            }
          : {}),
        coverages: family.coverages(context),
        topsAndDeductibles: family.tops?.(context) ?? [],
        careProviders: context.providers,
        features: featureKeys.map((key) => FEATURES[key].code),
        offers: offersFor(index, country, unit, rng),
        salesChannels: online
          ? ['ONLINE', 'EJECUTIVO']
          : rng.pick([['EJECUTIVO'], ['EJECUTIVO', 'CORREDOR'], ['TELEVENTA']]),
        availableFrom: daysBefore(recent ? rng.int(3, 55) : rng.int(70, 1100)),
        exclusive: index % 15 === 4,
        isPromoted: index % 21 === 10,
        isComparable: index % 31 !== 30,
        ...(minEmployees === undefined ? {} : { minEmployeeQuantity: minEmployees }),
        coverageCountries: family.coverageCountries || country === 'INT' ? coverageCountriesFor(unit) : [],
        ...(family.insurableAges ? { insurableAges: family.insurableAges } : {}),
        metadata: family.metadata?.(context) ?? {},
        conditions: family.conditions,
        exclusions: family.exclusions,
        extraBenefits: family.extraBenefits ?? [],
        faq: [
          ...family.faq,
          {
            question: '¿Cómo lo contrato?',
            answer: online
              ? 'En línea, con tu RUT y tu tarjeta, en menos de 10 minutos.'
              : 'Solicítalo y un ejecutivo te contactará para completar la contratación.',
          },
        ],
        seo: {
          title: `${name} – ${organization.displayName} | Cubre`,
          description: description.slice(0, 160),
        },
        requestCount: Math.round(rng.next() ** 2 * 5000),
        recommendation: rng.between(3, 9.8, 1),
      });
    }
  }
  return products;
}
