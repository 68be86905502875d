import { randomUUID } from 'node:crypto';
import type { AppContext } from '@cubre/platform/http/app';
import {
  BULK_LOADS_COLLECTION,
  type BulkLoadDocument,
  type GroupEmployeeDocument,
  type GroupPolicyDocument,
} from '@cubre/projections/groupInsurance/documents';
import type { CommandMetadata } from '@cubre/schemas/commands';
import type { BulkLoadCounts, BulkLoadProblem } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { InsuredPerson, RosterChange } from '@cubre/schemas/groupInsurance/roster';
import { GENDERS, type BulkKind } from '@cubre/schemas/groupInsurance/statuses';
import { retroactiveDaysOf } from '../insurers';
import { createFileChecks, judgeRow, readRows, type RowProblem } from './bulk';
import { BulkLoadWriter } from './bulkLoadWriter';
import { BulkLoadPlanWriter, openPlan, removePlan } from './bulkLoadPlan';
import { DependantsAwaitingHolder, insuredHolders } from './dependantsAwaitingHolder';
import { bulkLoadFilePath } from './files';
import { chileToday } from './records';
import {
  caughtUpPolicy,
  currentDocuments,
  insuredStateOf,
  RosterWriter,
  waitFullyVisible,
  waitVisible,
} from './roster';
import { activationOutcome, cancellationOutcome, type RowOutcome } from './rosterChangeDecider';

type JudgedRow = ReturnType<typeof judgeRow>;
type Row = NonNullable<JudgedRow['row']>;

/** Rows judged against the employees read model at once (one query per chunk). */
const CHUNK_ROWS = 500;

export type RunnerPorts = Pick<
  AppContext,
  'eventStore' | 'readStore' | 'visibility' | 'config' | 'clock' | 'logger'
>;

export interface RunnerOptions {
  dataDir: string;
  /** A progress event every this many rows read (issue 16: the console shows it while a load runs). */
  progressEvery?: number;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** An activation row as the person the roster keeps (empty cells as null). */
export function personOf(row: Row): InsuredPerson {
  const cells = row as Record<string, unknown>;
  const insuredType = cells.insuredType === 'CARGA' ? 'CARGA' : 'TITULAR';
  const gender = text(cells.gender);
  return {
    legalId: String(cells.legalId),
    name: text(cells.name) ?? '',
    paternalSurname: text(cells.paternalSurname) ?? '',
    maternalSurname: text(cells.maternalSurname),
    birthDate: text(cells.birthDate),
    gender: GENDERS.find((known) => known === gender) ?? null,
    email: text(cells.email),
    phone: text(cells.phone),
    insuredType,
    holderLegalId: insuredType === 'CARGA' ? text(cells.holderLegalId) : null,
    dependentType: insuredType === 'CARGA' ? text(cells.dependentType) : null,
    coverageGroup: text(cells.coverageGroup) ?? '',
    accountType: text(cells.accountType),
    accountNumber: text(cells.accountNumber),
    bank: text(cells.bank),
  };
}

/** What one valid row does to its person, given their current document. */
export function outcomeOf(
  kind: BulkKind,
  row: Row,
  rowNumber: number,
  doc: GroupEmployeeDocument | undefined,
): RowOutcome {
  const current = doc ? insuredStateOf(doc) : null;
  const cells = row as Record<string, unknown>;
  const effectiveDate = String(cells.effectiveDate);
  return kind === 'activation'
    ? activationOutcome(current, { person: personOf(row), effectiveDate, rowNumber })
    : cancellationOutcome(current, {
        legalId: String(cells.legalId),
        effectiveDate,
        reason: text(cells.reason),
        rowNumber,
      });
}

type Evaluated = { rowNumber: number; problems: BulkLoadProblem[]; outcome: RowOutcome | null };

type ScanOptions = {
  /** The day rows are judged on (default: today in Chile). */
  today?: string;
  /** Called with every row found valid, in the order judged (the dry run keeps them for the commit). */
  keep?: (judged: JudgedRow) => Promise<void>;
  /** The dry run's valid rows, read instead of the file (the commit, on the day of the dry run). */
  planned?: AsyncIterable<JudgedRow>;
};

/** Where the dry run keeps its valid rows for the commit. */
const planPathOf = (dataDir: string, id: string) => `${bulkLoadFilePath(dataDir, id)}.plan`;

/** A problem as the load's events keep it (bounded lengths). */
const recorded = (problem: RowProblem): BulkLoadProblem => ({
  rowNumber: problem.rowNumber,
  column: String(problem.column).slice(0, 80),
  rule: String(problem.rule).slice(0, 80),
  message: String(problem.message).slice(0, 500),
});

/**
 * Streams a load's file: every row judged (the rows module), the file's own checks (a RUT twice…), then,
 * a chunk at a time, what each valid row would change for its person (the roster rules over the employees
 * read model). A CARGA row whose holder has not come yet as a TITULAR row waits (on disk) for the file's
 * end: `finish()` then names those whose holder never came, and those whose holder is not insured under
 * the policy either are invalid (`holderNotFound`); the others are judged last. Memory holds one chunk
 * whatever the file's size.
 */
async function scanFile(
  ports: RunnerPorts,
  dataDir: string,
  load: BulkLoadDocument,
  policy: GroupPolicyDocument,
  phase: 'validation' | 'commit',
  options: ScanOptions,
  onChunk: (evaluated: Evaluated[], rowsRead: number) => Promise<void>,
): Promise<void> {
  const context = {
    today: options.today ?? chileToday(ports.clock()),
    retroactiveDays: await retroactiveDaysOf(ports.readStore)(policy.insurerCode),
    coverageGroups: policy.coverageGroups.map((group) => group.code),
  };
  const path = bulkLoadFilePath(dataDir, load._id);
  const checks = createFileChecks(load.kind);
  /** RUTs of the file's valid TITULAR rows so far (as the file checks count holders). */
  const fileHolders = new Set<string>();
  const awaiting = new DependantsAwaitingHolder(`${path}.${phase}.awaiting-holder`);
  /** Row → holder of the rows waiting (what the file checks keep too: a number and a RUT each). */
  const holderOfRow = new Map<number, string>();
  await awaiting.reset();
  let pending: { judged: JudgedRow; problems: BulkLoadProblem[] }[] = [];
  let rowsRead = 0;
  const flush = async () => {
    const valid = pending.filter((item) => item.problems.length === 0 && item.judged.row);
    const docs = await currentDocuments(
      ports.readStore,
      policy._id,
      valid.map((item) => String((item.judged.row as Record<string, unknown>).legalId)),
    );
    const evaluated = pending.map(({ judged, problems }): Evaluated => {
      if (problems.length || !judged.row) return { rowNumber: judged.rowNumber, problems, outcome: null };
      const legalId = String((judged.row as Record<string, unknown>).legalId);
      const outcome = outcomeOf(load.kind, judged.row, judged.rowNumber, docs.get(legalId));
      return outcome.kind === 'problem'
        ? {
            rowNumber: judged.rowNumber,
            problems: [
              {
                rowNumber: judged.rowNumber,
                column: outcome.column,
                rule: outcome.rule,
                message: outcome.message,
              },
            ],
            outcome: null,
          }
        : { rowNumber: judged.rowNumber, problems: [], outcome };
    });
    if (options.keep) {
      for (const [index, item] of evaluated.entries()) {
        if (item.outcome) await options.keep(pending[index]!.judged);
      }
    }
    pending = [];
    await onChunk(evaluated, rowsRead);
  };
  const add = async (judged: JudgedRow, problems: BulkLoadProblem[]) => {
    pending.push({ judged, problems });
    if (pending.length >= CHUNK_ROWS) await flush();
  };
  if (options.planned) {
    // Judged by the dry run already, holders and order included: only the read model is asked again.
    for await (const judged of options.planned) {
      rowsRead++;
      await add(judged, []);
    }
    await flush();
    return;
  }
  for await (const raw of readRows(path, load.format, load.kind)) {
    rowsRead++;
    const judged = judgeRow(raw, load.kind, context);
    const problems = [...judged.problems, ...checks.check(judged)].map(recorded);
    const row = judged.row;
    if (row && problems.length === 0) {
      if (row.insuredType === 'TITULAR') fileHolders.add(row.legalId);
      else if (row.holderLegalId !== null && !fileHolders.has(row.holderLegalId)) {
        await awaiting.add(judged);
        holderOfRow.set(judged.rowNumber, row.holderLegalId);
        continue;
      }
    }
    await add(judged, problems);
  }
  // The file's end: a dependant whose holder never came is valid only when the holder is insured already.
  const holderMissing = new Map(checks.finish().map((problem) => [problem.rowNumber, problem]));
  const insured = await insuredHolders(
    ports.readStore,
    policy._id,
    load.kind,
    [...holderMissing.keys()].flatMap((rowNumber) => holderOfRow.get(rowNumber) ?? []),
  );
  holderOfRow.clear();
  for await (const judged of awaiting.drain()) {
    const missing = holderMissing.get(judged.rowNumber);
    const holder = judged.row?.holderLegalId ?? null;
    await add(judged, missing && holder !== null && !insured.has(holder) ? [recorded(missing)] : []);
  }
  await flush();
}

const systemMetadata = (ports: RunnerPorts, load: string, by: string): CommandMetadata => ({
  commandId: `bulk-load:${load}:${randomUUID()}`,
  correlationId: `bulk-load:${load}`,
  causationId: null,
  actor: { kind: 'user', id: by },
  receivedAt: ports.clock().toISOString(),
});

/** Why a file could not be read, in the console's words (the error's own text is for the log). */
const failureOf = (error: unknown) =>
  `No se pudo leer el archivo: ${error instanceof Error ? error.message.slice(0, 300) : 'formato inválido'}`;

/**
 * Runs bulk loads in the background of the api process (issue 16): the dry run after an upload, the commit
 * after the administrator confirms. Both stream the file and record their progress as events; after a
 * restart `resume` starts again every load left VALIDATING or COMMITTING, from its events: problems already
 * recorded are not recorded twice, rows already applied are found unchanged.
 */
export function bulkLoadRunner(ports: RunnerPorts, options: RunnerOptions) {
  const progressEvery = options.progressEvery ?? 5_000;
  const running = new Map<string, Promise<void>>();
  const loads = () => ports.readStore.collection<BulkLoadDocument>(BULK_LOADS_COLLECTION);

  function launch(id: string, work: () => Promise<void>) {
    if (running.has(id)) return;
    const task = work()
      .catch((error: unknown) => ports.logger.error({ err: error, bulkLoadId: id }, 'bulk load stopped'))
      .finally(() => running.delete(id));
    running.set(id, task);
  }

  async function validate(load: BulkLoadDocument) {
    const writer = await BulkLoadWriter.open(
      ports.eventStore,
      load._id,
      systemMetadata(ports, load._id, load.createdBy),
    );
    if (writer.state.status !== 'VALIDATING') return;
    const policy = await caughtUpPolicy(ports, load.policyId);
    // Problems recorded before a restart are skipped, not recorded twice.
    const alreadyRecorded = writer.state.problemCount;
    let problemIndex = 0;
    let toRecord: BulkLoadProblem[] = [];
    const counts: BulkLoadCounts = { rows: 0, valid: 0, invalid: 0, unchanged: 0, toApply: 0 };
    let lastProgress = 0;
    const today = chileToday(ports.clock());
    const plan = await BulkLoadPlanWriter.start(planPathOf(options.dataDir, load._id), today);
    const keep = (judged: JudgedRow) => plan.add(judged);
    try {
      await scanFile(
        ports,
        options.dataDir,
        load,
        policy,
        'validation',
        { today, keep },
        async (evaluated, rowsRead) => {
          for (const row of evaluated) {
            counts.rows++;
            if (row.problems.length) {
              counts.invalid++;
              for (const problem of row.problems) {
                if (problemIndex++ >= alreadyRecorded) toRecord.push(problem);
              }
            } else {
              counts.valid++;
              if (row.outcome?.kind === 'change') counts.toApply++;
              else counts.unchanged++;
            }
          }
          if (toRecord.length >= 500) {
            await writer.write({ type: 'RecordProblems', bulkLoadId: load._id, problems: toRecord });
            toRecord = [];
          }
          if (rowsRead - lastProgress >= progressEvery) {
            lastProgress = rowsRead;
            await writer.write({ type: 'RecordValidationProgress', bulkLoadId: load._id, rowsRead });
          }
        },
      );
    } catch (error) {
      ports.logger.warn({ err: error, bulkLoadId: load._id }, 'bulk load file unreadable');
      await plan.discard();
      await writer.write({
        type: 'Fail',
        bulkLoadId: load._id,
        stage: 'validation',
        reason: failureOf(error),
      });
      return;
    }
    if (toRecord.length)
      await writer.write({ type: 'RecordProblems', bulkLoadId: load._id, problems: toRecord });
    await plan.finish();
    await writer.write({ type: 'MarkValidated', bulkLoadId: load._id, counts });
  }

  async function commit(load: BulkLoadDocument) {
    const metadata = systemMetadata(ports, load._id, load.createdBy);
    const writer = await BulkLoadWriter.open(ports.eventStore, load._id, metadata);
    const batchId = writer.state.batchId;
    if (writer.state.status !== 'COMMITTING' || !batchId) return;
    const policy = await caughtUpPolicy(ports, load.policyId);
    const roster = new RosterWriter(ports.eventStore, policy, metadata);
    const resumed = roster.openBatchId === batchId;
    if (roster.openBatchId && !resumed) {
      await writer.write({
        type: 'Fail',
        bulkLoadId: load._id,
        stage: 'commit',
        reason: 'La póliza tiene otro lote en curso; suba el archivo de nuevo cuando termine',
      });
      return;
    }
    // Rows a run before a restart applied are unchanged now: they count from the people it changed.
    let rowsApplied = resumed
      ? await ports.readStore
          .collection('groupEmployees')
          .count({ policyId: policy._id, lastBatchId: batchId })
      : 0;
    let changeCount = rowsApplied;
    let opened = resumed;
    let lastProgress = 0;
    const planPath = planPathOf(options.dataDir, load._id);
    const planned = (await openPlan(planPath, chileToday(ports.clock()))) ?? undefined;
    await scanFile(
      ports,
      options.dataDir,
      load,
      policy,
      'commit',
      { planned },
      async (evaluated, rowsRead) => {
        const changes: RosterChange[] = [];
        for (const row of evaluated) if (row.outcome?.kind === 'change') changes.push(row.outcome.change);
        if (changes.length) {
          if (!opened) {
            await roster.write({
              type: 'OpenBatch',
              policyId: policy._id,
              batch: { batchId, kind: load.kind, bulkLoadId: load._id, refersTo: null, by: load.createdBy },
            });
            opened = true;
          }
          await roster.write({ type: 'RecordChanges', policyId: policy._id, batchId, changes });
          rowsApplied += changes.length;
          changeCount += changes.length;
        }
        if (rowsRead - lastProgress >= progressEvery) {
          lastProgress = rowsRead;
          await writer.write({ type: 'RecordCommitProgress', bulkLoadId: load._id, rowsRead, rowsApplied });
        }
      },
    );
    if (opened) {
      await roster.write({ type: 'CloseBatch', policyId: policy._id, batchId, changeCount });
      // The employee list shows the batch when the load says COMMITTED.
      await waitFullyVisible(ports, roster.lastWrite);
    }
    await writer.write({ type: 'MarkCommitted', bulkLoadId: load._id, rowsApplied });
    await removePlan(planPath);
    await waitVisible(ports, writer.lastWrite);
  }

  /**
   * A commit that cannot go on (its policy's roster taken by another writer, a row the roster refuses) is
   * FAILED with the reason, not left COMMITTING; a process that dies mid-commit leaves it COMMITTING, and
   * the next start resumes it.
   */
  async function failOnError(load: BulkLoadDocument, stage: 'commit', work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      ports.logger.error({ err: error, bulkLoadId: load._id }, 'bulk load commit stopped');
      const writer = await BulkLoadWriter.open(
        ports.eventStore,
        load._id,
        systemMetadata(ports, load._id, load.createdBy),
      );
      await writer.write({
        type: 'Fail',
        bulkLoadId: load._id,
        stage,
        reason: 'No se pudo confirmar la carga; suba el archivo de nuevo',
      });
      // A FAILED load is never committed again: its plan would only take room.
      await removePlan(planPathOf(options.dataDir, load._id));
      // The policy's roster is not left taken by a batch nobody will finish.
      const policy = await caughtUpPolicy(ports, load.policyId);
      if (writer.state.batchId && policy.openBatch?.batchId === writer.state.batchId) {
        const roster = new RosterWriter(
          ports.eventStore,
          policy,
          systemMetadata(ports, load._id, load.createdBy),
        );
        await roster.write({
          type: 'CloseBatch',
          policyId: policy._id,
          batchId: writer.state.batchId,
          changeCount: 0,
        });
      }
    }
  }

  const byId = async (id: string) => loads().findOne({ _id: id });

  return {
    /** Starts the dry run of a load just uploaded. */
    validate(id: string) {
      launch(id, async () => {
        const load = await byId(id);
        if (load) await validate(load);
      });
    },
    /** Starts the commit of a load whose CommitStarted is stored. */
    commit(id: string) {
      launch(id, async () => {
        const load = await byId(id);
        if (load) await failOnError(load, 'commit', () => commit(load));
      });
    },
    /** Every load a stopped process left running, started again from its events. */
    async resume() {
      for (const load of await loads().find({ status: { $in: ['VALIDATING', 'COMMITTING'] } })) {
        launch(load._id, () => (load.status === 'VALIDATING' ? validate(load) : commit(load)));
      }
    },
    /** Resolves when nothing runs (tests, shutdown). */
    async idle() {
      while (running.size) await Promise.allSettled([...running.values()]);
    },
  };
}

export type BulkLoadRunner = ReturnType<typeof bulkLoadRunner>;
