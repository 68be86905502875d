import type { ArrearsStage, ArrearsStanding, ResumeTemplate } from '@cubre/schemas/arrears';
import type { MailLocale, MailRequest } from '@cubre/schemas/mail/mailRequest';
import type { Money } from '@cubre/schemas/payments/money';
import { toMajorString } from '@cubre/schemas/payments/money';
import type { Country } from '@cubre/schemas/catalogue/common';
import type { ResumeDocument } from '@cubre/projections/arrears/projection';
import type { GroupPolicy, GroupRecipient } from './groupRecipients';

const LOCALE_TAGS: Record<MailLocale, string> = { es: 'es-CL', en: 'en-US', pt: 'pt-BR' };

/** An amount as the buyer reads it in their language ("$ 12.990"); the template prints it as given. */
export function formattedAmount(money: Money, locale: MailLocale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: money.currency }).format(
    Number(toMajorString(money)),
  );
}

/** An arrears mail (002-4.17) for a contract's stage, under the key given (the stage's, or a manual one). */
export function arrearsMail(standing: ArrearsStanding, stage: ArrearsStage, key: string): MailRequest {
  return {
    key,
    to: { email: standing.buyer.email, name: standing.buyer.nombre },
    template: stage,
    locale: standing.locale,
    country: standing.country as Country,
    data: {
      nombre: standing.buyer.nombre,
      producto: standing.product.name,
      aseguradora: standing.product.organization.name,
      periodo: standing.episode ?? '',
      monto: formattedAmount(standing.amount, standing.locale),
      // The overdue count is declines minus one: the buyer reads how many charges were refused.
      cobrosRechazados: (standing.overdueCount ?? 0) + 1,
    },
    subject: { kind: 'subscription', id: standing.subscriptionId },
  };
}

/**
 * A group policy's arrears mail (002-4.17) to one of its recipients, under the stage's key and the
 * recipient's part. The company's administrators read the buyer's words (the premium is theirs to pay);
 * an insured person reads that their employer's policy is overdue (`destinatario: asegurado`), without the
 * amount or a pay button: it is not theirs to pay.
 */
export function groupArrearsMail(
  standing: ArrearsStanding,
  stage: ArrearsStage,
  stageKey: string,
  policy: GroupPolicy,
  recipient: GroupRecipient,
): MailRequest {
  const mail = arrearsMail(standing, stage, `${stageKey}:${recipient.keyPart}`);
  const { monto: _amount, enlace: _payLink, ...forEmployees } = mail.data;
  return {
    ...mail,
    to: { email: recipient.email, name: recipient.name },
    data: {
      ...(recipient.role === 'asegurado' ? forEmployees : mail.data),
      nombre: recipient.name,
      producto: policy.name,
      poliza: policy.number,
      destinatario: recipient.role,
    },
  };
}

/** The international edition writes in English; the others in Spanish (the buyer's sale keeps no locale). */
const localeOfCountry = (country: string): MailLocale => (country === 'INT' ? 'en' : 'es');

/** A resume-contracting mail (002-4.18) for an unpaid sale. */
export function resumeMail(sale: ResumeDocument, template: ResumeTemplate, key: string): MailRequest {
  return {
    key,
    to: { email: sale.buyer.email, name: sale.buyer.nombre },
    template,
    locale: localeOfCountry(sale.country),
    country: sale.country as Country,
    data: {
      nombre: sale.buyer.nombre,
      producto: sale.productName,
      aseguradora: sale.organizationName,
      venta: sale._id,
    },
    subject: { kind: 'sale', id: sale._id },
  };
}
