/**
 * The storefront's request layer (seed 001 §7 "Request interceptors"): its API client and the calls the
 * payment step makes to an external host, with `fetch` answered here and every request recorded.
 */
jest.mock('../../src/app/config', () => ({
  SITE: { country: 'CL', currency: 'CLP', version: 'test', defaultPath: '/Comparar/Seguros-de-Salud' },
}));

import { api } from '../../src/api/client';
import { mercadoPagoToken } from '../../src/purchase/mercadoPagoTokenizer';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}
const sent: Sent[] = [];
const realFetch = globalThis.fetch;
let answer: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

beforeEach(() => {
  sent.length = 0;
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    sent.push({
      url: input,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      credentials: init.credentials,
    });
    const { status, body } = answer(input);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

describe('request interceptors', () => {
  test('001-7.20 GET answers are cached for 5 minutes, keyed by URL', async () => {
    let now = Date.parse('2025-09-15T12:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    let served = 0;
    answer = () => ({ status: 200, body: { served: ++served } });

    expect(await api('/api/menu?rule=7.20')).toEqual({ served: 1 });
    // The same URL within 5 minutes: the cached answer, no call.
    now += 4 * 60_000 + 59_000;
    expect(await api('/api/menu?rule=7.20')).toEqual({ served: 1 });
    expect(sent).toHaveLength(1);
    // Another URL is another entry: asked for, and the first entry is untouched.
    expect(await api('/api/menu?rule=7.20&other')).toEqual({ served: 2 });
    expect(await api('/api/menu?rule=7.20')).toEqual({ served: 1 });
    expect(sent.map((request) => request.url)).toEqual(['/api/menu?rule=7.20', '/api/menu?rule=7.20&other']);
    // At 5 minutes the entry is stale: asked for again, and the new answer is kept from then on.
    now += 1_000;
    expect(await api('/api/menu?rule=7.20')).toEqual({ served: 3 });
    expect(await api('/api/menu?rule=7.20')).toEqual({ served: 3 });
    expect(sent).toHaveLength(3);
    // Writes are never cached.
    await api('/api/contactos?rule=7.20', { method: 'POST', body: {} });
    await api('/api/contactos?rule=7.20', { method: 'POST', body: {} });
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  test("001-7.19 calls to an external host carry none of the client's custom headers (country, qp-version), which the API's writes do: the client's external-URL mode and the payment step's own calls", async () => {
    answer = () => ({ status: 201, body: {} });
    await api('/api/solicitarplans', { method: 'POST', body: {} });
    expect(sent[0]!.headers).toMatchObject({ country: 'CL', 'qp-version': 'test' });
    // The client's external-URL mode: an absolute URL is another host's, and gets none of them.
    await api('https://partner.example.com/api/leads', { method: 'POST', body: {} });
    expect(sent[1]!.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });

    // The payment step's calls to Mercado Pago (issue 14): the brand lookup, then the card token.
    sent.length = 0;
    answer = (url) =>
      url.includes('/installments')
        ? { status: 200, body: [{ payment_method_id: 'master', issuer: { id: 3 } }] }
        : { status: 201, body: { id: 'ff8080814c11e237014c1ff593b57b4d' } };
    const result = await mercadoPagoToken(
      { provider: 'mercadopago', publicKey: 'TEST-3812525c-f74b-4b2e-9c76-e83dc3949013' },
      { name: 'Ana Pérez', number: '5031 7557 3453 0604', expiryMonth: '7', expiryYear: '40', cvv: '123' },
      { amount: 29965, currency: 'CLP' },
      'es',
    );
    expect(result).toEqual({
      token: 'ff8080814c11e237014c1ff593b57b4d',
      brand: { paymentMethodId: 'master', issuerId: '3' },
    });
    expect(sent.map((request) => new URL(request.url).host)).toEqual([
      'api.mercadopago.com',
      'api.mercadopago.com',
    ]);
    for (const request of sent) {
      expect(Object.keys(request.headers)).not.toContain('country');
      expect(Object.keys(request.headers)).not.toContain('qp-version');
      expect(request.credentials).toBe('omit');
    }
  });
});
