import { randomUUID } from 'node:crypto';
import { FAILURE_REDIRECT_PLAN_CODES } from '@cubre/schemas/payments/failureRedirect';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { fixtureCommandOptions, ORGANIZATIONS } from '../support/catalogueOrganizations';
import {
  loadLeadsCatalogue,
  PRODUCTS,
  startLoggingRuntime,
  type LoggingRuntime,
} from '../leads/support/leadsFixture';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';

/**
 * Rule 002-2.11 over real HTTP: a refused payment on the seed's eight plans answers with the insurer's
 * site, where the buyer finishes the contract; any other plan, or an approved payment, answers none.
 */
let runtime: LoggingRuntime;
const WEBSITE = 'https://www.aseguradora-sitio.example/contratar';

beforeAll(async () => {
  runtime = await startLoggingRuntime();
  await loadLeadsCatalogue(runtime);
  const options = fixtureCommandOptions('failure-redirect');
  const store = runtime.engines.eventStore;
  await defineCatalogueEntry(
    store,
    'organization',
    {
      ...ORGANIZATIONS.andes,
      code: 'Aseguradora-Sitio',
      url: 'Aseguradora-Sitio',
      displayName: 'Aseguradora Sitio',
      website: WEBSITE,
    },
    options(),
  );
  const life = PRODUCTS.find((product) => product.code === 'VIDA-L')!;
  for (const code of ['QPS230', 'QPS256', 'QPS999'])
    await defineCatalogueEntry(
      store,
      'product',
      { ...life, code, url: code, displayName: `Plan ${code}`, organizationCode: 'Aseguradora-Sitio' },
      options(),
    );
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await store.headPosition(), streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
});
afterAll(async () => {
  await runtime.dispose();
});

async function payFor(productCode: string, number: string) {
  const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode,
    profile: ONE_PERSON,
    ...BUYER,
  });
  expect(started.status).toBe(201);
  const sale = await json(started);
  expect(sale.failureRedirectUrl).toBeNull();
  const tokenized = await json(
    await postJson(`${runtime.url}/api/sandbox-gateway/tokens`, {
      card: { name: 'Camila Rojas', number, expiryMonth: '12', expiryYear: '30', cvv: '123' },
      totalAmount: sale.amount.amount,
      currency: sale.amount.currency,
    }),
  );
  const paid = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: tokenized.token },
    { 'Idempotency-Key': randomUUID() },
  );
  const answer = await json(paid);
  const reread = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
  return { answer, reread };
}

const INSUFFICIENT_FUNDS = '4349001210846432';
const APPROVED = '5451951574925480';

describe('002-2.11 a payment failure on the seed plans redirects to the insurer site', () => {
  test("002-2.11 the list is the seed's eight plan codes", () => {
    expect([...FAILURE_REDIRECT_PLAN_CODES].sort()).toEqual(
      ['QPS230', 'QPS231', 'QPS235', 'QPS236', 'QPS238', 'QPS239', 'QPS255', 'QPS256'].sort(),
    );
  });

  test.each(['QPS230', 'QPS256'])(
    '002-2.11 a refused payment on %s answers the insurer website, on the pay answer and on a reread of the sale',
    async (code) => {
      const { answer, reread } = await payFor(code, INSUFFICIENT_FUNDS);
      expect(answer.payment.state).toBe('DECLINED');
      expect(answer.sale.failureRedirectUrl).toBe(WEBSITE);
      expect(reread.failureRedirectUrl).toBe(WEBSITE);
    },
  );

  test('002-2.11 another plan of the same insurer, refused, answers no redirect: the buyer tries another card', async () => {
    const { answer, reread } = await payFor('QPS999', INSUFFICIENT_FUNDS);
    expect(answer.payment.state).toBe('DECLINED');
    expect(answer.sale.failureRedirectUrl).toBeNull();
    expect(reread.failureRedirectUrl).toBeNull();
  });

  test('002-2.11 an approved payment on a redirect plan stays with us', async () => {
    const { answer } = await payFor('QPS230', APPROVED);
    expect(answer.sale.state).toBe('OK');
    expect(answer.sale.failureRedirectUrl).toBeNull();
  });
});
