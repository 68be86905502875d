/**
 * Request types of seed 002 §3 (rule 002-3.21), scheduled event types (rule 002-3.25) and editions. The
 * schemas define them with zod (schemas/src/leads/policy.ts, catalogue/common.ts); importing those would
 * put zod in the console's first download (~15 kB gzip) for three lists, so they are repeated here and
 * test/constants.test.ts keeps them equal to the schemas'.
 */
export const REQUEST_TYPES = [
  'Seguros',
  'Planes',
  'Contactos',
  'Usuario',
  'MovimientoyCuenta',
  'Colectivos',
  'International Health',
] as const;

export const LEAD_EVENT_TYPES = ['LLAMADA', 'REUNION'] as const;

/** Editions a lead comes from; their names are translations (cubre.countries). */
export const COUNTRIES = ['CL', 'PE', 'CO', 'INT'] as const;
