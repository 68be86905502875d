import {
  arrearsMailKey,
  episodeStage,
  remindable,
  stageReached,
  standingOf,
  type ArrearsStanding,
} from '@cubre/schemas/arrears';
import type { Actor } from '@cubre/schemas/events';
import type { MailRequest, MailRequester, MailRequestMetadata } from '@cubre/schemas/mail/mailRequest';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { mailIdOf, mailStream } from '../mail';
import { arrearsStream } from './arrearsDecider';
import { stageMails } from './stageMails';
import { ARREARS_AGGREGATE, subscriptionStream } from './sendReminders';

export interface ResendInput {
  subscriptionId: string;
  idempotencyKey: string;
  reason: string | null;
  actor: Actor;
  now: Date;
}

export type ResendOutcome =
  { kind: 'not-found' } | { kind: 'recorded'; created: boolean; globalPosition: number };

/** Whether the mail under `key` was requested by this very manual send (a retry of it after a crash). */
async function requestedBy(eventStore: EventStore, key: string, correlationId: string): Promise<boolean> {
  const [requested] = await eventStore.readStream(mailStream(mailIdOf(key)), { maxCount: 1 });
  return requested?.metadata.correlationId === correlationId;
}

/**
 * Requests the stage's mails (the buyer's, or each recipient's of a group policy: the same people as the
 * job's send); `requested` when any went out now.
 */
async function requestAll(
  deps: ResendDeps,
  mails: MailRequest[],
  metadata: MailRequestMetadata,
): Promise<'requested' | 'already-requested'> {
  let requested = false;
  for (const mail of mails) {
    if ((await deps.mail.request(mail, metadata)) === 'requested') requested = true;
  }
  return requested ? 'requested' : 'already-requested';
}

type ResendDeps = { eventStore: EventStore; readStore: ReadStore; mail: MailRequester };

/**
 * Staff's "Enviar de nuevo" (issue 15): the contract's current stage again. When the stage's automatic
 * mail was not requested yet, this send takes its key, so the job never sends the stage after it; else
 * the mail has a key of its own (`…:manual:{request}`). Once per Idempotency-Key: the request's digest
 * is the mails' correlation and the record's, so a retry after a crash finds its own mail and records it.
 */
export async function resendReminder(deps: ResendDeps, input: ResendInput): Promise<ResendOutcome> {
  const { eventStore } = deps;
  const standing: ArrearsStanding | null = standingOf(
    await eventStore.readStream(subscriptionStream(input.subscriptionId)),
  );
  if (!standing) return { kind: 'not-found' };
  if (!remindable(standing)) {
    throw new CommandRejected('el contrato no está en mora', 'not_overdue', 409, 'subscriptionId');
  }
  const stage = stageReached(standing.overdueCount)!;
  const episode = standing.episode!;
  const requestKey = derivedId('arrears-resend', `${input.subscriptionId}:${input.idempotencyKey}`);
  const stream = arrearsStream(input.subscriptionId);
  const { state } = await loadAggregate(eventStore, ARREARS_AGGREGATE, stream);
  if (state.requests.has(requestKey)) return { kind: 'recorded', created: false, globalPosition: 0 };

  const correlationId = `resend:${requestKey}`;
  const metadata = { actor: input.actor, correlationId, causationId: null };
  const automaticKey = arrearsMailKey(input.subscriptionId, episode, stage);
  let takesAutomatic = !state.sent.has(episodeStage(episode, stage));
  if (takesAutomatic) {
    const mails = await stageMails(deps, standing, stage, automaticKey);
    const answer = await requestAll(deps, mails, metadata);
    // The job asked for them a moment before: this send then goes under a key of its own.
    if (answer === 'already-requested') {
      takesAutomatic = await requestedBy(eventStore, mails[0]!.key, correlationId);
    }
  }
  const mailKey = takesAutomatic ? automaticKey : `${automaticKey}:manual:${requestKey}`;
  if (!takesAutomatic) {
    await requestAll(deps, await stageMails(deps, standing, stage, mailKey), metadata);
  }
  const recorded = await handleCommand(
    eventStore,
    ARREARS_AGGREGATE,
    stream,
    {
      type: 'RecordManualSend',
      subscriptionId: input.subscriptionId,
      episode,
      stage,
      overdueCount: standing.overdueCount!,
      mailKey,
      takesAutomatic,
      requestKey,
      reason: input.reason,
    },
    {
      actor: input.actor,
      correlationId,
      causationId: null,
      commandId: correlationId,
      receivedAt: input.now.toISOString(),
    },
  );
  return { kind: 'recorded', created: recorded.events.length > 0, globalPosition: recorded.globalPosition };
}
