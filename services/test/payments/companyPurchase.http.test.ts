import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { rutCheckDigit } from '@cubre/schemas/identification';
import { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import { policyStream } from '@cubre/services/groupInsurance/policyDecider';
import { rosterStream } from '@cubre/services/groupInsurance/rosterDecider';
import { openSalePolicy } from '@cubre/services/groupInsurance/salePolicy';
import {
  companyOrganizationIdOf,
  registerCompanyOrganization,
} from '@cubre/services/identity/companyRegistration';
import { companySalePoliciesReactor } from '@cubre/services/payments';
import { companyAdministratorInviter } from '@cubre/services/identity';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { json } from '../support/http';
import { subscriptionOfSale } from '../subscriptions/support';
import { postJson } from '../support/testRuntime';
import {
  adminGetOf,
  BUYER,
  ONE_PERSON,
  type PurchaseRuntime,
  startedForSuite,
  startSaleOf,
} from './support/purchaseFixture';
import { companyPolicySettled } from './support/companySale';

/**
 * A company's online purchase over real HTTP (issue 14, 002-2.08 'Datos empresa', 'Datos colaboradores'):
 * the sale takes the company and its collaborators (each row judged by the bulk-load rows module), priced
 * per worker as the card priced the profile; once paid, the company gets its organization, a policy with
 * the insurer and plan and its collaborators in PROCESS_ACTIVATION, once, however often the payment is told.
 * The fixture's EMP-L is a company product (SEGURO COLECTIVO) of at least 5 workers at UF 0,5 each.
 */
let runtime: PurchaseRuntime['runtime'];
let url: string;
let admin: string;

startedForSuite((started) => ({ runtime, url, admin } = started));

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
const COMPANY = {
  rut: rut(76_543_210),
  razonSocial: 'Constructora Los Robles SpA',
  giro: 'Construcción de edificios',
  direccion: 'Av. Providencia 1234, oficina 56',
  comuna: 'Providencia',
};
const WORKERS = 5;
const PROFILE = { colectivo: { cantidadempleados: WORKERS } };
const collaborator = (index: number) => ({
  name: ['Ana', 'Luis', 'Marta', 'Jorge', 'Rosa'][index % 5]!,
  paternalSurname: 'Soto',
  maternalSurname: 'Vera',
  legalId: rut(15_000_000 + index * 7919),
  birthDate: `198${index % 10}-04-12`,
  gender: index % 2 === 0 ? 'Femenino' : 'Masculino',
  email: `colaborador${index}@robles.cl`,
});
const COLLABORATORS = Array.from({ length: WORKERS }, (_, index) => collaborator(index));

const start = (body: Record<string, unknown> = {}) =>
  startSaleOf(url, {
    productCode: 'EMP-L',
    profile: PROFILE,
    company: COMPANY,
    collaborators: COLLABORATORS,
    ...body,
  });

async function tokenize(amount: { amount: number; currency: string }) {
  const response = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name: BUYER.nombre, number: '5451951574925480', expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: amount.amount,
    currency: amount.currency,
  });
  expect(response.status).toBe(201);
  return (await json(response)).token as string;
}
const pay = (saleId: string, token: string, key: string) =>
  postJson(`${url}/api/compra-online/ventas/${saleId}/pagos`, { token }, { 'Idempotency-Key': key });

const adminGet = (path: string) => adminGetOf(url, admin, path);

/** Until the reactor answered the sale and the group-insurance read models show what it wrote. */
const settled = () => companyPolicySettled(runtime);

async function problemOf(response: Response) {
  const body = await json(response);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return { status: response.status, fields: (body.errors ?? []).map((e: any) => `${e.field} ${e.rule}`) };
}

describe('a company buys online', () => {
  test("002-2.08 002-5.01 the sale keeps 'Datos empresa' and 'Datos colaboradores', priced per worker as the card priced the profile; the buyer's view echoes none of it", async () => {
    const response = await start();
    expect(response.status).toBe(201);
    const sale = await json(response);
    const priced = await json(
      await postJson(`${url}/api/insurance/EMP-L/calculatePrice`, { profile: PROFILE }),
    );
    expect(sale.formatted).toBe(priced.data.price.formatted);
    const one = await json(
      await postJson(`${url}/api/insurance/EMP-L/calculatePrice`, {
        profile: { colectivo: { cantidadempleados: 1 } },
      }),
    );
    expect(priced.data.price.formatted).not.toBe(one.data.price.formatted);
    const text = JSON.stringify(sale);
    for (const secret of [COMPANY.razonSocial, COMPANY.rut, COLLABORATORS[0]!.legalId])
      expect(text).not.toContain(secret);

    const record = SaleRecord.parse(await adminGet(`/api/admin/sales/${sale.id}`));
    // The company's RUT is kept as Chile writes it (002-5.01's display).
    expect(record.company).toEqual({
      ...COMPANY,
      rut: `76.543.210-${COMPANY.rut.slice(-1)}`,
      policyId: companyPolicyIdOf(sale.id),
    });
    expect(record.collaborators?.map((row) => [row.legalId, row.insuredType, row.coverageGroup])).toEqual(
      COLLABORATORS.map((row) => [row.legalId, 'TITULAR', 'G1']),
    );
    expect(record.dependants).toEqual([]);
    expect(record.health).toBeNull();
  });

  test('002-5.01 Datos empresa: a wrong RUT check digit and a missing razón social are named by field and rule', async () => {
    const problem = await problemOf(
      await start({ company: { ...COMPANY, rut: '76.543.210-0', razonSocial: ' ' } }),
    );
    expect(problem.status).toBe(400);
    expect(problem.fields).toEqual(
      expect.arrayContaining([expect.stringMatching(/^company\.rut /), 'company.razonSocial required']),
    );
  });

  test("002-5.01 002-5.08 Datos colaboradores: each row judged by the rows module (RUT, name, a RUT twice), named 'collaborators.{i}.{column}'", async () => {
    const rows = COLLABORATORS.map((row) => ({ ...row }));
    rows[1]!.legalId = '15.000.000-0';
    rows[2]!.name = 'X';
    rows[4]!.legalId = rows[3]!.legalId;
    const problem = await problemOf(await start({ collaborators: rows }));
    expect(problem.status).toBe(400);
    expect(problem.fields).toEqual([
      'collaborators.1.legalId invalidRut',
      expect.stringMatching(/^collaborators\.2\.name /),
      'collaborators.4.legalId duplicateLegalId',
    ]);
  });

  test('the collaborators are the workers the card priced, no fewer than the product asks; a person product takes no company', async () => {
    const fewer = await problemOf(await start({ collaborators: COLLABORATORS.slice(0, 4) }));
    expect(fewer).toEqual({ status: 422, fields: ['collaborators collaborators_count'] });
    const under = await problemOf(
      await start({
        profile: { colectivo: { cantidadempleados: 3 } },
        collaborators: COLLABORATORS.slice(0, 3),
      }),
    );
    expect(under).toEqual({ status: 422, fields: ['profile min_employees'] });
    const missing = await problemOf(await start({ company: undefined }));
    expect(missing).toEqual({ status: 422, fields: ['company required'] });
    const person = await problemOf(
      await start({ productCode: 'VIDA-L', profile: ONE_PERSON, collaborators: undefined }),
    );
    expect(person).toEqual({ status: 422, fields: ['company company_not_asked'] });
  });

  test('paid, the company gets its organization, a policy with the insurer and plan, and its collaborators in PROCESS_ACTIVATION, once even when the payment is told twice', async () => {
    const sale = await json(await start());
    const key = randomUUID();
    const token = await tokenize(sale.amount);
    expect((await pay(sale.id, token, key)).status).toBe(201);
    // The same payment told again: answered with the first, nothing charged or recorded twice.
    const again = await pay(sale.id, token, key);
    expect(again.status).toBe(200);
    expect((await json(again)).sale.state).toBe('OK');
    await settled();

    const policyId = companyPolicyIdOf(sale.id);
    const policy = await adminGet(`/api/admin/policies/${policyId}`);
    expect(policy).toMatchObject({
      id: policyId,
      organizationId: companyOrganizationIdOf(COMPANY.rut),
      organizationName: COMPANY.razonSocial,
      insurerCode: 'Seguros-Andes',
      name: 'Seguro EMP-L',
      number: `WEB-${sale.id.slice(0, 8).toUpperCase()}`,
      coverageGroups: [{ code: 'G1', name: 'Colaboradores', planName: 'Seguro EMP-L' }],
      counts: { active: 0, pending: WORKERS, canceled: 0 },
    });
    const organization = await adminGet(`/api/admin/organizations/${policy.organizationId}`);
    expect(organization).toMatchObject({ name: COMPANY.razonSocial });
    const people = await adminGet(
      `/api/admin/employees?filter=${encodeURIComponent(JSON.stringify({ policyId }))}&range=[0,49]`,
    );
    expect(people.map((person: any) => person.legalId).sort()).toEqual(
      COLLABORATORS.map((row) => row.legalId).sort(),
    );
    expect(new Set(people.map((person: any) => person.status))).toEqual(new Set(['PROCESS_ACTIVATION']));

    // The sale's completion delivered again (a replay, a second notification): nothing more is written.
    const events = await runtime.engines.eventStore.readStream(`sale-${sale.id}`);
    const completed = events.find((event) => event.type === 'SaleCompleted')!;
    // The buyer's invitation mail was sent at once: its claim and sending are written before we count.
    await runtime.mail.dispatcher.idle();
    const before = await runtime.engines.eventStore.headPosition();
    const { eventStore, readStore } = runtime.engines;
    // The reactor as the runtime wires it: identity's registration and invitation, group insurance's
    // policy opening (another token key than the runtime's: an alive link is never issued again anyway).
    const identity = {
      tokenSecret: new TextEncoder().encode('a test key of thirty-two characters!'),
      tokenTtlSeconds: 3600,
      passwordMaxAgeDays: 90,
      scryptN: 1024,
      loginMaxFailures: 5,
      loginLockSeconds: 900,
      demoUsers: true,
      invitationMail: { requester: runtime.mail.requester, consoleUrl: 'http://localhost/admin' },
    };
    const reactor = companySalePoliciesReactor(
      eventStore,
      {
        registerCompany: registerCompanyOrganization(eventStore, readStore),
        openPolicy: openSalePolicy(eventStore),
        inviteAdministrator: companyAdministratorInviter({ eventStore, clock: () => new Date() }, identity),
      },
      pino({ level: 'silent' }),
    );
    await reactor.apply(completed as never, runtime.engines.readStore);
    await reactor.apply(completed as never, runtime.engines.readStore);
    expect(await runtime.engines.eventStore.headPosition()).toBe(before);
    expect(await runtime.engines.eventStore.readStream(policyStream(policyId))).toHaveLength(1);
    const roster = await runtime.engines.eventStore.readStream(rosterStream(policyId));
    expect(roster.map((event) => event.type)).toEqual([
      'RosterBatchOpened',
      'RosterChangesRecorded',
      'RosterBatchClosed',
    ]);
    // The buyer invited as the company's administrator: one user, one invitation mail.
    await runtime.runner!.waitUntilVisible(
      { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: '' },
      ['mail', 'identity'],
      10_000,
    );
    const invitations = await readStore
      .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
      .find({ template: 'user_invitation', 'to.email': BUYER.email });
    expect(invitations).toHaveLength(1);
    const users = await adminGet(
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: BUYER.email }))}`,
    );
    expect(users).toEqual([
      expect.objectContaining({
        email: BUYER.email,
        roles: ['ADMIN_EMPRESA_CLIENTE'],
        organizationId: policy.organizationId,
      }),
    ]);
  });
  test("002-4.17 a company's monthly sale, paid, records its subscription with the group policy it opened (groupPolicyId), so the policy's arrears reminders reach the company", async () => {
    const started = await start({ billing: 'monthly_subscription', paymentMethod: 'tdc' });
    expect(started.status).toBe(201);
    const sale = await json(started);
    const paid = await pay(sale.id, await tokenize(sale.amount), randomUUID());
    expect(paid.status).toBeLessThan(300);
    await settled();
    const subscription = await subscriptionOfSale(runtime, sale.id);
    const created = (await runtime.engines.eventStore.readStream(`subscription-${subscription._id}`)).find(
      (event) => event.type === 'SubscriptionCreated',
    )!;
    const policyId = companyPolicyIdOf(sale.id);
    expect((created.data as { groupPolicyId?: string }).groupPolicyId).toBe(policyId);
    // The policy it names is the one the payment opened, in the company's organization.
    const policy = await adminGet(`/api/admin/policies/${policyId}`);
    expect(policy).toMatchObject({ id: policyId, status: 'ACTIVE' });
    // A person's monthly plan names none.
    const person = await json(
      await startSaleOf(url, {
        productCode: 'VIDA-L',
        billing: 'monthly_subscription',
        paymentMethod: 'tdc',
      }),
    );
    await pay(person.id, await tokenize(person.amount), randomUUID());
    const own = await subscriptionOfSale(runtime, person.id);
    const ownCreated = (await runtime.engines.eventStore.readStream(`subscription-${own._id}`))[0]!;
    expect(ownCreated.data).not.toHaveProperty('groupPolicyId');
  });
});
