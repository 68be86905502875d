import { Router } from 'express';
import { z } from 'zod';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { actorOf, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { recordNotFound } from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { policyAggregate, policyStream } from '../groupInsurance';
import { IDENTITY_PROJECTION } from '../identity';
import { groupPolicyOf } from './groupRecipients';

const Params = z.strictObject({ id: z.string().min(1).max(60) });
/** The policy's arrears notice to its insured people: on or off. */
export const ArrearsNoticeBody = z.strictObject({
  notifyEmployeesOfArrears: z.boolean({ error: 'notifyEmployeesOfArrears es true o false' }),
});

/**
 * `PUT /api/admin/policies/{id}/arrears-notice` (`admin:policy:update-insurance-notification`, seed 002's
 * "policy update-insurance-notification"): whether a group policy's arrears reminders also go to its
 * active insured people (services/src/arrears/README.md, "Group policies"). The policy is read from its
 * own stream; one of another company (for a user of a company) is a 404, as the policies' routes answer.
 * Setting what it already says records nothing and answers the same.
 */
export function policyNoticeRoutes(context: AppContext): Router {
  const router = Router();
  // The switch as the policy's own stream says it (the console's policy page reads it here: the policies'
  // read model does not carry it, and a just-made change must read back at once).
  router.get(
    '/api/admin/policies/:id/arrears-notice',
    requirePermission(context, 'policy:read'),
    validated({ params: Params }, async ({ params }, _req, res) => {
      const policy = await groupPolicyOf(context.eventStore, params.id);
      const { organizationId } = principalOf(res);
      if (!policy || (organizationId !== null && organizationId !== policy.organizationId)) {
        throw recordNotFound('policies', params.id);
      }
      res.json({ policyId: params.id, notifyEmployeesOfArrears: policy.notifyEmployeesOfArrears });
    }),
  );
  router.put(
    '/api/admin/policies/:id/arrears-notice',
    requirePermission(context, 'admin:policy:update-insurance-notification'),
    validated({ params: Params, body: ArrearsNoticeBody }, async ({ params, body }, req, res) => {
      const policy = await groupPolicyOf(context.eventStore, params.id);
      const { organizationId } = principalOf(res);
      if (!policy || (organizationId !== null && organizationId !== policy.organizationId)) {
        throw recordNotFound('policies', params.id);
      }
      const result = await handleCommand(
        context.eventStore,
        policyAggregate,
        policyStream(params.id),
        {
          type: 'SetArrearsNotice',
          policyId: params.id,
          notifyEmployeesOfArrears: body.notifyEmployeesOfArrears,
        },
        commandMetadataOf(req, context.clock(), actorOf(res)),
      );
      if (result.events.length > 0) {
        // The change is in the audit staff read next (the console refreshes it after the switch).
        await context.visibility.waitUntilVisible(
          { globalPosition: result.globalPosition, streamId: policyStream(params.id) },
          [IDENTITY_PROJECTION],
          context.config.readYourWritesTimeoutMs,
        );
      }
      setRevisionETag(res, result.revision);
      res.json({ policyId: params.id, notifyEmployeesOfArrears: body.notifyEmployeesOfArrears });
    }),
  );
  return router;
}
