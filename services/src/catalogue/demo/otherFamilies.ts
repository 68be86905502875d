import type { PriceUnit } from '@cubre/schemas';
import {
  amount,
  byTier,
  coverage,
  deductible,
  flatPrice,
  percent,
  PET_BANDS,
  priceByAge,
  top,
  topsAndDeductibles,
  type Family,
  type ProductContext,
} from './productKit';

type Range = readonly [min: number, max: number];

/** The price range of a family in the product's currency; a missing currency is a generator bug. */
function rangeIn(c: ProductContext, ranges: Partial<Record<PriceUnit, Range>>): Range {
  const range = ranges[c.unit];
  if (!range) throw new Error(`no demo price range in ${c.unit}`);
  return range;
}

/** The sum insured: UF in Chile, the local currency elsewhere. */
const insuredUnit = (c: ProductContext): PriceUnit => (c.unit === 'UF' || c.unit === 'CLP' ? 'UF' : c.unit);
/** Rough value of 1 UF in each currency, for sums insured of the same order everywhere. */
const PER_UF: Partial<Record<PriceUnit, number>> = { PEN: 140, USD: 40, COP: 160_000 };
const insuredSum = (c: ProductContext, uf: number) => {
  const rate = PER_UF[c.unit];
  return rate === undefined ? uf : Math.round(uf * rate);
};

const lifeFaq = [
  {
    question: '¿Quiénes son los beneficiarios?',
    answer: 'Los que designes al contratar; sin designación, los herederos legales.',
  },
];

/** Life, guards, personal accidents, pets and collective insurance, in any of the catalogue's currencies. */
export const OTHER_FAMILIES: Record<string, Family> = {
  vida: {
    key: 'VIDA',
    label: 'Vida',
    insuranceType: 'SEGURO VIDA',
    productType: 'SEGURO VIDA',
    description: 'Un capital para tu familia si falleces, con adelanto por enfermedad terminal.',
    price: (c) =>
      priceByAge(c, ...rangeIn(c, { UF: [0.2, 1.5], PEN: [25, 180], USD: [15, 60], COP: [90_000, 300_000] })),
    coverages: (c) => [
      // Life cap lists keep only 'Indemnización' items (rule 000-5.32): the benefits say so.
      coverage('Vida', 'Indemnización por fallecimiento', [
        amount('compensation', insuredSum(c, byTier(c.tier, 500, 5000)), insuredUnit(c)),
      ]),
      coverage('Vida', 'Indemnización por invalidez total y permanente', [
        amount('compensation', insuredSum(c, byTier(c.tier, 250, 2500)), insuredUnit(c)),
      ]),
    ],
    features: ['invalidez', 'compraOnline'],
    insurableAges: { min: 18, max: 70 },
    metadata: (c) => ({ cubre_hasta_los: `${byTier(c.tier, 70, 85)} años`, temporalidad: 'Anual renovable' }),
    conditions: ['Declaración personal de salud para capitales sobre 3.000 UF.'],
    exclusions: ['Suicidio durante los dos primeros años.', 'Actos de guerra.'],
    faq: lifeFaq,
  },
  vidaAhorro: {
    key: 'VAHO',
    label: 'Vida con Ahorro',
    insuranceType: 'SEGURO VIDA AHORRO',
    productType: 'SEGURO VIDA',
    description: 'Seguro de vida cuya prima forma un ahorro invertido en fondos, con beneficio tributario.',
    price: (c) => flatPrice(c, ...rangeIn(c, { UF: [1.5, 5], USD: [80, 300] })),
    coverages: (c) => [
      coverage('Vida', 'Indemnización por fallecimiento', [
        amount('compensation', insuredSum(c, byTier(c.tier, 1000, 6000)), insuredUnit(c)),
      ]),
      coverage('Ahorro', 'Rentabilidad garantizada', [percent('percentage', byTier(c.tier, 1, 3, 1))]),
    ],
    features: ['ahorro', 'beneficioTributario', 'invalidez'],
    insurableAges: { min: 18, max: 65 },
    metadata: (c) => ({
      aporte_inicial: `${byTier(c.tier, 3, 10)} UF`,
      temporalidad: `${byTier(c.tier, 10, 25)} años`,
      beneficio_tributario: 'APV régimen A o B (artículo 42 bis)',
      fondos_disponibles: 'Conservador, Moderado, Agresivo',
      cubre_hasta_los: '90 años',
    }),
    conditions: ['Rescates parciales desde el segundo año.'],
    exclusions: ['Suicidio durante los dos primeros años.'],
    faq: [
      ...lifeFaq,
      {
        question: '¿Puedo retirar mi ahorro?',
        answer: 'Sí, con rescates parciales o totales desde el segundo año.',
      },
    ],
  },
  guardias: {
    key: 'GUAR',
    label: 'Guardias',
    insuranceType: 'SEGURO GUARDIAS',
    description: 'Seguro de vida y accidentes para guardias de seguridad (Decreto 93), precio por guardia.',
    // UF per guard per month; the pricing engine multiplies by 12 (rule 000-9.02).
    price: (c) => flatPrice(c, 0.08, 0.25),
    coverages: (c) => [
      coverage('Vida', 'Muerte accidental', [amount('compensation', byTier(c.tier, 250, 600), 'UF')]),
      coverage('Accidentes', 'Invalidez por accidente', [
        amount('compensation', byTier(c.tier, 125, 300), 'UF'),
      ]),
      coverage('Accidentes', 'Gastos médicos', [amount('top_amount', byTier(c.tier, 50, 150), 'UF')]),
    ],
    features: ['invalidez', 'cobertura24'],
    insurableAges: { min: 18, max: 70 },
    conditions: ['Póliza exigida por el OS-10 de Carabineros para guardias acreditados.'],
    exclusions: ['Enfermedades profesionales.'],
    faq: [{ question: '¿Cómo se calcula el precio?', answer: 'Prima anual por guardia: la mensual por 12.' }],
  },
  accidentes: {
    key: 'ACPE',
    label: 'Accidentes Personales',
    insuranceType: 'SEGURO ACCIDENTES PERSONALES',
    description:
      'Indemnización por muerte o invalidez accidental y reembolso de gastos médicos por accidente.',
    price: (c) => flatPrice(c, ...rangeIn(c, { UF: [0.06, 0.3], PEN: [10, 45], USD: [5, 20] })),
    coverages: (c) => [
      coverage('Accidentes', 'Muerte accidental', [
        amount('compensation', insuredSum(c, byTier(c.tier, 100, 1000)), insuredUnit(c)),
      ]),
      coverage('Accidentes', 'Gastos médicos por accidente', [
        percent('percentage', 100),
        amount('top_amount', insuredSum(c, byTier(c.tier, 20, 150)), insuredUnit(c)),
      ]),
      coverage('Accidentes', 'Renta diaria por hospitalización', [
        amount('daily_top', insuredSum(c, byTier(c.tier, 0.5, 2, 1)), insuredUnit(c)),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Accidentes',
        [],
        [top('Gastos médicos por evento', insuredSum(c, byTier(c.tier, 20, 150)), insuredUnit(c), 'evento')],
        [deductible(insuredSum(c, c.rng.pick([0, 0.5, 1])), insuredUnit(c), 'evento')],
      ),
    ],
    features: ['invalidez', 'renta', 'cobertura24', 'compraOnline'],
    insurableAges: { min: 18, max: 75 },
    conditions: ['Cubre accidentes ocurridos en cualquier lugar del mundo.'],
    exclusions: ['Deportes extremos y competencias motorizadas.', 'Estado de ebriedad.'],
    faq: [
      {
        question: '¿Qué es un accidente?',
        answer: 'Un hecho súbito, externo y violento, ajeno a la voluntad.',
      },
    ],
  },
  mascotas: {
    key: 'MASC',
    label: 'Mascotas',
    insuranceType: 'SEGURO MASCOTAS',
    productType: 'SEGURO_MASCOTAS',
    description: 'Consultas veterinarias, urgencias, cirugías y responsabilidad civil de perros y gatos.',
    price: (c) =>
      priceByAge(c, ...rangeIn(c, { UF: [0.25, 0.8], PEN: [60, 120], COP: [80_000, 150_000] }), {
        bands: PET_BANDS,
      }),
    coverages: (c) => [
      coverage('Veterinario', 'Consulta veterinaria', [percent('percentage', byTier(c.tier, 50, 80))]),
      coverage('Veterinario', 'Cirugía y hospitalización', [
        percent('percentage', byTier(c.tier, 60, 90)),
        amount('yearly_top', insuredSum(c, byTier(c.tier, 20, 80)), insuredUnit(c)),
      ]),
      coverage('Responsabilidad civil', 'Daños a terceros', [
        amount('max_coverage', insuredSum(c, byTier(c.tier, 50, 200)), insuredUnit(c)),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Veterinario',
        c.providers,
        [top('Tope anual', insuredSum(c, byTier(c.tier, 20, 80)), insuredUnit(c), 'anual')],
        [deductible(insuredSum(c, byTier(c.tier, 1, 0, 1)), insuredUnit(c), 'evento')],
      ),
    ],
    features: ['vacunas', 'responsabilidadCivil', 'telemedicina', 'compraOnline'],
    insurableAges: { min: 0, max: 10 },
    providers: 'vet',
    conditions: ['Perros y gatos desde los 3 meses hasta los 10 años al contratar.'],
    exclusions: ['Razas de perros potencialmente peligrosos sin registro.', 'Enfermedades preexistentes.'],
    faq: [
      {
        question: '¿Qué razas cubre?',
        answer: 'Todas las razas de perros y gatos; el precio varía por raza y edad.',
      },
    ],
  },
  colectivo: {
    key: 'COLE',
    label: 'Colectivo Salud',
    insuranceType: 'SEGURO COLECTIVO',
    productType: 'SEGURO COLECTIVO',
    description: 'Seguro complementario de salud para los trabajadores de una empresa y sus cargas.',
    price: (c) => priceByAge(c, ...rangeIn(c, { UF: [0.5, 1.4], COP: [90_000, 350_000], PEN: [70, 260] })),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización', [
        percent('percentage', byTier(c.tier, 70, 100)),
        amount('yearly_top', insuredSum(c, byTier(c.tier, 500, 2500)), insuredUnit(c)),
      ]),
      coverage('Ambulatorio', 'Consultas y exámenes', [
        percent('percentage', byTier(c.tier, 60, 80)),
        amount('top_amount_pref', insuredSum(c, byTier(c.tier, 10, 40)), insuredUnit(c)),
        amount('top_amount_libre', insuredSum(c, byTier(c.tier, 5, 25)), insuredUnit(c)),
      ]),
      coverage('Dental', 'Dental', [percent('percentage', byTier(c.tier, 30, 60))]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Colectivo',
        c.providers.slice(0, 3),
        [
          top('Tope anual por asegurado', insuredSum(c, byTier(c.tier, 500, 2500)), insuredUnit(c), 'anual'),
          top('Tope semestral dental', insuredSum(c, byTier(c.tier, 5, 15)), insuredUnit(c), 'semestral'),
        ],
        [deductible(insuredSum(c, c.rng.pick([0.5, 1, 1.5])), insuredUnit(c), 'anual')],
      ),
    ],
    features: ['telemedicina', 'dental', 'farmacia', 'maternidad', 'reembolsoOnline'],
    insurableAges: { min: 0, max: 70 },
    providers: 'clinics',
    minEmployees: [3, 5, 10],
    conditions: ['Mínimo de trabajadores según el plan; la empresa puede aportar parte de la prima.'],
    exclusions: ['Preexistencias de trabajadores que ingresen después de la vigencia inicial.'],
    extraBenefits: ['Ejecutivo dedicado para la empresa', 'Carga masiva de trabajadores'],
    faq: [
      {
        question: '¿Quién paga la prima?',
        answer: 'La empresa, el trabajador o ambos, según el aporte que elija el empleador.',
      },
    ],
  },
};
