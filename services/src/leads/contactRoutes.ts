import { ContactRequestBody, type ContactRequestResponse } from '@cubre/schemas';
import { CONTACTS_PROJECTION } from '@cubre/projections/leads/projection';
import { Router } from 'express';
import { handleCommand } from '../platform/commands/commandHandler';
import type { AppContext } from '../platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '../platform/http/commandMetadata';
import { setRevisionETag } from '../platform/http/etag';
import { validated } from '../platform/http/validate';
import { requestCountry } from '../site/requestCountry';
import { ContactRequestDomainEvent, contactRequestDecider, contactRequestStream } from './contactDecider';
import { derivedId } from './ids';

const contactRequest = { decider: contactRequestDecider, eventSchema: ContactRequestDomainEvent };

/**
 * POST api/contactos (rule 000-7.20): the contact form's message, recorded in its own stream and shown to
 * the back-office in the `contacts` collection. The answer names the message, never its content.
 */
export function contactRoutes(context: AppContext): Router {
  const router = Router();

  router.post(
    '/api/contactos',
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
      const created = result.events.length > 0;
      if (created) {
        await context.visibility.waitUntilVisible(
          { globalPosition: result.globalPosition, streamId },
          [CONTACTS_PROJECTION],
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
