import { z } from 'zod';
import { currencySchema } from '@cubre/schemas/payments/money';
import { KushkiGateway } from './kushki/kushkiGateway';
import { MercadoPagoGateway } from './mercadopago/mercadoPagoGateway';
import type { PaymentGateway } from './port';
import { SandboxGateway } from './sandbox/sandboxGateway';
import { TokenVault } from './sandbox/tokenVault';
import { fileChargeJournal } from './sandbox/chargeJournal';
import { OneclickGateway } from './transbank/oneclickGateway';
import { WebpayPlusGateway } from './transbank/webpayPlusGateway';

/**
 * Picks the gateway from the environment: `PAYMENT_GATEWAY` (default `sandbox`, so `npm start` buys with no
 * account) and that provider's own variables. Secrets come only from the environment; a missing or malformed
 * variable fails at start with its name, never at the first purchase.
 */
const https = z.url({ protocol: /^https$/ });
const timeout = z.coerce.number().int().positive().optional();

const schemas = {
  sandbox: z.object({}),
  kushki: z.object({
    KUSHKI_BASE_URL: https.default('https://api-uat.kushkipagos.com/'),
    KUSHKI_PRIVATE_MERCHANT_ID: z.string().min(1),
    PAYMENT_GATEWAY_TIMEOUT_MS: timeout,
  }),
  mercadopago: z.object({
    MERCADOPAGO_ACCESS_TOKEN: z.string().min(1),
    MERCADOPAGO_CURRENCY: currencySchema,
    MERCADOPAGO_NOTIFICATION_URL: https.optional(),
    MERCADOPAGO_SUBSCRIPTION_BACK_URL: https.optional(),
    PAYMENT_GATEWAY_TIMEOUT_MS: timeout,
  }),
  webpay_plus: z.object({
    TRANSBANK_ENVIRONMENT: https.default('https://webpay3gint.transbank.cl'),
    TRANSBANK_COMMERCE_CODE: z.string().regex(/^\d{12}$/),
    TRANSBANK_API_KEY: z.string().min(1),
    PAYMENT_GATEWAY_TIMEOUT_MS: timeout,
  }),
  oneclick: z.object({
    TRANSBANK_ENVIRONMENT: https.default('https://webpay3gint.transbank.cl'),
    ONECLICK_COMMERCE_CODE: z.string().regex(/^\d{12}$/),
    ONECLICK_CHILD_COMMERCE_CODE: z.string().regex(/^\d{12}$/),
    TRANSBANK_API_KEY: z.string().min(1),
    PAYMENT_GATEWAY_TIMEOUT_MS: timeout,
  }),
} as const;

export const gatewayNameSchema = z.enum(['sandbox', 'kushki', 'mercadopago', 'webpay_plus', 'oneclick']);

export class PaymentGatewayConfigError extends Error {
  override readonly name = 'PaymentGatewayConfigError';
}

export function gatewayFromEnv(
  env: NodeJS.ProcessEnv,
  vault: TokenVault = new TokenVault(),
  options: { dataDir?: string } = {},
): PaymentGateway {
  const name = gatewayNameSchema.safeParse(env.PAYMENT_GATEWAY ?? 'sandbox');
  if (!name.success) {
    throw new PaymentGatewayConfigError(
      `PAYMENT_GATEWAY must be one of ${gatewayNameSchema.options.join(', ')}`,
    );
  }
  const parsed = schemas[name.data].safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new PaymentGatewayConfigError(`${name.data} gateway: missing or invalid ${names}`);
  }
  const vars = parsed.data as Record<string, string | number | undefined>;
  const timeoutMs = vars.PAYMENT_GATEWAY_TIMEOUT_MS as number | undefined;
  const timeoutOption = timeoutMs ? { timeoutMs } : {};
  switch (name.data) {
    case 'sandbox':
      // In DATA_DIR when there is one, so its charges outlive a restart as a provider's do.
      return new SandboxGateway(vault, options.dataDir ? fileChargeJournal(options.dataDir) : undefined);
    case 'kushki':
      return new KushkiGateway({
        baseUrl: String(vars.KUSHKI_BASE_URL),
        privateMerchantId: String(vars.KUSHKI_PRIVATE_MERCHANT_ID),
        ...timeoutOption,
      });
    case 'mercadopago':
      return new MercadoPagoGateway({
        accessToken: String(vars.MERCADOPAGO_ACCESS_TOKEN),
        currency: currencySchema.parse(vars.MERCADOPAGO_CURRENCY),
        ...(vars.MERCADOPAGO_NOTIFICATION_URL
          ? { notificationUrl: String(vars.MERCADOPAGO_NOTIFICATION_URL) }
          : {}),
        ...(vars.MERCADOPAGO_SUBSCRIPTION_BACK_URL
          ? { subscriptionBackUrl: String(vars.MERCADOPAGO_SUBSCRIPTION_BACK_URL) }
          : {}),
        ...timeoutOption,
      });
    case 'webpay_plus':
      return new WebpayPlusGateway({
        environment: String(vars.TRANSBANK_ENVIRONMENT),
        commerceCode: String(vars.TRANSBANK_COMMERCE_CODE),
        apiKey: String(vars.TRANSBANK_API_KEY),
        ...timeoutOption,
      });
    case 'oneclick':
      return new OneclickGateway({
        environment: String(vars.TRANSBANK_ENVIRONMENT),
        commerceCode: String(vars.ONECLICK_COMMERCE_CODE),
        childCommerceCode: String(vars.ONECLICK_CHILD_COMMERCE_CODE),
        apiKey: String(vars.TRANSBANK_API_KEY),
        ...timeoutOption,
      });
  }
}
