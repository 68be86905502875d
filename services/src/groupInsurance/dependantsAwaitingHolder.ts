import { createReadStream } from 'node:fs';
import { appendFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { BulkKind, JudgedRow } from './bulk';
import { employeesOf } from './roster';

/** Lines written to the spill file at once. */
const FLUSH_EVERY = 500;

/**
 * The CARGA rows of a file whose holder has not come yet as a TITULAR row (a dependant listed before its
 * holder, or a holder insured before this file): they wait until the file's end, when it is known whether
 * the holder came. They wait on disk, one JSON line each, so memory stays one chunk whatever their number.
 */
export class DependantsAwaitingHolder {
  private buffer: string[] = [];
  private count = 0;

  constructor(private readonly path: string) {}

  /** Starts empty (a run resumed after a restart writes its own). */
  async reset(): Promise<void> {
    this.buffer = [];
    this.count = 0;
    await rm(this.path, { force: true });
  }

  async add(judged: JudgedRow): Promise<void> {
    this.buffer.push(JSON.stringify(judged));
    this.count++;
    if (this.buffer.length >= FLUSH_EVERY) await this.flush();
  }

  get size(): number {
    return this.count;
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const text = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    await appendFile(this.path, text, { mode: 0o600 });
  }

  /** The waiting rows in file order; the spill file is removed once read. */
  async *drain(): AsyncGenerator<JudgedRow> {
    if (this.count === 0) return;
    await this.flush();
    const lines = createInterface({ input: createReadStream(this.path), crlfDelay: Infinity });
    try {
      for await (const line of lines) if (line) yield JSON.parse(line) as JudgedRow;
    } finally {
      lines.close();
      await this.reset();
    }
  }
}

/**
 * Which of these RUTs are a holder insured under the policy (the dependant's holder need not be in the
 * file): a TITULAR of the policy, declined never; for an activation also not CANCELED (a dependant is not
 * added to someone no longer insured), while a cancellation may still name a holder already canceled.
 * One query per 500 RUTs, asked only for the holders the file did not bring.
 */
export async function insuredHolders(
  readStore: ReadStore,
  policyId: string,
  kind: BulkKind,
  legalIds: Iterable<string>,
): Promise<Set<string>> {
  const all = [...new Set(legalIds)];
  const insured = new Set<string>();
  for (let start = 0; start < all.length; start += FLUSH_EVERY) {
    const ids = all.slice(start, start + FLUSH_EVERY).map((legalId) => `${policyId}.${legalId}`);
    for (const doc of await employeesOf(readStore).find({ _id: { $in: ids } })) {
      const gone = doc.status === 'DECLINE' || (kind === 'activation' && doc.status === 'CANCELED');
      if (doc.insuredType === 'TITULAR' && !gone) insured.add(doc.legalId);
    }
  }
  return insured;
}
