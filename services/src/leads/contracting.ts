import {
  LEAD_STATUSES,
  LEAD_STATUS_CODES,
  type CatalogueRef,
  type ContractingProgress,
  type LeadContact,
  type LeadPolicy,
  type LeadStatusRef,
  type PaymentMethod,
  type PurchaseStep,
} from '@cubre/schemas';
import { DEFAULT_LEAD_SUB_STATUSES, SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { LeadDomainEvent, RecordContractingStep } from './leadModel';
import type { LeadState } from './state';

/**
 * The online purchase's steps on the lead aggregate (rules 002-2.08, 002-3.04 to 002-3.06): where each step
 * takes a lead, and when it does not. Pure: the decider calls `decideContractingStep`. The decisions are in
 * README.md beside this file ("Online contracting").
 */

const { CONTRATACION_ONLINE, PENDIENTE_DE_CONFIRMACION, CERRADO } = LEAD_STATUS_CODES;

/** Statuses of the purchase in progress: a step moves a lead only while it is in one of them. */
export const ONLINE_STATUS_IDS: readonly number[] = [CONTRATACION_ONLINE, PENDIENTE_DE_CONFIRMACION];
export const SALE_STEP = 'Compra exitosa!' satisfies PurchaseStep;

/** Where each step but the sale takes a lead: Contratación Online's sub-statuses, or awaiting confirmation. */
const STEP_TARGETS: Record<
  Exclude<PurchaseStep, typeof SALE_STEP>,
  { statusId: number; subStatusId: number }
> = {
  'Datos personales': { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.DATOS_PERSONALES },
  'Estado de salud': { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.ESTADO_DE_SALUD },
  'Datos empresa': { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.DATOS_EMPRESA },
  'Datos colaboradores': { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.DATOS_EMPLEADOS },
  Pago: { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.PAGO },
  'Asignación ejecutivo': { statusId: CONTRATACION_ONLINE, subStatusId: SUB_STATUS_IDS.CON_CLIENTE },
  // The charge is made; its confirmation is awaited (Recaudación belongs to 501 too: rule 002-3.05).
  Confirmación: { statusId: PENDIENTE_DE_CONFIRMACION, subStatusId: SUB_STATUS_IDS.RECAUDACION },
};

/** Cerrado's sub-status of a sale (rule 002-3.06): a subscription, a manual transfer, or a one-time payment. */
function saleSubStatusId(paymentMethod: PaymentMethod | null, subscription: boolean | null): number {
  if (subscription === true) return SUB_STATUS_IDS.WEB_SUSCRIPCION_ACTIVA;
  if (paymentMethod === 'transfer_non_automated') return SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA;
  return SUB_STATUS_IDS.WEB_PAGO_UNICO;
}

/** The status and sub-status ids a step takes a lead to. */
export function stepTarget(
  step: PurchaseStep,
  paymentMethod: PaymentMethod | null,
  subscription: boolean | null,
): { statusId: number; subStatusId: number } {
  if (step === SALE_STEP)
    return { statusId: CERRADO, subStatusId: saleSubStatusId(paymentMethod, subscription) };
  return STEP_TARGETS[step];
}

const SEED_STATUS_NAMES = new Map<number, string>(LEAD_STATUSES.map(({ id, name }) => [id, name]));
const SEED_SUB_STATUS_NAMES = new Map(DEFAULT_LEAD_SUB_STATUSES.map(({ id, name }) => [id, name]));

/**
 * The names a step records: the catalogue's current ones (an administrator may have renamed them), the
 * seeded ones where the catalogue no longer has the entry. The flow's move is not the console's: the
 * transition policy does not judge it, the purchase happened.
 */
export function targetRefs(
  policy: LeadPolicy,
  target: { statusId: number; subStatusId: number },
): { status: LeadStatusRef; subStatus: CatalogueRef } {
  const { statusId, subStatusId } = target;
  return {
    status: {
      id: statusId,
      name: policy.statuses.get(statusId)?.name ?? SEED_STATUS_NAMES.get(statusId) ?? String(statusId),
    },
    subStatus: {
      id: subStatusId,
      name:
        policy.subStatuses.get(subStatusId)?.name ??
        SEED_SUB_STATUS_NAMES.get(subStatusId) ??
        String(subStatusId),
    },
  };
}

export const CONTACT_FIELDS = ['nombre', 'rut', 'email', 'telefono'] as const;

/** The contact fields a first step is missing. */
export const missingContactFields = (contact: Partial<LeadContact>) =>
  CONTACT_FIELDS.filter((name) => !contact[name]);

const progressOf = (data: RecordContractingStep['data']): ContractingProgress => ({
  session: data.session,
  step: data.step,
  sessionType: data.sessionType,
  paymentMethod: data.paymentMethod,
  subscription: data.subscription,
});

const sameProgress = (a: ContractingProgress, b: ContractingProgress) =>
  a.session === b.session &&
  a.step === b.step &&
  a.sessionType === b.sessionType &&
  a.paymentMethod === b.paymentMethod &&
  a.subscription === b.subscription;

/**
 * One step of an online purchase. The session's first step opens the lead where the step takes it (it needs
 * the contact data); a later step is recorded, and moves the lead while it is in the purchase (500, 501), or
 * whatever its status when it is the sale and the lead is not closed yet. The step just recorded, again with
 * the same data, records nothing.
 */
export function decideContractingStep(command: RecordContractingStep, state: LeadState): LeadDomainEvent[] {
  const { data, request, policy } = command;
  const progress = progressOf(data);
  const target = targetRefs(policy, stepTarget(data.step, data.paymentMethod, data.subscription));

  if (state.status === 'Empty') {
    const [missing] = missingContactFields(request.contact);
    if (missing) {
      throw new CommandRejected(
        'el primer paso de la compra necesita los datos de contacto',
        'required',
        422,
        missing,
      );
    }
    return [
      {
        type: 'LeadRequested',
        data: {
          ...request,
          contact: request.contact as LeadContact,
          status: target.status,
          subStatus: target.subStatus,
          contracting: progress,
        },
      },
    ];
  }

  if (
    !state.contracting ||
    state.contracting.session !== data.session ||
    state.request.leadId !== data.leadId
  ) {
    throw new CommandRejected('la solicitud no es de esta sesión de compra', 'lead_exists', 409, 'session');
  }
  if (state.request.product.code !== request.product.code) {
    throw new CommandRejected(
      `la sesión de compra es del producto ${state.request.product.code}`,
      'session_product',
      422,
      'productCode',
    );
  }
  if (state.request.country !== request.country) {
    throw new CommandRejected(
      `la sesión de compra es de la edición ${state.request.country}: envíe el encabezado country correspondiente`,
      'edition',
      422,
      'country',
    );
  }
  // A step that does not say how the session came (the sale's own events, a device that started it) keeps
  // what a shared link said (000-2.22's sessionType).
  const kept =
    progress.sessionType === null && state.contracting.sessionType !== null
      ? { ...progress, sessionType: state.contracting.sessionType }
      : progress;
  if (sameProgress(state.contracting, kept)) return [];

  const current = state.leadStatus.id;
  const moves = current !== CERRADO && (data.step === SALE_STEP || ONLINE_STATUS_IDS.includes(current));
  return [
    {
      type: 'LeadContractingStepRecorded',
      data: {
        leadId: data.leadId,
        ...kept,
        status: moves ? target.status : state.leadStatus,
        subStatus: moves ? target.subStatus : state.subStatus,
        moved: moves,
      },
    },
  ];
}
