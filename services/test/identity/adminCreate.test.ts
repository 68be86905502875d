import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { bundleFixture, REPO_ROOT } from '../support/fixtureProcess';
import { startTestRuntime } from '../support/testRuntime';
import { DEMO, listQuery, login, signIn } from './support';

const ROOT = REPO_ROOT;

let script: string;
const data = tempDataDir('cubre-admin-create-');
beforeAll(() => {
  // Bundled the way `npm run admin:create` builds it (esbuild, packages external).
  script = bundleFixture(join(ROOT, 'scripts/admin-create.ts'));
});
afterAll(() => {
  data.remove();
  rmSync(dirname(script), { recursive: true, force: true });
});

/** Runs the script as an operator would in production: NODE_ENV=production, no demo users. */
function run(args: string[], env: Record<string, string> = {}, stdin?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const { ADMIN_PASSWORD: _inherited, ...inherited } = process.env;
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'production', DATA_DIR: data.path, PASSWORD_SCRYPT_N: '1024', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin ?? '');
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('npm run admin:create', () => {
  test('creates the first ADMIN from --email, --name and ADMIN_PASSWORD; it signs in on a production runtime without demo users', async () => {
    const created = await run(['--email', 'Jefa@Cubre.cl', '--name', 'Josefina Jefa'], {
      ADMIN_PASSWORD: 'Primera.26!',
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/jefa@cubre\.cl created/);

    // A password from a pipe (no ADMIN_PASSWORD): a second administrator.
    const piped = await run(['--email=segunda@cubre.cl', '--name=Segunda Admin'], {}, 'Segunda.26!\n');
    expect(piped.code).toBe(0);

    const runtime = await startTestRuntime({ DATA_DIR: data.path, DEMO_USERS: 'off' });
    try {
      const admin = await signIn(runtime.url, 'jefa@cubre.cl', 'Primera.26!');
      expect(admin.user).toMatchObject({ email: 'jefa@cubre.cl', mustChangePassword: false });
      expect(admin.user.permissions).toContain('role:update');
      const users = await json(await admin.get(`/api/admin/users${listQuery({ sort: ['email', 'ASC'] })}`));
      expect(users.map((user: { email: string; roles: string[] }) => [user.email, user.roles])).toEqual([
        ['jefa@cubre.cl', ['ADMIN']],
        ['segunda@cubre.cl', ['ADMIN']],
      ]);
      expect((await login(runtime.url, 'admin@demo.cl', DEMO)).status).toBe(401);
      const audit = await json(
        await admin.get(`/api/admin/audit${listQuery({ filter: { type: 'UserRegistered' } })}`),
      );
      expect(audit.map((row: { actor: unknown }) => row.actor)).toEqual([
        { kind: 'system', id: 'admin-create' },
        { kind: 'system', id: 'admin-create' },
      ]);
    } finally {
      await runtime.dispose();
    }
  });

  test('refuses an address that already has a user (exit 1), a bad password (exit 2) and a password argument (exit 2)', async () => {
    const again = await run(['--email', 'jefa@cubre.cl', '--name', 'Otra Jefa'], {
      ADMIN_PASSWORD: 'Otra.2026!',
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/USER_ALREADY_EXISTS/);

    const weak = await run(['--email', 'nueva@cubre.cl', '--name', 'Nueva'], { ADMIN_PASSWORD: 'debil' });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/INVALID_PASSWORD_FORM/);

    const argument = await run(['--email', 'nueva@cubre.cl', '--name', 'Nueva', '--password', 'Visible.26!']);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toMatch(/never an argument/);

    const noPassword = await run(['--email', 'nueva@cubre.cl', '--name', 'Nueva']);
    expect(noPassword.code).toBe(2);
    const noEmail = await run(['--name', 'Nueva'], { ADMIN_PASSWORD: 'Valida.26!' });
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toMatch(/--email is required/);
  });
});
