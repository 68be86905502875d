import type { PriceUnit } from '@cubre/schemas';
import {
  amount,
  byTier,
  coverage,
  deductible,
  flatPrice,
  percent,
  priceByAge,
  top,
  topsAndDeductibles,
  type Family,
  type ProductContext,
} from './productKit';

const local = (c: ProductContext, pen: number, cop: number) => (c.unit === 'COP' ? cop : pen);
const localUnit = (c: ProductContext): PriceUnit => (c.unit === 'COP' ? 'COP' : 'PEN');

const LATAM = ['Argentina', 'Bolivia', 'Brasil', 'Chile', 'Colombia', 'Ecuador', 'México', 'Perú', 'Uruguay'];
const WORLD = ['Todo el mundo'];
const USA = ['Estados Unidos', 'Canadá'];

/**
 * Peru, Colombia and the international edition: EPS and SCTR (Peru), prepaid medicine (Colombia), local
 * health plans, and international health insurance priced in the special USD units of seed 000 §9.
 */
export const REGIONAL_FAMILIES: Record<string, Family> = {
  eps: {
    key: 'EPS',
    label: 'Plan EPS',
    insuranceType: 'EPS',
    productType: 'colectivo',
    description:
      'Plan de salud de la EPS para los trabajadores de una empresa: atención en su red de clínicas.',
    price: (c) => flatPrice(c, local(c, 120, 80_000), local(c, 400, 200_000)),
    coverages: (c) => [
      coverage('Ambulatorio', 'Consulta médica', [
        percent('percentage', byTier(c.tier, 80, 100)),
        amount('deductible', local(c, 30, 15_000), localUnit(c)),
      ]),
      coverage('Hospitalario', 'Hospitalización', [percent('percentage', byTier(c.tier, 90, 100))]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Red EPS',
        c.providers,
        [top('Cobertura máxima anual', local(c, 500_000, 300_000_000), localUnit(c), 'anual')],
        [deductible(local(c, 30, 15_000), localUnit(c), 'evento')],
      ),
    ],
    features: ['telemedicina', 'maternidad', 'farmacia'],
    insurableAges: { min: 0, max: 75 },
    providers: 'peruvian-clinic',
    minEmployees: [1, 5],
    conditions: ['La empresa elige la EPS; cada trabajador aporta según el plan.'],
    exclusions: ['Tratamientos experimentales.'],
    faq: [
      {
        question: '¿Puedo cambiar de plan?',
        answer: 'Una vez al año, en la renovación del contrato de la empresa.',
      },
    ],
  },
  sctr: {
    key: 'SCTR',
    label: 'SCTR',
    insuranceType: 'SCTR',
    productType: 'SCTR',
    description:
      'Seguro Complementario de Trabajo de Riesgo: salud y pensión para trabajadores de actividades de riesgo.',
    price: (c) => flatPrice(c, 25, 90),
    coverages: (c) => [
      coverage('Salud', 'Atención por accidente de trabajo', [percent('percentage', 100)]),
      coverage('Pensión', 'Invalidez y sobrevivencia', [
        amount('compensation', byTier(c.tier, 50_000, 150_000), 'PEN'),
      ]),
    ],
    features: ['cobertura24', 'invalidez'],
    insurableAges: { min: 18, max: 70 },
    minEmployees: [1],
    conditions: ['Obligatorio para las actividades de riesgo del anexo 5 del D.S. 009-97-SA.'],
    exclusions: ['Lesiones voluntariamente autoinfligidas.'],
    faq: [
      {
        question: '¿Cómo se calcula?',
        answer: 'Como un porcentaje de la planilla según el sector y el tipo de trabajo.',
      },
    ],
  },
  prepagada: {
    key: 'PREP',
    label: 'Medicina Prepagada',
    insuranceType: 'MEDICINA PREPAGADA',
    productType: 'Medicina Prepagada',
    description:
      'Atención con especialistas sin remisión, habitación individual y red de clínicas de primer nivel.',
    price: (c) => priceByAge(c, 180_000, 600_000),
    coverages: (c) => [
      coverage('Ambulatorio', 'Especialistas sin remisión', [percent('percentage', byTier(c.tier, 80, 100))]),
      coverage('Hospitalario', 'Habitación individual', [amount('bed_day', byTier(c.tier, 1, 3), 'DIAS')]),
      coverage('Ambulatorio', 'Médico a domicilio', [amount('monthly_top', byTier(c.tier, 1, 4), 'VECES')]),
    ],
    features: ['telemedicina', 'ambulancia', 'maternidad', 'saludMental'],
    insurableAges: { min: 0, max: 65 },
    conditions: ['Requiere estar afiliado a una EPS del régimen contributivo.'],
    exclusions: ['Preexistencias no declaradas.'],
    faq: [
      {
        question: '¿Reemplaza a la EPS?',
        answer: 'No: la complementa; la afiliación a una EPS es obligatoria.',
      },
    ],
  },
  saludLocal: {
    key: 'SALU',
    label: 'Salud',
    insuranceType: 'SEGURO INTEGRAL',
    description: 'Seguro de salud individual con hospitalización, ambulatorio y oncología.',
    price: (c) => priceByAge(c, local(c, 60, 80_000), local(c, 400, 250_000)),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización', [
        percent('percentage', byTier(c.tier, 80, 100)),
        amount(
          'yearly_top',
          local(c, byTier(c.tier, 500_000, 2_000_000), byTier(c.tier, 200_000_000, 800_000_000)),
          localUnit(c),
        ),
      ]),
      coverage('Ambulatorio', 'Consulta médica', [
        percent('percentage', byTier(c.tier, 70, 90)),
        amount('deductible', local(c, 40, 20_000), localUnit(c)),
      ]),
      coverage('Oncológico', 'Cáncer', [percent('percentage', 100)]),
    ],
    features: ['oncologia', 'telemedicina', 'maternidad', 'compraOnline'],
    insurableAges: { min: 0, max: 64 },
    providers: 'peruvian-clinic',
    conditions: ['Periodo de carencia de 30 días, salvo accidentes.'],
    exclusions: ['Preexistencias no declaradas.', 'Cirugía estética.'],
    faq: [
      {
        question: '¿Tiene deducible?',
        answer: 'Sí, por consulta ambulatoria; la hospitalización no tiene deducible.',
      },
    ],
  },
  dentalLocal: {
    key: 'DENT',
    label: 'Dental',
    insuranceType: 'SEGURO DENTAL',
    description: 'Prevención y tratamientos dentales en la red del plan.',
    price: (c) => flatPrice(c, local(c, 30, 80_000), local(c, 60, 120_000)),
    coverages: (c) => [
      coverage('Dental', 'Prevención', [percent('percentage', 100)]),
      coverage('Dental', 'Tratamientos', [percent('percentage', byTier(c.tier, 50, 80))]),
    ],
    features: ['dental', 'compraOnline'],
    insurableAges: { min: 2, max: 75 },
    conditions: ['Carencia de 30 días para tratamientos.'],
    exclusions: ['Ortodoncia estética.'],
    faq: [{ question: '¿Cubre urgencias?', answer: 'Sí, desde el primer día.' }],
  },
  internacional: {
    key: 'INTL',
    label: 'Internacional',
    insuranceType: 'SEGURO INTERNACIONAL CL',
    productType: 'SEGURO INTERNACIONAL',
    description: 'Seguro de salud internacional con libre elección de médicos y hospitales en el extranjero.',
    price: (c) => {
      const annual = flatPrice(c, 900, 6000, c.unit === 'USD/V' ? 'único' : 'anual');
      return c.unit === 'USD/V' ? { ...annual, amount: Math.round((annual.amount ?? 0) / 20) } : annual;
    },
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización en el extranjero', [
        percent('percentage', 100),
        amount('max_coverage', byTier(c.tier, 1_000_000, 5_000_000), 'USD'),
        amount('deductible', byTier(c.tier, 5000, 500), 'USD'),
      ]),
      coverage('Ambulatorio', 'Consultas en el extranjero', [percent('percentage', byTier(c.tier, 80, 100))]),
      coverage('Evacuación', 'Evacuación y repatriación', [
        amount('top_amount', byTier(c.tier, 50_000, 250_000), 'USD'),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Internacional',
        [],
        [top('Cobertura máxima anual', byTier(c.tier, 1_000_000, 5_000_000), 'USD', 'anual')],
        [deductible(byTier(c.tier, 5000, 500), 'USD', 'anual'), deductible(100, 'USD', 'evento')],
      ),
    ],
    features: ['internacional', 'repatriacion', 'oncologia', 'maternidad'],
    insurableAges: { min: 0, max: 74 },
    coverageCountries: WORLD,
    conditions: ['Cobertura en el país de residencia y en los países del plan.'],
    exclusions: ['Tratamientos en Estados Unidos salvo en los planes que lo incluyen.'],
    faq: [
      {
        question: '¿En qué moneda se paga?',
        answer: 'En dólares de los Estados Unidos, anual o por viaje según el plan.',
      },
    ],
  },
};

/** Countries an international plan covers, by its price unit. */
export function coverageCountriesFor(unit: PriceUnit): string[] {
  if (unit === 'USD/USA') return USA;
  if (unit === 'USD/LATAM') return LATAM;
  if (unit === 'USD/MUNDO') return [...WORLD, ...USA];
  return WORLD;
}
