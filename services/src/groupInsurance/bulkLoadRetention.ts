import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import { BULK_LOADS_COLLECTION, type BulkLoadDocument } from '@cubre/projections/groupInsurance/documents';
import { BulkLoadWriter } from './bulkLoadWriter';
import { bulkLoadFilePath } from './files';
import { waitVisible } from './roster';

const DAY_MS = 86_400_000;

/** How long bulk-load files stay in DATA_DIR/bulk-loads and how much the folder may hold (README.md). */
export interface BulkLoadRetention {
  /** BULK_LOAD_VALIDATED_DAYS: a load left VALIDATED this long expires (FAILED), its file and plan removed. */
  validatedDays: number;
  /** BULK_LOAD_FILE_DAYS: a finished load's uploaded file is removed this long after the load's last change. */
  fileDays: number;
  /** BULK_LOADS_MAX_BYTES: an upload that could take the folder past this is refused (507). */
  maxBytes: number;
}

export const DEFAULT_RETENTION: BulkLoadRetention = {
  validatedDays: 7,
  fileDays: 90,
  maxBytes: 5 * 1024 ** 3,
};

/** Statuses whose work still reads the plan and the awaiting-holder spill. */
const RUNNING = new Set(['VALIDATING', 'VALIDATED', 'COMMITTING']);

const folderOf = (dataDir: string) => join(dataDir, 'bulk-loads');

/** Every file of the folder with its size and age; none when the folder does not exist yet. */
function filesOf(dataDir: string) {
  const folder = folderOf(dataDir);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      const stat = statSync(join(folder, name));
      return stat.isFile()
        ? [{ name, path: join(folder, name), size: stat.size, mtimeMs: stat.mtimeMs }]
        : [];
    } catch {
      return []; // removed meanwhile
    }
  });
}

/** Bytes the folder holds now (a few files per load: one directory read). */
export const folderBytes = (dataDir: string) => filesOf(dataDir).reduce((sum, file) => sum + file.size, 0);

export const storageFull = (maxBytes: number) =>
  new HttpProblem(
    507,
    'insufficient-storage',
    'Sin espacio para cargas masivas',
    `las cargas masivas guardadas ocupan su límite de ${maxBytes} bytes`,
    [
      {
        field: 'body',
        rule: 'storage_budget',
        message: 'no queda espacio para más archivos de carga; intente más tarde o avise al administrador',
      },
    ],
  );

type SweepPorts = Pick<AppContext, 'eventStore' | 'readStore' | 'visibility' | 'config' | 'clock' | 'logger'>;

/**
 * Removes what no load will read again: the plan and spill files of a load no longer running, the
 * uploaded file of a finished load `fileDays` after its last change, files of no load at all (an upload
 * stopped before its event) a day old; and expires loads VALIDATED for `validatedDays` (FAILED, so the
 * console says why; their file and plan go with them). Run on start and when an upload finds the folder
 * full. Returns the files removed.
 */
export async function sweepBulkLoadFiles(
  ports: SweepPorts,
  dataDir: string,
  retention: BulkLoadRetention,
): Promise<string[]> {
  const now = ports.clock().getTime();
  const loads = ports.readStore.collection<BulkLoadDocument>(BULK_LOADS_COLLECTION);
  const expired = await loads.find({
    status: 'VALIDATED',
    updatedAt: { $lt: new Date(now - retention.validatedDays * DAY_MS).toISOString() },
  });
  for (const load of expired) {
    try {
      await expire(ports, dataDir, load, retention.validatedDays);
    } catch (error) {
      // A commit asked for at this instant wins (the append is pinned): the next sweep looks again.
      ports.logger.warn({ err: error, bulkLoadId: load._id }, 'bulk load not expired');
    }
  }

  const removed: string[] = [];
  const files = filesOf(dataDir);
  const ids = [...new Set(files.map((file) => file.name.split('.')[0]!))];
  const byId = new Map((await loads.find({ _id: { $in: ids } })).map((load) => [load._id, load]));
  for (const file of files) {
    const id = file.name.split('.')[0]!;
    const load = byId.get(id);
    const upload = file.name === id;
    const stale = !load
      ? now - file.mtimeMs > DAY_MS
      : upload
        ? !RUNNING.has(load.status) && now - Date.parse(load.updatedAt) > retention.fileDays * DAY_MS
        : !RUNNING.has(load.status);
    if (!stale) continue;
    await rm(file.path, { force: true });
    removed.push(file.name);
  }
  if (removed.length) ports.logger.info({ removed: removed.length }, 'bulk-load files removed');
  return removed;
}

/** A load nobody committed: FAILED with the reason, its files removed by the sweep that follows. */
async function expire(ports: SweepPorts, dataDir: string, load: BulkLoadDocument, days: number) {
  const writer = await BulkLoadWriter.open(ports.eventStore, load._id, {
    commandId: `bulk-load:${load._id}:${randomUUID()}`,
    correlationId: `bulk-load:${load._id}`,
    causationId: null,
    actor: { kind: 'system', id: 'bulk-load-retention' },
    receivedAt: ports.clock().toISOString(),
  });
  // The read model may be behind the stream: a commit that started meanwhile is never failed here.
  if (writer.state.status !== 'VALIDATED') return;
  await writer.write({
    type: 'Fail',
    bulkLoadId: load._id,
    stage: 'commit',
    reason: `La carga validada no se confirmó en ${days} días; suba el archivo de nuevo`,
  });
  await waitVisible(ports, writer.lastWrite);
  // Its file is of no use any more (a FAILED load is not committed); the sweep removes its plan.
  await rm(bulkLoadFilePath(dataDir, load._id), { force: true });
}
