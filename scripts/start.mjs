// `npm start`: from a fresh clone to a running product, never prompting. Installs what is missing, builds,
// then runs every role in one process with the embedded engines (override with the variables in README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const say = (line) => process.stdout.write(`[start] ${line}\n`);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Cubre needs Node.js 20.19 or later; this is ${process.versions.node}.`);
  process.exit(1);
}

// better-sqlite3 compiles from source where no prebuilt binary can be downloaded: against the local
// Node headers, never a header download.
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_yes: 'true' };
if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
const stale = !existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs;
if (stale) {
  // `npm ci`: exactly the tree the lock file names, and the lock file left as committed (`npm install`
  // would rewrite it on a fresh clone).
  say('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const require = createRequire(join(root, 'package.json'));
try {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
} catch {
  say('building better-sqlite3 against the local Node headers…');
  run('npm', ['rebuild', 'better-sqlite3']);
}

say('building…');
run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
for (const workspace of ['web-storefront', 'admin-console']) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  if (manifest.scripts?.build) run('npm', ['run', 'build', '--workspace', workspace]);
}
// First start: the real isapre plans (Superintendencia extract, shipped gzipped) and the demo catalogue,
// through the catalogue's own commands, so a new user sees real plans at once. Later starts skip it.
if (process.env.CATALOGUE_SEED !== 'off') {
  say('loading the catalogue if this is the first start…');
  run(process.execPath, [join(root, 'dist', 'scripts', 'catalogue-import.js'), '--demo', '--if-empty']);
}
say(`ready to start after ${((Date.now() - started) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'server.js')], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
