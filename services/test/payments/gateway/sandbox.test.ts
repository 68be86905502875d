import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { money } from '@cubre/schemas/payments/money';
import { SandboxGateway, TokenVault, sandboxTokenizerRouter } from '@cubre/services/payments/gateway/sandbox';
import type { ChargeResult } from '@cubre/services/payments/gateway/port';

const CARDS = {
  approved: '5451951574925480',
  insufficientFunds: '4349001210846432',
  cvvRefused: '4349003243371321',
  blocked: '4349001386781322',
  refusedAtCharge: '4349003000047015',
  refusedAtToken: '000000000000000000',
};

let server: Server;
let base: string;
let vault: TokenVault;
let gateway: SandboxGateway;

beforeAll(async () => {
  vault = new TokenVault();
  gateway = new SandboxGateway(vault);
  const app = express();
  app.use(
    '/sandbox-gateway/tokens',
    sandboxTokenizerRouter({ vault, today: () => ({ year: 2026, month: 11 }) }),
  );
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox-gateway/tokens`;
});
afterAll(async () => {
  server.close();
  await once(server, 'close');
});

const tokenize = (number: string, extra: Record<string, unknown> = {}, card: Record<string, unknown> = {}) =>
  fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card: { name: 'Ana Pérez', number, expiryMonth: '12', expiryYear: '28', cvv: '123', ...card },
      totalAmount: 15990,
      currency: 'CLP',
      ...extra,
    }),
  });
const tokenFor = async (number: string): Promise<string> => {
  const response = await tokenize(number);
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
};
const charge = (token: string, idempotencyKey: string, amount = 15990): Promise<ChargeResult> =>
  gateway.charge({ token, amount: money(amount, 'CLP'), idempotencyKey, metadata: { saleId: 'sale-1' } });

describe('sandbox gateway: Kushki integration answers for Kushki test cards', () => {
  test('the approved test card tokenizes to an opaque token and charges; the vault keeps no card number', async () => {
    const response = await tokenize(CARDS.approved);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { token } = (await response.json()) as { token: string };
    expect(token).toMatch(/^sbx_[\w-]{32}$/);
    expect(token).not.toContain('5480');
    expect(JSON.stringify([...(vault as any).tokens.entries()])).not.toContain(CARDS.approved);
    const result = await charge(token, 'key-approved');
    expect(result).toMatchObject({
      outcome: 'approved',
      gateway: 'sandbox',
      amount: { amount: 15990, currency: 'CLP' },
    });
    if (result.outcome !== 'approved') throw new Error('not approved');
    expect(result.chargeId).toMatch(/^\d{18}$/);
    expect(await gateway.getCharge(result.chargeId)).toMatchObject({
      outcome: 'approved',
      chargeId: result.chargeId,
    });
  });

  test.each([
    ['insufficient funds', CARDS.insufficientFunds, '021', 'insufficient_funds', /fondos suficientes/],
    ['CVV refused', CARDS.cvvRefused, '022', 'cvv_failure', /código de seguridad/],
    ['blocked card', CARDS.blocked, '023', 'blocked_card', /bloqueada/],
    ['refused at charge', CARDS.refusedAtCharge, '017', 'invalid_card', /tarjeta no es válida/],
  ])(
    '002-8.14 %s: the charge is declined with Kushki\u2019s code and the seed\u2019s Spanish message',
    async (_name, card, code, catalogueCode, spanish) => {
      const result = await charge(await tokenFor(card), `key-${card}`);
      expect(result).toMatchObject({ outcome: 'declined', providerCode: code, catalogueCode });
      if (result.outcome !== 'declined') throw new Error('not declined');
      expect(messageFor(result.catalogueCode, 'es')).toMatch(spanish);
    },
  );

  test('002-8.15 the card refused at tokenization answers problem+json Datos Inválidos with Kushki\u2019s 017', async () => {
    const response = await tokenize(CARDS.refusedAtToken);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({
      title: 'Datos Inválidos',
      status: 400,
      code: '017',
      errors: [{ field: 'card.number', rule: 'card_refused' }],
    });
  });

  test('002-5.16 002-5.17 bad card data never becomes a token: problem+json names each field and rule', async () => {
    const response = await tokenize(
      '4111',
      { totalAmount: 'mucho' },
      { cvv: '', expiryMonth: '13', name: '' },
    );
    expect(response.status).toBe(400);
    const problem = (await response.json()) as {
      title: string;
      errors: Array<{ field: string; rule: string; message: string }>;
    };
    expect(problem.title).toBe('Datos Inválidos');
    expect(problem.errors.map((error) => `${error.field}:${error.rule}`)).toEqual([
      'card.number:card_number_length',
      'card.securityCode:security_code_required',
      'card.expiryMonth:expiry_month_invalid',
      'card.holderName:holder_name_required',
      'totalAmount:amount_numeric',
    ]);
    expect(problem.errors[0]?.message).toBe('El largo del número de tarjeta no es válido.');
    const english = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ card: { number: '1' } }),
    });
    expect(((await english.json()) as { title: string }).title).toBe('Invalid data');
  });

  test('a retry with the same key answers the first result and charges once, also when both run at once', async () => {
    const token = await tokenFor(CARDS.approved);
    const before = (gateway as any).charges.size;
    const [first, second] = await Promise.all([charge(token, 'double-click'), charge(token, 'double-click')]);
    const third = await charge(token, 'double-click');
    expect(first.outcome).toBe('approved');
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect((gateway as any).charges.size).toBe(before + 1);
  });

  test('a reused key with other parameters is refused with the seed\u2019s 4292', async () => {
    const token = await tokenFor(CARDS.approved);
    expect((await charge(token, 'reused')).outcome).toBe('approved');
    const other = await charge(token, 'reused', 20000);
    expect(other).toMatchObject({ outcome: 'declined', providerCode: '4292', catalogueCode: '4292' });
    expect(messageFor('4292')).toMatch(/Idempotency-Key/);
  });

  test('a token is used once: another key with the same token is refused with 577, like an unknown token', async () => {
    const token = await tokenFor(CARDS.approved);
    expect((await charge(token, 'once-1')).outcome).toBe('approved');
    expect(await charge(token, 'once-2')).toMatchObject({
      outcome: 'declined',
      providerCode: '577',
      catalogueCode: '577',
    });
    expect(await charge('sbx_unknown', 'once-3')).toMatchObject({ outcome: 'declined', providerCode: '577' });
  });

  test('a charge for another amount than the token was made for is refused (Kushki 220)', async () => {
    const result = await charge(await tokenFor(CARDS.approved), 'other-amount', 9990);
    expect(result).toMatchObject({
      outcome: 'declined',
      providerCode: '220',
      catalogueCode: 'invalid_amount',
    });
  });

  test('void and refund reverse an approved charge once; a partial refund is refused (3024); getCharge tells', async () => {
    const voided = await charge(await tokenFor(CARDS.approved), 'to-void');
    const refunded = await charge(await tokenFor(CARDS.approved), 'to-refund');
    if (voided.outcome !== 'approved' || refunded.outcome !== 'approved') throw new Error('not approved');
    expect(await gateway.void(voided.chargeId, 'void-1')).toMatchObject({
      outcome: 'approved',
      chargeId: voided.chargeId,
    });
    expect(await gateway.getCharge(voided.chargeId)).toMatchObject({ outcome: 'reversed', reversal: 'void' });
    expect(await gateway.void(voided.chargeId, 'void-2')).toMatchObject({
      outcome: 'declined',
      catalogueCode: '3005',
    });
    expect(await gateway.refund(refunded.chargeId, money(100, 'CLP'), 'refund-0')).toMatchObject({
      outcome: 'declined',
      catalogueCode: '3024',
    });
    expect(await gateway.refund(refunded.chargeId, money(15990, 'CLP'), 'refund-1')).toMatchObject({
      outcome: 'approved',
    });
    expect(await gateway.getCharge(refunded.chargeId)).toMatchObject({
      outcome: 'reversed',
      reversal: 'refund',
    });
    expect(await gateway.getCharge('000000000000000000')).toEqual({
      outcome: 'not_found',
      gateway: 'sandbox',
    });
  });

  test('002-4.02 a subscription charges once per period key and refuses charges after cancellation', async () => {
    const created = await gateway.createSubscription({
      token: await tokenFor(CARDS.approved),
      amount: money(15990, 'CLP'),
      periodicity: 1,
      startDate: '2026-12-01',
      idempotencyKey: 'subscribe-1',
      payer: { email: 'ana@example.cl' },
    });
    if (created.outcome !== 'approved') throw new Error('not created');
    const period = {
      subscriptionId: created.subscriptionId,
      amount: money(15990, 'CLP'),
      idempotencyKey: 'sub-2026-12',
    };
    const first = await gateway.chargeSubscription(period);
    expect(first.outcome).toBe('approved');
    expect(await gateway.chargeSubscription(period)).toEqual(first);
    expect(await gateway.cancelSubscription(created.subscriptionId, 'cancel-1')).toMatchObject({
      outcome: 'approved',
    });
    expect(await gateway.chargeSubscription({ ...period, idempotencyKey: 'sub-2027-01' })).toMatchObject({
      outcome: 'declined',
      catalogueCode: '3005',
    });
    const refused = await gateway.createSubscription({
      token: await tokenFor(CARDS.insufficientFunds),
      amount: money(15990, 'CLP'),
      periodicity: 12,
      startDate: '2026-12-01',
      idempotencyKey: 'subscribe-2',
      payer: { email: 'ana@example.cl' },
    });
    expect(refused).toMatchObject({ outcome: 'declined', providerCode: '021' });
  });
});

describe('sandbox token vault', () => {
  test('is bounded in bytes: the oldest tokens go first', () => {
    const small = new TokenVault({ maxBytes: 4096 });
    const tokens = Array.from({ length: 100 }, () =>
      small.issue({ scenario: { stage: 'approved' }, last4: '5480' }),
    );
    expect(small.size.bytes).toBeLessThanOrEqual(4096);
    expect(small.size.tokens).toBeLessThan(100);
    expect(small.take(tokens[0] ?? '')).toBeUndefined();
    expect(small.take(tokens[99] ?? '')).toMatchObject({ last4: '5480' });
  });

  test('a token expires: after its life it is gone', () => {
    let now = 1_000;
    const timed = new TokenVault({ ttlMs: 60_000, now: () => now });
    const token = timed.issue({ scenario: { stage: 'approved' }, last4: '5480' });
    now += 60_000;
    expect(timed.take(token)).toBeUndefined();
    expect(timed.size).toEqual({ tokens: 0, bytes: 0 });
  });
});
