/** Request types of seed 002 §3 (rule 002-3.21). Without zod: the console imports it at no cost. */
export const REQUEST_TYPES = [
  'Seguros',
  'Planes',
  'Contactos',
  'Usuario',
  'MovimientoyCuenta',
  'Colectivos',
  'International Health',
] as const;

/** Scheduled event types of seed 002 §3 (rule 002-3.25). */
export const LEAD_EVENT_TYPES = ['LLAMADA', 'REUNION'] as const;
