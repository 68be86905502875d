import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { createActiveUser, listQuery, signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { subscriptionOfSale } from '../subscriptions/support';
import { startSaleOf } from './support/purchaseFixture';

/**
 * A CLIENT reads the sales (and subscriptions) bought with their own e-mail (payments' scope.ts), whatever
 * case the buyer typed it in: the address is compared in lower case on both sides, and staff's e-mail filter
 * finds it so too. Until this test a sale typed 'Ines.Rojas@Prueba.CL' was invisible to its own buyer.
 */
let runtime: TestRuntime;
let admin: Session;

beforeAll(async () => {
  runtime = await startTestRuntime();
  await loadLeadsCatalogue(runtime);
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const mixedCase = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1).toUpperCase()}${local.slice(1)}@${domain.toUpperCase()}`;
};

test('a CLIENT finds the sale and the subscription bought with their e-mail typed in another case; staff find it by e-mail in any case', async () => {
  const { session: client, email } = await createActiveUser(admin, { roles: ['CLIENT'] });
  const typed = mixedCase(email);
  expect(typed).not.toBe(email);
  const started = await startSaleOf(runtime.url, { productCode: 'VIDA-L', email: typed });
  expect(started.status).toBe(201);
  const sale = await json(started);
  const other = await json(await startSaleOf(runtime.url, { productCode: 'VIDA-L' }));

  const mine = await client.get(`/api/admin/sales${listQuery({})}`);
  expect(mine.status).toBe(200);
  expect((await json(mine)).map((row: { id: string }) => row.id)).toEqual([sale.id]);
  const shown = await client.get(`/api/admin/sales/${sale.id}`);
  expect(shown.status).toBe(200);
  expect((await json(shown)).buyer.email).toBe(email);
  expect((await client.get(`/api/admin/sales/${other.id}`)).status).toBe(404);

  const byEmail = await admin.get(`/api/admin/sales${listQuery({ filter: { email: typed } })}`);
  expect((await json(byEmail)).map((row: { id: string }) => row.id)).toEqual([sale.id]);

  // A monthly sale: its subscription is the CLIENT's too.
  const { session: subscriber, email: subscriberEmail } = await createActiveUser(admin, {
    roles: ['CLIENT'],
  });
  const monthly = await buySubscriptionAs(mixedCase(subscriberEmail));
  const subscription = await subscriptionOfSale(runtime, monthly);
  const listed = await subscriber.get(`/api/admin/subscriptions${listQuery({})}`);
  expect((await json(listed)).map((row: { id: string }) => row.id)).toEqual([subscription._id]);
});

/** A monthly sale bought with the sandbox's approved card under the given e-mail: its id. */
async function buySubscriptionAs(email: string): Promise<string> {
  const started = await json(
    await startSaleOf(runtime.url, { productCode: 'VIDA-L', email, billing: 'monthly_subscription' }),
  );
  const tokenized = await json(
    await fetch(`${runtime.url}/api/sandbox-gateway/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card: {
          name: 'Ines Rojas',
          number: '5451951574925480',
          expiryMonth: '12',
          expiryYear: '30',
          cvv: '123',
        },
        totalAmount: started.amount.amount,
        currency: started.amount.currency,
      }),
    }),
  );
  const paid = await fetch(`${runtime.url}/api/compra-online/ventas/${started.id}/pagos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': `monthly-${started.id}` },
    body: JSON.stringify({ token: tokenized.token }),
  });
  expect(paid.status).toBe(201);
  return started.id as string;
}
