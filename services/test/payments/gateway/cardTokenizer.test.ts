import { cardTokenizerFromEnv } from '@cubre/services/payments/gateway/cardTokenizer';
import { PaymentGatewayConfigError } from '@cubre/services/payments/gateway/gatewayFromEnv';

/**
 * The payment step's browser tokenizer and the hosts the storefront's CSP opens for it (issue 14), read
 * from the same variables as the gateway: only public values reach the page.
 */
describe('the browser tokenizer chosen by configuration', () => {
  test("with nothing set the sandbox's own tokenizer, and no provider host opened", () => {
    expect(cardTokenizerFromEnv({})).toEqual({
      tokenizer: { provider: 'sandbox' },
      sources: { scriptSrc: [], connectSrc: [], frameSrc: [] },
    });
  });

  test("Kushki: kushki.js with the public merchant id, in the test environment of Kushki's integration host (the default)", () => {
    const env = {
      PAYMENT_GATEWAY: 'kushki',
      KUSHKI_PRIVATE_MERCHANT_ID: 'the-private-id',
      KUSHKI_PUBLIC_MERCHANT_ID: ' the-public-id ',
    };
    const answer = cardTokenizerFromEnv(env);
    expect(answer).toEqual({
      tokenizer: { provider: 'kushki', publicMerchantId: 'the-public-id', inTestEnvironment: true },
      sources: {
        scriptSrc: ['https://cdn.siftscience.com'],
        connectSrc: ['https://api-uat.kushkipagos.com'],
        frameSrc: [],
      },
    });
    expect(JSON.stringify(answer)).not.toContain('the-private-id');
  });

  test("Kushki's production API host makes kushki.js run in production, with that host only", () => {
    const answer = cardTokenizerFromEnv({
      PAYMENT_GATEWAY: 'kushki',
      KUSHKI_PUBLIC_MERCHANT_ID: 'pub',
      KUSHKI_BASE_URL: 'https://api.kushkipagos.com/',
    });
    expect(answer.tokenizer).toEqual({
      provider: 'kushki',
      publicMerchantId: 'pub',
      inTestEnvironment: false,
    });
    expect(answer.sources.connectSrc).toEqual(['https://api.kushkipagos.com']);
  });

  test('Kushki without its public merchant id fails at start, naming the variable', () => {
    expect(() =>
      cardTokenizerFromEnv({ PAYMENT_GATEWAY: 'kushki', KUSHKI_PRIVATE_MERCHANT_ID: 'x' }),
    ).toThrow(new PaymentGatewayConfigError('kushki gateway: missing or invalid KUSHKI_PUBLIC_MERCHANT_ID'));
  });

  test('Mercado Pago: its card-token endpoint with the public key, and only api.mercadopago.com opened (connect-src; no script, no frame)', () => {
    const env = {
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-the-secret-access-token',
      MERCADOPAGO_PUBLIC_KEY: ' APP_USR-3812525c-f74b-4b2e-9c76-e83dc3949013 ',
    };
    const answer = cardTokenizerFromEnv(env);
    expect(answer).toEqual({
      tokenizer: { provider: 'mercadopago', publicKey: 'APP_USR-3812525c-f74b-4b2e-9c76-e83dc3949013' },
      sources: { scriptSrc: [], connectSrc: ['https://api.mercadopago.com'], frameSrc: [] },
    });
    expect(JSON.stringify(answer)).not.toContain('the-secret-access-token');
  });

  test.each([
    ['missing', {}],
    ['blank', { MERCADOPAGO_PUBLIC_KEY: '  ' }],
    ['not a key', { MERCADOPAGO_PUBLIC_KEY: 'TEST-<script>' }],
  ])('Mercado Pago with its public key %s fails at start, naming the variable', (_case, vars) => {
    expect(() =>
      cardTokenizerFromEnv({ PAYMENT_GATEWAY: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'x', ...vars }),
    ).toThrow(
      new PaymentGatewayConfigError('mercadopago gateway: missing or invalid MERCADOPAGO_PUBLIC_KEY'),
    );
  });

  test.each(['webpay_plus', 'oneclick'])(
    '%s takes no card on the storefront (its own pages do): no tokenizer, no host opened',
    (gateway) => {
      expect(cardTokenizerFromEnv({ PAYMENT_GATEWAY: gateway })).toEqual({
        tokenizer: { provider: 'none' },
        sources: { scriptSrc: [], connectSrc: [], frameSrc: [] },
      });
    },
  );
});
