import { randomUUID } from 'node:crypto';
import { INITIAL_LEAD_STATUS, type ContactRequestedData, type LeadRequestedData } from '@cubre/schemas';
import {
  CONTACTS_COLLECTION,
  LEAD_AGENDA_COLLECTION,
  LEADS_COLLECTION,
  contactsProjection,
  leadsProjection,
  searchText,
  type ContactDocument,
  type LeadDocument,
} from '@cubre/projections/leads/projection';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';

const LEAD_ID = '6f1c2d3e-4a5b-5c6d-8e7f-0123456789ab';
let position = 0;
const event = (streamId: string, type: string, revision: number, data: Record<string, unknown>) => ({
  type,
  streamId,
  revision,
  globalPosition: ++position,
  occurredAt: new Date(Date.UTC(2025, 8, 15, 12, 0, revision)).toISOString(),
  data,
});

const requestedData: LeadRequestedData = {
  leadId: LEAD_ID,
  kind: 'plan',
  requestType: 'Seguros',
  country: 'CL',
  product: {
    code: 'COMP-L',
    displayName: 'Complementario Andes',
    productType: '',
    insuranceType: 'SEGURO COMPLEMENTARIO',
    organizationCode: 'Seguros-Andes',
    organizationName: 'Seguros Andes',
  },
  basePlanCode: null,
  contact: {
    nombre: 'María José Núñez',
    rut: '10.000.013-K',
    email: 'MJ@Example.com',
    telefono: '+56912345678',
  },
  region: { stateCode: 13 },
  profile: null,
  price: null,
  comparator: null,
  originPath: '/Comparar/Seguros-de-Salud',
  status: INITIAL_LEAD_STATUS,
};
const requested = event(`lead-${LEAD_ID}`, 'LeadRequested', 0, requestedData);
const updated = event(`lead-${LEAD_ID}`, 'LeadContactUpdated', 1, {
  leadId: LEAD_ID,
  changes: { email: 'mjose@example.com', region: { stateCode: 5 } },
});

async function leadAfter(events: ReturnType<typeof event>[]) {
  const store = createMemoryReadStore();
  await leadsProjection.setup!(store);
  for (const each of events) await leadsProjection.apply(each, store);
  return { store, lead: await store.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: LEAD_ID }) };
}

describe('leads projection', () => {
  test('a requested lead is one document with its product, status, contact and search keys', async () => {
    const { lead } = await leadAfter([requested]);
    expect(lead).toEqual({
      _id: LEAD_ID,
      kind: 'plan',
      requestType: 'Seguros',
      country: 'CL',
      productCode: 'COMP-L',
      productName: 'Complementario Andes',
      productType: '',
      insuranceType: 'SEGURO COMPLEMENTARIO',
      organizationCode: 'Seguros-Andes',
      organizationName: 'Seguros Andes',
      basePlanCode: null,
      status: { id: 1, name: 'Sin Estado' },
      subStatus: null,
      failureReason: null,
      executiveId: null,
      executiveName: null,
      duplicateOf: null,
      notesCount: 0,
      contact: requestedData.contact,
      search: { rut: '10000013K', email: 'mj@example.com', nombre: 'maria jose nunez' },
      region: { stateCode: 13 },
      profile: null,
      price: null,
      // A lead requested before quotes were kept has none.
      quote: null,
      comparator: null,
      originPath: '/Comparar/Seguros-de-Salud',
      message: null,
      contracting: null,
      createdAt: requested.occurredAt,
      updatedAt: requested.occurredAt,
      revision: 0,
    });
  });

  test('a contact update changes those fields, the search keys and the revision', async () => {
    const { lead } = await leadAfter([requested, updated]);
    expect(lead).toMatchObject({
      contact: { ...requestedData.contact, email: 'mjose@example.com' },
      search: { rut: '10000013K', email: 'mjose@example.com' },
      region: { stateCode: 5 },
      createdAt: requested.occurredAt,
      updatedAt: updated.occurredAt,
      revision: 1,
    });
  });

  test('replayed events change nothing (a relay restart, a Kafka redelivery)', async () => {
    const { store, lead } = await leadAfter([requested, updated]);
    await leadsProjection.apply(requested, store);
    await leadsProjection.apply(updated, store);
    expect(await store.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: LEAD_ID })).toEqual(lead);
  });

  test('the console’s work: assignment, status, notes and a scheduled call land on the lead and the agenda', async () => {
    const executive = { id: '0d9c8b7a-1111-5111-8111-000000000001', name: 'Elena Ejecutiva' };
    const work = [
      event(`lead-${LEAD_ID}`, 'LeadAssigned', 2, {
        leadId: LEAD_ID,
        executive,
        previousExecutive: null,
        reason: null,
      }),
      event(`lead-${LEAD_ID}`, 'LeadStatusChanged', 3, {
        leadId: LEAD_ID,
        from: { id: 1, name: 'Sin Estado' },
        to: { id: 4, name: 'Fallido' },
        subStatus: { id: 401, name: 'Sin contacto' },
        failureReason: { id: 2, name: 'No contesta' },
        reason: null,
        duplicateOf: null,
      }),
      event(`lead-${LEAD_ID}`, 'LeadNoteAdded', 4, { leadId: LEAD_ID, noteId: LEAD_ID, text: 'nota' }),
      event(`lead-${LEAD_ID}`, 'LeadEventScheduled', 5, {
        leadId: LEAD_ID,
        eventId: '9e8d7c6b-0000-5000-8000-00000000000b',
        type: 'LLAMADA',
        at: '2026-11-24T15:00:00.000Z',
        remindAt: null,
        note: null,
        executiveId: executive.id,
      }),
    ];
    const { store, lead } = await leadAfter([requested, updated, ...work]);
    expect(lead).toMatchObject({
      revision: 5,
      executiveId: executive.id,
      executiveName: 'Elena Ejecutiva',
      status: { id: 4, name: 'Fallido' },
      subStatus: { id: 401, name: 'Sin contacto' },
      failureReason: { id: 2, name: 'No contesta' },
      notesCount: 1,
    });
    // Replayed, nothing changes (the note is not counted twice).
    for (const each of work) await leadsProjection.apply(each, store);
    expect(await store.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: LEAD_ID })).toEqual(lead);
    const agenda = await store.collection(LEAD_AGENDA_COLLECTION).find({});
    expect(agenda).toEqual([
      expect.objectContaining({
        leadId: LEAD_ID,
        type: 'LLAMADA',
        executiveId: executive.id,
        leadName: requestedData.contact.nombre,
      }),
    ]);
  });

  test('an online purchase: its first step opens the lead at its sub-status, later steps move it or are only recorded', async () => {
    const session = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
    const progress = (step: string, paymentMethod: string | null = null) => ({
      session,
      step,
      sessionType: 'shared',
      paymentMethod,
      subscription: null,
    });
    const opened = event(`lead-${LEAD_ID}`, 'LeadRequested', 0, {
      ...requestedData,
      originPath: '/Compra-Online/COMP-L',
      status: { id: 500, name: 'Contratacion Online' },
      subStatus: { id: 5003, name: 'Datos personales' },
      contracting: progress('Datos personales'),
    });
    const paid = event(`lead-${LEAD_ID}`, 'LeadContractingStepRecorded', 1, {
      leadId: LEAD_ID,
      ...progress('Pago', 'tdc'),
      status: { id: 500, name: 'Contratacion Online' },
      subStatus: { id: 5006, name: 'Pago' },
      moved: true,
    });
    const failed = event(`lead-${LEAD_ID}`, 'LeadStatusChanged', 2, {
      leadId: LEAD_ID,
      from: { id: 500, name: 'Contratacion Online' },
      to: { id: 4, name: 'Fallido' },
      subStatus: { id: 401, name: 'Sin contacto' },
      failureReason: { id: 2, name: 'No contesta' },
      reason: null,
      duplicateOf: null,
    });
    const held = event(`lead-${LEAD_ID}`, 'LeadContractingStepRecorded', 3, {
      leadId: LEAD_ID,
      ...progress('Confirmación', 'tdc'),
      status: { id: 4, name: 'Fallido' },
      subStatus: { id: 401, name: 'Sin contacto' },
      moved: false,
    });
    const sold = event(`lead-${LEAD_ID}`, 'LeadContractingStepRecorded', 4, {
      leadId: LEAD_ID,
      ...progress('Compra exitosa!', 'tdc'),
      status: { id: 3, name: 'Cerrado' },
      subStatus: { id: 302, name: 'Web - Pago único' },
      moved: true,
    });

    expect((await leadAfter([opened])).lead).toMatchObject({
      status: { id: 500 },
      subStatus: { id: 5003, name: 'Datos personales' },
      contracting: progress('Datos personales'),
      revision: 0,
    });
    expect((await leadAfter([opened, paid])).lead).toMatchObject({
      subStatus: { id: 5006, name: 'Pago' },
      contracting: progress('Pago', 'tdc'),
      updatedAt: paid.occurredAt,
      revision: 1,
    });
    expect((await leadAfter([opened, paid, failed, held])).lead).toMatchObject({
      status: { id: 4, name: 'Fallido' },
      subStatus: { id: 401 },
      failureReason: { id: 2 },
      contracting: progress('Confirmación', 'tdc'),
      revision: 3,
    });
    const { store, lead } = await leadAfter([opened, paid, failed, held, sold]);
    expect(lead).toMatchObject({
      status: { id: 3, name: 'Cerrado' },
      subStatus: { id: 302, name: 'Web - Pago único' },
      failureReason: null,
      contracting: progress('Compra exitosa!', 'tdc'),
      revision: 4,
    });
    // Replayed, nothing changes.
    for (const each of [opened, paid, failed, held]) await leadsProjection.apply(each, store);
    expect(await store.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: LEAD_ID })).toEqual(lead);
  });

  test('an event it does not read still moves the revision, so the ETag stays true', async () => {
    const later = event(`lead-${LEAD_ID}`, 'LeadSomethingNew', 2, { leadId: LEAD_ID });
    const { lead } = await leadAfter([requested, updated, later]);
    expect(lead).toMatchObject({
      revision: 2,
      updatedAt: later.occurredAt,
      contact: { email: 'mjose@example.com' },
    });
  });

  test('search text drops accents, case and extra spaces', () => {
    expect(searchText('  Ángela   NÚÑEZ ')).toBe('angela nunez');
  });
});

describe('contacts projection', () => {
  test('a contact message is one document; a replay changes nothing', async () => {
    const store = createMemoryReadStore();
    await contactsProjection.setup!(store);
    const data: ContactRequestedData = {
      contactId: randomUUID(),
      country: 'CL',
      nombre: 'Bernardo',
      email: 'b@example.com',
      telefono: '+56912345678',
      mensaje: 'Hola',
      asunto: null,
      originPath: null,
    };
    const received = event(`contactRequest-${data.contactId}`, 'ContactRequested', 0, data);
    await contactsProjection.apply(received, store);
    const contacts = store.collection<ContactDocument>(CONTACTS_COLLECTION);
    const doc = await contacts.findOne({ _id: data.contactId });
    expect(doc).toMatchObject({
      nombre: 'Bernardo',
      mensaje: 'Hola',
      createdAt: received.occurredAt,
      revision: 0,
    });
    await contactsProjection.apply(received, store);
    expect(await contacts.find({})).toEqual([doc]);
  });
});
