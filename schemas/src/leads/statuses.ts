import { z } from 'zod';

/**
 * Lead (request) statuses of seed 002 §3, by id and name (rule 002-3.01). The back-office console will keep
 * them as an editable catalogue with their colours (issue 5); a lead's events carry the status it moved to
 * as `{id, name}`, so its history reads the same after a status is renamed.
 */
export const LEAD_STATUSES = [
  { id: 1, name: 'Sin Estado' },
  { id: 2, name: 'Asignado' },
  { id: 3, name: 'Cerrado' },
  { id: 4, name: 'Fallido' },
  { id: 6, name: 'Duplicado' },
  { id: 7, name: 'Por Reasignar' },
  { id: 8, name: 'Web' },
  { id: 9, name: 'Por Cerrar' },
  { id: 10, name: 'Resuelto' },
  { id: 11, name: 'Cliente Vigente' },
  { id: 12, name: 'No interesa' },
  { id: 13, name: 'Agenda' },
  { id: 14, name: 'Interesa' },
  { id: 97, name: 'Pruebas QP' },
  { id: 98, name: 'Cliente Falso' },
  { id: 99, name: 'Otro' },
  { id: 100, name: 'Proceso de Devolución' },
  { id: 101, name: 'Devuelto' },
  { id: 500, name: 'Contratacion Online' },
  { id: 501, name: 'Pendiente de confirmación' },
] as const;

/** The second enumeration of seed 002 §3 (rule 002-3.02): the ids code refers to by name. */
export const LEAD_STATUS_CODES = {
  SIN_ESTADO: 1,
  ASIGNADO: 2,
  CERRADO: 3,
  ELIMINADO: 5,
  DUPLICADO: 6,
  PRUEBA: 97,
  CONTRATACION_ONLINE: 500,
  PENDIENTE_DE_CONFIRMACION: 501,
} as const;

/** A status as a lead carries it: its id and the name it had when the lead moved to it. */
export const LeadStatusRef = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1).max(80),
});
export type LeadStatusRef = z.infer<typeof LeadStatusRef>;

/**
 * A request from the storefront starts as Sin Estado (1): nobody has worked it yet. The seed names no
 * initial status; 'Web' (8) reads like an origin rather than a stage, and the request type and origin
 * path already say where a lead came from (services/src/leads/README.md).
 */
export const INITIAL_LEAD_STATUS: LeadStatusRef = { ...LEAD_STATUSES[0] };
