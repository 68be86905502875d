import { createHash } from 'node:crypto';
import {
  ProfileFormDataBody,
  ProfileFormQuery,
  type ProfileFormDataResponse,
  type VisitorProfileData,
} from '@cubre/schemas/site';
import { Router } from 'express';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import { VisitorProfileDomainEvent, visitorProfileDecider, visitorProfileStream } from './decider';
import {
  ALL_REQUIRED_MESSAGE,
  formRuleErrors,
  missingFieldsMessage,
  missingFieldsOf,
  withDataEnteredMark,
} from './formChecks';
import { formKindOf, profileFormDefinition } from './forms';

const visitorProfile = { decider: visitorProfileDecider, eventSchema: VisitorProfileDomainEvent };

/**
 * The profile's id, derived from the command id: random for a plain post, the same for a retry carrying
 * the same Idempotency-Key and body, so the retry lands on the same stream and stores nothing twice.
 * Shaped as a UUID (version 5 layout).
 */
function profileIdFor(commandId: string): string {
  const hash = createHash('sha1').update(`cubre:visitorProfile:${commandId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * GET /api/profile-form/form and POST /api/profile-form/data (rules 000-7.15, 000-7.16). The posted profile
 * is personal data (RUT, e-mail, phone, name): it goes into the event and nowhere else: no log line, no
 * read model, no echo in the answer.
 */
export function profileFormRoutes(context: AppContext): Router {
  const router = Router();

  router.get(
    '/api/profile-form/form',
    validated({ query: ProfileFormQuery }, async ({ query }, req, res) => {
      const country = requestCountry(req, query.country);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Vary', 'country');
      res.json(profileFormDefinition(query.productType, country));
    }),
  );

  router.post(
    '/api/profile-form/data',
    context.rateLimits.guard('profile'),
    validated({ body: ProfileFormDataBody }, async ({ body }, req, res) => {
      const country = requestCountry(req);
      const form = profileFormDefinition(body.productType, country);
      const ruleErrors = formRuleErrors(form, body.model, country);
      if (ruleErrors.length > 0) throw invalidRequest(ruleErrors);
      const missingFields = missingFieldsOf(form, body.model);
      if (missingFields.length === form.profileForm.requiredFields.length && missingFields.length > 0) {
        const message = missingFieldsMessage(missingFields);
        throw new HttpProblem(422, 'profile-incomplete', 'Perfil incompleto', message, [
          { field: 'model', rule: 'required_fields', message },
        ]);
      }

      const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
      const kind = formKindOf(body.productType);
      const data: VisitorProfileData = {
        profileId: profileIdFor(metadata.commandId),
        productType: body.productType,
        form: kind,
        country,
        profile: withDataEnteredMark(body.model, kind === 'international'),
      };
      const result = await handleCommand(
        context.eventStore,
        visitorProfile,
        visitorProfileStream(data.profileId),
        { type: 'SubmitVisitorProfile', data },
        metadata,
      );
      // A retry stored nothing: the profile was saved when the first attempt was.
      const savedAt =
        result.events.length > 0
          ? metadata.receivedAt
          : ((await context.eventStore.readStream(visitorProfileStream(data.profileId)))[0]?.occurredAt ??
            metadata.receivedAt);
      const answer: ProfileFormDataResponse = {
        profileId: data.profileId,
        productType: data.productType,
        form: kind,
        country,
        message: missingFields.length === 0 ? ALL_REQUIRED_MESSAGE : missingFieldsMessage(missingFields),
        missingFields,
        savedAt,
      };
      setRevisionETag(res, result.revision);
      res.status(result.events.length > 0 ? 201 : 200).json(answer);
    }),
  );

  return router;
}
