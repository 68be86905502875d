import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

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

/**
 * A SQLite database file and the -wal and -shm files it may have left: SQLite creates those with the
 * database's permissions, but ones left by an older version or an operator's copy keep theirs.
 */
export function privateDatabaseFiles(path: string): void {
  privateFile(path);
  for (const companion of [`${path}-wal`, `${path}-shm`])
    if (existsSync(companion)) chmodSync(companion, 0o600);
}
