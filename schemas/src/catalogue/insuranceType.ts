import { z } from 'zod';
import { Slug } from './common';

export const UpperInsuranceType = z.strictObject({
  name: z.string().min(1).max(60),
  displayName: z.string().min(1).max(80),
});
export type UpperInsuranceType = z.infer<typeof UpperInsuranceType>;

export const InsuranceTypeDefinition = z.strictObject({
  /** Internal name, as the seeds spell it ("SEGURO COMPLEMENTARIO"). */
  name: z.string().min(1).max(60),
  /** URL segment ("Complementario"). */
  urlSegment: Slug,
  displayName: z.string().min(1).max(80),
  description: z.string().max(500).optional(),
  /** CSS colour of the type's badge. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour'),
  upperType: UpperInsuranceType,
  /** Types shown only in partner showcases (seed 000 §3: Estética, Coberturas). */
  showcaseOnly: z.boolean().default(false),
});
export type InsuranceTypeDefinition = z.input<typeof InsuranceTypeDefinition>;

const health = { name: 'SEGUROS DE SALUD', displayName: 'Seguros de Salud' };
const life = { name: 'SEGUROS DE VIDA', displayName: 'Seguros de Vida' };
const company = { name: 'SEGUROS EMPRESA', displayName: 'Seguros para Empresas' };
const isapres = { name: 'ISAPRES', displayName: 'Isapres' };
const pets = { name: 'SEGUROS MASCOTAS', displayName: 'Seguros de Mascotas' };
const accidents = { name: 'ACCIDENTES PERSONALES', displayName: 'Accidentes Personales' };

/**
 * The insurance-type table of seed 000 §3 (url segment and internal name as given), completed with the
 * types the other comparators need (isapre plans, pets, life, guards, personal accidents, collective).
 * Display names, colours and upper types are ours: the seed does not give them.
 */
export const INSURANCE_TYPES: InsuranceTypeDefinition[] = [
  {
    urlSegment: 'Primario',
    name: 'SEGURO PRIMARIO',
    displayName: 'Primario',
    color: '#1565c0',
    upperType: health,
  },
  {
    urlSegment: 'Complementario-Catastrofico',
    name: 'SEGURO INTEGRAL',
    displayName: 'Complementario + Catastrófico',
    color: '#6a1b9a',
    upperType: health,
  },
  {
    urlSegment: 'Complementario',
    name: 'SEGURO COMPLEMENTARIO',
    displayName: 'Complementario',
    color: '#2e7d32',
    upperType: health,
  },
  {
    urlSegment: 'Catastrofico',
    name: 'SEGURO CATASTROFICO',
    displayName: 'Catastrófico',
    color: '#c62828',
    upperType: health,
  },
  {
    urlSegment: 'Oncologico',
    name: 'SEGURO ONCOLOGICO',
    displayName: 'Oncológico',
    color: '#ad1457',
    upperType: health,
  },
  {
    urlSegment: 'Escolar',
    name: 'SEGURO ESCOLAR UNIVERSITARIO',
    displayName: 'Escolar/Universitario',
    color: '#f9a825',
    upperType: health,
  },
  {
    urlSegment: 'Accidente-y-Urgencia',
    name: 'SEGURO ACCIDENTES URGENCIA',
    displayName: 'Accidente y Urgencia',
    color: '#ef6c00',
    upperType: health,
  },
  { urlSegment: 'Dental', name: 'SEGURO DENTAL', displayName: 'Dental', color: '#00838f', upperType: health },
  {
    urlSegment: 'Cardiologico',
    name: 'SEGURO CARDIOLOGICO',
    displayName: 'Cardiológico',
    color: '#b71c1c',
    upperType: health,
  },
  {
    urlSegment: 'Servicio-Asistencia',
    name: 'SERVICIO ASISTENCIA',
    displayName: 'Asistencia, ambulancia y telemedicina',
    color: '#4527a0',
    upperType: health,
  },
  {
    urlSegment: 'Farmacia',
    name: 'SEGURO MEDICAMENTOS',
    displayName: 'Farmacia',
    color: '#558b2f',
    upperType: health,
  },
  {
    urlSegment: 'Internacional',
    name: 'SEGURO INTERNACIONAL CL',
    displayName: 'Internacional',
    color: '#283593',
    upperType: health,
  },
  {
    urlSegment: 'Estetica',
    name: 'SEGURO ESTETICA',
    displayName: 'Estética',
    color: '#d81b60',
    upperType: health,
    showcaseOnly: true,
  },
  {
    urlSegment: 'Coberturas',
    name: 'SEGURO_COBERTURA',
    displayName: 'Coberturas',
    color: '#37474f',
    upperType: health,
    showcaseOnly: true,
  },
  {
    urlSegment: 'Adulto-Mayor',
    name: 'SEGURO ADULTO MAYOR',
    displayName: 'Adulto Mayor',
    color: '#5d4037',
    upperType: health,
  },
  {
    urlSegment: 'Isapre',
    name: 'PLAN ISAPRE',
    displayName: 'Plan de Isapre',
    color: '#0277bd',
    upperType: isapres,
  },
  {
    urlSegment: 'Vida-con-Ahorro',
    name: 'SEGURO VIDA AHORRO',
    displayName: 'Vida con Ahorro',
    color: '#00695c',
    upperType: life,
  },
  { urlSegment: 'Vida', name: 'SEGURO VIDA', displayName: 'Vida', color: '#004d40', upperType: life },
  {
    urlSegment: 'Guardias',
    name: 'SEGURO GUARDIAS',
    displayName: 'Guardias',
    color: '#424242',
    upperType: life,
  },
  {
    urlSegment: 'Accidentes-Personales',
    name: 'SEGURO ACCIDENTES PERSONALES',
    displayName: 'Accidentes Personales',
    color: '#e65100',
    upperType: accidents,
  },
  {
    urlSegment: 'Mascotas',
    name: 'SEGURO MASCOTAS',
    displayName: 'Mascotas',
    color: '#8d6e63',
    upperType: pets,
  },
  {
    urlSegment: 'Complementario-Empresa',
    name: 'SEGURO COLECTIVO',
    displayName: 'Complementario de Salud para Empresas',
    color: '#1b5e20',
    upperType: company,
  },
  {
    urlSegment: 'SCTR',
    name: 'SCTR',
    displayName: 'Seguro Complementario de Trabajo de Riesgo',
    color: '#bf360c',
    upperType: company,
  },
  {
    urlSegment: 'Medicina-Prepagada',
    name: 'MEDICINA PREPAGADA',
    displayName: 'Medicina Prepagada',
    color: '#1a237e',
    upperType: health,
  },
  { urlSegment: 'EPS', name: 'EPS', displayName: 'EPS', color: '#311b92', upperType: company },
];
