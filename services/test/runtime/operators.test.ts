import { chmodSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';

/** A reverse proxy on this machine, as nginx in front of the product: every request arrives from loopback. */
function reverseProxy(target: string): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': '203.0.113.9' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

/** Issue 13, "Operators' routes" and "Data at rest". */
describe('operators routes and the data folder', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    // No OPS_TOKEN: the token the process keeps in its data folder is the only credential.
    runtime = await startTestRuntime({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(() => runtime.dispose());

  const token = () => readFileSync(join(runtime.dataDir, 'ops-token'), 'utf8').trim();

  test('/ops needs the operators token even from loopback, without OPS_TOKEN', async () => {
    for (const path of ['/ops/projections', '/ops/read-models/leads']) {
      const anonymous = await fetch(`${runtime.url}${path}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
      const wrong = await fetch(`${runtime.url}${path}`, { headers: { Authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      const operator = await fetch(`${runtime.url}${path}`, {
        headers: { Authorization: `Bearer ${token()}` },
      });
      expect(operator.status).toBe(200);
    }
    const rebuild = await fetch(`${runtime.url}/ops/projections/comparatorLinks/rebuild`, { method: 'POST' });
    expect(rebuild.status).toBe(401);
  });

  test('through a reverse proxy on the same machine the read-model dump is refused', async () => {
    const proxy = await reverseProxy(runtime.url);
    try {
      const dump = await fetch(`${proxy.url}/ops/read-models/leads`);
      expect(dump.status).toBe(401);
      expect(JSON.stringify(await dump.json())).not.toContain('"documents"');
      // The proxy itself works: a public route answers through it.
      expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200);
    } finally {
      proxy.server.close();
    }
  });

  test('the data folder is 0700 and every file in it 0600', () => {
    expect(statSync(runtime.dataDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(runtime.dataDir);
    for (const expected of [
      'events.sqlite',
      'readmodels.sqlite',
      'checkpoints.sqlite',
      'auth-secret',
      'ops-token',
    ])
      expect(files).toContain(expected);
    for (const file of files)
      expect([file, statSync(join(runtime.dataDir, file)).mode & 0o777]).toEqual([file, 0o600]);
  });
});

test('a restart narrows files left world-readable to 0600, and keeps its operators token', async () => {
  const first = await startTestRuntime();
  const dir = first.dataDir;
  const tokenBefore = readFileSync(join(dir, 'ops-token'), 'utf8');
  await first.stop();
  for (const file of readdirSync(dir)) chmodSync(join(dir, file), 0o644);
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'events.sqlite-shm'), '', { flag: 'a' });
  const second = await startTestRuntime({ DATA_DIR: dir });
  try {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(dir))
      expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
    expect(readFileSync(join(dir, 'ops-token'), 'utf8')).toBe(tokenBefore);
  } finally {
    await second.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
