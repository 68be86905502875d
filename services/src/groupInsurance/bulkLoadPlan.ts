import { createReadStream } from 'node:fs';
import { appendFile, rename, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { JudgedRow } from './bulk';

/** Lines written at once. */
const FLUSH_EVERY = 500;

type PlanHeader = { today: string };

/**
 * The dry run's valid rows, kept for the commit: one JSON line each (the judged row), in the order the dry
 * run judged them, after a first line naming the day they were judged on. The commit reads them instead
 * of reading and judging the file again (half the work of a commit on 100,000 rows was that), and still
 * compares each with the employees read model as it is then. Written beside the load's file as a
 * temporary file and renamed once whole, so a dry run stopped halfway leaves no plan.
 */
export class BulkLoadPlanWriter {
  private buffer: string[] = [];

  private constructor(private readonly path: string) {}

  static async start(path: string, today: string): Promise<BulkLoadPlanWriter> {
    const writer = new BulkLoadPlanWriter(path);
    await rm(path, { force: true });
    await writeFile(writer.temporary, `${JSON.stringify({ today } satisfies PlanHeader)}\n`, { mode: 0o600 });
    return writer;
  }

  private get temporary() {
    return `${this.path}.tmp`;
  }

  async add(judged: JudgedRow): Promise<void> {
    this.buffer.push(JSON.stringify(judged));
    if (this.buffer.length >= FLUSH_EVERY) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const text = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    await appendFile(this.temporary, text);
  }

  /** A dry run that failed keeps no plan. */
  async discard(): Promise<void> {
    this.buffer = [];
    await rm(this.temporary, { force: true });
  }

  async finish(): Promise<void> {
    await this.flush();
    await rename(this.temporary, this.path);
  }
}

/**
 * The plan's rows when there is a whole plan judged today; null otherwise (no plan, or the day changed:
 * the retroactive windows and ages move with it, so the file is judged again).
 */
export async function openPlan(path: string, today: string): Promise<AsyncGenerator<JudgedRow> | null> {
  const input = createReadStream(path);
  const opened = await new Promise<boolean>((resolve) => {
    input.once('open', () => resolve(true));
    input.once('error', () => resolve(false));
  });
  if (!opened) return null;
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = first.done ? null : (JSON.parse(first.value) as PlanHeader);
  if (header?.today !== today) {
    input.destroy();
    return null;
  }
  return (async function* rows() {
    try {
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        if (line.value) yield JSON.parse(line.value) as JudgedRow;
      }
    } finally {
      input.destroy();
    }
  })();
}

export const removePlan = (path: string) => rm(path, { force: true });
