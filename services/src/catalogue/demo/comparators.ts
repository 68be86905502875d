import type { z } from 'zod';
import type { ComparatorDefinition } from '@cubre/schemas';
import { FEATURES, type FeatureKey } from './features';

type Comparator = z.input<typeof ComparatorDefinition>;

const HEALTH_TYPES = [
  'SEGURO COMPLEMENTARIO',
  'SEGURO CATASTROFICO',
  'SEGURO INTEGRAL',
  'SEGURO ONCOLOGICO',
  'SEGURO DENTAL',
  'SEGURO CARDIOLOGICO',
  'SEGURO ESCOLAR UNIVERSITARIO',
  'SERVICIO ASISTENCIA',
  'SEGURO ACCIDENTES URGENCIA',
  'SEGURO MEDICAMENTOS',
  'SEGURO ADULTO MAYOR',
  'SEGURO INTERNACIONAL CL',
];

const whyUs = [
  {
    title: 'Comparación imparcial',
    text: 'Ordenamos por precio, recomendación o popularidad; tú eliges.',
    icon: 'why-balance',
  },
  {
    title: 'Precios según tu perfil',
    text: 'Ingresa edades y previsión y verás el precio exacto.',
    icon: 'why-profile',
  },
  {
    title: 'Asesoría sin costo',
    text: 'Un ejecutivo te acompaña hasta contratar, sin cobrarte.',
    icon: 'why-advisor',
  },
];

const faqAbout = (subject: string) => [
  {
    question: `¿Cuánto cuesta un ${subject}?`,
    answer: 'Depende de la edad de cada asegurado y del plan: ingresa tu perfil para ver el precio exacto.',
  },
  {
    question: '¿Cubre enfermedades preexistentes?',
    answer: 'En general no; algunos planes las aceptan si se declaran al contratar.',
  },
  {
    question: '¿Cubre es una aseguradora?',
    answer: 'No: comparamos los productos de aseguradoras y prestadores y te ayudamos a contratar.',
  },
];

const blockZones = (code: string, headline: string) => [
  {
    id: `${code}-banner`,
    zone: 'top' as const,
    title: headline,
    html: `<p>${headline}: compara hasta 3 planes lado a lado.</p>`,
  },
  {
    id: `${code}-legal`,
    zone: 'bottom' as const,
    html: '<p>Datos de demostración: aseguradoras, productos y precios inventados, salvo los planes de isapre (Superintendencia de Salud, 2016).</p>',
  },
];

function comparator(
  code: string,
  name: string,
  baseUrl: string,
  insuranceTypes: string[],
  organizationTypes: Comparator['organizationTypes'],
  features: FeatureKey[],
  subject: string,
  extra: Partial<Comparator> = {},
): Comparator {
  return {
    code,
    name,
    baseUrl,
    insuranceTypes,
    organizationTypes,
    productType: '',
    pageSize: 20,
    features: features.map((key) => FEATURES[key]),
    faq: faqAbout(subject),
    blockZones: blockZones(code, name),
    whyUs,
    benefits: [
      'Precios exactos según tu perfil',
      'Hasta 3 planes lado a lado',
      'Contratación online en los planes marcados',
    ],
    showcase: false,
    ...extra,
  };
}

/** The comparator pages (seed 000 §2 routes; 002 §2 landings), 20 results a page, 15 on landings (rule 000-9.01). */
export function demoComparators(): Comparator[] {
  return [
    comparator(
      'seguros-de-salud',
      'Seguros de Salud',
      'Comparar/Seguros-de-Salud',
      HEALTH_TYPES,
      ['ASEGURADORA', 'CLINICA', 'ISAPRE'],
      [
        'telemedicina',
        'ambulancia',
        'reembolsoOnline',
        'sinDeducible',
        'maternidad',
        'saludMental',
        'oncologia',
        'dental',
        'farmacia',
        'compraOnline',
      ],
      'seguro de salud',
    ),
    comparator(
      'isapres',
      'Planes de Isapre',
      'Comparar/Isapres',
      ['PLAN ISAPRE'],
      ['ISAPRE'],
      ['maternidad'],
      'plan de isapre',
      {
        productType: 'ISAPRES',
      },
    ),
    comparator(
      'seguro-complementario-empresa',
      'Seguro Complementario para Empresas',
      'Comparar/Seguro-Complementario-Empresa',
      ['SEGURO COLECTIVO'],
      ['ASEGURADORA'],
      ['telemedicina', 'dental', 'farmacia', 'maternidad', 'reembolsoOnline'],
      'seguro colectivo',
      { productType: 'SEGURO COLECTIVO' },
    ),
    comparator(
      'seguros-mascotas',
      'Seguros de Mascotas',
      'Comparar/Seguros-Mascotas',
      ['SEGURO MASCOTAS'],
      ['ASEGURADORA'],
      ['vacunas', 'responsabilidadCivil', 'telemedicina', 'compraOnline'],
      'seguro de mascotas',
      { productType: 'SEGURO_MASCOTAS' },
    ),
    comparator(
      'dental',
      'Seguros Dentales',
      'Comparar/Seguros-de-Salud/Dental',
      ['SEGURO DENTAL'],
      ['ASEGURADORA'],
      ['dental', 'sinDeducible', 'compraOnline'],
      'seguro dental',
    ),
    comparator(
      'guardias',
      'Seguro para Guardias',
      'Guardias',
      ['SEGURO GUARDIAS'],
      ['ASEGURADORA'],
      ['invalidez', 'cobertura24'],
      'seguro para guardias',
    ),
    comparator(
      'accidentes-personales',
      'Accidentes Personales',
      'Comparar/Accidentes-Personales',
      ['SEGURO ACCIDENTES PERSONALES'],
      ['ASEGURADORA'],
      ['invalidez', 'renta', 'cobertura24', 'compraOnline'],
      'seguro de accidentes personales',
    ),
    comparator(
      'seguros-de-vida',
      'Seguros de Vida',
      'Comparar/Seguros-de-Vida',
      ['SEGURO VIDA', 'SEGURO VIDA AHORRO'],
      ['ASEGURADORA'],
      ['invalidez', 'ahorro', 'beneficioTributario', 'compraOnline'],
      'seguro de vida',
      { productType: 'SEGURO VIDA' },
    ),
    comparator(
      'seguros-internacionales',
      'Seguros de Salud Internacionales',
      'Comparar/Seguros-Internacionales',
      ['SEGURO INTERNACIONAL CL'],
      ['ASEGURADORA'],
      ['internacional', 'repatriacion', 'oncologia', 'maternidad'],
      'seguro internacional',
      { productType: 'SEGURO INTERNACIONAL' },
    ),
    comparator(
      'eps',
      'Planes EPS',
      'Comparar/EPS',
      ['EPS'],
      ['EPS'],
      ['telemedicina', 'maternidad', 'farmacia'],
      'plan EPS',
      {
        productType: 'colectivo',
      },
    ),
    comparator(
      'sctr',
      'SCTR',
      'Comparar/SCTR',
      ['SCTR'],
      ['ASEGURADORA', 'EPS'],
      ['cobertura24', 'invalidez'],
      'SCTR',
      {
        productType: 'SCTR',
      },
    ),
    comparator(
      'medicina-prepagada',
      'Medicina Prepagada',
      'Comparar/Medicina-Prepagada',
      ['MEDICINA PREPAGADA'],
      ['MEDICINA_PREPAGADA'],
      ['telemedicina', 'ambulancia', 'maternidad', 'saludMental'],
      'plan de medicina prepagada',
      { productType: 'Medicina Prepagada' },
    ),
    // Landings of seed 002 §2 (origin paths /Complementario, /Catastrofico): one type, 15 a page.
    comparator(
      'landing-complementario',
      'Seguros Complementarios de Salud',
      'Complementario',
      ['SEGURO COMPLEMENTARIO'],
      ['ASEGURADORA', 'CLINICA'],
      ['telemedicina', 'reembolsoOnline', 'farmacia'],
      'seguro complementario',
      {
        pageSize: 15,
      },
    ),
    // A landing over every health type: more results than one landing page holds (its 'more results').
    comparator(
      'landing-salud',
      'Seguros de Salud para ti y tu familia',
      'Salud',
      HEALTH_TYPES,
      ['ASEGURADORA', 'CLINICA', 'ISAPRE'],
      ['telemedicina', 'ambulancia', 'maternidad', 'dental'],
      'seguro de salud',
      {
        pageSize: 15,
      },
    ),
    comparator(
      'landing-catastrofico',
      'Seguros Catastróficos',
      'Catastrofico',
      ['SEGURO CATASTROFICO'],
      ['ASEGURADORA', 'ISAPRE'],
      ['oncologia', 'sinDeducible'],
      'seguro catastrófico',
      {
        pageSize: 15,
      },
    ),
  ];
}
