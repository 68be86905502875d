import {
  ARREARS_CATEGORY,
  ARREARS_STAGES,
  ARREARS_STAGE_THRESHOLDS,
  RESUME_CONTRACTING_CATEGORY,
  RESUME_DELAY_DAYS,
  episodeStage,
  evolveStanding,
  nextStage,
  remindable,
  stageReached,
  type ArrearsNextAction,
  type ArrearsStage,
  type ArrearsStageFilter,
  type ArrearsStanding,
} from '@cubre/schemas/arrears';
import { categoryOf } from '@cubre/schemas/events';
import { SALE_CATEGORY } from '@cubre/schemas/payments/sales';
import { SUBSCRIPTION_CATEGORY } from '@cubre/schemas/subscriptions/events';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const ARREARS_PROJECTION = 'arrears';
export const ARREARS_COLLECTION = 'arrears';
export const RESUME_COLLECTION = 'resumeContracting';

type Revisions = { subscription: number; arrears: number; sale: number };

/**
 * One contract (subscription) for the arrears reminders and the console's Morosidad page. Three streams
 * feed it (the subscription, its sale, its reminders), each guarded by its own revision: on a partitioned
 * bus they interleave, and a replayed event changes nothing.
 */
export type ArrearsDocument = {
  [key: string]: unknown;
  _id: string;
  /** Null while only the sale's or the reminders' events have arrived (the subscription's come later). */
  standing: ArrearsStanding | null;
  saleState: string | null;
  /** `{episode}:{stage}` of every stage whose automatic mail was requested (by the job or a manual send). */
  sent: string[];
  lastReminder: { template: ArrearsStage; at: string; manual: boolean } | null;
  revisions: Revisions;
  // Derived from the above on every write, for the console's filters and the job's query (all indexed).
  country: string;
  overdueCount: number | null;
  inArrears: boolean;
  /** Ever overdue: the console lists these only. */
  everOverdue: boolean;
  /** The latest episode's start ('' when never overdue): the default sort and the date filter. */
  since: string;
  stage: ArrearsStageFilter;
  /** A stage reached whose mail was not requested yet: the reminder job's query. */
  pending: boolean;
  nextAction: ArrearsNextAction | null;
  createdAt: string;
  updatedAt: string;
};

/** One sale for the resume-contracting reminders (002-4.18). */
export type ResumeDocument = {
  [key: string]: unknown;
  _id: string;
  state: string;
  country: string;
  productName: string;
  organizationName: string;
  buyer: { nombre: string; email: string };
  /** When the buyer last acted on it (started it, tried to pay, saw it fail). */
  leftAt: string;
  /** Reminders sent so far (0..3). */
  reminders: number;
  /** Whether a reminder is to come (the sale is unpaid and fewer than three went): the job's query. */
  due: boolean;
  nextReminderAt: string;
  revisions: { sale: number; resume: number };
};

const DAY_MS = 86_400_000;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stages sent in an episode, in order. */
const sentIn = (sent: readonly string[], episode: string | null): ArrearsStage[] =>
  episode === null ? [] : ARREARS_STAGES.filter((stage) => sent.includes(episodeStage(episode, stage)));

/** The derived fields of an arrears document: what the console filters on and the job asks for. */
function derived(doc: ArrearsDocument): ArrearsDocument {
  const standing = doc.standing;
  const episode = standing?.episode ?? standing?.lastEpisode ?? null;
  const stages = sentIn(doc.sent, episode);
  const reached = standing && remindable(standing) ? stageReached(standing.overdueCount) : null;
  const pending = reached !== null && !doc.sent.includes(episodeStage(standing!.episode!, reached));
  let nextAction: ArrearsNextAction | null = null;
  if (pending) {
    nextAction = {
      template: reached,
      due: true,
      atOverdueCount: ARREARS_STAGE_THRESHOLDS[reached],
      expectedOn: null,
    };
  } else if (standing && remindable(standing) && standing.lifecycle !== 'cancelled') {
    const next = nextStage(reached);
    if (next) {
      nextAction = {
        template: next,
        due: false,
        atOverdueCount: ARREARS_STAGE_THRESHOLDS[next],
        expectedOn: standing.nextAttemptOn,
      };
    }
  }
  return {
    ...doc,
    country: standing?.country ?? '',
    overdueCount: standing?.overdueCount ?? null,
    inArrears: standing?.overdueCount !== null && standing?.overdueCount !== undefined,
    everOverdue: Boolean(standing?.lastEpisode),
    since: standing?.lastOverdueSince ?? '',
    stage: stages.at(-1) ?? 'none',
    pending,
    nextAction,
  };
}

const SALE_STATE_OF: Record<string, (data: Record<string, unknown>) => string> = {
  SaleOverdue: () => 'OVERDUE',
  SaleOverdueSettled: () => 'OK',
  SaleCancellationRequested: () => 'CANCELLATION_REQUEST',
  SalePendingCancellation: () => 'PENDING_CANCELLATION',
  SaleSubscriptionCancelled: (data) =>
    data.outcome === 'success_payment' ? 'SUBS_CANCELLED_SUCCESS_PAYMENT' : 'SUBS_CANCELLED_WITHOUT_PAYMENT',
};

function emptyArrears(id: string, at: string): ArrearsDocument {
  return derived({
    _id: id,
    standing: null,
    saleState: null,
    sent: [],
    lastReminder: null,
    revisions: { subscription: -1, arrears: -1, sale: -1 },
    country: '',
    overdueCount: null,
    inArrears: false,
    everOverdue: false,
    since: '',
    stage: 'none',
    pending: false,
    nextAction: null,
    createdAt: at,
    updatedAt: at,
  });
}

/** What one event does to its contract's document, or null when it is not the arrears' business. */
function arrearsChange(
  event: ProjectionEvent,
  doc: ArrearsDocument,
  source: keyof Revisions,
): ArrearsDocument | null {
  const data = event.data as Record<string, unknown>;
  if (source === 'subscription') {
    const standing = evolveStanding(doc.standing, event);
    if (!standing) return null;
    const saleState = event.type === 'SubscriptionCreated' ? (doc.saleState ?? 'OK') : doc.saleState;
    return { ...doc, standing, saleState };
  }
  if (source === 'sale') {
    const state = SALE_STATE_OF[event.type];
    return state ? { ...doc, saleState: state(data) } : null;
  }
  const stage = data.stage as ArrearsStage;
  const manual = event.type === 'ArrearsReminderResent';
  const takesKey = !manual || data.takesAutomatic === true;
  const key = episodeStage(str(data.episode), stage);
  return {
    ...doc,
    sent: takesKey && !doc.sent.includes(key) ? [...doc.sent, key] : doc.sent,
    lastReminder: { template: stage, at: event.occurredAt, manual },
  };
}

async function applyToArrears(event: ProjectionEvent, store: ReadStore): Promise<void> {
  const category = categoryOf(event.streamId);
  const source: keyof Revisions | null =
    category === SUBSCRIPTION_CATEGORY
      ? 'subscription'
      : category === ARREARS_CATEGORY
        ? 'arrears'
        : category === SALE_CATEGORY && str((event.data as Record<string, unknown>).subscriptionId)
          ? 'sale'
          : null;
  if (!source) return;
  const id =
    source === 'sale'
      ? str((event.data as Record<string, unknown>).subscriptionId)
      : event.streamId.slice(category.length + 1);
  const collection = store.collection<ArrearsDocument>(ARREARS_COLLECTION);
  const doc = (await collection.findOne({ _id: id })) ?? emptyArrears(id, event.occurredAt);
  if (doc.revisions[source] >= event.revision) return;
  const changed = arrearsChange(event, doc, source);
  await collection.upsert(
    derived({
      ...(changed ?? doc),
      revisions: { ...doc.revisions, [source]: event.revision },
      updatedAt: event.occurredAt,
    }),
  );
}

const UNPAID = new Set(['PENDING', 'FAIL']);

/** When the next resume-contracting reminder is due, from when the sale was left and how many went. */
function scheduled(doc: ResumeDocument): ResumeDocument {
  const delay = RESUME_DELAY_DAYS[doc.reminders];
  const due = UNPAID.has(doc.state) && delay !== undefined;
  return {
    ...doc,
    due,
    nextReminderAt: due ? new Date(Date.parse(doc.leftAt) + delay * DAY_MS).toISOString() : '',
  };
}

function resumeChange(event: ProjectionEvent, doc: ResumeDocument | null): ResumeDocument | null {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'SaleStarted') {
    const product = data.product as { name: string; organization: { name: string } };
    const buyer = data.buyer as { nombre: string; email: string };
    return {
      _id: str(data.saleId),
      state: 'PENDING',
      country: str(data.country),
      productName: product.name,
      organizationName: product.organization.name,
      buyer: { nombre: buyer.nombre, email: buyer.email },
      leftAt: event.occurredAt,
      reminders: doc?.reminders ?? 0,
      due: false,
      nextReminderAt: '',
      revisions: doc?.revisions ?? { sale: -1, resume: -1 },
    };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'SalePaymentStarted':
      return { ...doc, state: 'PENDING', leftAt: event.occurredAt };
    case 'SaleFailed':
      return { ...doc, state: 'FAIL', leftAt: event.occurredAt };
    case 'SaleCompleted':
      return { ...doc, state: 'OK' };
    case 'ResumeReminderSent':
      return { ...doc, reminders: Math.max(doc.reminders, (data.reminder as number) + 1) };
    default:
      return null;
  }
}

async function applyToResume(event: ProjectionEvent, store: ReadStore): Promise<void> {
  const category = categoryOf(event.streamId);
  if (category !== SALE_CATEGORY && category !== RESUME_CONTRACTING_CATEGORY) return;
  const source = category === SALE_CATEGORY ? 'sale' : 'resume';
  const id = event.streamId.slice(category.length + 1);
  const collection = store.collection<ResumeDocument>(RESUME_COLLECTION);
  const doc = await collection.findOne({ _id: id });
  if (doc && doc.revisions[source] >= event.revision) return;
  const changed = resumeChange(event, doc);
  if (!changed) {
    if (doc) await collection.upsert({ ...doc, revisions: { ...doc.revisions, [source]: event.revision } });
    return;
  }
  await collection.upsert(
    scheduled({ ...changed, revisions: { ...changed.revisions, [source]: event.revision } }),
  );
}

/**
 * Arrears (issue 15): per contract, where it stands (overdue count, episode, sale state), which reminders
 * went and what the job does next; and per unpaid sale, its resume-contracting reminders. Fed by the
 * subscriptions' and sales' events and the reminders' own (schemas/src/arrears/events.ts).
 */
export const arrearsProjection: Projection = {
  name: ARREARS_PROJECTION,
  categories: [SUBSCRIPTION_CATEGORY, SALE_CATEGORY, ARREARS_CATEGORY, RESUME_CONTRACTING_CATEGORY],
  collections: [ARREARS_COLLECTION, RESUME_COLLECTION],
  async setup(store) {
    // The console's filters and sorts (services/src/arrears/adminRoutes.ts) and the job's two queries.
    const arrears = store.collection<ArrearsDocument>(ARREARS_COLLECTION);
    await arrears.createIndex({ everOverdue: 1, since: -1, _id: -1 });
    for (const field of ['stage', 'country', 'inArrears']) {
      await arrears.createIndex({ everOverdue: 1, [field]: 1, since: -1, _id: -1 });
    }
    await arrears.createIndex({ everOverdue: 1, overdueCount: 1, _id: 1 });
    await arrears.createIndex({ everOverdue: 1, updatedAt: -1, _id: 1 });
    await arrears.createIndex({ pending: 1, _id: 1 });
    const resume = store.collection<ResumeDocument>(RESUME_COLLECTION);
    await resume.createIndex({ due: 1, nextReminderAt: 1, _id: 1 });
  },
  async apply(event, store) {
    await applyToArrears(event, store);
    await applyToResume(event, store);
  },
};
