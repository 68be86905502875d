import { ContactRequestBody, type ContactRequestResponse } from '@cubre/schemas';
import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { validated } from '@cubre/platform/http/validate';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import { contactCommands } from './contactCommands';
import { callOf } from './http';

/**
 * POST api/contactos (rule 000-7.20): the contact form's message, recorded by contactCommands.ts. The answer
 * names the message, never its content.
 */
export function contactRoutes(context: AppContext): Router {
  const router = Router();
  const contacts = contactCommands(context);

  router.post(
    '/api/contactos',
    context.rateLimits.guard('contact'),
    validated({ body: ContactRequestBody }, async ({ body }, req, res) => {
      const sent = await contacts.sendContactMessage(callOf(context, req), {
        country: requestCountry(req),
        body,
      });
      const answer: ContactRequestResponse = { id: sent.id, createdAt: sent.createdAt };
      setRevisionETag(res, sent.revision);
      res.status(sent.created ? 201 : 200).json(answer);
    }),
  );

  return router;
}
