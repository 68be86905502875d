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

  test('a gateway whose card form is not built on the storefront opens no host', () => {
    expect(cardTokenizerFromEnv({ PAYMENT_GATEWAY: 'mercadopago' })).toEqual({
      tokenizer: { provider: 'none' },
      sources: { scriptSrc: [], connectSrc: [], frameSrc: [] },
    });
  });
});
