import {
  RESUME_DELAY_DAYS,
  RESUME_STALE_AFTER_DAYS,
  RESUME_TEMPLATES,
  arrearsMailKey,
  remindable,
  stageReached,
  standingOf,
  episodeStage,
  type ArrearsStage,
  type ArrearsStanding,
} from '@cubre/schemas/arrears';
import type { MailRequester, MailRequestMetadata } from '@cubre/schemas/mail/mailRequest';
import { SALE_CATEGORY } from '@cubre/schemas/payments/sales';
import { SUBSCRIPTION_CATEGORY } from '@cubre/schemas/subscriptions/events';
import {
  ARREARS_COLLECTION,
  RESUME_COLLECTION,
  type ArrearsDocument,
  type ResumeDocument,
} from '@cubre/projections/arrears/projection';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { eachConcurrently } from '@cubre/platform/core/eachConcurrently';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import {
  ArrearsEvent,
  ResumeContractingEvent,
  arrearsDecider,
  arrearsStream,
  resumeDecider,
  resumeStream,
} from './arrearsDecider';
import { resumeMail } from './mails';
import { stageMails } from './stageMails';

export interface ReminderDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  mail: MailRequester;
  clock: () => Date;
  logger: Logger;
  /** How many of a page's contracts or sales are reminded at once (`JOB_ITEM_CONCURRENCY`). */
  concurrency?: number;
}

/** What the job reports as it goes (the scheduler's JobRun, issue 15). */
export interface ReminderRun {
  readonly runId: string;
  setTotal(total: number): Promise<void>;
  progress(done: number, failed?: number): Promise<void>;
  itemFailed(itemKey: string, reason: string): Promise<void>;
}

const PAGE = 500;
/** Items of a page reminded at once by default: each on its own streams and mail key, their commits group. */
const DEFAULT_CONCURRENCY = 32;
const DAY_MS = 86_400_000;
export const ARREARS_AGGREGATE = { decider: arrearsDecider, eventSchema: ArrearsEvent };
const RESUME_AGGREGATE = { decider: resumeDecider, eventSchema: ResumeContractingEvent };
export const subscriptionStream = (subscriptionId: string) => `${SUBSCRIPTION_CATEGORY}-${subscriptionId}`;

/**
 * Sends the arrears stage a contract has reached (002-4.17), once per contract, episode and stage.
 * The stage is folded from the subscription's own stream (the read model only says where to look), the mail
 * is requested under the stage's key (exactly once in the mail domain, whoever asks), then the send is
 * recorded on the contract's stream (once: the decider refuses a stage it has). A run stopped between the
 * two asks again next time: the mail answers `already-requested` and the record is written then.
 */
export async function remindContract(
  deps: ReminderDeps,
  subscriptionId: string,
  metadata: MailRequestMetadata,
): Promise<'sent' | 'nothing'> {
  const standing = standingOf(await deps.eventStore.readStream(subscriptionStream(subscriptionId)));
  if (!standing || !remindable(standing)) return 'nothing';
  const stage = stageReached(standing.overdueCount)!;
  const episode = standing.episode!;
  const { state } = await loadAggregate(deps.eventStore, ARREARS_AGGREGATE, arrearsStream(subscriptionId));
  if (state.sent.has(episodeStage(episode, stage))) return 'nothing';
  const mailKey = arrearsMailKey(subscriptionId, episode, stage);
  const requested = await requestStage(deps, standing, stage, mailKey, metadata);
  await handleCommand(
    deps.eventStore,
    ARREARS_AGGREGATE,
    arrearsStream(subscriptionId),
    {
      type: 'RecordReminder',
      subscriptionId,
      episode,
      stage,
      overdueCount: standing.overdueCount!,
      mailKey,
    },
    { ...metadata, commandId: `reminder:${mailKey}`, receivedAt: deps.clock().toISOString() },
  );
  // Counted by the mail: two runs at once may both record (the same event ids: stored once).
  return requested === 'requested' ? 'sent' : 'nothing';
}

/**
 * Requests a stage's mails (`stageMails`: the buyer's, or one per recipient of a group policy), each
 * under its own key, so a run stopped half-way asks again for all and only those not yet requested go
 * out. `requested` when any of them was requested now.
 */
async function requestStage(
  deps: ReminderDeps,
  standing: ArrearsStanding,
  stage: ArrearsStage,
  mailKey: string,
  metadata: MailRequestMetadata,
): Promise<'requested' | 'already-requested'> {
  let requested = false;
  for (const mail of await stageMails(deps, standing, stage, mailKey)) {
    if ((await deps.mail.request(mail, metadata)) === 'requested') requested = true;
  }
  return requested ? 'requested' : 'already-requested';
}

/** Whether the sale is still unpaid in its own stream (the read model may lag a payment by a moment). */
async function stillUnpaid(eventStore: EventStore, saleId: string): Promise<boolean> {
  const events = await eventStore.readStream(`${SALE_CATEGORY}-${saleId}`);
  return events.length > 0 && !events.some((event) => event.type === 'SaleCompleted');
}

/**
 * Sends the resume-contracting reminder due for an unpaid sale (002-4.18): the latest whose delay has
 * passed since the sale was left (one reminder per run, never two at once after the job was down).
 */
async function remindSale(
  deps: ReminderDeps,
  sale: ResumeDocument,
  metadata: MailRequestMetadata,
): Promise<'sent' | 'nothing'> {
  const now = deps.clock().getTime();
  const left = Date.parse(sale.leftAt);
  const { state } = await loadAggregate(deps.eventStore, RESUME_AGGREGATE, resumeStream(sale._id));
  let reminder = -1;
  RESUME_DELAY_DAYS.forEach((days, index) => {
    if (index >= state.reminders && left + days * DAY_MS <= now) reminder = index;
  });
  if (reminder < 0 || !(await stillUnpaid(deps.eventStore, sale._id))) return 'nothing';
  const template = RESUME_TEMPLATES[reminder]!;
  const mailKey = `resume:${sale._id}:${template}`;
  const requested = await deps.mail.request(resumeMail(sale, template, mailKey), metadata);
  await handleCommand(
    deps.eventStore,
    RESUME_AGGREGATE,
    resumeStream(sale._id),
    { type: 'RecordResumeReminder', saleId: sale._id, reminder, template, mailKey },
    { ...metadata, commandId: `reminder:${mailKey}`, receivedAt: deps.clock().toISOString() },
  );
  // Counted by the mail: two runs at once may both record (the same event ids: stored once).
  return requested === 'requested' ? 'sent' : 'nothing';
}

/** Runs `work` over every page of a query (by id, so the pages hold still while the job writes). */
async function eachPage<T extends { _id: string }>(
  page: (after: string) => Promise<T[]>,
  work: (items: T[]) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const items = await page(after);
    if (items.length === 0) return;
    await work(items);
    after = items[items.length - 1]!._id;
    if (items.length < PAGE) return;
  }
}

/**
 * The `send-reminders` job (issue 15): arrears stages due (002-4.17), then resume-contracting reminders due
 * (002-4.18). Idempotent: a rerun, a restart mid-run or a second scheduler sends nothing twice.
 */
export async function sendReminders(deps: ReminderDeps, run: ReminderRun): Promise<{ sent: number }> {
  const now = deps.clock();
  const metadata: MailRequestMetadata = {
    actor: { kind: 'system', id: 'send-reminders' },
    correlationId: run.runId,
    causationId: null,
  };
  const arrears = deps.readStore.collection<ArrearsDocument>(ARREARS_COLLECTION);
  const sales = deps.readStore.collection<ResumeDocument>(RESUME_COLLECTION);
  const dueSales = {
    due: true,
    nextReminderAt: {
      $gte: new Date(now.getTime() - RESUME_STALE_AFTER_DAYS * DAY_MS).toISOString(),
      $lte: now.toISOString(),
    },
  };
  await run.setTotal((await arrears.count({ pending: true })) + (await sales.count(dueSales)));
  let sent = 0;
  const process = async <T extends { _id: string }>(
    items: T[],
    remind: (item: T) => Promise<'sent' | 'nothing'>,
  ) => {
    let failed = 0;
    // A bounded few at once: no two items of a page share a stream or a mail key, so their order does not
    // matter; the page is reported when all of them are done.
    await eachConcurrently(items, deps.concurrency ?? DEFAULT_CONCURRENCY, async (item) => {
      try {
        if ((await remind(item)) === 'sent') sent++;
      } catch (error) {
        failed++;
        deps.logger.warn({ err: error, item: item._id }, 'reminder failed; the next run tries again');
        await run.itemFailed(item._id, error instanceof Error ? error.name : 'unknown');
      }
    });
    await run.progress(items.length - failed, failed);
  };
  await eachPage(
    (after) => arrears.find({ pending: true, _id: { $gt: after } }, { sort: { _id: 1 }, limit: PAGE }),
    (items) => process(items, (doc) => remindContract(deps, doc._id, metadata)),
  );
  await eachPage(
    (after) => sales.find({ ...dueSales, _id: { $gt: after } }, { sort: { _id: 1 }, limit: PAGE }),
    (items) => process(items, (sale) => remindSale(deps, sale, metadata)),
  );
  return { sent };
}
