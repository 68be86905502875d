// `npm run smoke:distributed`: the distributed runtime of docker/docker-compose.yml, proved end to end where
// a container runtime exists. Starts EventStoreDB, Kafka, MongoDB and every role; waits for the api's
// /readyz; saves a comparator link through the api and reads it back through its short link (a write that
// crosses EventStoreDB, the relay, Kafka, the projector and MongoDB); runs the event-store and read-store
// contract suites against the stack's engines; then removes the stack. Without a container runtime it says
// so and exits 0 (skipped, by name). `--keep` leaves the stack running.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = ['-f', 'docker/docker-compose.yml', '-f', 'docker/docker-compose.smoke.yml'];
const API = 'http://localhost:3000';
const say = (line) => process.stdout.write(`[smoke] ${line}\n`);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
}

const info = spawnSync('docker', ['info'], { stdio: 'ignore' });
if (info.status !== 0) {
  say('SKIPPED distributed smoke: no container runtime (docker info failed)');
  process.exit(0);
}

async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} not ready after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

let failed = false;
try {
  say('starting the stack (build, then wait for the engines to be healthy)…');
  run('docker', ['compose', ...files, 'up', '-d', '--build', '--wait']);
  await waitFor(`${API}/readyz`, 180);
  say('api ready: a write through every engine and back');
  const saved = await fetch(`${API}/api/buscarplanes/comparator-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: '/Comparar/Isapres?page=2' }),
  });
  if (saved.status !== 201) throw new Error(`saving a comparator link answered ${saved.status}`);
  const { link } = await saved.json();
  const read = await fetch(`${API}/api/buscarplanes/comparator/url/${link}`);
  if (read.status !== 200) throw new Error(`reading the link back answered ${read.status}`);
  say('contract suites against the stack’s EventStoreDB and MongoDB');
  run(
    'npx',
    [
      'jest',
      'services/platform/test/eventStore',
      'services/platform/test/readStore',
      'services/platform/test/rateLimitStore',
    ],
    {
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://localhost:27017',
    },
  );
  say('distributed smoke passed');
} catch (error) {
  failed = true;
  say(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (!process.argv.includes('--keep')) run('docker', ['compose', ...files, 'down', '-v']);
}
process.exit(failed ? 1 : 0);
