import { randomUUID } from 'node:crypto';
import { INSURANCE_TYPES, type IsaprePlanDefinition } from '@cubre/schemas';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { defineCatalogueEntry } from '../defineEntry';
import { catalogueStream } from '../definitionDecider';
import {
  CommandPool,
  count,
  defineAll,
  DEFAULT_CONCURRENCY,
  noDefinitions,
  type CommandContext,
  type DefinitionCounts,
} from './commandPool';
import { ExtractFileError, extractLines, type ExtractLine } from './extractLines';
import { isapreOrganization } from './isapreOrganizations';
import { repairLostLetters, RepairTally } from './letterRepair';
import {
  EXTRACT_HEADER,
  planDefinitionFromRow,
  RowRejected,
  splitExtractLine,
  validPlanDefinition,
} from './planRow';

export interface ImportProgress {
  /** Data rows read (blank lines are not rows). */
  read: number;
  /** Plans new to the catalogue. */
  imported: number;
  /** Plans already there whose definition changed. */
  revised: number;
  /** Plans already there, same definition: nothing recorded. */
  unchanged: number;
  rejected: number;
  elapsedMs: number;
}

export interface RejectedRow {
  /** Line of the file (the header is line 1). */
  line: number;
  /** id_plan, when the row got that far. */
  code?: string;
  reason: string;
}

export interface ImportSummary extends ImportProgress {
  file: string;
  /** `ifEmpty` found plans already in the catalogue, so nothing was read or defined. */
  skipped: boolean;
  /** The first MAX_REJECTS_LISTED rejected rows (all of them are counted in `rejected`). */
  rejects: RejectedRow[];
  letters: {
    repaired: number;
    unrepaired: number;
    /** ' ? ' read as a lost dash ('ISAPRE CRUZ BLANCA ? 31'). */
    dashesRepaired: number;
    /** Repaired words, most frequent first. */
    repairedWords: Array<[word: string, count: number]>;
    /** Words that kept a lost letter (shown with '�'), most frequent first. */
    unrepairedWords: Array<[word: string, count: number]>;
  };
  /** Plans accepted (imported, revised or unchanged) per isapre code. */
  plansByIsapre: Record<string, number>;
  organizations: DefinitionCounts;
  insuranceTypes: DefinitionCounts;
  durationMs: number;
}

export interface ImportOptions {
  actor?: CommandContext['actor'];
  correlationId?: string;
  now?: Date;
  concurrency?: number;
  /** Do nothing when the file's first plan is already in the catalogue (first start of `npm start`). */
  ifEmpty?: boolean;
  onProgress?(progress: ImportProgress): void;
  /** A progress report after this many rows are done… */
  progressEveryRows?: number;
  /** …or after this long, whichever comes first. */
  progressEveryMs?: number;
}

export const MAX_REJECTS_LISTED = 1000;
const WORDS_LISTED = 40;

/**
 * Imports the Superintendencia's "planes vigentes" extract into the catalogue: every insurance type, the
 * organization of each isapre in the file, and one isapre plan per row, all through `defineCatalogueEntry`
 * (the catalogue's command path), so a re-run records nothing. Rows that cannot be read are reported with
 * their line and reason; the rest is imported.
 * @throws ExtractFileError when the file cannot be read or is not the extract (wrong header).
 */
export async function importIsaprePlans(
  store: EventStore,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const context: CommandContext = {
    actor: options.actor ?? { kind: 'system', id: 'catalogue-import' },
    correlationId: options.correlationId ?? randomUUID(),
    now: options.now ?? new Date(),
  };
  const tally = new RepairTally();
  const progress: ImportProgress = {
    read: 0,
    imported: 0,
    revised: 0,
    unchanged: 0,
    rejected: 0,
    elapsedMs: 0,
  };
  const rejects: RejectedRow[] = [];
  const plansByIsapre: Record<string, number> = {};
  const organizations = noDefinitions();
  let insuranceTypes = noDefinitions();
  const summary = (skipped: boolean): ImportSummary => ({
    file,
    skipped,
    ...progress,
    elapsedMs: Date.now() - started,
    rejects,
    letters: {
      repaired: tally.lettersRepaired,
      unrepaired: tally.lettersUnrepaired,
      dashesRepaired: tally.dashesRepaired,
      repairedWords: RepairTally.top(tally.repairedWords, WORDS_LISTED),
      unrepairedWords: RepairTally.top(tally.unrepairedWords, WORDS_LISTED),
    },
    plansByIsapre,
    organizations,
    insuranceTypes,
    durationMs: Date.now() - started,
  });

  const lines = extractLines(file);
  const header = await lines.next();
  if (header.done) throw new ExtractFileError(`${file} is empty`);
  if (
    header.value.text
      .split(';')
      .map((name) => name.trim())
      .join(';') !== EXTRACT_HEADER.join(';')
  ) {
    await lines.return(undefined);
    throw new ExtractFileError(
      `${file} is not the planes vigentes extract: line 1 should be the header ${EXTRACT_HEADER.join(';')}`,
    );
  }

  let first: ExtractLine | undefined;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (next.value.text.trim() === '') continue;
    first = next.value;
    break;
  }
  if (options.ifEmpty && first && (await holdsPlan(store, first.text))) {
    await lines.return(undefined);
    return summary(true);
  }

  const pool = new CommandPool(options.concurrency ?? DEFAULT_CONCURRENCY);
  insuranceTypes = await defineAll(store, 'insuranceType', INSURANCE_TYPES, context, pool);

  const reporter = progressReporter(options, progress, started);
  const lineOfCode = new Map<string, number>();
  const isapresDefined = new Set<number>();
  const reject = (line: number, reason: string, code?: string) => {
    progress.rejected++;
    if (rejects.length < MAX_REJECTS_LISTED) rejects.push({ line, ...(code ? { code } : {}), reason });
    reporter.rowDone();
  };

  const importRow = async ({ number, text }: ExtractLine) => {
    progress.read++;
    let definition: IsaprePlanDefinition;
    let code: string | undefined;
    let isapreName: string;
    try {
      const row = splitExtractLine(repairLostLetters(text, tally));
      code = row.id_plan || undefined;
      isapreName = row.nombre_isapre;
      const earlier = code === undefined ? undefined : lineOfCode.get(code);
      if (earlier !== undefined) throw new RowRejected(`plan ${code} is already on line ${earlier}`);
      definition = validPlanDefinition(planDefinitionFromRow(row));
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      reject(number, error.message, code);
      return;
    }
    lineOfCode.set(definition.code, number);
    plansByIsapre[definition.isapreCode] = (plansByIsapre[definition.isapreCode] ?? 0) + 1;
    if (!isapresDefined.has(definition.isapreCode)) {
      isapresDefined.add(definition.isapreCode);
      const organization = isapreOrganization(definition.isapreCode, isapreName);
      await pool.submit(async () => {
        count(
          organizations,
          (await defineCatalogueEntry(store, 'organization', organization, context)).outcome,
        );
      });
    }
    await pool.submit(async () => {
      const { outcome } = await defineCatalogueEntry(store, 'isaprePlan', definition, context);
      if (outcome === 'defined') progress.imported++;
      else progress[outcome]++;
      reporter.rowDone();
    });
  };

  try {
    if (first) await importRow(first);
    for await (const line of lines) {
      if (line.text.trim() !== '') await importRow(line);
    }
    await pool.drain();
  } catch (error) {
    await pool.settle();
    throw error;
  } finally {
    reporter.stop();
    await lines.return(undefined);
  }
  return summary(false);
}

/** `--if-empty`: the first plan's stream is one indexed lookup, whatever the size of the store. */
async function holdsPlan(store: EventStore, firstRow: string): Promise<boolean> {
  const code = firstRow.split(';')[EXTRACT_HEADER.indexOf('id_plan')]?.trim();
  if (!code) return false;
  const events = await store.readStream(catalogueStream('isaprePlan', code), { maxCount: 1 });
  return events.length > 0;
}

function progressReporter(options: ImportOptions, progress: ImportProgress, started: number) {
  const report = options.onProgress;
  const everyRows = options.progressEveryRows ?? 1000;
  const everyMs = options.progressEveryMs ?? 2000;
  let reportedDone = 0;
  let reportedAt = Date.now();
  const done = () => progress.imported + progress.revised + progress.unchanged + progress.rejected;
  const emit = () => {
    reportedDone = done();
    reportedAt = Date.now();
    report?.({ ...progress, elapsedMs: reportedAt - started });
  };
  const timer = report
    ? setInterval(() => {
        if (done() !== reportedDone && Date.now() - reportedAt >= everyMs) emit();
      }, everyMs)
    : undefined;
  timer?.unref();
  return {
    rowDone() {
      if (report && done() - reportedDone >= everyRows) emit();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
