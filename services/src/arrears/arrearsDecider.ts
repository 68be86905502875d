import {
  ARREARS_CATEGORY,
  ArrearsReminderResentData,
  ArrearsReminderSentData,
  RESUME_CONTRACTING_CATEGORY,
  ResumeReminderSentData,
  episodeStage,
  type ArrearsStage,
  type ResumeTemplate,
} from '@cubre/schemas/arrears';
import type { Decider } from '@cubre/platform/core/decider';
import { z } from 'zod';

export const ArrearsEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ArrearsReminderSent'), data: ArrearsReminderSentData }),
  z.object({ type: z.literal('ArrearsReminderResent'), data: ArrearsReminderResentData }),
]);
export type ArrearsEvent = z.infer<typeof ArrearsEvent>;
export const ResumeContractingEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ResumeReminderSent'), data: ResumeReminderSentData }),
]);
export type ResumeContractingEvent = z.infer<typeof ResumeContractingEvent>;

export const arrearsStream = (subscriptionId: string) => `${ARREARS_CATEGORY}-${subscriptionId}`;
export const resumeStream = (saleId: string) => `${RESUME_CONTRACTING_CATEGORY}-${saleId}`;

/** What a contract's reminder stream remembers: the stages whose automatic mail went, the manual sends. */
export type ArrearsState = {
  /** `{episode}:{stage}` */
  sent: ReadonlySet<string>;
  /** The Idempotency-Key digests of manual sends already recorded. */
  requests: ReadonlySet<string>;
};

type Stage = { episode: string; stage: ArrearsStage; overdueCount: number; mailKey: string };
export type ArrearsCommand =
  | ({ type: 'RecordReminder'; subscriptionId: string } & Stage)
  | ({
      type: 'RecordManualSend';
      subscriptionId: string;
      takesAutomatic: boolean;
      requestKey: string;
      reason: string | null;
    } & Stage);

/**
 * A contract's reminders (002-4.17): an automatic stage is recorded once per episode, whoever records it
 * (two runs at once: the second decides nothing); a manual send once per Idempotency-Key. The mail itself
 * is exactly once by its key in the mail domain; this stream is what the job and the console read.
 */
export const arrearsDecider: Decider<ArrearsState, ArrearsCommand, ArrearsEvent> = {
  initialState: () => ({ sent: new Set(), requests: new Set() }),
  evolve(state, event) {
    const key = episodeStage(event.data.episode, event.data.stage);
    if (event.type === 'ArrearsReminderSent') return { ...state, sent: new Set([...state.sent, key]) };
    return {
      sent: event.data.takesAutomatic ? new Set([...state.sent, key]) : state.sent,
      requests: new Set([...state.requests, event.data.requestKey]),
    };
  },
  decide(command, state) {
    const { subscriptionId, episode, stage, overdueCount, mailKey } = command;
    if (command.type === 'RecordReminder') {
      if (state.sent.has(episodeStage(episode, stage))) return [];
      return [
        { type: 'ArrearsReminderSent', data: { subscriptionId, episode, stage, overdueCount, mailKey } },
      ];
    }
    if (state.requests.has(command.requestKey)) return [];
    return [
      {
        type: 'ArrearsReminderResent',
        data: {
          subscriptionId,
          episode,
          stage,
          overdueCount,
          mailKey,
          takesAutomatic: command.takesAutomatic,
          requestKey: command.requestKey,
          reason: command.reason,
        },
      },
    ];
  },
};

export type ResumeState = { reminders: number };
export type ResumeCommand = {
  type: 'RecordResumeReminder';
  saleId: string;
  reminder: number;
  template: ResumeTemplate;
  mailKey: string;
};

/** A sale's resume-contracting reminders (002-4.18): each count once, never one below the last. */
export const resumeDecider: Decider<ResumeState, ResumeCommand, ResumeContractingEvent> = {
  initialState: () => ({ reminders: 0 }),
  evolve: (state, event) => ({ reminders: Math.max(state.reminders, event.data.reminder + 1) }),
  decide(command, state) {
    if (command.reminder < state.reminders) return [];
    const { saleId, reminder, template, mailKey } = command;
    return [{ type: 'ResumeReminderSent', data: { saleId, reminder, template, mailKey } }];
  },
};
