import { Router, type Response } from 'express';
import { z } from 'zod';
import { MailId } from '@cubre/schemas/mail/events';
import type { MailLocale } from '@cubre/schemas/mail/mailRequest';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { MailDomainEvent, mailDecider, mailStream } from './mailDecider';
import { unsubscribeRecipient } from './suppression';
import { escapeHtml } from './templates/escape';
import { REMINDER_TEMPLATES } from './templates/render';
import { UNSUBSCRIBE_PATH, type UnsubscribeLinks } from './unsubscribeLinks';

const Params = z.strictObject({ mailId: MailId });
const Query = z.strictObject({
  firma: z.string().min(1).max(100),
  /** Set by our confirmation page's form; a mail client's one-click POST (RFC 8058) comes without it. */
  desde: z.literal('pagina').optional(),
});

const WORDS: Record<
  MailLocale,
  { title: string; ask: string; button: string; done: string; invalid: string }
> = {
  es: {
    title: 'Darme de baja',
    ask: 'Confirma que no quieres recibir más recordatorios de Cubre en esta dirección.',
    button: 'Confirmar baja',
    done: 'Listo: no recibirás más recordatorios de Cubre en esta dirección.',
    invalid: 'Este enlace de baja no es válido. Escríbenos y te ayudamos.',
  },
  en: {
    title: 'Unsubscribe',
    ask: 'Confirm that you no longer want Cubre reminders at this address.',
    button: 'Confirm',
    done: 'Done: you will not receive Cubre reminders at this address any more.',
    invalid: 'This unsubscribe link is not valid. Write to us and we will help.',
  },
  pt: {
    title: 'Cancelar inscrição',
    ask: 'Confirme que não quer mais receber lembretes da Cubre neste endereço.',
    button: 'Confirmar',
    done: 'Pronto: você não receberá mais lembretes da Cubre neste endereço.',
    invalid: 'Este link de cancelamento não é válido. Escreva para nós e ajudaremos.',
  },
};

/** A small page of our own (no script, no outside resource: the site's Content-Security-Policy holds). */
function page(res: Response, status: number, locale: MailLocale, body: string) {
  const words = WORDS[locale];
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(words.title)} · Cubre</title></head>` +
        `<body><main><h1>Cubre</h1>${body}</main></body></html>`,
    );
}

/**
 * The reminders' unsubscribe link (README, "Unsubscribe"): `GET` shows a page that asks to confirm (a link
 * scanner that follows every link unsubscribes nobody); `POST` records the opt-out, from that page's
 * button or a mail client's one-click (RFC 8058). Only a link we signed for that mail is honoured; the
 * recipient comes from the mail itself, never from the request.
 */
export function unsubscribeRoutes(deps: {
  eventStore: EventStore;
  links: UnsubscribeLinks;
  clock: () => Date;
}) {
  const router = Router();
  const path = `${UNSUBSCRIBE_PATH}/:mailId`;

  /** The reminder a valid link names, or null (unknown mail, not a reminder, or a signature not ours). */
  async function reminderOf(mailId: string, signature: string) {
    if (!deps.links.verify(mailId, signature)) return null;
    const { state } = await loadAggregate(
      deps.eventStore,
      { decider: mailDecider, eventSchema: MailDomainEvent },
      mailStream(mailId),
    );
    if (state.status === 'empty' || !REMINDER_TEMPLATES.has(state.mail.template)) return null;
    return state.mail;
  }

  router.get(
    path,
    validated({ params: Params, query: Query }, async ({ params, query }, req, res) => {
      const mail = await reminderOf(params.mailId, query.firma);
      // A person's browser reads a page; any other client the API's problem.
      if (!mail && req.accepts(['json', 'html']) === 'html')
        return page(res, 404, 'es', `<p>${escapeHtml(WORDS.es.invalid)}</p>`);
      if (!mail) throw notFound('el enlace de baja no es válido');
      const words = WORDS[mail.locale];
      const action = `${UNSUBSCRIBE_PATH}/${params.mailId}?firma=${encodeURIComponent(query.firma)}&desde=pagina`;
      page(
        res,
        200,
        mail.locale,
        `<p>${escapeHtml(words.ask)}</p><form method="post" action="${escapeHtml(action)}">` +
          `<button type="submit">${escapeHtml(words.button)}</button></form>`,
      );
    }),
  );

  router.post(
    path,
    validated({ params: Params, query: Query }, async ({ params, query }, _req, res) => {
      const mail = await reminderOf(params.mailId, query.firma);
      if (!mail) throw notFound('el enlace de baja no es válido');
      // A mail client's one-click POST carries `List-Unsubscribe=One-Click` in a form body, which is not
      // read: the signed link is the whole request.
      await unsubscribeRecipient(deps.eventStore, {
        email: mail.to.email,
        mailId: params.mailId,
        via: query.desde ? 'page' : 'one-click',
        now: deps.clock(),
      });
      page(res, 200, mail.locale, `<p>${escapeHtml(WORDS[mail.locale].done)}</p>`);
    }),
  );
  return router;
}
