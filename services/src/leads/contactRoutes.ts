import { ContactRequestBody, type ContactRequestResponse } from '@cubre/schemas';
import { CONTACTS_PROJECTION, LEADS_PROJECTION } from '@cubre/projections/leads/projection';
import { Router } from 'express';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { validated } from '@cubre/platform/http/validate';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import { ContactRequestDomainEvent, contactRequestDecider, contactRequestStream } from './contactDecider';
import { LeadDomainEvent, leadDecider, leadStream } from './decider';
import { derivedId } from './ids';

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

/**
 * POST api/contactos (rule 000-7.20): the contact form's message, recorded in its own stream and shown to
 * the back-office in the `contacts` collection. The answer names the message, never its content.
 */
export function contactRoutes(context: AppContext): Router {
  const router = Router();

  router.post(
    '/api/contactos',
    context.rateLimits.guard('contact'),
    validated({ body: ContactRequestBody }, async ({ body }, req, res) => {
      const country = requestCountry(req);
      const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
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
      // The message is also a lead of type Contactos, worked in the console like any other (issue 5). Its
      // id comes from the same command id, so a retry with the same Idempotency-Key completes both.
      const leadId = derivedId('lead', metadata.commandId);
      const lead = await handleCommand(
        context.eventStore,
        { decider: leadDecider, eventSchema: LeadDomainEvent },
        leadStream(leadId),
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
        { written: lead, streamId: leadStream(leadId), projection: LEADS_PROJECTION },
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
      const answer: ContactRequestResponse = { id: contactId, createdAt };
      setRevisionETag(res, result.revision);
      res.status(created ? 201 : 200).json(answer);
    }),
  );

  return router;
}
