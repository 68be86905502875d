import {
  amount,
  byTier,
  coverage,
  deductible,
  flatPrice,
  percent,
  percentRange,
  priceByAge,
  top,
  topsAndDeductibles,
  type Family,
} from './productKit';

const healthConditions = [
  'El asegurado debe estar afiliado a una isapre o a Fonasa: el seguro bonifica lo que el sistema de salud no cubrió.',
  'Edad máxima de ingreso del asegurado titular: 64 años; permanencia hasta los 80.',
  'Carencia de 90 días para enfermedades y de 10 meses para maternidad.',
];
const healthExclusions = [
  'Enfermedades y condiciones preexistentes no declaradas.',
  'Cirugía estética no reparadora.',
  'Lesiones por participación en actos delictivos o deportes de alto riesgo.',
];
const healthFaq = [
  {
    question: '¿Qué pasa si mi isapre o Fonasa no cubre una prestación?',
    answer:
      'Si el sistema de salud no cubre, el seguro tampoco; si cubre menos del mínimo, el seguro paga como si lo hubiera cubierto.',
  },
  {
    question: '¿Puedo incluir a mis cargas?',
    answer: 'Sí: cónyuge e hijos hasta los 24 años, cada uno con su prima según edad.',
  },
];

/**
 * Health products of Chile (seed 000 §1): complementary, catastrophic, both together, dental, oncological,
 * cardiological, school, assistance, accident and emergency, pharmacy, elderly and international.
 * Prices in UF per person per month within the bands a Chilean comparator shows (complementary 0.3–1.2 UF).
 */
export const CHILEAN_HEALTH: Record<string, Family> = {
  complementario: {
    key: 'COMP',
    label: 'Complementario',
    insuranceType: 'SEGURO COMPLEMENTARIO',
    description: 'Reembolsa lo que tu isapre o Fonasa no cubre en atenciones ambulatorias y hospitalarias.',
    price: (c) => priceByAge(c, 0.3, 1.2),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización', [
        percentRange('percentage_isapre', byTier(c.tier, 60, 90), byTier(c.tier, 80, 100)),
        amount('yearly_top', byTier(c.tier, 500, 3000), 'UF'),
        amount('bed_day', byTier(c.tier, 3, 8), 'UF'),
      ]),
      coverage('Ambulatorio', 'Consulta médica', [
        percent('percentage', byTier(c.tier, 50, 80)),
        amount('top_amount', byTier(c.tier, 1, 3, 1), 'UF'),
      ]),
      coverage('Ambulatorio', 'Exámenes de laboratorio e imagenología', [
        percent('percentage_fonasa', byTier(c.tier, 40, 70)),
        percent('percentage_isapre', byTier(c.tier, 50, 80)),
      ]),
      coverage('Ambulatorio', 'Medicamentos', [
        percent('percentage', byTier(c.tier, 40, 60)),
        amount('monthly_top', byTier(c.tier, 2, 6), 'UF'),
      ]),
      coverage('Urgencia', 'Atención de urgencia', [
        percent('coverage_pref', byTier(c.tier, 70, 100)),
        percent('coverage_libre', byTier(c.tier, 50, 80)),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Hospitalario',
        c.providers.slice(0, 3),
        [
          top('Tope anual por beneficiario', byTier(c.tier, 500, 3000), 'UF', 'anual'),
          top('Tope por evento', byTier(c.tier, 150, 1000), 'UF', 'evento', true),
        ],
        [deductible(c.rng.pick([0, 0.5, 1, 2]), 'UF', 'anual')],
      ),
      topsAndDeductibles(
        'Ambulatorio',
        [],
        [top('Tope mensual', byTier(c.tier, 5, 15), 'UF', 'mensual')],
        [deductible(c.rng.pick([0, 0.5, 1]), 'UF', 'anual')],
      ),
    ],
    features: ['telemedicina', 'reembolsoOnline', 'farmacia', 'maternidad', 'saludMental', 'compraOnline'],
    insurableAges: { min: 0, max: 64 },
    chileanHealth: true,
    providers: 'clinics',
    metadata: (c) => ({
      coverage_ratio: `${byTier(c.tier, 60, 90)}%`,
      refund: 'Reembolso online en 48 horas',
    }),
    conditions: healthConditions,
    exclusions: healthExclusions,
    extraBenefits: ['Descuentos en ópticas', 'Orientación médica telefónica 24/7'],
    faq: healthFaq,
  },
  catastrofico: {
    key: 'CATA',
    label: 'Catastrófico',
    insuranceType: 'SEGURO CATASTROFICO',
    description:
      'Cubre los gastos de enfermedades graves y hospitalizaciones de alto costo sobre un deducible.',
    price: (c) => priceByAge(c, 0.2, 0.9),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización y cirugía', [
        percent('percentage', 100),
        amount('max_coverage', byTier(c.tier, 2000, 10000), 'UF'),
        amount('deductible', byTier(c.tier, 30, 10), 'UF'),
      ]),
      coverage('Hospitalario', 'Tratamientos de alto costo', [
        percent('percentage', byTier(c.tier, 80, 100)),
        amount('yearly_top', byTier(c.tier, 1000, 5000), 'UF'),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Catastrófico',
        c.providers,
        [top('Tope por beneficiario', byTier(c.tier, 2000, 10000), 'UF', 'vitalicio')],
        [
          deductible(byTier(c.tier, 30, 10), 'UF', 'evento'),
          deductible(byTier(c.tier, 60, 20), 'UF', 'anual'),
        ],
      ),
    ],
    features: ['oncologia', 'internacional', 'sinDeducible', 'compraOnline'],
    insurableAges: { min: 0, max: 69 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: healthConditions,
    exclusions: healthExclusions,
    faq: [
      {
        question: '¿Qué es el deducible?',
        answer: 'Es el monto de cada evento que paga el asegurado antes de que el seguro cubra el 100%.',
      },
      ...healthFaq,
    ],
  },
  integral: {
    key: 'INTG',
    label: 'Integral',
    insuranceType: 'SEGURO INTEGRAL',
    description: 'Complementario y catastrófico en un solo seguro: del primer peso hasta los eventos graves.',
    price: (c) => priceByAge(c, 0.5, 1.6),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización', [
        percent('percentage_isapre', byTier(c.tier, 80, 100)),
        amount('yearly_top', byTier(c.tier, 1000, 5000), 'UF'),
      ]),
      coverage('Ambulatorio', 'Consulta médica', [
        percent('percentage', byTier(c.tier, 60, 90)),
        amount('weekly_top', byTier(c.tier, 1, 2, 1), 'UF'),
      ]),
      coverage('Catastrófico', 'Enfermedades graves', [
        percent('percentage', 100),
        amount('max_coverage', byTier(c.tier, 3000, 12000), 'UF'),
        amount('deductible', byTier(c.tier, 20, 5), 'UF'),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Integral',
        c.providers.slice(0, 4),
        [
          top('Tope anual', byTier(c.tier, 1000, 5000), 'UF', 'anual'),
          top('Tope catastrófico', byTier(c.tier, 3000, 12000), 'UF', 'vitalicio', true),
        ],
        [deductible(byTier(c.tier, 20, 5), 'UF', 'anual')],
      ),
    ],
    features: ['telemedicina', 'oncologia', 'saludMental', 'maternidad', 'reembolsoOnline'],
    insurableAges: { min: 0, max: 64 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: healthConditions,
    exclusions: healthExclusions,
    faq: healthFaq,
  },
  dental: {
    key: 'DENT',
    label: 'Dental',
    insuranceType: 'SEGURO DENTAL',
    description: 'Prevención, urgencias y tratamientos dentales en una red de clínicas.',
    price: (c) => flatPrice(c, 0.2, 0.5),
    coverages: (c) => [
      coverage('Dental', 'Limpieza y prevención', [percent('percentage', 100)]),
      coverage('Dental', 'Urgencias dentales', [percent('coverage_pref', byTier(c.tier, 70, 100))]),
      coverage('Dental', 'Endodoncia y coronas', [
        percent('percentage', byTier(c.tier, 40, 70)),
        amount('yearly_top', byTier(c.tier, 10, 40), 'UF'),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Dental',
        c.providers,
        [top('Tope anual', byTier(c.tier, 10, 40), 'UF', 'anual')],
        [deductible(0, 'UF', 'anual')],
      ),
    ],
    features: ['dental', 'sinDeducible', 'compraOnline'],
    insurableAges: { min: 2, max: 75 },
    providers: 'dental',
    conditions: ['Carencia de 30 días para tratamientos; las urgencias se cubren desde el primer día.'],
    exclusions: ['Ortodoncia estética', 'Implantes'],
    faq: [
      {
        question: '¿Necesito isapre o Fonasa?',
        answer: 'No: el seguro dental cubre con cualquier sistema de salud.',
      },
    ],
  },
  oncologico: {
    key: 'ONCO',
    label: 'Oncológico',
    insuranceType: 'SEGURO ONCOLOGICO',
    description: 'Cubre el tratamiento del cáncer: quimioterapia, radioterapia, cirugía y medicamentos.',
    price: (c) => priceByAge(c, 0.15, 0.6),
    coverages: (c) => [
      coverage('Oncológico', 'Quimioterapia y radioterapia', [
        percent('percentage', 100),
        amount('max_coverage', byTier(c.tier, 1000, 6000), 'UF'),
      ]),
      coverage('Oncológico', 'Medicamentos oncológicos', [
        percent('percentage', byTier(c.tier, 80, 100)),
        amount('yearly_top', byTier(c.tier, 500, 2000), 'UF'),
      ]),
      coverage('Oncológico', 'Indemnización por diagnóstico', [
        amount('compensation', byTier(c.tier, 30, 150), 'UF'),
      ]),
    ],
    tops: (c) => [
      topsAndDeductibles(
        'Oncológico',
        c.providers.slice(0, 2),
        [top('Tope vitalicio', byTier(c.tier, 1000, 6000), 'UF', 'vitalicio')],
        [deductible(byTier(c.tier, 10, 0), 'UF', 'evento')],
      ),
    ],
    features: ['oncologia', 'sinDeducible', 'internacional'],
    insurableAges: { min: 18, max: 65 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: ['Carencia de 90 días desde la contratación para diagnósticos de cáncer.'],
    exclusions: ['Cánceres diagnosticados antes de la contratación.'],
    faq: healthFaq.slice(0, 1),
  },
  cardiologico: {
    key: 'CARD',
    label: 'Cardiológico',
    insuranceType: 'SEGURO CARDIOLOGICO',
    description: 'Cubre infarto, cirugía cardíaca y rehabilitación cardiovascular.',
    price: (c) => priceByAge(c, 0.15, 0.5),
    coverages: (c) => [
      coverage('Cardiológico', 'Cirugía cardíaca', [
        percent('percentage', 100),
        amount('max_coverage', byTier(c.tier, 800, 3000), 'UF'),
      ]),
      coverage('Cardiológico', 'Rehabilitación', [
        percent('percentage', byTier(c.tier, 60, 90)),
        amount('daily_top', byTier(c.tier, 1, 3), 'UF'),
      ]),
    ],
    features: ['ambulancia', 'sinDeducible'],
    insurableAges: { min: 18, max: 65 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: ['Carencia de 60 días.'],
    exclusions: ['Cardiopatías congénitas diagnosticadas antes de la contratación.'],
    faq: healthFaq.slice(0, 1),
  },
  escolar: {
    key: 'ESCO',
    label: 'Escolar',
    insuranceType: 'SEGURO ESCOLAR UNIVERSITARIO',
    description: 'Accidentes escolares y universitarios las 24 horas, dentro y fuera del establecimiento.',
    price: (c) => flatPrice(c, 0.08, 0.3),
    coverages: (c) => [
      coverage('Accidentes', 'Gastos médicos por accidente', [
        percent('percentage', 100),
        amount('top_amount', byTier(c.tier, 100, 500), 'UF'),
      ]),
      coverage('Accidentes', 'Renta educacional', [amount('compensation', byTier(c.tier, 50, 200), 'UF')]),
    ],
    features: ['ambulancia', 'cobertura24', 'compraOnline'],
    insurableAges: { min: 3, max: 30 },
    conditions: ['Cubre alumnos regulares de establecimientos reconocidos por el Estado.'],
    exclusions: ['Enfermedades no originadas en un accidente.'],
    faq: [{ question: '¿Cubre en vacaciones?', answer: 'Sí, la cobertura es 24/7 durante todo el año.' }],
  },
  asistencia: {
    key: 'ASIS',
    label: 'Asistencia',
    insuranceType: 'SERVICIO ASISTENCIA',
    description: 'Ambulancia, médico a domicilio y telemedicina ilimitada por una tarifa mensual.',
    price: (c) => flatPrice({ ...c, unit: 'CLP' }, 4_990, 19_990),
    coverages: (c) => [
      coverage('Asistencia', 'Rescate en ambulancia', [amount('yearly_top', byTier(c.tier, 2, 6), 'VECES')]),
      coverage('Asistencia', 'Médico a domicilio', [amount('monthly_top', byTier(c.tier, 1, 3), 'VECES')]),
      coverage('Asistencia', 'Telemedicina', [percent('percentage', 100)]),
    ],
    features: ['ambulancia', 'telemedicina', 'compraOnline'],
    conditions: ['Servicio prestado en las ciudades con cobertura de la red de asistencia.'],
    exclusions: ['Traslados programados no urgentes.'],
    faq: [
      {
        question: '¿Hay límite de llamadas?',
        answer: 'La telemedicina es ilimitada; los rescates tienen tope anual.',
      },
    ],
  },
  accidenteUrgencia: {
    key: 'ACUR',
    label: 'Accidente y Urgencia',
    insuranceType: 'SEGURO ACCIDENTES URGENCIA',
    description: 'Urgencias médicas y accidentes en la red de clínicas, sin trámites.',
    price: (c) => priceByAge(c, 0.15, 0.4),
    coverages: (c) => [
      coverage('Urgencia', 'Atención de urgencia por accidente', [
        percent('percentage', 100),
        amount('top_amount', byTier(c.tier, 200, 800), 'UF'),
      ]),
      coverage('Urgencia', 'Urgencia por enfermedad', [
        percent('percentage_particular', byTier(c.tier, 50, 80)),
        amount('deductible_fonasa', byTier(c.tier, 3, 1), 'UF'),
      ]),
    ],
    features: ['ambulancia', 'cobertura24', 'sinDeducible'],
    insurableAges: { min: 0, max: 70 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: ['Atención dentro de las 48 horas siguientes al accidente.'],
    exclusions: ['Accidentes del trabajo cubiertos por la Ley 16.744.'],
    faq: healthFaq.slice(0, 1),
  },
  farmacia: {
    key: 'FARM',
    label: 'Farmacia',
    insuranceType: 'SEGURO MEDICAMENTOS',
    description: 'Reembolso de medicamentos recetados en farmacias adheridas.',
    price: (c) => flatPrice({ ...c, unit: 'CLP' }, 6_990, 14_990),
    coverages: (c) => [
      coverage('Medicamentos', 'Medicamentos recetados', [
        percent('percentage', byTier(c.tier, 30, 60)),
        amount('monthly_top', byTier(c.tier, 20_000, 80_000), 'CLP'),
      ]),
    ],
    features: ['farmacia', 'compraOnline'],
    conditions: ['Receta médica vigente emitida a nombre del asegurado.'],
    exclusions: ['Productos de cosmética y suplementos alimenticios.'],
    faq: [{ question: '¿Cómo pido el reembolso?', answer: 'Sube la boleta y la receta desde la app.' }],
  },
  adultoMayor: {
    key: 'ADMY',
    label: 'Adulto Mayor',
    insuranceType: 'SEGURO ADULTO MAYOR',
    description: 'Protección de salud para mayores de 60, con hospitalización y medicamentos.',
    price: (c) =>
      priceByAge(c, 0.9, 2.5, {
        bands: [
          [60, 64],
          [65, 69],
          [70, 74],
          [75, 85],
        ],
      }),
    coverages: (c) => [
      coverage('Hospitalario', 'Hospitalización', [
        percent('percentage', byTier(c.tier, 60, 90)),
        amount('yearly_top', byTier(c.tier, 300, 1500), 'UF'),
      ]),
      coverage('Ambulatorio', 'Medicamentos crónicos', [percent('percentage', byTier(c.tier, 30, 60))]),
    ],
    features: ['farmacia', 'telemedicina', 'preexistencias'],
    insurableAges: { min: 60, max: 85 },
    chileanHealth: true,
    providers: 'clinics',
    conditions: ['Ingreso entre los 60 y los 80 años.'],
    exclusions: healthExclusions.slice(1),
    faq: healthFaq.slice(0, 1),
  },
};
