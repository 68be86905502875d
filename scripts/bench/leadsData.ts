import {
  NewEvent,
  checkEmail,
  checkIdentification,
  checkName,
  checkPhone,
  formatRut,
  isValidRut,
  rutCheckDigit,
  type Country,
  type ExecutiveRef,
  type LeadPolicy,
  type LeadProduct,
  type PriceUnit,
} from '@cubre/schemas';
import { Prng } from '../../services/src/catalogue/demo/prng';
import { DEMO_USERS, seededUserId } from '../../services/src/identity/seed';
import { DEFAULT_FAILURE_REASONS } from '../../services/src/leadCatalogue/failureReasons';
import { leadPolicyOf } from '../../schemas/src/leads/statusRules';
import { DEFAULT_LEAD_CATALOGUE } from '../../services/src/leadCatalogue/seed';
import {
  leadAggregate,
  leadStream,
  type LeadCommand,
  type LeadRequest,
  type LeadState,
} from '../../services/src/leads/decider';
import { requestTypeOf } from '../../services/src/leads/products';
import type { EventStore } from '@cubre/platform/ports/eventStore';

/**
 * The console benchmark's data set (issue 5): `count` leads as the storefront and the back-office would have
 * left them, written straight into the event store through its port. Every event comes out of the lead
 * decider itself (RequestLead, then AssignLead and ChangeLeadStatus judged by the default catalogue's policy,
 * as the console's commands are) and is parsed with its event schema, so the data is what the running code
 * would have stored: valid RUTs (modulo 11), unique e-mails, names, phones and profiles cleaned by the API's
 * own field checks. Seeded (mulberry32): every run writes the same leads.
 */

const DAY_MS = 86_400_000;
const SEED_ACTOR = { kind: 'system', id: 'bench-leads' } as const;

/** The demo executives (services/src/identity/seed.ts), by their seeded ids. */
export const EXECUTIVES: ExecutiveRef[] = ['ejecutivo@demo.cl', 'ejecutivo2@demo.cl'].map((email) => ({
  id: seededUserId(email),
  name: DEMO_USERS.find((user) => user.email === email)!.name,
}));

/** The policy the server builds from the default lead catalogue it seeds at start (loadLeadPolicy). */
export const defaultLeadPolicy = (): LeadPolicy => leadPolicyOf(DEFAULT_LEAD_CATALOGUE);

interface ProductEntry {
  product: LeadProduct;
  /** How the catalogue holds it: an isapre plan or a product (what requestTypeOf looks at). */
  card: 'isaprePlan' | 'product';
  countries: Country[];
  comparator: string;
  originPath: string;
  /** Price range in the Chilean edition's unit (UF), or in USD a year for the international product. */
  price: [number, number];
  /** An add-on on top of an isapre plan, some of the time. */
  addon?: boolean;
}

const product = (
  code: string,
  displayName: string,
  productType: LeadProduct['productType'],
  insuranceType: string,
  organizationCode: string,
  organizationName: string,
): LeadProduct => ({ code, displayName, productType, insuranceType, organizationCode, organizationName });

/** Eight products across the request types a storefront lead gets (Planes, Seguros, Colectivos, IH). */
const PRODUCTS: ProductEntry[] = [
  {
    product: product('CB23011', 'Plan Óptimo 2301', 'ISAPRES', 'Isapre', 'cordillera', 'Isapre Cordillera'),
    card: 'isaprePlan',
    countries: ['CL'],
    comparator: 'isapres',
    originPath: '/Comparar/Isapres',
    price: [2.1, 7.8],
  },
  {
    product: product(
      'SCS-AUSTRAL-2',
      'Complementario de Salud Plus',
      '',
      'Seguro Complementario de Salud',
      'austral',
      'Austral Seguros',
    ),
    card: 'product',
    countries: ['CL', 'PE', 'CO'],
    comparator: 'seguros-de-salud',
    originPath: '/Comparar/Seguros-de-Salud',
    price: [0.4, 1.9],
  },
  {
    product: product('CAT-PEHUEN-1', 'Catastrófico Esencial', '', 'Seguro Catastrófico', 'pehuen', 'Pehuén'),
    card: 'product',
    countries: ['CL'],
    comparator: 'seguros-de-salud',
    originPath: '/Comparar/Seguros-de-Salud',
    price: [0.2, 0.9],
  },
  {
    product: product(
      'DEN-CORD-0',
      'Dental Familiar',
      '',
      'Seguro Dental',
      'cordillera',
      'Cordillera Seguros',
    ),
    card: 'product',
    countries: ['CL'],
    comparator: 'seguros-dentales',
    originPath: '/Seguros/Cordillera/Dental/Solicitar',
    price: [0.15, 0.55],
    addon: true,
  },
  {
    product: product(
      'MAS-HUELLA-1',
      'Mascota Protegida',
      'SEGURO_MASCOTAS',
      'Seguro de Mascotas',
      'huella',
      'Huella Seguros',
    ),
    card: 'product',
    countries: ['CL', 'PE', 'CO'],
    comparator: 'seguros-de-mascotas',
    originPath: '/Comparar/Seguros-de-Mascotas',
    price: [0.3, 0.8],
  },
  {
    product: product('VID-FARO-2', 'Vida Familia', 'SEGURO VIDA', 'Seguro de Vida', 'faro', 'Faro Seguros'),
    card: 'product',
    countries: ['CL', 'PE', 'CO'],
    comparator: 'seguros-de-vida',
    originPath: '/Comparar/Seguros-de-Vida',
    price: [0.3, 1.2],
  },
  {
    product: product(
      'COL-ALERCE-1',
      'Salud Pyme Colectivo',
      'SEGURO COLECTIVO',
      'Seguro Colectivo',
      'alerce',
      'Alerce Seguros',
    ),
    card: 'product',
    countries: ['CL', 'PE', 'CO'],
    comparator: 'seguros-colectivos',
    originPath: '/Comparar/Seguros-Colectivos',
    price: [0.8, 2.6],
  },
  {
    product: product(
      'INT-MERIDIAN-3',
      'Global Health Premier',
      'SEGURO INTERNACIONAL',
      'Seguro Internacional',
      'meridian',
      'Meridian Health',
    ),
    card: 'product',
    countries: ['INT', 'CL'],
    comparator: 'seguros-internacionales',
    originPath: '/Comparar/Seguros-Internacionales',
    price: [900, 6400],
  },
];

const FIRST_NAMES = [
  'María José',
  'Camila',
  'Valentina',
  'Francisca',
  'Javiera',
  'Constanza',
  'Catalina',
  'Fernanda',
  'Daniela',
  'Antonia',
  'Isidora',
  'Sofía',
  'Martina',
  'Ignacia',
  'Macarena',
  'Bárbara',
  'Juan Pablo',
  'Matías',
  'Sebastián',
  'Benjamín',
  'Vicente',
  'Tomás',
  'Nicolás',
  'Diego',
  'Felipe',
  'Cristóbal',
  'Joaquín',
  'Agustín',
  'José Miguel',
  'Rodrigo',
  'Patricio',
  'Héctor',
];
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
  'Castillo',
  'Tapia',
  'Reyes',
  'Gutiérrez',
  'Castro',
  'Pizarro',
  'Álvarez',
  'Vásquez',
  'Fernández',
  'Carrasco',
  'Núñez',
  'Figueroa',
];
const MAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com',
  'live.cl',
  'icloud.com',
  'vtr.net',
];
const CHILE_REGIONS = [
  'Tarapacá',
  'Antofagasta',
  'Atacama',
  'Coquimbo',
  'Valparaíso',
  "Libertador General Bernardo O'Higgins",
  'Maule',
  'Biobío',
  'La Araucanía',
  'Los Lagos',
  'Aysén',
  'Magallanes',
  'Metropolitana de Santiago',
  'Los Ríos',
  'Arica y Parinacota',
  'Ñuble',
];
const PRICE_UNIT: Record<Country, PriceUnit> = { CL: 'UF', PE: 'PEN', CO: 'COP', INT: 'USD/Año' };
/** Local prices per UF-equivalent, roughly: what a Peruvian or Colombian visitor is shown. */
const PRICE_SCALE: Record<Country, number> = { CL: 1, PE: 140, CO: 160_000, INT: 1 };

/** What the back-office did with an assigned lead: the status it stands in now, by share. */
const WORK: [statusId: number, share: number][] = [
  [2, 0.34],
  [13, 0.1],
  [14, 0.08],
  [12, 0.1],
  [9, 0.04],
  [3, 0.14],
  [4, 0.2],
];
/** Unassigned leads: still Sin Estado, or set aside before anyone took them. */
const UNASSIGNED: [statusId: number, share: number][] = [
  [1, 0.9],
  [7, 0.05],
  [98, 0.05],
];

function weighted(prng: Prng, table: [number, number][]): number {
  let r = prng.next();
  for (const [value, share] of table) {
    if ((r -= share) < 0) return value;
  }
  return table[table.length - 1]![0];
}

/**
 * A version-4-shaped UUID from the seeded generator: lead and event ids are as scattered as the server's
 * (the store's id index sees the same random keys) and the same on every run.
 */
function uuidOf(prng: Prng): string {
  const word = () =>
    Math.floor(prng.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  const [a, b, c, d] = [word(), word(), word(), word()];
  const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/** A field cleaned by the API's own check, as the request route stores it; a bad one is a generator bug. */
function checked(result: { ok: true; value: string } | { ok: false; message: string }, what: string): string {
  if (!result.ok) throw new Error(`generated ${what} refused: ${result.message}`);
  return result.value;
}

function identification(prng: Prng, country: Country): string {
  switch (country) {
    case 'CL': {
      const body = String(prng.int(4_500_000, 25_999_999));
      const rut = `${body}${rutCheckDigit(body)}`;
      if (!isValidRut(rut)) throw new Error(`generated RUT ${rut} is invalid`);
      return checked(checkIdentification('CL', formatRut(rut)), 'RUT');
    }
    case 'PE':
      return checked(checkIdentification('PE', String(prng.int(10_000_000, 79_999_999))), 'DNI');
    case 'CO':
      return checked(checkIdentification('CO', String(prng.int(10_000_000, 1_099_999_999))), 'cédula');
    case 'INT':
      return checked(
        checkIdentification('INT', `${prng.pick(['AB', 'PX', 'XK', 'MN'])}${prng.int(100_000, 999_999)}`),
        'passport',
      );
  }
}

function phone(prng: Prng, country: Country): string {
  const digits = (n: number) => String(prng.int(10 ** (n - 1), 10 ** n - 1));
  const raw = {
    CL: `+56 9 ${digits(4)} ${digits(4)}`,
    PE: `+51 9${digits(2)} ${digits(3)} ${digits(3)}`,
    CO: `+57 3${digits(2)} ${digits(3)} ${digits(4)}`,
    INT: `+1 (${prng.int(201, 989)}) ${digits(3)}-${digits(4)}`,
  }[country];
  return checked(checkPhone(raw), 'phone');
}

/** The storefront's request for lead `n`, at `createdAt`. */
function requestOf(prng: Prng, n: number): LeadRequest {
  const roll = prng.next();
  const country: Country = roll < 0.86 ? 'CL' : roll < 0.92 ? 'PE' : roll < 0.96 ? 'CO' : 'INT';
  const entry = prng.pick(PRODUCTS.filter((candidate) => candidate.countries.includes(country)));
  const first = prng.pick(FIRST_NAMES);
  const surname = prng.pick(SURNAMES);
  const nombre = checked(checkName(`${first} ${surname} ${prng.pick(SURNAMES)}`), 'name');
  // Unique by construction: the lead's number is part of the address.
  const email = checked(
    checkEmail(`${ascii(first)}.${ascii(surname)}${n}@${prng.pick(MAIL_DOMAINS)}`),
    'e-mail',
  );
  const addon = entry.addon === true && prng.chance(0.4);
  const [low, high] = entry.price;
  const planes = entry.card === 'isaprePlan';
  return {
    leadId: uuidOf(prng),
    kind: addon ? 'addon' : 'plan',
    requestType: requestTypeOf(entry.product, entry.card, country),
    country,
    product: entry.product,
    basePlanCode: addon ? PRODUCTS[0]!.product.code : null,
    contact: { nombre, rut: identification(prng, country), email, telefono: phone(prng, country) },
    region:
      country === 'CL' && prng.chance(0.75)
        ? (() => {
            const stateCode = prng.chance(0.45) ? 13 : prng.int(1, 16);
            return { stateCode, stateName: CHILE_REGIONS[stateCode - 1]! };
          })()
        : null,
    profile:
      planes || prng.chance(0.2)
        ? {
            cotizante: [
              {
                sexo: prng.pick(['Femenino', 'Masculino']),
                edad: prng.int(22, 67),
                ...(planes ? { ingreso: prng.int(55, 450) * 10_000 } : {}),
              },
            ],
            cargas: Array.from({ length: prng.pick([0, 0, 1, 2, 3]) }, () => ({
              sexo: prng.pick(['Femenino', 'Masculino']),
              edad: prng.int(0, 20),
              parentesco: prng.pick(['Hijo', 'Hija']),
            })),
          }
        : null,
    // One request in ten comes without a price (rule 000-5.27: logged, not refused).
    price: prng.chance(0.1)
      ? null
      : {
          value: Math.round(prng.between(low, high, 4) * PRICE_SCALE[country] * 100) / 100,
          unit: PRICE_UNIT[country],
        },
    comparator: entry.comparator,
    originPath: entry.originPath,
  };
}

/** One generated lead: its events as they go to the store, and the facts the benchmark needs. */
export interface GeneratedLead {
  leadId: string;
  country: Country;
  email: string;
  statusId: number;
  subStatusId: number | null;
  executiveId: string | null;
  createdAt: string;
  events: NewEvent[];
}

/** Sub-statuses a status offers (default catalogue), and the failure reasons a Fallido lead may give. */
function subStatusesOf(policy: LeadPolicy, statusId: number): number[] {
  return [...policy.subStatuses].filter(([, s]) => s.parentIds.includes(statusId)).map(([id]) => id);
}

/**
 * Generates lead `n` by running the decider: RequestLead; for ~60% AssignLead to a demo executive (which
 * moves Sin Estado to Asignado with its start sub-status, as the console's assignment does) then one
 * ChangeLeadStatus to where the lead stands now; the rest stay unassigned. Each decided event is parsed with
 * LeadDomainEvent, as handleCommand does before it appends, and enveloped as handleCommand does: the
 * command's time, metadata of schemas/src/events.ts (correlation id, the command as cause, a system actor).
 */
function generateLead(prng: Prng, n: number, createdAtMs: number, nowMs: number, policy: LeadPolicy) {
  const request = requestOf(prng, n);
  const events: NewEvent[] = [];
  const { decider, eventSchema } = leadAggregate;
  let state: LeadState = decider.initialState();
  const run = (name: string, command: LeadCommand, atMs: number) => {
    const commandId = `bench-leads:${n}:${name}`;
    const occurredAt = new Date(Math.min(atMs, nowMs)).toISOString();
    const decided = decider.decide(command, state).map((event) => eventSchema.parse(event));
    if (decided.length === 0) throw new Error(`lead ${n}: ${name} decided nothing`);
    for (const event of decided) {
      events.push({
        id: uuidOf(prng),
        type: event.type,
        occurredAt,
        data: event.data,
        metadata: { correlationId: `bench-leads:${n}`, causationId: commandId, actor: SEED_ACTOR },
      });
    }
    state = decided.reduce(decider.evolve, state);
  };

  run('request', { type: 'RequestLead', data: request }, createdAtMs);
  let executive: ExecutiveRef | null = null;
  let target: number;
  let at = createdAtMs;
  if (prng.chance(0.6)) {
    executive = prng.pick(EXECUTIVES);
    at += prng.int(5, 48 * 60) * 60_000;
    run(
      'assign',
      { type: 'AssignLead', data: { leadId: request.leadId, executive, reason: null }, policy },
      at,
    );
    target = weighted(prng, WORK);
  } else {
    target = weighted(prng, UNASSIGNED);
  }
  const current = state;
  if (current.status !== 'Requested') throw new Error(`lead ${n} was not requested`);
  const subStatuses = subStatusesOf(policy, target);
  const required = policy.statuses.get(target)!.requiresSubStatus;
  const stays = target === current.leadStatus.id;
  // An Asignado lead moves on from its start sub-status most of the time; other leads change status.
  if (!stays || (target === 2 && prng.chance(0.6))) {
    const options = stays ? subStatuses.filter((id) => id !== current.subStatus?.id) : subStatuses;
    const subStatusId = options.length && (required || prng.chance(0.6)) ? prng.pick(options) : null;
    let failureReasonId: number | null = null;
    if (policy.statuses.get(target)!.requiresFailureReason) {
      const applicable = DEFAULT_FAILURE_REASONS.filter(
        (reason) =>
          reason.requestTypes.includes(request.requestType) &&
          reason.countries.includes(request.country) &&
          subStatusId !== null &&
          reason.subStatusIds.includes(subStatusId),
      );
      failureReasonId = prng.pick(applicable).id;
    }
    at += prng.int(10, 10 * 24 * 60) * 60_000;
    run(
      'status',
      {
        type: 'ChangeLeadStatus',
        data: {
          leadId: request.leadId,
          statusId: target,
          subStatusId,
          failureReasonId,
          reason: prng.chance(0.3) ? 'gestión del ejecutivo' : null,
        },
        policy,
      },
      at,
    );
  }
  const final = state as Extract<LeadState, { status: 'Requested' }>;
  const lead: GeneratedLead = {
    leadId: request.leadId,
    country: request.country,
    email: request.contact.email,
    statusId: final.leadStatus.id,
    subStatusId: final.subStatus?.id ?? null,
    executiveId: executive?.id ?? null,
    createdAt: new Date(createdAtMs).toISOString(),
    events,
  };
  return { lead, requestType: request.requestType };
}

export interface WrittenLeads {
  leads: number;
  events: number;
  /** Generating, validating and appending, end to end. */
  seconds: number;
  eventsPerSecond: number;
  byStatus: Record<string, number>;
  byCountry: Record<string, number>;
  byRequestType: Record<string, number>;
  assigned: number;
  /** Leads in Asignado (2) of Chile: the total the benchmark's filtered list must answer. */
  assignedInChile: number;
  /** Leads of the first executive in Asignado (2): what the status-change clients work on. */
  workable: { leadId: string; subStatusId: number | null }[];
  /** A Chilean lead's e-mail, for the search variant. */
  searchEmail: string;
}

const bump = (counts: Record<string, number>, key: string | number) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Writes `count` leads into `store` with createdAt spread over the last 90 days, oldest first, one append
 * per lead (its stream must be new), `chunk` appends at a time: the SQLite adapter commits concurrent appends
 * in one transaction, so a chunk costs about one commit. The next chunk is generated while one commits.
 */
export async function writeLeads(
  store: EventStore,
  count: number,
  options: { chunk?: number; seed?: number; now?: Date } = {},
): Promise<WrittenLeads> {
  const started = process.hrtime.bigint();
  const chunk = options.chunk ?? 2000;
  const prng = new Prng(options.seed ?? 5);
  const nowMs = (options.now ?? new Date()).getTime();
  const policy = defaultLeadPolicy();
  const createdAt = Array.from({ length: count }, () => nowMs - Math.floor(prng.next() * 90 * DAY_MS)).sort(
    (a, b) => a - b,
  );
  const written: WrittenLeads = {
    leads: count,
    events: 0,
    seconds: 0,
    eventsPerSecond: 0,
    byStatus: {},
    byCountry: {},
    byRequestType: {},
    assigned: 0,
    assignedInChile: 0,
    workable: [],
    searchEmail: '',
  };
  let inFlight: Promise<unknown> = Promise.resolve();
  for (let start = 0; start < count; start += chunk) {
    const batch: GeneratedLead[] = [];
    for (let n = start; n < Math.min(count, start + chunk); n++) {
      const { lead, requestType } = generateLead(prng, n, createdAt[n]!, nowMs, policy);
      batch.push(lead);
      written.events += lead.events.length;
      bump(written.byStatus, lead.statusId);
      bump(written.byCountry, lead.country);
      bump(written.byRequestType, requestType);
      if (lead.executiveId) written.assigned++;
      if (lead.statusId === 2 && lead.country === 'CL') written.assignedInChile++;
      if (lead.statusId === 2 && lead.executiveId === EXECUTIVES[0]!.id) {
        written.workable.push({ leadId: lead.leadId, subStatusId: lead.subStatusId });
      }
      if (!written.searchEmail && n >= count / 2 && lead.country === 'CL') written.searchEmail = lead.email;
    }
    await inFlight;
    // The envelope is the same function's output for every event: checked against NewEvent (ids, times,
    // metadata of schemas/src/events.ts) on the first lead of each chunk, which costs 8 µs an event.
    for (const event of batch[0]!.events) NewEvent.parse(event);
    inFlight = Promise.all(
      batch.map((lead) =>
        store.append(leadStream(lead.leadId), lead.events, { expectedRevision: 'no_stream' }),
      ),
    );
  }
  await inFlight;
  written.seconds = Number(process.hrtime.bigint() - started) / 1e9;
  written.eventsPerSecond = Math.round(written.events / written.seconds);
  written.seconds = Math.round(written.seconds * 100) / 100;
  return written;
}
