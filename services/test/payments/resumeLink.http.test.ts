import { randomUUID } from 'node:crypto';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { ONE_PERSON } from './support/purchaseFixture';

/**
 * Issue 14, "A session can be left and resumed, on another device through a link": the payment step asks
 * the server to mail the buyer a link to the sale; it goes to the sale's own address only, once per sale
 * and quarter of an hour, carries the sale and its session, and is refused to anyone without the session.
 */
let runtime: LoggingRuntime;
beforeAll(async () => {
  runtime = await startLoggingRuntime();
  await loadLeadsCatalogue(runtime);
});
afterAll(async () => {
  await runtime.dispose();
});

const BUYER = {
  nombre: 'Ignacio Fuentes',
  rut: '12.345.678-5',
  email: 'ignacio.fuentes@example.com',
  telefono: '+56 9 8765 4321',
};

async function startSale(session = randomUUID()) {
  const response = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session,
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
  });
  expect(response.status).toBe(201);
  return { sale: await json(response), session };
}

const askLink = (saleId: string, body: unknown) =>
  postJson(`${runtime.url}/api/compra-online/ventas/${saleId}/enlace`, body);

async function mailsOf(saleId: string) {
  // Sent at once in this all-roles process: its words are recorded when the dispatcher takes it.
  await runtime.mail.dispatcher.idle();
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible({ globalPosition: head, streamId: 'mail-x' }, ['mail'], 10_000);
  return runtime.engines.readStore
    .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
    .find({ 'subject.kind': 'sale', 'subject.id': saleId });
}

test("000-2.22 the buyer's link goes to the sale's own address, masked in the answer, as the seeds' shared purchase link (?session=&sessionType=resume) whose session finds the sale", async () => {
  const { sale, session } = await startSale();
  const response = await askLink(sale.id, { session });
  expect(response.status).toBe(202);
  expect(await json(response)).toEqual({ sentTo: 'i•••@example.com' });
  const [mail, ...more] = await mailsOf(sale.id);
  expect(more).toEqual([]);
  expect(mail).toMatchObject({ template: 'purchase_resume', locale: 'es', to: { email: BUYER.email } });
  // The link as the mail's text writes it (MAIL_PUBLIC_URL's default site).
  const link = new URL(/https?:\/\/\S+\/Compra-Online\/\S+/.exec(mail!.text ?? '')![0]);
  expect(mail!.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
  expect(link.pathname).toBe('/Compra-Online/VIDA-L');
  expect([...link.searchParams.keys()]).toEqual(['session', 'sessionType']);
  expect(link.searchParams.get('session')).toBe(session);
  expect(link.searchParams.get('sessionType')).toBe('resume');
  // The page opened from it finds the sale by the session, and nothing else by another.
  const found = await fetch(`${runtime.url}/api/compra-online/sesiones/${session.toUpperCase()}`);
  expect(found.status).toBe(200);
  expect(await json(found)).toMatchObject({ id: sale.id, productCode: 'VIDA-L', state: 'PENDING' });
  expect(
    JSON.stringify(await json(await fetch(`${runtime.url}/api/compra-online/sesiones/${session}`))),
  ).not.toContain(BUYER.email);
  expect((await fetch(`${runtime.url}/api/compra-online/sesiones/${randomUUID()}`)).status).toBe(404);
  const malformed = await fetch(`${runtime.url}/api/compra-online/sesiones/not-a-session`);
  expect(malformed.status).toBe(400);
  expect(JSON.stringify(await json(malformed))).toContain('session');
});

test('asked again at once: answered the same, one mail (the inbox is not flooded)', async () => {
  const { sale, session } = await startSale();
  expect((await askLink(sale.id, { session })).status).toBe(202);
  expect((await askLink(sale.id, { session })).status).toBe(202);
  expect(await mailsOf(sale.id)).toHaveLength(1);
});

test('in Portuguese: the mail in Portuguese, the link to the Portuguese page', async () => {
  const { sale, session } = await startSale();
  expect((await askLink(sale.id, { session, lang: 'pt' })).status).toBe(202);
  const [mail] = await mailsOf(sale.id);
  expect(mail!.locale).toBe('pt');
  expect(mail!.text).toContain('/pt/Compra-Online/VIDA-L?session=');
});

test('another session, a malformed one or an unknown sale: refused, no mail, nothing said about the sale', async () => {
  const { sale } = await startSale();
  const other = await askLink(sale.id, { session: randomUUID() });
  expect(other.status).toBe(404);
  const malformed = await askLink(sale.id, { session: 'not-a-uuid' });
  expect(malformed.status).toBe(400);
  expect((await json(malformed)).errors[0]).toMatchObject({ field: 'session' });
  const unknownSession = randomUUID();
  expect((await askLink(randomUUID(), { session: unknownSession })).status).toBe(404);
  expect(await mailsOf(sale.id)).toEqual([]);
});

test('a paid sale has nothing to continue: 409 naming the rule', async () => {
  const { sale, session } = await startSale();
  const token = (
    await json(
      await postJson(`${runtime.url}/api/sandbox-gateway/tokens`, {
        card: {
          name: 'Ignacio Fuentes',
          number: '5451951574925480',
          expiryMonth: '12',
          expiryYear: '30',
          cvv: '123',
        },
        totalAmount: sale.amount.amount,
        currency: sale.amount.currency,
      }),
    )
  ).token;
  const paid = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token },
    { 'Idempotency-Key': randomUUID() },
  );
  expect((await json(paid)).sale.state).toBe('OK');
  const response = await askLink(sale.id, { session });
  expect(response.status).toBe(409);
  expect((await json(response)).errors[0]).toMatchObject({ field: 'saleId', rule: 'sale_paid' });
});

test("the buyer's address and the link's session never reach the log", () => {
  expect(runtime.logged()).not.toContain(BUYER.email);
});
