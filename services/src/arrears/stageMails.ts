import type { ArrearsStage, ArrearsStanding } from '@cubre/schemas/arrears';
import type { MailRequest } from '@cubre/schemas/mail/mailRequest';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { groupPolicyOf, groupRecipients } from './groupRecipients';
import { arrearsMail, groupArrearsMail } from './mails';

/**
 * The mails of one arrears stage under `key`: the buyer's, or for a group policy's contract one per
 * recipient (the employer's administrators, and its insured people when the policy says so), each under
 * `{key}:{recipient}`. A policy that cannot be found, or that has no one to tell, leaves the mail to the
 * contract's buyer. The job's automatic send and staff's "Enviar de nuevo" both ask here, so a manual send
 * reaches exactly whom the automatic one does.
 */
export async function stageMails(
  deps: { eventStore: EventStore; readStore: ReadStore },
  standing: ArrearsStanding,
  stage: ArrearsStage,
  key: string,
): Promise<MailRequest[]> {
  const policy = standing.groupPolicyId ? await groupPolicyOf(deps.eventStore, standing.groupPolicyId) : null;
  const recipients = policy ? await groupRecipients(deps.readStore, policy) : [];
  if (!policy || recipients.length === 0) return [arrearsMail(standing, stage, key)];
  return recipients.map((recipient) => groupArrearsMail(standing, stage, key, policy, recipient));
}
