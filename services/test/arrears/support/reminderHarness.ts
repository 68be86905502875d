import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { ARREARS_COLLECTION, type ArrearsDocument } from '@cubre/projections/arrears/projection';
import { sendReminders } from '@cubre/services/arrears';
import { mailRequester } from '@cubre/services/mail';
import type { Runtime } from '@cubre/services/runtime/runtime';

/** What one run of the job reported. */
export interface RunReport {
  total: number;
  done: number;
  failed: number;
  failures: string[];
  sent: number;
}

/**
 * Runs the `send-reminders` job against a runtime's stores, as the scheduler does, with the runtime's own
 * clock; waits first for the arrears read model to have every event written so far.
 */
export function reminderHarness(runtime: Runtime, clock: () => Date) {
  const store = runtime.engines.eventStore;
  const deps = {
    eventStore: store,
    readStore: runtime.engines.readStore,
    mail: mailRequester(store, clock),
    clock,
    logger: pino({ level: 'silent' }),
  };
  async function settled(): Promise<void> {
    const head = await store.headPosition();
    const visible = await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: '' },
      ['arrears'],
      10_000,
    );
    if (!visible) throw new Error('the arrears projection did not catch up');
  }
  async function run(): Promise<RunReport> {
    await settled();
    const report: RunReport = { total: 0, done: 0, failed: 0, failures: [], sent: 0 };
    const { sent } = await sendReminders(deps, {
      runId: randomUUID(),
      setTotal: async (total) => {
        report.total = total;
      },
      progress: async (done, failed = 0) => {
        report.done += done;
        report.failed += failed;
      },
      itemFailed: async (key, reason) => {
        report.failures.push(`${key}: ${reason}`);
      },
    });
    report.sent = sent;
    return report;
  }
  /** Templates of the mails requested about a contract or sale, in order. */
  async function mailsAbout(subjectId: string): Promise<{ template: string; key: string; to: string }[]> {
    const events = await store.readAll({ after: 0, maxCount: 1_000_000, categories: ['mail'] });
    return events
      .filter((event) => event.type === 'MailRequested')
      .map(
        (event) =>
          event.data as { template: string; key: string; to: { email: string }; subject: { id: string } },
      )
      .filter((mail) => mail.subject.id === subjectId)
      .map((mail) => ({ template: mail.template, key: mail.key, to: mail.to.email }));
  }
  async function arrearsOf(subscriptionId: string): Promise<ArrearsDocument | null> {
    await settled();
    return runtime.engines.readStore
      .collection<ArrearsDocument>(ARREARS_COLLECTION)
      .findOne({ _id: subscriptionId });
  }
  return { deps, run, settled, mailsAbout, arrearsOf };
}
