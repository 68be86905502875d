import {
  CONTACT_REQUEST_CATEGORY,
  LEAD_CATEGORY,
  cleanRut,
  type ContactRequestedData,
  type ContractingProgress,
  type LeadAssignedData,
  type LeadContractingStepRecordedData,
  type LeadEventScheduledData,
  type LeadEventType,
  type LeadStatusChangedData,
  type Country,
  type LeadContact,
  type LeadContactChanges,
  type LeadKind,
  type LeadRequestedData,
  type LeadStatusRef,
  type LeadType,
  type PriceQuote,
  type Profile,
  type ProductType,
  type Region,
  type ShownPrice,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const LEADS_PROJECTION = 'leads';
export const LEADS_COLLECTION = 'leads';
export const CONTACTS_PROJECTION = 'contacts';
export const CONTACTS_COLLECTION = 'contacts';
/** Scheduled calls and meetings (LLAMADA, REUNION) by event id: each executive's agenda. */
export const LEAD_AGENDA_COLLECTION = 'leadAgenda';

/** Lower-cased, without accents and extra spaces: what the console's search compares. */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keys a lead is found by (issue 5: search by RUT, e-mail or name; duplicates by RUT or e-mail). */
export function searchKeys(contact: LeadContact, country: string) {
  return {
    rut: country === 'CL' ? cleanRut(contact.rut) : contact.rut.toUpperCase(),
    email: contact.email.toLowerCase(),
    nombre: searchText(contact.nombre),
  };
}

/**
 * One lead as the back-office works it. Personal data is here on purpose (the console searches and shows
 * it, behind its permissions); the storefront's GET answers only the fields of LeadView.
 */
export type LeadDocument = {
  [key: string]: unknown;
  /** The lead id. */
  _id: string;
  kind: LeadKind;
  requestType: LeadType;
  country: Country;
  productCode: string;
  productName: string;
  productType: ProductType;
  insuranceType: string;
  organizationCode: string | null;
  organizationName: string | null;
  basePlanCode: string | null;
  status: LeadStatusRef;
  /** Set by the console (issue 5); null until then. */
  subStatus: LeadStatusRef | null;
  failureReason: LeadStatusRef | null;
  executiveId: string | null;
  executiveName: string | null;
  /** The earlier lead this one repeats, when it was marked Duplicado. */
  duplicateOf: string | null;
  notesCount: number;
  contact: LeadContact;
  search: { rut: string; email: string; nombre: string };
  region: Region | null;
  profile: Profile | null;
  price: ShownPrice | null;
  /** The product's price for the request's profile when it was requested (null before quotes were kept). */
  quote: PriceQuote | null;
  comparator: string | null;
  originPath: string | null;
  /** A contact-form lead's subject and text. */
  message: { asunto: string | null; mensaje: string } | null;
  /** A lead opened by an online purchase: its session and the last step reported; null otherwise. */
  contracting: ContractingProgress | null;
  createdAt: string;
  updatedAt: string;
  /** Stream revision last applied: the guard that makes a replay change nothing, and the lead's ETag. */
  revision: number;
};

/** One contact-form message. */
export type ContactDocument = {
  [key: string]: unknown;
  _id: string;
  country: Country;
  nombre: string;
  email: string;
  telefono: string;
  mensaje: string;
  asunto: string | null;
  originPath: string | null;
  createdAt: string;
  revision: number;
};

/**
 * The payload's shape, checked by hand on the few fields the update needs, as the other projections do (a
 * zod parse per event would slow replays); the writer validated it with zod before storing it.
 */
function requestedOf(data: Record<string, unknown>): LeadRequestedData {
  const { leadId, kind, product, contact, status } = data;
  if (
    typeof leadId !== 'string' ||
    typeof kind !== 'string' ||
    typeof product !== 'object' ||
    product === null ||
    typeof contact !== 'object' ||
    contact === null ||
    typeof status !== 'object' ||
    status === null
  ) {
    throw new Error(`LeadRequested without its fields: ${JSON.stringify(Object.keys(data))}`);
  }
  return data as LeadRequestedData;
}

async function applyLeadRequested(store: ReadStore, event: ProjectionEvent) {
  const data = requestedOf(event.data);
  await store.collection<LeadDocument>(LEADS_COLLECTION).guardedUpdate(
    data.leadId,
    { revision: { $lt: event.revision } },
    {
      $set: {
        kind: data.kind,
        requestType: data.requestType,
        country: data.country,
        productCode: data.product.code,
        productName: data.product.displayName,
        productType: data.product.productType,
        insuranceType: data.product.insuranceType,
        organizationCode: data.product.organizationCode,
        organizationName: data.product.organizationName,
        basePlanCode: data.basePlanCode,
        status: data.status,
        subStatus: data.subStatus ?? null,
        failureReason: null,
        executiveId: null,
        executiveName: null,
        duplicateOf: null,
        notesCount: 0,
        contact: data.contact,
        search: searchKeys(data.contact, data.country),
        region: data.region,
        profile: data.profile,
        price: data.price,
        quote: data.quote ?? null,
        comparator: data.comparator,
        originPath: data.originPath,
        message: data.message ?? null,
        contracting: data.contracting ?? null,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
        revision: event.revision,
      },
    },
    { upsert: true },
  );
}

async function applyLeadContactUpdated(store: ReadStore, event: ProjectionEvent, leadId: string) {
  const changes = (event.data.changes ?? {}) as LeadContactChanges;
  const leads = store.collection<LeadDocument>(LEADS_COLLECTION);
  const set: Record<string, unknown> = { updatedAt: event.occurredAt, revision: event.revision };
  const contactNames = ['nombre', 'rut', 'email', 'telefono'] as const;
  for (const name of contactNames) if (changes[name] !== undefined) set[`contact.${name}`] = changes[name];
  if (changes.region !== undefined) set.region = changes.region;
  if (changes.profile !== undefined) set.profile = changes.profile;
  if (contactNames.some((name) => changes[name] !== undefined)) {
    // The search keys follow the contact: read the lead to rebuild them from the merged contact.
    const lead = await leads.findOne({ _id: leadId });
    if (!lead || lead.revision >= event.revision) return;
    const contact = { ...lead.contact, ...pickContact(changes) };
    set.search = searchKeys(contact, lead.country);
  }
  await leads.guardedUpdate(leadId, { revision: { $lt: event.revision } }, { $set: set });
}

const pickContact = (changes: LeadContactChanges): Partial<LeadContact> =>
  Object.fromEntries(
    Object.entries(changes).filter(([name]) => ['nombre', 'rut', 'email', 'telefono'].includes(name)),
  );

/** One entry of an executive's agenda. */
export type AgendaDocument = {
  [key: string]: unknown;
  /** The scheduled event's id. */
  _id: string;
  leadId: string;
  executiveId: string | null;
  type: LeadEventType;
  at: string;
  remindAt: string | null;
  note: string | null;
  /** Who and what, for the agenda line: copied from the lead when scheduled. */
  leadName: string;
  productName: string;
  createdAt: string;
  revision: number;
};

/** The console's changes to a lead: status, assignment, notes, scheduled events (issue 5). */
async function applyWork(store: ReadStore, event: ProjectionEvent, leadId: string): Promise<boolean> {
  const leads = store.collection<LeadDocument>(LEADS_COLLECTION);
  const guard = { revision: { $lt: event.revision } };
  const base = { revision: event.revision, updatedAt: event.occurredAt };
  switch (event.type) {
    case 'LeadStatusChanged': {
      const data = event.data as unknown as LeadStatusChangedData;
      await leads.guardedUpdate(leadId, guard, {
        $set: {
          ...base,
          status: data.to,
          subStatus: data.subStatus ?? null,
          failureReason: data.failureReason ?? null,
          ...(data.duplicateOf ? { duplicateOf: data.duplicateOf } : {}),
        },
      });
      return true;
    }
    case 'LeadAssigned': {
      const data = event.data as unknown as LeadAssignedData;
      await leads.guardedUpdate(leadId, guard, {
        $set: { ...base, executiveId: data.executive.id, executiveName: data.executive.name },
      });
      return true;
    }
    case 'LeadNoteAdded':
      await leads.guardedUpdate(leadId, guard, { $set: base, $inc: { notesCount: 1 } });
      return true;
    case 'LeadContractingStepRecorded': {
      // The online purchase's step: the lead moves only when the step moved it (services/src/leads/README.md).
      const { session, step, sessionType, paymentMethod, subscription, status, subStatus, moved } =
        event.data as unknown as LeadContractingStepRecordedData;
      const contracting: ContractingProgress = { session, step, sessionType, paymentMethod, subscription };
      await leads.guardedUpdate(leadId, guard, {
        $set: {
          ...base,
          contracting,
          ...(moved ? { status, subStatus: subStatus ?? null, failureReason: null } : {}),
        },
      });
      return true;
    }
    case 'LeadEventScheduled': {
      const data = event.data as unknown as LeadEventScheduledData;
      const lead = await leads.findOne({ _id: leadId });
      await store.collection<AgendaDocument>(LEAD_AGENDA_COLLECTION).guardedUpdate(
        data.eventId,
        { revision: { $lt: event.revision } },
        {
          $set: {
            leadId,
            executiveId: data.executiveId ?? null,
            type: data.type,
            at: data.at,
            remindAt: data.remindAt ?? null,
            note: data.note ?? null,
            leadName: lead?.contact.nombre ?? '',
            productName: lead?.productName ?? '',
            createdAt: event.occurredAt,
            revision: event.revision,
          },
        },
        { upsert: true },
      );
      await leads.guardedUpdate(leadId, guard, { $set: base });
      return true;
    }
    default:
      return false;
  }
}

/** Leads by id (seed 002 §3): the storefront's GET and the back-office console (issue 5) read it. */
export const leadsProjection: Projection = {
  name: LEADS_PROJECTION,
  categories: [LEAD_CATEGORY],
  collections: [LEADS_COLLECTION, LEAD_AGENDA_COLLECTION],
  async setup(store) {
    const leads = store.collection<LeadDocument>(LEADS_COLLECTION);
    // Every filter and sort the console's list offers has an index, so no list reads every lead
    // (services/test/readStore/requestPaths.test.ts); `search.nombre`'s keys answer a name search.
    const indexed = [
      'status.id',
      'subStatus.id',
      'kind',
      'requestType',
      'country',
      'productCode',
      'search.rut',
      'search.email',
      'search.nombre',
      'createdAt',
      'updatedAt',
      'productName',
      'executiveId',
      'executiveName',
    ];
    for (const field of indexed) await leads.createIndex({ [field]: 1 }, { ordered: field === 'createdAt' });
    // The console's usual lists: a status (in one country, as editions are worked), or one executive's
    // leads, newest first (walked in order).
    // Each ends in `_id`: a list's sort breaks createdAt's ties by id (simpleRest's sortSpecOf), so an
    // index without it leaves the store sorting every tie and reading each skipped row's id (a page 50
    // deep took 0.75 ms instead of 0.1; MongoDB plans the same way).
    await leads.createIndex({ 'status.id': 1, createdAt: -1, _id: 1 }, { ordered: true });
    await leads.createIndex({ 'status.id': 1, country: 1, createdAt: -1, _id: 1 }, { ordered: true });
    await leads.createIndex({ executiveId: 1, createdAt: -1, _id: 1 }, { ordered: true });
    const agenda = store.collection<AgendaDocument>(LEAD_AGENDA_COLLECTION);
    for (const field of ['executiveId', 'leadId', 'type', 'at', 'createdAt']) {
      await agenda.createIndex({ [field]: 1 });
    }
  },
  async apply(event, store) {
    const leadId = event.streamId.slice(LEAD_CATEGORY.length + 1);
    switch (event.type) {
      case 'LeadRequested':
        return applyLeadRequested(store, event);
      case 'LeadContactUpdated':
        return applyLeadContactUpdated(store, event, leadId);
      default:
        if (await applyWork(store, event, leadId)) return;
        // An event this projection does not read yet still moves the lead's revision, so its ETag stays true.
        await store
          .collection<LeadDocument>(LEADS_COLLECTION)
          .guardedUpdate(
            leadId,
            { revision: { $lt: event.revision } },
            { $set: { revision: event.revision, updatedAt: event.occurredAt } },
          );
    }
  },
};

function contactOf(data: Record<string, unknown>): ContactRequestedData {
  const { contactId, nombre, email, telefono, mensaje } = data;
  if (
    typeof contactId !== 'string' ||
    typeof nombre !== 'string' ||
    typeof email !== 'string' ||
    typeof telefono !== 'string' ||
    typeof mensaje !== 'string'
  ) {
    throw new Error(`ContactRequested without its fields: ${JSON.stringify(Object.keys(data))}`);
  }
  return data as ContactRequestedData;
}

/** Contact-form messages by id, for the back-office console. */
export const contactsProjection: Projection = {
  name: CONTACTS_PROJECTION,
  categories: [CONTACT_REQUEST_CATEGORY],
  collections: [CONTACTS_COLLECTION],
  async setup(store) {
    await store.collection<ContactDocument>(CONTACTS_COLLECTION).createIndex({ createdAt: 1 });
  },
  async apply(event, store) {
    if (event.type !== 'ContactRequested') return;
    const data = contactOf(event.data);
    await store.collection<ContactDocument>(CONTACTS_COLLECTION).guardedUpdate(
      data.contactId,
      { revision: { $lt: event.revision } },
      {
        $set: {
          country: data.country,
          nombre: data.nombre,
          email: data.email,
          telefono: data.telefono,
          mensaje: data.mensaje,
          asunto: data.asunto,
          originPath: data.originPath,
          createdAt: event.occurredAt,
          revision: event.revision,
        },
      },
      { upsert: true },
    );
  },
};
