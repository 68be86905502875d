import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import { z } from 'zod';
import { KUSHKI_API_HOSTS, kushkiBrowserSources } from './kushki/browserLibrary';
import { mercadoPagoBrowserSources } from './mercadopago/browserLibrary';
import { PaymentGatewayConfigError } from './gatewayFromEnv';

/** Hosts a provider's browser library needs on the storefront's pages, by CSP directive. */
export interface BrowserSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}

export const NO_BROWSER_SOURCES: BrowserSources = { scriptSrc: [], connectSrc: [], frameSrc: [] };

const kushkiPublic = z.object({
  KUSHKI_PUBLIC_MERCHANT_ID: z.string().trim().min(1).max(120),
  KUSHKI_BASE_URL: z.url({ protocol: /^https$/ }).default(`${KUSHKI_API_HOSTS.test}/`),
});

/** Mercado Pago's public key (Your integrations > Credentials): `APP_USR-…` in production, `TEST-…` in tests. */
const mercadoPagoPublic = z.object({
  MERCADOPAGO_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,120}$/),
});

const configError = (gateway: string, issues: readonly { path: PropertyKey[] }[]) =>
  new PaymentGatewayConfigError(
    `${gateway} gateway: missing or invalid ${issues.map((issue) => issue.path.join('.')).join(', ')}`,
  );

/**
 * The browser tokenizer of the configured gateway (PAYMENT_GATEWAY) and what it loads, read once at start.
 * Kushki's public merchant id is required with the Kushki gateway, Mercado Pago's public key with Mercado
 * Pago's (a missing one fails at start, by name);
 * its environment follows KUSHKI_BASE_URL: production only on `api.kushkipagos.com`, so the browser's
 * tokens and the server's charges always hit the same Kushki environment.
 */
export function cardTokenizerFromEnv(env: NodeJS.ProcessEnv): {
  tokenizer: CardTokenizer;
  sources: BrowserSources;
} {
  const gateway = env.PAYMENT_GATEWAY ?? 'sandbox';
  if (gateway === 'sandbox') return { tokenizer: { provider: 'sandbox' }, sources: NO_BROWSER_SOURCES };
  if (gateway === 'mercadopago') {
    const mercadoPago = mercadoPagoPublic.safeParse(env);
    if (!mercadoPago.success) throw configError('mercadopago', mercadoPago.error.issues);
    return {
      tokenizer: { provider: 'mercadopago', publicKey: mercadoPago.data.MERCADOPAGO_PUBLIC_KEY },
      sources: mercadoPagoBrowserSources(),
    };
  }
  if (gateway !== 'kushki') return { tokenizer: { provider: 'none' }, sources: NO_BROWSER_SOURCES };
  const parsed = kushkiPublic.safeParse(env);
  if (!parsed.success) throw configError('kushki', parsed.error.issues);
  const inTestEnvironment = new URL(parsed.data.KUSHKI_BASE_URL).origin !== KUSHKI_API_HOSTS.production;
  return {
    tokenizer: {
      provider: 'kushki',
      publicMerchantId: parsed.data.KUSHKI_PUBLIC_MERCHANT_ID,
      inTestEnvironment,
    },
    sources: kushkiBrowserSources(inTestEnvironment),
  };
}
