import type { ContactRequestBody, Country } from '@cubre/schemas';
import { CONTACTS_PROJECTION, LEADS_PROJECTION } from '@cubre/projections/leads/projection';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { anonymousVisitor } from '@cubre/platform/http/commandMetadata';
import { ContactRequestDomainEvent, contactRequestDecider, contactRequestStream } from './contactDecider';
import { leadAggregate } from './decider';
import { derivedId } from './ids';
import type { CommandCall, LeadServiceContext } from './leadCommands';

/**
 * What a contact lead is about, in the product's place: the message's subject. The console lists it like a
 * product ('Contacto — Cotización empresa'); no catalogue product has this code.
 */
export const CONTACT_PRODUCT_CODE = 'CONTACTO';
const contactProduct = (asunto: string | null) => ({
  code: CONTACT_PRODUCT_CODE,
  displayName: asunto ? `Contacto — ${asunto}` : 'Contacto',
  productType: '' as const,
  insuranceType: 'CONTACTO',
  organizationCode: null,
  organizationName: null,
});

const contactRequest = { decider: contactRequestDecider, eventSchema: ContactRequestDomainEvent };

/** The message as recorded: its id, when it was first received, its stream's revision, and whether this call recorded it. */
export interface ContactSent {
  id: string;
  createdAt: string;
  revision: number;
  created: boolean;
}

/**
 * The contact form's message (rule 000-7.20), from the anonymous visitor: recorded in its own stream (the
 * `contacts` collection) and as a lead of type Contactos the console works like any other (issue 5). Both
 * take their ids from the call's command id, so a retry with the same Idempotency-Key completes whichever is
 * missing. Waits until both read models show what was written.
 */
export function contactCommands(context: LeadServiceContext) {
  async function sendContactMessage(
    call: CommandCall,
    input: { country: Country; body: ContactRequestBody },
  ): Promise<ContactSent> {
    const { country, body } = input;
    const metadata = call.metadataFor(anonymousVisitor);
    const contactId = derivedId('contactRequest', metadata.commandId);
    const streamId = contactRequestStream(contactId);
    const result = await handleCommand(
      context.eventStore,
      contactRequest,
      streamId,
      {
        type: 'RequestContact',
        data: {
          contactId,
          country,
          nombre: body.nombre,
          email: body.email,
          telefono: body.telefono,
          mensaje: body.mensaje,
          asunto: body.asunto ?? null,
          originPath: body.originPath ?? null,
        },
      },
      metadata,
    );
    const leadId = derivedId('lead', metadata.commandId);
    const lead = await handleCommand(
      context.eventStore,
      leadAggregate,
      leadAggregate.streamOf(leadId),
      {
        type: 'RequestLead',
        data: {
          leadId,
          kind: 'contact',
          requestType: 'Contactos',
          country,
          product: contactProduct(body.asunto ?? null),
          basePlanCode: null,
          contact: { nombre: body.nombre, rut: '', email: body.email, telefono: body.telefono },
          region: null,
          profile: null,
          price: null,
          comparator: null,
          originPath: body.originPath ?? null,
          message: { asunto: body.asunto ?? null, mensaje: body.mensaje },
        },
      },
      // Its own command id: event ids derive from it, and the message's events took the plain one.
      { ...metadata, commandId: `${metadata.commandId} lead` },
    );
    const created = result.events.length > 0;
    const waits = [
      { written: result, streamId, projection: CONTACTS_PROJECTION },
      { written: lead, streamId: leadAggregate.streamOf(leadId), projection: LEADS_PROJECTION },
    ].filter(({ written }) => written.events.length > 0);
    for (const wait of waits) {
      await context.visibility.waitUntilVisible(
        { globalPosition: wait.written.globalPosition, streamId: wait.streamId },
        [wait.projection],
        context.config.readYourWritesTimeoutMs,
      );
    }
    // A retry stored nothing: the message was received when the first attempt was.
    const createdAt = created
      ? metadata.receivedAt
      : ((await context.eventStore.readStream(streamId))[0]?.occurredAt ?? metadata.receivedAt);
    return { id: contactId, createdAt, revision: result.revision, created };
  }

  return { sendContactMessage };
}
