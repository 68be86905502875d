export * from './port';
export { gatewayFromEnv, gatewayNameSchema, PaymentGatewayConfigError } from './gatewayFromEnv';
export { IdempotencyLedger } from './idempotency';
export { KushkiGateway, type KushkiConfig } from './kushki/kushkiGateway';
export { MercadoPagoGateway, type MercadoPagoGatewayConfig } from './mercadopago/mercadoPagoGateway';
export { OneclickGateway, type OneclickConfig } from './transbank/oneclickGateway';
export { WebpayPlusGateway, type TransbankConfig } from './transbank/webpayPlusGateway';
export { SandboxGateway, TokenVault, sandboxTokenizerRouter } from './sandbox';
