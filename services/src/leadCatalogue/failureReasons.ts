import { REQUEST_TYPES, type Country, type FailureReasonRecord, type RequestType } from '@cubre/schemas';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';

const { SIN_CONTACTO, NO_CONTACTADO, NO_LE_INTERESA, NO_AVANZA } = SUB_STATUS_IDS;

const EVERY_TYPE: RequestType[] = [...REQUEST_TYPES];
/** Requests for a product: what an executive sells. */
const SALES: RequestType[] = ['Seguros', 'Planes', 'Colectivos', 'International Health'];
const HEALTH: RequestType[] = ['Seguros', 'Planes', 'International Health'];
const EVERYWHERE: Country[] = ['CL', 'PE', 'CO', 'INT'];

type Reason = [name: string, subStatusIds: number[], requestTypes: RequestType[], countries?: Country[]];

/**
 * The 49 failure reasons (rule 002-3.11; the seed names four: Pre Existencias, No contesta, Muy caro,
 * Datos de contacto erróneos). A reason is chosen with a sub-status of Fallido (4): 401 Sin contacto (the
 * lead was reached once, then no more), 402 No Contactado (never reached), 403 No le interesa, 404 No avanza
 * (interested, but the contract cannot go ahead). Isapre reasons are Chile's (Planes); ids follow the list.
 */
const REASONS: Reason[] = [
  // Contact.
  ['No contesta', [SIN_CONTACTO, NO_CONTACTADO], EVERY_TYPE],
  ['Datos de contacto erróneos', [NO_CONTACTADO], EVERY_TYPE],
  ['Teléfono fuera de servicio', [NO_CONTACTADO], EVERY_TYPE],
  ['Número equivocado', [NO_CONTACTADO], EVERY_TYPE],
  ['Correo electrónico rebotado', [NO_CONTACTADO], EVERY_TYPE],
  ['Buzón de voz reiterado', [SIN_CONTACTO, NO_CONTACTADO], EVERY_TYPE],
  ['Corta la llamada', [SIN_CONTACTO], EVERY_TYPE],
  ['Dejó de responder', [SIN_CONTACTO], EVERY_TYPE],
  ['No reconoce haber cotizado', [NO_CONTACTADO, NO_LE_INTERESA], EVERY_TYPE],
  ['Solicita no ser contactado', [SIN_CONTACTO, NO_LE_INTERESA], EVERY_TYPE],
  // Not interested.
  ['Muy caro', [NO_LE_INTERESA, NO_AVANZA], SALES],
  ['Ya contrató con otra compañía', [NO_LE_INTERESA], SALES],
  ['Ya tiene un seguro similar', [NO_LE_INTERESA], ['Seguros', 'Colectivos', 'International Health']],
  ['Se queda en su isapre actual', [NO_LE_INTERESA], ['Planes'], ['CL']],
  ['Se cambia a Fonasa', [NO_LE_INTERESA], ['Planes'], ['CL']],
  ['Solo estaba cotizando', [NO_LE_INTERESA], [...SALES, 'Contactos']],
  ['Cobertura insuficiente', [NO_LE_INTERESA, NO_AVANZA], SALES],
  ['Red de prestadores no le acomoda', [NO_LE_INTERESA], HEALTH],
  ['Deducible muy alto', [NO_LE_INTERESA], ['Seguros', 'International Health']],
  ['Carencias muy largas', [NO_LE_INTERESA], HEALTH],
  ['Desconfía de la compañía', [NO_LE_INTERESA], SALES],
  ['Mala experiencia previa', [NO_LE_INTERESA], SALES],
  ['Buscaba otro producto', [NO_LE_INTERESA], [...SALES, 'Contactos']],
  ['Prefiere contratar presencialmente', [NO_LE_INTERESA], SALES],
  ['Lo decide otra persona', [NO_LE_INTERESA, NO_AVANZA], SALES],
  ['Cambio de situación laboral', [NO_LE_INTERESA, NO_AVANZA], HEALTH],
  ['Lo postergará para más adelante', [NO_LE_INTERESA], SALES],
  // Company (collective) insurance.
  ['La empresa no aprueba el beneficio', [NO_LE_INTERESA, NO_AVANZA], ['Colectivos']],
  ['No cumple el mínimo de trabajadores', [NO_AVANZA], ['Colectivos']],
  ['Trabajadores no adhieren', [NO_AVANZA], ['Colectivos']],
  ['Empresa sin iniciación de actividades', [NO_AVANZA], ['Colectivos'], ['CL', 'PE', 'CO']],
  // Cannot go ahead.
  ['Pre Existencias', [NO_AVANZA], [...HEALTH, 'Colectivos']],
  ['Edad fuera de rango', [NO_AVANZA], SALES],
  ['Declaración de salud rechazada', [NO_AVANZA], HEALTH],
  ['Rechazado por la aseguradora', [NO_AVANZA], ['Seguros', 'Colectivos', 'International Health']],
  ['Rechazado por la isapre', [NO_AVANZA], ['Planes'], ['CL']],
  ['Renta insuficiente para el plan', [NO_AVANZA], ['Planes'], ['CL']],
  ['Embarazo en curso', [NO_AVANZA], HEALTH],
  ['Permanencia mínima en su isapre', [NO_AVANZA], ['Planes'], ['CL']],
  ['Deuda con su isapre', [NO_AVANZA], ['Planes'], ['CL']],
  ['Documentación incompleta', [NO_AVANZA], SALES],
  ['No firma el contrato', [NO_AVANZA], SALES],
  ['Pago rechazado', [NO_AVANZA], ['Seguros', 'Colectivos', 'International Health']],
  ['No completa la contratación online', [NO_AVANZA], HEALTH],
  ['Fuera de la zona de cobertura', [NO_AVANZA], SALES],
  ['Sin cobertura en su país de residencia', [NO_AVANZA], ['International Health'], ['INT']],
  ['Producto no disponible', [NO_AVANZA], SALES],
  // Requests that are not a sale, and the rest.
  [
    'Solicitud ya resuelta por otro canal',
    [SIN_CONTACTO, NO_LE_INTERESA, NO_AVANZA],
    ['Contactos', 'Usuario', 'MovimientoyCuenta'],
  ],
  ['Otro', [SIN_CONTACTO, NO_CONTACTADO, NO_LE_INTERESA, NO_AVANZA], EVERY_TYPE],
];

export const DEFAULT_FAILURE_REASONS: FailureReasonRecord[] = REASONS.map(
  ([name, subStatusIds, requestTypes, countries], index) => ({
    id: index + 1,
    name,
    requestTypes,
    subStatusIds,
    order: (index + 1) * 10,
    countries: countries ?? EVERYWHERE,
    active: true,
  }),
);
