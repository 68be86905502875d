import { LEAD_STATUSES } from '../leads/statuses';
import type { LeadStatusRecord, LeadSubStatusRecord, LeadTransitionRecord } from './records';

/**
 * The catalogue every new installation starts with (seed 002 §3; services/src/leadCatalogue/README.md explains
 * each choice). The console edits it afterwards; the seeding at start never overwrites an edit.
 */

/** Colours (the seed's "colour class", not shown), order in the workflow, and what entering requires. */
const STATUS_SETTINGS: Record<
  number,
  { colour: string; order: number; requiresSubStatus?: boolean; requiresFailureReason?: boolean }
> = {
  1: { colour: '#9E9E9E', order: 10 },
  8: { colour: '#78909C', order: 20 },
  2: { colour: '#1976D2', order: 30 },
  13: { colour: '#0288D1', order: 40, requiresSubStatus: true },
  14: { colour: '#43A047', order: 50, requiresSubStatus: true },
  12: { colour: '#FB8C00', order: 60, requiresSubStatus: true },
  9: { colour: '#8E24AA', order: 70 },
  500: { colour: '#00897B', order: 80, requiresSubStatus: true },
  501: { colour: '#FDD835', order: 90 },
  3: { colour: '#2E7D32', order: 100 },
  4: { colour: '#C62828', order: 110, requiresSubStatus: true, requiresFailureReason: true },
  7: { colour: '#6D4C41', order: 120 },
  6: { colour: '#757575', order: 130 },
  10: { colour: '#558B2F', order: 140 },
  11: { colour: '#1B5E20', order: 150 },
  100: { colour: '#EF6C00', order: 160 },
  101: { colour: '#5D4037', order: 170 },
  97: { colour: '#BDBDBD', order: 180 },
  98: { colour: '#424242', order: 190 },
  99: { colour: '#607D8B', order: 200 },
};

/** Every status of seed 002 §3 (rule 002-3.01), with its colour and what a lead must give to enter it. */
export const DEFAULT_LEAD_STATUSES: LeadStatusRecord[] = LEAD_STATUSES.map(({ id, name }) => {
  const settings = STATUS_SETTINGS[id];
  if (!settings) throw new Error(`status ${id} has no default settings`);
  return {
    id,
    name,
    colour: settings.colour,
    requiresSubStatus: settings.requiresSubStatus ?? false,
    requiresFailureReason: settings.requiresFailureReason ?? false,
    order: settings.order,
    active: true,
  };
});

/**
 * Ids of the sub-statuses the code names (failure reasons refer to Fallido's; the online purchase's steps
 * move a lead to Contratación Online's, Recaudación and Cerrado's: services/src/leads/contracting.ts).
 */
export const SUB_STATUS_IDS = {
  EN_GESTION: 201,
  WEB_SUSCRIPCION_ACTIVA: 301,
  WEB_PAGO_UNICO: 302,
  WEB_TRANSFERENCIA_NO_AUTOMATICA: 303,
  RECAUDACION: 330,
  SIN_CONTACTO: 401,
  NO_CONTACTADO: 402,
  NO_LE_INTERESA: 403,
  NO_AVANZA: 404,
  CON_CLIENTE: 5001,
  DATOS_PERSONALES: 5003,
  ESTADO_DE_SALUD: 5004,
  FIRMA_CONTRATANTE: 5005,
  PAGO: 5006,
  DATOS_EMPRESA: 5007,
  DATOS_EMPLEADOS: 5008,
} as const;

/**
 * Sub-statuses by parent, in the seed's order (rules 002-3.03 to 002-3.10). The seed gives one id,
 * Recaudación 330 under both 500 and 501; the others are `{parent}{nn}` (201 En Gestión, 1201 Término de
 * giro), and Contratación Online's `5001`… with 5002 left out, which is where Recaudación sits in its list.
 * Where the seed describes a sub-status in English, the name is the Spanish a Chilean back-office uses.
 */
const SUB_STATUS_GROUPS: { parentId: number; items: [id: number, name: string][] }[] = [
  {
    parentId: 2,
    items: [
      [201, 'En Gestión'],
      [202, 'Contactado'],
      [203, 'Interesado'],
      [204, 'Retomar Prospecto'],
      [205, 'Reunión Concretada'],
    ],
  },
  {
    parentId: 500,
    items: [
      [SUB_STATUS_IDS.CON_CLIENTE, 'Con cliente'],
      [SUB_STATUS_IDS.RECAUDACION, 'Recaudación'],
      [SUB_STATUS_IDS.DATOS_PERSONALES, 'Datos personales'],
      [SUB_STATUS_IDS.ESTADO_DE_SALUD, 'Estado de salud'],
      [SUB_STATUS_IDS.FIRMA_CONTRATANTE, 'Firma contratante'],
      [SUB_STATUS_IDS.PAGO, 'Pago'],
      [SUB_STATUS_IDS.DATOS_EMPRESA, 'Datos empresa'],
      [SUB_STATUS_IDS.DATOS_EMPLEADOS, 'Datos empleados'],
    ],
  },
  {
    parentId: 3,
    items: [
      [SUB_STATUS_IDS.WEB_SUSCRIPCION_ACTIVA, 'Web - Suscripción activa'],
      [SUB_STATUS_IDS.WEB_PAGO_UNICO, 'Web - Pago único'],
      [SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA, 'Web - Transferencia no automática'],
    ],
  },
  {
    parentId: 12,
    items: [
      [1201, 'Término de giro'],
      [1202, 'Empresa en venta'],
      [1203, 'Problemas económicos'],
      [1204, 'Problemas con la empresa'],
      [1205, 'Ya tiene seguro complementario'],
      [1206, 'Otro'],
      [1207, 'Seguro individual'],
      [1208, 'Seguro de vida'],
    ],
  },
  {
    parentId: 13,
    items: [
      [1301, 'Videollamada'],
      [1302, 'Contacto telefónico'],
      [1303, 'Contacto por correo'],
    ],
  },
  {
    parentId: 14,
    items: [
      [1401, 'Pendiente envío de nómina'],
      [1402, 'Pendiente envío de firma'],
    ],
  },
  {
    parentId: 4,
    items: [
      [401, 'Sin contacto'],
      [402, 'No Contactado'],
      [403, 'No le interesa'],
      [404, 'No avanza'],
    ],
  },
];

/** Parents beyond the group a sub-status is listed in: Recaudación also belongs to 501 (rule 002-3.05). */
const EXTRA_PARENTS: Record<number, number[]> = { [SUB_STATUS_IDS.RECAUDACION]: [501] };

export const DEFAULT_LEAD_SUB_STATUSES: LeadSubStatusRecord[] = SUB_STATUS_GROUPS.flatMap(
  ({ parentId, items }) =>
    items.map(([id, name], index) => ({
      id,
      name,
      parentIds: [parentId, ...(EXTRA_PARENTS[id] ?? [])],
      order: (index + 1) * 10,
      active: true,
    })),
);

/**
 * The default transition policy (seed 002 §4: "allowed transitions not shown"). A status in its own list
 * lets a lead change sub-status or failure reason without leaving it. README.md explains the design.
 */
const TRANSITIONS: Record<number, number[]> = {
  // Sin Estado and Web: a new lead is assigned, set aside, or recognised as not a real request.
  1: [2, 6, 7, 11, 97, 98, 99, 500],
  8: [2, 6, 7, 11, 97, 98, 99, 500],
  // Asignado: the executive works it.
  2: [2, 13, 14, 12, 9, 3, 4, 7, 6, 10, 11, 98, 99, 500],
  13: [13, 2, 14, 12, 9, 3, 4, 7],
  14: [14, 13, 12, 9, 3, 4, 7, 500],
  12: [12, 13, 14, 4, 7],
  9: [9, 3, 4, 13, 14, 500, 501, 7],
  // The online purchase: its steps (sub-statuses), confirmation, closing or failure.
  500: [500, 501, 3, 4, 7],
  501: [501, 500, 3, 4, 7],
  // Closed and failed leads reopen only through Por Reasignar; a sale may still be refunded.
  3: [3, 100, 7],
  4: [4, 7],
  // Por Reasignar goes back to an executive (or is recognised as not a real request).
  7: [2, 6, 97, 98, 99],
  6: [7],
  10: [7],
  11: [7],
  98: [7],
  99: [7, 2],
  // The refund: done, or cancelled and back to closed.
  100: [101, 3],
  101: [],
  97: [],
};

export const DEFAULT_LEAD_TRANSITIONS: LeadTransitionRecord[] = LEAD_STATUSES.map(({ id }) => {
  const to = TRANSITIONS[id];
  if (!to) throw new Error(`status ${id} has no default transitions`);
  return { id, to };
});
