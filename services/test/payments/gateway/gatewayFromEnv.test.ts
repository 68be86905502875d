import {
  KushkiGateway,
  MercadoPagoGateway,
  OneclickGateway,
  SandboxGateway,
  WebpayPlusGateway,
  gatewayFromEnv,
} from '@cubre/services/payments/gateway';

describe('gateway chosen by configuration, secrets only from the environment', () => {
  test('with nothing set the embedded sandbox answers, so a fresh clone can buy', () => {
    expect(gatewayFromEnv({})).toBeInstanceOf(SandboxGateway);
  });

  test('each provider is built from its own variables', () => {
    expect(gatewayFromEnv({ PAYMENT_GATEWAY: 'kushki', KUSHKI_PRIVATE_MERCHANT_ID: 'x' })).toBeInstanceOf(
      KushkiGateway,
    );
    expect(
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'x',
        MERCADOPAGO_CURRENCY: 'CLP',
      }),
    ).toBeInstanceOf(MercadoPagoGateway);
    expect(
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'webpay_plus',
        TRANSBANK_COMMERCE_CODE: '597055555532',
        TRANSBANK_API_KEY: 'x',
      }),
    ).toBeInstanceOf(WebpayPlusGateway);
    expect(
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'oneclick',
        ONECLICK_COMMERCE_CODE: '597055555541',
        ONECLICK_CHILD_COMMERCE_CODE: '597055555542',
        TRANSBANK_API_KEY: 'x',
      }),
    ).toBeInstanceOf(OneclickGateway);
  });

  test('a missing or malformed variable fails at start, naming it (002-5.18: the notification URL must be https)', () => {
    expect(() => gatewayFromEnv({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      /PAYMENT_GATEWAY must be one of sandbox, kushki/,
    );
    expect(() => gatewayFromEnv({ PAYMENT_GATEWAY: 'kushki' })).toThrow(
      /kushki gateway: missing or invalid KUSHKI_PRIVATE_MERCHANT_ID/,
    );
    expect(() =>
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'kushki',
        KUSHKI_PRIVATE_MERCHANT_ID: 'x',
        KUSHKI_BASE_URL: 'http://api.kushkipagos.com/',
      }),
    ).toThrow(/KUSHKI_BASE_URL/);
    expect(() =>
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'x',
        MERCADOPAGO_CURRENCY: 'EUR',
      }),
    ).toThrow(/MERCADOPAGO_CURRENCY/);
    expect(() =>
      gatewayFromEnv({
        PAYMENT_GATEWAY: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'x',
        MERCADOPAGO_CURRENCY: 'CLP',
        MERCADOPAGO_NOTIFICATION_URL: 'http://cubre.example/hook',
      }),
    ).toThrow(/MERCADOPAGO_NOTIFICATION_URL/);
  });
});
