/**
 * `npm run admin:create -- --email ana@empresa.cl --name "Ana Pérez"`
 *
 * Creates the first platform administrator (role ADMIN) of an installation, typically a production one
 * where no demo user exists (NODE_ENV=production or DEMO_USERS=off). The password comes from the
 * ADMIN_PASSWORD environment variable or is asked for (hidden, twice) in a terminal, or read as one line
 * from a pipe; never from an argument, which would stay in the shell's history and in `ps`. It must have the
 * form of rule 002-5.05. The user is registered through the identity commands (the same as POST
 * /api/admin/users), in the event store the runtime's configuration selects (SQLite in DATA_DIR, or
 * EVENTSTORE_URL); the roles' default permissions are seeded too if the runtime never ran. A running
 * runtime picks the new user up by itself (its projections follow the store).
 *
 * Exit codes: 0 created, 1 the address already has a user (or the store failed), 2 bad arguments or password.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Email, INVALID_PASSWORD_FORM_MESSAGE, isPasswordFormValid } from '@cubre/schemas';
import { CommandRejected } from '@cubre/platform/core/decider';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { loadConfig } from '../services/src/runtime/config';
import { registerUser } from '../services/src/identity/registration';
import { seedRoles, seededUserId } from '../services/src/identity/seed';
import { userStream } from '../services/src/identity/userDecider';

const USAGE = `usage: npm run admin:create -- --email EMAIL --name "NAME"
  --email   the administrator's e-mail address (their sign-in)
  --name    their full name
  The password is read from ADMIN_PASSWORD, or asked for; never give it as an argument.
`;

interface Arguments {
  email: string;
  name: string;
}

function parseArguments(argv: string[]): Arguments | string {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (flag === '--password' || flag === '-p') {
      return 'the password is never an argument (it would stay in the shell history): set ADMIN_PASSWORD or answer the prompt';
    }
    if (flag !== '--email' && flag !== '--name') return `unknown argument ${arg}`;
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) return `${flag} needs a value`;
    values[flag.slice(2)] = value;
  }
  if (!values.email) return '--email is required';
  if (!values.name) return '--name is required';
  const email = Email.safeParse(values.email);
  if (!email.success) return `--email: ${values.email} is not an e-mail address`;
  const name = values.name.trim();
  if (name.length < 2 || name.length > 120) return '--name: 2 to 120 characters';
  return { email: email.data, name };
}

/** One hidden line from the terminal: raw mode, nothing echoed; Ctrl-C aborts. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolvePassword, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolvePassword(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** One line from a pipe (`printf '%s\n' "$PASSWORD" | npm run admin:create …`). */
async function readLine(): Promise<string | undefined> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return undefined;
}

async function passwordOf(): Promise<string | undefined> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) return readLine();
  const first = await askHidden('Contraseña: ');
  const second = await askHidden('Repita la contraseña: ');
  if (first !== second) throw new UsageError('las contraseñas no coinciden');
  return first;
}

class UsageError extends Error {}

async function openEventStore(): Promise<{ store: EventStore; describe: string }> {
  const config = loadConfig();
  if (config.EVENTSTORE_URL) {
    const { connectEventStoreDb } =
      await import('../services/platform/src/adapters/eventstoredb/eventStore.js');
    return { store: connectEventStoreDb(config.EVENTSTORE_URL), describe: 'EventStoreDB (EVENTSTORE_URL)' };
  }
  return {
    store: openSqliteEventStore({ dataDir: config.DATA_DIR }),
    describe: `SQLite in ${resolve(config.DATA_DIR)}`,
  };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const args = parseArguments(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  let password: string | undefined;
  try {
    password = await passwordOf();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (password === undefined || password === '') {
    process.stderr.write('no password: set ADMIN_PASSWORD or run the command in a terminal\n');
    return 2;
  }
  if (!isPasswordFormValid(password)) {
    process.stderr.write(`INVALID_PASSWORD_FORM: ${INVALID_PASSWORD_FORM_MESSAGE}\n`);
    return 2;
  }

  const { store, describe } = await openEventStore();
  try {
    // A demo user registered before addresses were claimed has no claim yet: its id tells it.
    if ((await store.readStream(userStream(seededUserId(args.email)))).length > 0) {
      process.stderr.write(`USER_ALREADY_EXISTS: ${args.email} already has a user\n`);
      return 1;
    }
    const now = new Date();
    await seedRoles(store, now);
    const commandId = randomUUID();
    const { userId } = await registerUser(
      store,
      {
        email: args.email,
        name: args.name,
        roles: ['ADMIN'],
        organizationId: null,
        password,
        // The person running this chose the password: nothing to change at first sign-in.
        mustChangePassword: false,
      },
      {
        commandId,
        correlationId: commandId,
        causationId: null,
        actor: { kind: 'system', id: 'admin-create' },
        receivedAt: now.toISOString(),
      },
      { scryptN: config.PASSWORD_SCRYPT_N },
    );
    process.stdout.write(`Administrator ${args.email} created (user ${userId}, role ADMIN) in ${describe}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CommandRejected && error.rule === 'USER_ALREADY_EXISTS') {
      process.stderr.write(`USER_ALREADY_EXISTS: ${args.email} already has a user\n`);
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
