import type { MailLocale, MailTemplate } from '@cubre/schemas/mail/mailRequest';
import { greet, type Values } from './values';

/**
 * The words of every mail, per template and language: plain text with the request's values in place. The
 * HTML layout escapes all of it, so no value (a name with `<script>`) is ever markup. The values each
 * template reads are listed in README.md ("Templates").
 */
export interface MailCopy {
  subject(v: Values): string;
  heading(v: Values): string;
  paragraphs(v: Values): string[];
  /** The button: its label and the data value holding its link (dropped when that is not an http(s) link). */
  action?: { label: string; href: string };
}

const amountLine = {
  es: (v: Values) => (v('monto') ? `Monto pendiente: ${v('monto')}.` : ''),
  en: (v: Values) => (v('monto') ? `Amount due: ${v('monto')}.` : ''),
  pt: (v: Values) => (v('monto') ? `Valor pendente: ${v('monto')}.` : ''),
};

const product = (v: Values, fallback: string) => v('producto') || fallback;

const mora = (locale: MailLocale, stage: 1 | 2 | 3): MailCopy => {
  switch (locale) {
    case 'es':
      return {
        subject: (v) =>
          [
            `Tu pago de ${product(v, 'tu plan')} está pendiente`,
            `Segundo aviso: ${product(v, 'tu plan')} tiene pagos pendientes`,
            `Último aviso: regulariza ${product(v, 'tu plan')} para mantener tu cobertura`,
          ][stage - 1]!,
        heading: () =>
          ['Tienes un pago pendiente', 'Tu plan sigue con pagos pendientes', 'Último aviso de pago'][
            stage - 1
          ]!,
        paragraphs: (v) => [
          greet('Hola', v('nombre')),
          [
            `No pudimos cobrar la cuota de ${product(v, 'tu plan')}. Revisa tu medio de pago para que tu cobertura siga vigente.`,
            `Seguimos sin poder cobrar las cuotas de ${product(v, 'tu plan')}. Regularízalas para no perder tu cobertura.`,
            `Las cuotas de ${product(v, 'tu plan')} siguen impagas. Si no se regularizan, el contrato podrá terminarse según sus condiciones.`,
          ][stage - 1]!,
          amountLine.es(v),
          'Si ya pagaste, no consideres este mensaje.',
        ],
        action: { label: 'Pagar ahora', href: 'enlace' },
      };
    case 'en':
      return {
        subject: (v) =>
          [
            `Your ${product(v, 'plan')} payment is overdue`,
            `Second notice: ${product(v, 'your plan')} has overdue payments`,
            `Final notice: settle ${product(v, 'your plan')} to keep your cover`,
          ][stage - 1]!,
        heading: () =>
          ['You have an overdue payment', 'Your plan still has overdue payments', 'Final payment notice'][
            stage - 1
          ]!,
        paragraphs: (v) => [
          greet('Hello', v('nombre')),
          [
            `We could not charge the instalment of ${product(v, 'your plan')}. Please check your payment method so your cover stays in force.`,
            `We still could not charge the instalments of ${product(v, 'your plan')}. Please settle them to keep your cover.`,
            `The instalments of ${product(v, 'your plan')} remain unpaid. If they are not settled, the contract may end under its terms.`,
          ][stage - 1]!,
          amountLine.en(v),
          'If you have already paid, please ignore this message.',
        ],
        action: { label: 'Pay now', href: 'enlace' },
      };
    case 'pt':
      return {
        subject: (v) =>
          [
            `O pagamento de ${product(v, 'seu plano')} está pendente`,
            `Segundo aviso: ${product(v, 'seu plano')} tem pagamentos pendentes`,
            `Último aviso: regularize ${product(v, 'seu plano')} para manter sua cobertura`,
          ][stage - 1]!,
        heading: () =>
          [
            'Você tem um pagamento pendente',
            'Seu plano continua com pagamentos pendentes',
            'Último aviso de pagamento',
          ][stage - 1]!,
        paragraphs: (v) => [
          greet('Olá', v('nombre')),
          [
            `Não conseguimos cobrar a parcela de ${product(v, 'seu plano')}. Verifique seu meio de pagamento para manter sua cobertura.`,
            `Ainda não conseguimos cobrar as parcelas de ${product(v, 'seu plano')}. Regularize-as para não perder sua cobertura.`,
            `As parcelas de ${product(v, 'seu plano')} continuam em aberto. Se não forem regularizadas, o contrato poderá ser encerrado conforme suas condições.`,
          ][stage - 1]!,
          amountLine.pt(v),
          'Se você já pagou, desconsidere esta mensagem.',
        ],
        action: { label: 'Pagar agora', href: 'enlace' },
      };
  }
};

/**
 * What an insured person of a group policy reads when the policy's premium is overdue (their employer
 * pays it): the same subject and heading as the employer's, their cover at stake, neither the amount nor a
 * pay button. The policy's `notifyEmployeesOfArrears` decides whether they are told at all.
 */
const insuredLines = {
  es: (v: Values, stage: 1 | 2 | 3) => [
    greet('Hola', v('nombre')),
    `Tu empleador no ha pagado la prima de la póliza colectiva ${product(v, 'que te cubre')}${v('poliza') ? ` (${v('poliza')})` : ''}.`,
    [
      'Ya le avisamos. Tu cobertura sigue vigente mientras se regulariza.',
      'Le avisamos de nuevo. Si no se regulariza, tu cobertura podría suspenderse.',
      'Es el último aviso: si no se regulariza, la póliza podrá terminarse según sus condiciones.',
    ][stage - 1]!,
    'Si tienes dudas, consulta con el área de personas de tu empresa.',
  ],
  en: (v: Values, stage: 1 | 2 | 3) => [
    greet('Hello', v('nombre')),
    `Your employer has not paid the premium of the group policy ${product(v, 'that covers you')}${v('poliza') ? ` (${v('poliza')})` : ''}.`,
    [
      'We have let them know. Your cover stays in force while it is settled.',
      'We have told them again. If it is not settled, your cover may be suspended.',
      'This is the final notice: if it is not settled, the policy may end under its terms.',
    ][stage - 1]!,
    "If you have questions, ask your company's HR team.",
  ],
  pt: (v: Values, stage: 1 | 2 | 3) => [
    greet('Olá', v('nombre')),
    `Seu empregador não pagou o prêmio da apólice coletiva ${product(v, 'que cobre você')}${v('poliza') ? ` (${v('poliza')})` : ''}.`,
    [
      'Já o avisamos. Sua cobertura continua vigente enquanto isso é regularizado.',
      'Avisamos novamente. Se não for regularizado, sua cobertura poderá ser suspensa.',
      'Este é o último aviso: se não for regularizado, a apólice poderá ser encerrada conforme suas condições.',
    ][stage - 1]!,
    'Em caso de dúvidas, fale com o RH da sua empresa.',
  ],
};

/** The arrears copy for the request's recipient: the buyer (or employer), or an insured person. */
const moraFor = (locale: MailLocale, stage: 1 | 2 | 3): MailCopy => {
  const copy = mora(locale, stage);
  return {
    subject: copy.subject,
    heading: copy.heading,
    paragraphs: (v) =>
      v('destinatario') === 'asegurado' ? insuredLines[locale](v, stage) : copy.paragraphs(v),
    // Dropped for an insured person: the mail gives them no pay link (services/src/arrears/mails.ts).
    action: copy.action,
  };
};

const retomar = (locale: MailLocale, stage: 1 | 2 | 3): MailCopy => {
  switch (locale) {
    case 'es':
      return {
        subject: (v) =>
          [
            `Tu contratación de ${product(v, 'tu plan')} quedó a medio camino`,
            `¿Seguimos con ${product(v, 'tu plan')}?`,
            `Última invitación para terminar de contratar ${product(v, 'tu plan')}`,
          ][stage - 1]!,
        heading: () =>
          ['Retoma tu contratación', 'Tu plan te está esperando', 'Termina tu contratación'][stage - 1]!,
        paragraphs: (v) => [
          greet('Hola', v('nombre')),
          [
            `Empezaste a contratar ${product(v, 'un plan')} en Cubre y no alcanzaste a terminar. Guardamos tus datos para que sigas donde quedaste.`,
            `Tu contratación de ${product(v, 'un plan')} sigue abierta. Puedes terminarla en pocos minutos.`,
            `Es la última vez que te recordamos tu contratación de ${product(v, 'un plan')}. Puedes retomarla cuando quieras con este enlace.`,
          ][stage - 1]!,
        ],
        action: { label: 'Retomar contratación', href: 'enlace' },
      };
    case 'en':
      return {
        subject: (v) =>
          [
            `Your ${product(v, 'plan')} purchase is unfinished`,
            `Shall we carry on with ${product(v, 'your plan')}?`,
            `Last reminder to finish buying ${product(v, 'your plan')}`,
          ][stage - 1]!,
        heading: () =>
          ['Pick up where you left off', 'Your plan is waiting for you', 'Finish your purchase'][stage - 1]!,
        paragraphs: (v) => [
          greet('Hello', v('nombre')),
          [
            `You started buying ${product(v, 'a plan')} on Cubre and did not finish. We kept your details so you can carry on where you stopped.`,
            `Your purchase of ${product(v, 'a plan')} is still open. You can finish it in a few minutes.`,
            `This is our last reminder of your purchase of ${product(v, 'a plan')}. You can resume it whenever you like with this link.`,
          ][stage - 1]!,
        ],
        action: { label: 'Resume purchase', href: 'enlace' },
      };
    case 'pt':
      return {
        subject: (v) =>
          [
            `Sua contratação de ${product(v, 'seu plano')} ficou pela metade`,
            `Vamos continuar com ${product(v, 'seu plano')}?`,
            `Último convite para concluir a contratação de ${product(v, 'seu plano')}`,
          ][stage - 1]!,
        heading: () =>
          ['Retome sua contratação', 'Seu plano está esperando por você', 'Conclua sua contratação'][
            stage - 1
          ]!,
        paragraphs: (v) => [
          greet('Olá', v('nombre')),
          [
            `Você começou a contratar ${product(v, 'um plano')} na Cubre e não concluiu. Guardamos seus dados para você continuar de onde parou.`,
            `Sua contratação de ${product(v, 'um plano')} continua aberta. Você pode concluí-la em poucos minutos.`,
            `Este é o nosso último lembrete da sua contratação de ${product(v, 'um plano')}. Você pode retomá-la quando quiser com este link.`,
          ][stage - 1]!,
        ],
        action: { label: 'Retomar contratação', href: 'enlace' },
      };
  }
};

/** LLAMADA or REUNION (002-3.25) in the executive's language. */
const eventKind = {
  es: (v: Values) => (v('tipo') === 'REUNION' ? 'reunión' : 'llamada'),
  en: (v: Values) => (v('tipo') === 'REUNION' ? 'meeting' : 'call'),
  pt: (v: Values) => (v('tipo') === 'REUNION' ? 'reunião' : 'ligação'),
};

const leadReminder: Record<MailLocale, MailCopy> = {
  es: {
    subject: (v) =>
      `Recordatorio: ${eventKind.es(v)} con ${v('cliente') || `el lead ${v('leadId')}`} — ${v('fecha')}`,
    heading: (v) => `Tienes una ${eventKind.es(v)} agendada`,
    paragraphs: (v) => [
      greet('Hola', v('ejecutivo')),
      `Agendaste una ${eventKind.es(v)} para el ${v('fecha')} con ${v('cliente') || 'el cliente'} (lead ${v('leadId')}).`,
      v('nota') ? `Nota: ${v('nota')}` : '',
    ],
    action: { label: 'Abrir el lead', href: 'enlace' },
  },
  en: {
    subject: (v) =>
      `Reminder: ${eventKind.en(v)} with ${v('cliente') || `lead ${v('leadId')}`} — ${v('fecha')}`,
    heading: (v) => `You have a ${eventKind.en(v)} scheduled`,
    paragraphs: (v) => [
      greet('Hello', v('ejecutivo')),
      `You scheduled a ${eventKind.en(v)} on ${v('fecha')} with ${v('cliente') || 'the customer'} (lead ${v('leadId')}).`,
      v('nota') ? `Note: ${v('nota')}` : '',
    ],
    action: { label: 'Open the lead', href: 'enlace' },
  },
  pt: {
    subject: (v) =>
      `Lembrete: ${eventKind.pt(v)} com ${v('cliente') || `o lead ${v('leadId')}`} — ${v('fecha')}`,
    heading: (v) => `Você tem uma ${eventKind.pt(v)} agendada`,
    paragraphs: (v) => [
      greet('Olá', v('ejecutivo')),
      `Você agendou uma ${eventKind.pt(v)} para ${v('fecha')} com ${v('cliente') || 'o cliente'} (lead ${v('leadId')}).`,
      v('nota') ? `Nota: ${v('nota')}` : '',
    ],
    action: { label: 'Abrir o lead', href: 'enlace' },
  },
};

const leadAssigned: Record<MailLocale, MailCopy> = {
  es: {
    subject: (v) => `Se te asignó el lead ${v('leadId')}`,
    heading: () => 'Tienes un lead nuevo',
    paragraphs: (v) => [
      greet('Hola', v('ejecutivo')),
      `Se te asignó el lead ${v('leadId')}${v('cliente') ? ` de ${v('cliente')}` : ''}${v('producto') ? `, interesado en ${v('producto')}` : ''}.`,
    ],
    action: { label: 'Abrir el lead', href: 'enlace' },
  },
  en: {
    subject: (v) => `Lead ${v('leadId')} was assigned to you`,
    heading: () => 'You have a new lead',
    paragraphs: (v) => [
      greet('Hello', v('ejecutivo')),
      `Lead ${v('leadId')}${v('cliente') ? ` (${v('cliente')})` : ''} was assigned to you${v('producto') ? `, interested in ${v('producto')}` : ''}.`,
    ],
    action: { label: 'Open the lead', href: 'enlace' },
  },
  pt: {
    subject: (v) => `O lead ${v('leadId')} foi atribuído a você`,
    heading: () => 'Você tem um novo lead',
    paragraphs: (v) => [
      greet('Olá', v('ejecutivo')),
      `O lead ${v('leadId')}${v('cliente') ? ` de ${v('cliente')}` : ''} foi atribuído a você${v('producto') ? `, interessado em ${v('producto')}` : ''}.`,
    ],
    action: { label: 'Abrir o lead', href: 'enlace' },
  },
};

/** The buyer's own link to finish a purchase on another device (issue 14): asked from the payment step. */
const purchaseResume: Record<MailLocale, MailCopy> = {
  es: {
    subject: (v) => `Continúa tu compra de ${product(v, 'tu plan')}`,
    heading: () => 'Tu compra te espera',
    paragraphs: (v) => [
      greet('Hola', v('nombre')),
      `Guardamos tu compra de ${product(v, 'tu plan')}${v('monto') ? ` por ${v('monto')}` : ''}. Síguela desde cualquier dispositivo con el botón de abajo.`,
      'El enlace es personal: no lo compartas. Si no pediste este correo, ignóralo.',
    ],
    action: { label: 'Continuar mi compra', href: 'enlace' },
  },
  en: {
    subject: (v) => `Continue your purchase of ${product(v, 'your plan')}`,
    heading: () => 'Your purchase is waiting',
    paragraphs: (v) => [
      greet('Hello', v('nombre')),
      `We saved your purchase of ${product(v, 'your plan')}${v('monto') ? ` for ${v('monto')}` : ''}. Continue on any device with the button below.`,
      'The link is yours alone: do not share it. If you did not ask for this e-mail, ignore it.',
    ],
    action: { label: 'Continue my purchase', href: 'enlace' },
  },
  pt: {
    subject: (v) => `Continue sua compra de ${product(v, 'seu plano')}`,
    heading: () => 'Sua compra está esperando',
    paragraphs: (v) => [
      greet('Olá', v('nombre')),
      `Guardamos sua compra de ${product(v, 'seu plano')}${v('monto') ? ` por ${v('monto')}` : ''}. Continue em qualquer dispositivo com o botão abaixo.`,
      'O link é pessoal: não o compartilhe. Se você não pediu este e-mail, ignore-o.',
    ],
    action: { label: 'Continuar minha compra', href: 'enlace' },
  },
};

/**
 * A console invitation (issue 15): a company administrator's invitee, or the buyer of a company's policy,
 * chooses their password through the link, which works once and until `vence`.
 */
const company = (v: Values, fallback: string) => v('organizacion') || fallback;

const userInvitation: Record<MailLocale, MailCopy> = {
  es: {
    subject: (v) => `Te invitaron a la consola de Cubre de ${company(v, 'tu empresa')}`,
    heading: () => 'Elige tu contraseña',
    paragraphs: (v) => [
      greet('Hola', v('nombre')),
      `Te invitaron a administrar ${company(v, 'tu empresa')} en la consola de Cubre: sus pólizas, colaboradores y pagos.`,
      'Para entrar, elige tu contraseña con el botón de abajo. Después ingresarás con tu correo y esa contraseña.',
      v('vence') ? `El enlace sirve una sola vez y vence el ${v('vence')}.` : 'El enlace sirve una sola vez.',
      'Si no esperabas esta invitación, ignora este correo: sin tu contraseña nadie entra con tu dirección.',
    ],
    action: { label: 'Elegir mi contraseña', href: 'enlace' },
  },
  en: {
    subject: (v) => `You are invited to the Cubre console of ${company(v, 'your company')}`,
    heading: () => 'Choose your password',
    paragraphs: (v) => [
      greet('Hello', v('nombre')),
      `You were invited to manage ${company(v, 'your company')} in the Cubre console: its policies, employees and payments.`,
      'To come in, choose your password with the button below. Then sign in with your e-mail and that password.',
      v('vence') ? `The link works once and expires on ${v('vence')}.` : 'The link works once.',
      'If you did not expect this invitation, ignore this e-mail: without your password nobody signs in with your address.',
    ],
    action: { label: 'Choose my password', href: 'enlace' },
  },
  pt: {
    subject: (v) => `Você foi convidado para o console da Cubre de ${company(v, 'sua empresa')}`,
    heading: () => 'Escolha sua senha',
    paragraphs: (v) => [
      greet('Olá', v('nombre')),
      `Você foi convidado para administrar ${company(v, 'sua empresa')} no console da Cubre: apólices, colaboradores e pagamentos.`,
      'Para entrar, escolha sua senha com o botão abaixo. Depois entre com seu e-mail e essa senha.',
      v('vence')
        ? `O link funciona uma única vez e vence em ${v('vence')}.`
        : 'O link funciona uma única vez.',
      'Se você não esperava este convite, ignore este e-mail: sem a sua senha ninguém entra com o seu endereço.',
    ],
    action: { label: 'Escolher minha senha', href: 'enlace' },
  },
};

/**
 * A company administrator tried to invite an address that already has a console user (issue 13): its
 * owner reads this instead of an invitation, and the one who invited learns nothing from the answer.
 */
const invitationNotice: Record<MailLocale, MailCopy> = {
  es: {
    subject: (v) => `${company(v, 'Una empresa')} intentó invitarte a la consola de Cubre`,
    heading: () => 'Ya tienes una cuenta',
    paragraphs: (v) => [
      greet('Hola', v('nombre')),
      `Un administrador de ${company(v, 'una empresa')} intentó invitar tu dirección a la consola de Cubre. Tu dirección ya tiene una cuenta, así que no creamos otra.`,
      'Si esperabas la invitación, pide a esa empresa que se comunique con Cubre. Si no, ignora este correo: tu cuenta no cambió.',
    ],
    action: { label: 'Ingresar a la consola', href: 'enlace' },
  },
  en: {
    subject: (v) => `${company(v, 'A company')} tried to invite you to the Cubre console`,
    heading: () => 'You already have an account',
    paragraphs: (v) => [
      greet('Hello', v('nombre')),
      `An administrator of ${company(v, 'a company')} tried to invite your address to the Cubre console. Your address already has an account, so we did not create another.`,
      'If you expected the invitation, ask that company to contact Cubre. If not, ignore this e-mail: your account did not change.',
    ],
    action: { label: 'Sign in to the console', href: 'enlace' },
  },
  pt: {
    subject: (v) => `${company(v, 'Uma empresa')} tentou convidar você para o console da Cubre`,
    heading: () => 'Você já tem uma conta',
    paragraphs: (v) => [
      greet('Olá', v('nombre')),
      `Um administrador de ${company(v, 'uma empresa')} tentou convidar o seu endereço para o console da Cubre. O seu endereço já tem uma conta, então não criamos outra.`,
      'Se você esperava o convite, peça a essa empresa que entre em contato com a Cubre. Se não, ignore este e-mail: sua conta não mudou.',
    ],
    action: { label: 'Entrar no console', href: 'enlace' },
  },
};

/** The copy of a template (002-4.17 mora_*, 002-4.18 retomar_contratacion_*, lead mails) in a language. */
export function copyOf(template: MailTemplate, locale: MailLocale): MailCopy {
  switch (template) {
    case 'mora_1':
      return moraFor(locale, 1);
    case 'mora_2':
      return moraFor(locale, 2);
    case 'mora_3':
      return moraFor(locale, 3);
    case 'retomar_contratacion_1':
      return retomar(locale, 1);
    case 'retomar_contratacion_2':
      return retomar(locale, 2);
    case 'retomar_contratacion_3':
      return retomar(locale, 3);
    case 'lead_reminder':
      return leadReminder[locale];
    case 'lead_assigned':
      return leadAssigned[locale];
    case 'purchase_resume':
      return purchaseResume[locale];
    case 'user_invitation':
      return userInvitation[locale];
    case 'invitation_notice':
      return invitationNotice[locale];
  }
}
