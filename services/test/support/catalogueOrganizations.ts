import { randomUUID } from 'node:crypto';
import type { OrganizationDefinition } from '@cubre/schemas';

/**
 * The organizations every test catalogue is built from, written once (issue 12: the leads, site and
 * catalogue fixtures each had a copy). A fixture picks the ones it needs.
 */
export const ORGANIZATIONS = {
  andes: {
    code: 'Seguros-Andes',
    displayName: 'Seguros Andes',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Seguros-Andes',
    country: 'CL',
  },
  consalud: {
    code: 'Consalud',
    displayName: 'Consalud',
    type: 'ISAPRE',
    typeAlias: 'Isapre',
    url: 'Consalud',
    country: 'CL',
    isapreCode: 107,
  },
  colmena: {
    code: 'Colmena',
    displayName: 'Colmena',
    type: 'ISAPRE',
    typeAlias: 'Isapre',
    url: 'Colmena',
    country: 'CL',
    isapreCode: 67,
  },
  davila: {
    code: 'Clinica-Davila',
    displayName: 'Clínica Dávila',
    type: 'CLINICA',
    typeAlias: 'Clínica',
    url: 'Clinica-Davila',
    country: 'CL',
  },
  pacifico: {
    code: 'Pacifico-Seguros',
    displayName: 'Pacífico Seguros',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Pacifico-Seguros',
    country: 'PE',
  },
} satisfies Record<string, OrganizationDefinition>;

/** The options of a fixture's catalogue commands: a system actor, a fresh correlation, a clock. */
export const fixtureCommandOptions =
  (actorId: string, now: () => Date = () => new Date('2025-09-15T12:00:00Z')) =>
  () => ({
    actor: { kind: 'system' as const, id: actorId },
    correlationId: randomUUID(),
    now: now(),
  });
