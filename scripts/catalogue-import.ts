/**
 * `npm run catalogue:import -- [FILE] [--demo] [--if-empty]`
 *
 * Loads the Superintendencia's "planes vigentes" extract (FILE, `.csv` or `.csv.gz`; by default the copy
 * shipped in services/reference-data) into the catalogue through its commands, with the isapres and the
 * insurance types; `--demo` also loads the demo catalogue (invented insurers and products, real clinic
 * names); `--if-empty` does nothing when the catalogue already holds the file's plans (first `npm start`).
 * Opens only the event store the runtime's configuration selects (SQLite in DATA_DIR, or EVENTSTORE_URL).
 *
 * Exit codes: 0 done (rejected rows are reported, not fatal), 1 the file cannot be read, 2 bad arguments.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ExtractFileError, importIsaprePlans, type ImportProgress } from '../services/src/catalogue/import';
import { loadDemoCatalogue, type DemoLoadSummary } from '../services/src/catalogue/demo';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { loadConfig } from '../services/src/runtime/config';

const SHIPPED_EXTRACT = join('services', 'reference-data', 'isapres', 'planes-vigentes-2016-09.csv.gz');
const USAGE = `usage: npm run catalogue:import -- [FILE.csv|FILE.csv.gz] [--demo] [--if-empty]
  FILE        the Superintendencia's planes vigentes extract (default: ${SHIPPED_EXTRACT})
  --demo      also load the demo catalogue (invented insurers and products)
  --if-empty  do nothing when the catalogue already holds the file's plans
`;

interface Arguments {
  file?: string;
  demo: boolean;
  ifEmpty: boolean;
}

function parseArguments(argv: string[]): Arguments | string {
  const parsed: Arguments = { demo: false, ifEmpty: false };
  for (const arg of argv) {
    if (arg === '--demo') parsed.demo = true;
    else if (arg === '--if-empty') parsed.ifEmpty = true;
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (parsed.file !== undefined) return `one file at most (got ${parsed.file} and ${arg})`;
    else parsed.file = arg;
  }
  return parsed;
}

/** The repository root: two levels above dist/scripts/ when built, one above scripts/ from source. */
function repositoryRoot(): string {
  const candidates = [resolve(__dirname, '..', '..'), resolve(__dirname, '..'), process.cwd()];
  return candidates.find((dir) => existsSync(join(dir, SHIPPED_EXTRACT))) ?? process.cwd();
}

/** A relative path is the caller's: npm runs scripts from the root but keeps the caller's directory in INIT_CWD. */
function resolveFile(file: string | undefined): string {
  if (file === undefined) return join(repositoryRoot(), SHIPPED_EXTRACT);
  if (isAbsolute(file)) return file;
  const candidates = [process.env.INIT_CWD, process.cwd()].filter((dir): dir is string => !!dir);
  const found = candidates.map((dir) => resolve(dir, file)).find((path) => existsSync(path));
  return found ?? resolve(candidates[0]!, file);
}

async function openEventStore(): Promise<{ store: EventStore; describe: string }> {
  const config = loadConfig();
  if (config.EVENTSTORE_URL) {
    // Loaded only when configured: the gRPC client alone takes longer to load than an import of 150 products.
    const { connectEventStoreDb } =
      await import('../services/platform/src/adapters/eventstoredb/eventStore.js');
    return { store: connectEventStoreDb(config.EVENTSTORE_URL), describe: 'EventStoreDB (EVENTSTORE_URL)' };
  }
  return {
    store: openSqliteEventStore({ dataDir: config.DATA_DIR }),
    describe: `SQLite in ${resolve(config.DATA_DIR)}`,
  };
}

const number = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function progressPrinter(): (progress: ImportProgress) => void {
  const tty = process.stderr.isTTY === true;
  return (p) => {
    const line =
      `  ${number(p.read)} rows read: ${number(p.imported)} new, ${number(p.revised)} revised, ` +
      `${number(p.unchanged)} unchanged, ${number(p.rejected)} rejected (${seconds(p.elapsedMs)})`;
    process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
  };
}

function printDemo(demo: DemoLoadSummary) {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  out(`Demo catalogue (${seconds(demo.durationMs)}):`);
  for (const [kind, counts] of Object.entries(demo.kinds))
    out(`  ${kind}: ${counts.defined} new, ${counts.revised} revised, ${counts.unchanged} unchanged`);
}

async function main(argv: string[]): Promise<number> {
  const args = parseArguments(argv);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}`);
    return 2;
  }
  const file = resolveFile(args.file);
  if (!existsSync(file)) {
    process.stderr.write(`cannot read ${file}: no such file\n`);
    return 1;
  }

  const { store, describe } = await openEventStore();
  const out = (text: string) => process.stdout.write(`${text}\n`);
  try {
    out(`Importing ${file} into ${describe}`);
    const summary = await importIsaprePlans(store, file, {
      ifEmpty: args.ifEmpty,
      onProgress: progressPrinter(),
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (summary.skipped) {
      out('The catalogue already holds these isapre plans (--if-empty): nothing to do.');
      return 0;
    }
    const perSecond = summary.durationMs > 0 ? (summary.read / summary.durationMs) * 1000 : 0;
    out(`Isapre plans (${seconds(summary.durationMs)}, ${number(Math.round(perSecond))} rows/s):`);
    out(`  read       ${number(summary.read)}`);
    out(`  imported   ${number(summary.imported)} (new)`);
    out(`  revised    ${number(summary.revised)}`);
    out(`  unchanged  ${number(summary.unchanged)}`);
    out(`  rejected   ${number(summary.rejected)}`);
    for (const reject of summary.rejects.slice(0, 50))
      out(`    line ${reject.line}${reject.code ? ` (${reject.code})` : ''}: ${reject.reason}`);
    if (summary.rejected > 50) out(`    … and ${number(summary.rejected - 50)} more`);
    const { letters } = summary;
    out(
      `  letters repaired ${number(letters.repaired)}, left unrepaired ${number(letters.unrepaired)}` +
        ` (dropped, or a space between words); lost dashes repaired ${number(letters.dashesRepaired)}`,
    );
    const list = (words: Array<[string, number]>) => words.map(([word, n]) => `${word} ×${n}`).join(', ');
    if (letters.repairedWords.length > 0) out(`    repaired: ${list(letters.repairedWords.slice(0, 15))}`);
    if (letters.unrepairedWords.length > 0)
      out(`    unrepaired: ${list(letters.unrepairedWords.slice(0, 8))}`);
    out(
      `  plans per isapre: ${Object.entries(summary.plansByIsapre)
        .sort((a, b) => b[1] - a[1])
        .map(([code, n]) => `${code}: ${number(n)}`)
        .join(', ')}`,
    );
    const { organizations: o, insuranceTypes: t } = summary;
    out(`  organizations: ${o.defined} new, ${o.revised} revised, ${o.unchanged} unchanged`);
    out(`  insurance types: ${t.defined} new, ${t.revised} revised, ${t.unchanged} unchanged`);
    if (args.demo) printDemo(await loadDemoCatalogue(store));
    return 0;
  } catch (error) {
    if (error instanceof ExtractFileError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
