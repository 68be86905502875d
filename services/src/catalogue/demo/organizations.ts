import type { Country, OrganizationDefinition, OrganizationType } from '@cubre/schemas';
import { ISAPRE_ORGANIZATIONS } from '../import/isapreOrganizations';

const DEMO_NOTE = 'Organización de demostración: nombre inventado, sus productos y precios no existen.';

export interface DemoInsurer extends OrganizationDefinition {
  /** The word its products carry ('Complementario Cumbre Premium'). */
  line: string;
}

const TYPE_ALIAS: Partial<Record<OrganizationType, string>> = {
  ASEGURADORA: 'Aseguradora',
  EPS: 'EPS',
  MEDICINA_PREPAGADA: 'Medicina Prepagada',
};

const insurer = (
  code: string,
  displayName: string,
  country: Country,
  line: string,
  type: OrganizationType = 'ASEGURADORA',
): DemoInsurer => ({
  code,
  displayName,
  type,
  typeAlias: TYPE_ALIAS[type] ?? 'Aseguradora',
  url: code,
  image: `/images/organizations/${code}.svg`,
  country,
  description: DEMO_NOTE,
  line,
});

/**
 * Insurers: invented names (not the brands of real insurers, so no price here can be mistaken for a real
 * offer), in the styles of the markets they stand for.
 */
export const DEMO_INSURERS = {
  cordillera: insurer('Cordillera-Seguros', 'Cordillera Seguros', 'CL', 'Cumbre'),
  austral: insurer('Austral-Vida', 'Austral Vida', 'CL', 'Austral'),
  pehuen: insurer('Pehuen-Seguros', 'Pehuén Seguros', 'CL', 'Pehuén'),
  faro: insurer('Faro-Seguros', 'Faro Seguros Generales', 'CL', 'Faro'),
  huella: insurer('Huella-Seguros', 'Huella Seguros de Mascotas', 'CL', 'Huella'),
  alerce: insurer('Alerce-Vida', 'Alerce Vida y Ahorro', 'CL', 'Alerce'),
  andina: insurer('Andina-Salud-EPS', 'Andina Salud EPS', 'PE', 'Andina', 'EPS'),
  miraflores: insurer('Miraflores-Seguros', 'Miraflores Seguros', 'PE', 'Miraflores'),
  sabana: insurer(
    'Sabana-Medicina-Prepagada',
    'Sabana Medicina Prepagada',
    'CO',
    'Sabana',
    'MEDICINA_PREPAGADA',
  ),
  cafetal: insurer('Seguros-del-Cafetal', 'Seguros del Cafetal', 'CO', 'Cafetal'),
  caribe: insurer('Caribe-Salud-EPS', 'Caribe Salud EPS', 'CO', 'Caribe', 'EPS'),
  meridian: insurer('Meridian-Global-Health', 'Meridian Global Health', 'INT', 'Meridian'),
  atlas: insurer('Atlas-Worldwide-Care', 'Atlas Worldwide Care', 'INT', 'Atlas'),
} satisfies Record<string, DemoInsurer>;

const clinic = (code: string, displayName: string, country: Country = 'CL'): OrganizationDefinition => ({
  code,
  displayName,
  type: 'CLINICA',
  typeAlias: 'Clínica',
  url: code,
  image: `/images/organizations/${code}.svg`,
  country,
});

/**
 * Chilean clinics under their real names and the current slugs of seed 000 §2 (rule 000-2.08), as care
 * providers and as the clinics of the Clinicas-y-Hospitales detail paths; the insurance sold "through" a
 * clinic in this catalogue is invented like everything else here.
 */
export const DEMO_CLINICS = {
  alemana: clinic('Clinica-Alemana-de-Santiago', 'Clínica Alemana de Santiago'),
  redSaludProvidencia: clinic('Clinica-Red-Salud-Providencia', 'Clínica RedSalud Providencia'),
  redSaludMagallanes: clinic('Clinica-Red-Salud-Magallanes', 'Clínica RedSalud Magallanes'),
  redSaludElqui: clinic('Clinica-Red-Salud-Elqui', 'Clínica RedSalud Elqui'),
  indisa: clinic('Clinica-Indisa', 'Clínica Indisa'),
  santaMaria: clinic('Clinica-Santa-Maria', 'Clínica Santa María'),
  ucChristus: clinic('Centro-Medico-Red-de-Salud-UC-Christus', 'Centro Médico Red de Salud UC Christus'),
  davila: clinic('Clinica-Davila', 'Clínica Dávila'),
  meds: clinic('Clinica-MEDS', 'Clínica MEDS'),
  andesConcepcion: clinic('Clinica-Andes-Salud-Concepcion', 'Clínica Andes Salud Concepción'),
  lasCondes: clinic('Clinica-Las-Condes', 'Clínica Las Condes'),
  sanCarlos: clinic('Clinica-San-Carlos-de-Apoquindo', 'Clínica San Carlos de Apoquindo'),
  uAndes: clinic('Clinica-Universidad-de-Los-Andes', 'Clínica Universidad de los Andes'),
  costaAzul: { ...clinic('Clinica-Costa-Azul', 'Clínica Costa Azul', 'PE'), description: DEMO_NOTE },
} satisfies Record<string, OrganizationDefinition>;

const provider = (code: string, displayName: string): OrganizationDefinition => ({
  code,
  displayName,
  type: 'PRESTADOR',
  typeAlias: 'Prestador',
  url: code,
  country: 'CL',
  description: DEMO_NOTE,
});

/** Care providers that are not clinics: a dental network and a veterinary network (invented). */
export const DEMO_PROVIDERS = {
  dental: provider('Red-Dental-Sonrisa', 'Red Dental Sonrisa'),
  vet: provider('Veterinarias-Patitas', 'Red Veterinaria Patitas'),
} satisfies Record<string, OrganizationDefinition>;

/** Chilean clinics only: the care providers of Chilean health products. */
export const CHILEAN_CLINICS: OrganizationDefinition[] = Object.values(DEMO_CLINICS).filter(
  (organization) => organization.country === 'CL',
);

/** Every organization the demo products name, isapres included (identical to the import's: idempotent). */
export function demoOrganizations(): OrganizationDefinition[] {
  const insurers = Object.values(DEMO_INSURERS).map(({ line: _line, ...organization }) => organization);
  return [
    ...insurers,
    ...Object.values(DEMO_CLINICS),
    ...Object.values(DEMO_PROVIDERS),
    ISAPRE_ORGANIZATIONS[99]!,
    ISAPRE_ORGANIZATIONS[67]!,
  ];
}
