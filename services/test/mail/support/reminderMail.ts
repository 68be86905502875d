import type { MailRequest, MailRequestMetadata } from '@cubre/schemas/mail/mailRequest';

/** Who asks the mails of these tests: the arrears job. */
export const ARREARS_METADATA: MailRequestMetadata = {
  actor: { kind: 'system', id: 'arrears' },
  correlationId: 'test',
  causationId: null,
};

/** A customer's mora_1 for a subscription, to change where a test needs. */
export const reminderMail =
  (customer: { email: string; name: string }, subscriptionId: string) =>
  (key: string, overrides: Partial<MailRequest> = {}): MailRequest => ({
    key,
    to: customer,
    template: 'mora_1',
    locale: 'es',
    country: 'CL',
    data: {
      producto: 'Plan Salud Total',
      monto: '$ 45.990',
      enlace: `https://cubre.test/pagar/${subscriptionId}`,
    },
    subject: { kind: 'subscription', id: subscriptionId },
    ...overrides,
  });
