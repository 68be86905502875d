import { INITIAL_LEAD_STATUS, LEAD_STATUS_CODES, type StoredEvent } from '@cubre/schemas';
import { leadPolicyOf } from '@cubre/schemas/leads/statusRules';
import { DEFAULT_LEAD_CATALOGUE } from '@cubre/services/leadCatalogue/seed';
import { adminViewOfFold } from '@cubre/services/leads/adminView';
import {
  foldLead,
  leadAggregate,
  type LeadCommand,
  type LeadDomainEvent,
  type LeadRequest,
} from '@cubre/services/leads/decider';
import { publicViewOf } from '@cubre/services/leads/publicView';

/**
 * The lead's one fold (state.ts `foldLead`): the console's "as of" view and the storefront's answer when the
 * read model lags both come from it, with the decider's own evolve (services/src/leads/README.md "As of").
 */
const LEAD_ID = '7a1c2d3e-4a5b-5c6d-8e7f-0123456789ab';
const EARLIER_ID = '7a1c2d3e-4a5b-5c6d-8e7f-0123456789ac';
const policy = leadPolicyOf(DEFAULT_LEAD_CATALOGUE);

const request: LeadRequest = {
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
  contact: { nombre: 'Ana Soto', rut: '12.345.678-5', email: 'ana@example.com', telefono: '+56912345678' },
  region: null,
  profile: null,
  price: { value: 0.85, unit: 'UF' },
  comparator: null,
  originPath: null,
};

/** The stream a run of commands leaves, one command a minute from 10:00, enveloped as the store keeps it. */
function streamOf(commands: LeadCommand[]): StoredEvent[] {
  const { decider, eventSchema } = leadAggregate;
  let state = decider.initialState();
  const stored: StoredEvent[] = [];
  commands.forEach((command, minute) => {
    const decided: LeadDomainEvent[] = decider
      .decide(command, state)
      .map((event) => eventSchema.parse(event));
    for (const event of decided) {
      stored.push({
        id: `00000000-0000-4000-8000-${String(stored.length).padStart(12, '0')}`,
        type: event.type,
        streamId: leadAggregate.streamOf(LEAD_ID),
        revision: stored.length,
        globalPosition: stored.length + 1,
        occurredAt: `2026-11-20T10:0${minute}:00.000Z`,
        data: event.data,
        metadata: { correlationId: 'c', causationId: null, actor: { kind: 'user', id: 'u' } },
      });
    }
    state = decided.reduce(decider.evolve, state);
  });
  return stored;
}

const executive = { id: '7a1c2d3e-4a5b-5c6d-8e7f-0123456789ff', name: 'Eva Ejecutiva' };
const events = streamOf([
  { type: 'RequestLead', data: request },
  { type: 'AssignLead', data: { leadId: LEAD_ID, executive, reason: null }, policy },
  {
    type: 'AddLeadNote',
    data: { leadId: LEAD_ID, noteId: '7a1c2d3e-4a5b-5c6d-8e7f-0123456789ee', text: 'llamar el lunes' },
  },
]);

describe('one fold of the lead for the current and the as-of views', () => {
  test('the stream is lead-{leadId}, the aggregate declared once', () => {
    expect(leadAggregate.streamOf(LEAD_ID)).toBe(`lead-${LEAD_ID}`);
    expect(events.map((event) => event.type)).toEqual([
      'LeadRequested',
      'LeadAssigned',
      'LeadStatusChanged',
      'LeadNoteAdded',
    ]);
  });

  test('now: every event, with the times and revision of the stream', () => {
    const folded = foldLead(events)!;
    expect(folded).toMatchObject({
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:02:00.000Z',
      revision: 3,
    });
    expect(adminViewOfFold(LEAD_ID, folded)).toMatchObject({
      id: LEAD_ID,
      status: { id: LEAD_STATUS_CODES.ASIGNADO },
      executiveId: executive.id,
      notesCount: 1,
      revision: 3,
    });
  });

  test('as of a moment: only the events up to it; that moment itself included', () => {
    const atRequest = foldLead(events, { asOf: '2026-11-20T10:00:30Z' })!;
    expect(adminViewOfFold(LEAD_ID, atRequest)).toMatchObject({
      status: INITIAL_LEAD_STATUS,
      executiveId: null,
      notesCount: 0,
      updatedAt: '2026-11-20T10:00:00.000Z',
      revision: 0,
    });
    expect(foldLead(events, { asOf: '2026-11-20T10:01:00.000Z' })).toMatchObject({ revision: 2 });
  });

  test('before the lead existed there is no lead', () => {
    expect(foldLead(events, { asOf: '2026-11-20T09:59:59Z' })).toBeUndefined();
    expect(foldLead([])).toBeUndefined();
  });

  test("the storefront's answer from the fold never says Duplicado, as its answer from the read model (issue 13)", () => {
    const duplicate = streamOf([{ type: 'RequestLead', data: request, duplicateOf: EARLIER_ID }]);
    const folded = foldLead(duplicate)!;
    expect(adminViewOfFold(LEAD_ID, folded)).toMatchObject({
      status: { id: LEAD_STATUS_CODES.DUPLICADO },
      duplicateOf: EARLIER_ID,
    });
    const view = publicViewOf(LEAD_ID, adminViewOfFold(LEAD_ID, folded));
    expect(view.status).toEqual(INITIAL_LEAD_STATUS);
    expect(view).not.toHaveProperty('contact');
    expect(view).not.toHaveProperty('duplicateOf');
  });
});
