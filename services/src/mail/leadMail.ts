import { categoryOf } from '@cubre/schemas/events';
import { LEAD_CATEGORY } from '@cubre/schemas/leads/events';
import { USERS_COLLECTION, type UserDocument } from '@cubre/schemas/identity/documents';
import type { LeadAssignedData, LeadEventScheduledData } from '@cubre/schemas/leads/workEvents';
import type { LeadRequestedData } from '@cubre/schemas/leads/events';
import type { MailRequest } from '@cubre/schemas/mail/mailRequest';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import { recordMailRequest, type MailRequesterOptions } from './requester';

export const LEAD_MAIL = 'leadMail';
/** A notice or reminder more than a day late is not sent (a new projector replaying an old log). */
const STALE_MS = 24 * 60 * 60 * 1000;

/** The executive's clock, by the lead's country: the reminder's time reads as they scheduled it. */
const TIME_ZONES: Record<string, string> = {
  CL: 'America/Santiago',
  PE: 'America/Lima',
  CO: 'America/Bogota',
};

export function formatWhen(iso: string, country: string): string {
  return new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONES[country] ?? 'UTC',
  }).format(new Date(iso));
}

export interface LeadMailDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  logger: Logger;
  /** The console's address, for the lead's link (`MAIL_CONSOLE_URL`). */
  consoleUrl: string;
  requester?: MailRequesterOptions;
}

/**
 * A reactor on the leads' events (issue 15; it owns no collection): an assignment (`LeadAssigned`) asks a
 * `lead_assigned` notice to the executive now, and a scheduled LLAMADA or REUNION (002-3.25,
 * `LeadEventScheduled`) a `lead_reminder` to the agenda's executive at the reminder's time (or the event's),
 * held by the mail's `notBefore` and sent by the dispatcher's due query. Keys name the lead's event, so a
 * replay or a redelivery asks nothing twice. The leads slice is not touched: when the notice fails for good
 * the outbox marks it CODE001 (002-8.06) and the console shows that on the lead.
 */
export function leadMailReactor(deps: LeadMailDeps): Projection {
  const users = deps.readStore.collection<UserDocument>(USERS_COLLECTION);
  /** The lead's country, customer and product, from its first event (the leads' published schema). */
  async function leadOf(streamId: string) {
    const [first] = await deps.eventStore.readStream(streamId, { maxCount: 1 });
    if (first?.type !== 'LeadRequested') return null;
    const data = first.data as unknown as LeadRequestedData;
    return { country: data.country, cliente: data.contact.nombre, producto: data.product.displayName };
  }
  const log = deps.logger.child({ component: LEAD_MAIL });
  const leadLink = (leadId: string) => `${deps.consoleUrl.replace(/\/$/, '')}/leads/${leadId}/show`;

  async function request(event: ProjectionEvent, mail: MailRequest, notBefore: string | null) {
    const answer = await recordMailRequest(
      deps.eventStore,
      deps.clock,
      mail,
      {
        actor: { kind: 'system', id: LEAD_MAIL },
        correlationId: event.metadata?.correlationId ?? event.streamId,
        causationId: event.id ?? null,
      },
      { ...deps.requester, notBefore },
    );
    log.info({ leadId: mail.subject.id, template: mail.template, answer }, 'lead mail');
  }

  return {
    name: LEAD_MAIL,
    categories: [LEAD_CATEGORY],
    collections: [],
    withMetadata: true,
    async apply(event) {
      if (categoryOf(event.streamId) !== LEAD_CATEGORY) return;
      if (event.type !== 'LeadAssigned' && event.type !== 'LeadEventScheduled') return;
      const now = deps.clock().getTime();
      const leadId = event.streamId.slice(LEAD_CATEGORY.length + 1);
      if (event.type === 'LeadAssigned') {
        const data = event.data as unknown as LeadAssignedData;
        if (now - Date.parse(event.occurredAt) > STALE_MS) return;
        const executive = await users.findOne({ _id: data.executive.id });
        if (!executive) return;
        const lead = await leadOf(event.streamId);
        await request(
          event,
          {
            key: `lead-assigned:${leadId}:${event.revision}`,
            to: { email: executive.email, name: executive.name },
            template: 'lead_assigned',
            locale: 'es',
            country: lead?.country ?? 'CL',
            data: {
              ejecutivo: executive.name,
              leadId,
              cliente: lead?.cliente ?? '',
              producto: lead?.producto ?? '',
              enlace: leadLink(leadId),
            },
            subject: { kind: 'lead', id: leadId },
          },
          null,
        );
        return;
      }
      const data = event.data as unknown as LeadEventScheduledData;
      const when = data.remindAt ?? data.at;
      if (!data.executiveId || now - Date.parse(when) > STALE_MS) return;
      const executive = await users.findOne({ _id: data.executiveId });
      if (!executive) return;
      const lead = await leadOf(event.streamId);
      const country = lead?.country ?? 'CL';
      await request(
        event,
        {
          key: `lead-reminder:${data.eventId}`,
          to: { email: executive.email, name: executive.name },
          template: 'lead_reminder',
          locale: 'es',
          country,
          data: {
            ejecutivo: executive.name,
            tipo: data.type,
            fecha: formatWhen(data.at, country),
            leadId,
            cliente: lead?.cliente ?? '',
            nota: data.note ?? '',
            enlace: leadLink(leadId),
          },
          subject: { kind: 'lead', id: leadId },
        },
        when,
      );
    },
  };
}
