import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * DATA_DIR holds personal data (leads' RUTs, e-mails, phones): the folder is made 0700 and every file the
 * platform keeps there 0600, whatever the umask. SQLite gives a database's -wal and -shm files the
 * permissions of the database file itself, so creating that file first is enough.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Creates `path` empty when missing (0600), or narrows an existing file's permissions to 0600. */
export function privateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}
