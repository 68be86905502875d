import type { NotificationSecrets } from './notificationRoutes';

/**
 * The providers' notification secrets from the environment (never in the repository, never logged):
 * `MERCADOPAGO_WEBHOOK_SECRET` (the application's secret signature, Your integrations > Webhooks) and
 * `KUSHKI_WEBHOOK_SIGNATURE` (the merchant's webhook signature, Console > Desarrolladores > Webhooks).
 */
export function notificationSecretsFromEnv(env: NodeJS.ProcessEnv): NotificationSecrets {
  const mercadopago = env.MERCADOPAGO_WEBHOOK_SECRET?.trim();
  const kushki = env.KUSHKI_WEBHOOK_SIGNATURE?.trim();
  return { ...(mercadopago ? { mercadopago } : {}), ...(kushki ? { kushki } : {}) };
}
