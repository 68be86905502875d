import type { MailLocale, MailRequest, MailTemplate } from '@cubre/schemas/mail/mailRequest';
import { copyOf } from './copy';
import { safeHref } from './escape';
import { htmlLayout, textLayout } from './layout';
import { valuesOf } from './values';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The unsubscribe link, also sent as the List-Unsubscribe header; null for the staff's own mails. */
  unsubscribe: string | null;
}

/**
 * The reminders a customer receives (arrears and resume-contracting, 002-4.17 and 002-4.18) carry an
 * unsubscribe line; the lead mails go to staff about their work and do not (README, "Unsubscribe").
 */
export const REMINDER_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'mora_1',
  'mora_2',
  'mora_3',
  'retomar_contratacion_1',
  'retomar_contratacion_2',
  'retomar_contratacion_3',
]);

/** Mails a customer receives: the customer's footer. Of them, only the reminders carry the unsubscribe line. */
const CUSTOMER_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  ...REMINDER_TEMPLATES,
  'purchase_resume',
  // A company's people invited to the console are customers, not Cubre's staff.
  'user_invitation',
  'invitation_notice',
]);

const FOOTER: Record<MailLocale, { customer: string; staff: string; unsubscribe: string; label: string }> = {
  es: {
    customer:
      'Cubre — comparador de seguros y planes de salud. Recibes este correo por tu contrato o solicitud en Cubre.',
    staff: 'Cubre — mensaje de la consola de gestión para su equipo comercial.',
    unsubscribe: '¿No quieres recibir más estos recordatorios?',
    label: 'Darme de baja',
  },
  en: {
    customer:
      'Cubre — insurance and health-plan comparison. You receive this e-mail because of your contract or request on Cubre.',
    staff: 'Cubre — a message from the back office to its sales team.',
    unsubscribe: 'Do not want these reminders any more?',
    label: 'Unsubscribe',
  },
  pt: {
    customer:
      'Cubre — comparador de seguros e planos de saúde. Você recebe este e-mail por seu contrato ou solicitação na Cubre.',
    staff: 'Cubre — mensagem do console de gestão para a equipe comercial.',
    unsubscribe: 'Não quer mais receber estes lembretes?',
    label: 'Cancelar inscrição',
  },
};

export interface RenderOptions {
  /** The mailbox that takes unsubscribe requests (`MAIL_UNSUBSCRIBE_TO`). */
  unsubscribeTo: string;
  /** The mail's id, named in the unsubscribe request so the desk knows which contract and mail. */
  mailId: string;
  /** The signed one-click link (`unsubscribeLinks`); without it the line opens a mail to the desk. */
  unsubscribeUrl?: string;
}

/** The desk's mailbox, naming the mail: the List-Unsubscribe fallback of clients without one-click. */
export const unsubscribeMailto = (options: Pick<RenderOptions, 'unsubscribeTo' | 'mailId'>) =>
  `mailto:${options.unsubscribeTo}?subject=${encodeURIComponent(`BAJA ${options.mailId}`)}`;

/** Renders one mail: pure, from the request's template, language and values. */
export function renderMail(
  mail: Pick<MailRequest, 'template' | 'locale' | 'data' | 'to'>,
  options: RenderOptions,
): RenderedMail {
  const copy = copyOf(mail.template, mail.locale);
  const values = valuesOf({ nombre: mail.to.name ?? '', ejecutivo: mail.to.name ?? '', ...mail.data });
  const href = copy.action ? safeHref(values(copy.action.href)) : null;
  const footer = FOOTER[mail.locale];
  const reminder = REMINDER_TEMPLATES.has(mail.template);
  const unsubscribe = reminder ? (options.unsubscribeUrl ?? unsubscribeMailto(options)) : null;
  const parts = {
    locale: mail.locale,
    subject: copy.subject(values).replace(/\s+/g, ' ').trim(),
    heading: copy.heading(values),
    paragraphs: copy.paragraphs(values).filter((text) => text !== ''),
    action: copy.action && href ? { label: copy.action.label, href } : null,
    footer: CUSTOMER_TEMPLATES.has(mail.template) ? footer.customer : footer.staff,
    unsubscribe: unsubscribe ? { text: footer.unsubscribe, label: footer.label, href: unsubscribe } : null,
  };
  return { subject: parts.subject, text: textLayout(parts), html: htmlLayout(parts), unsubscribe };
}
