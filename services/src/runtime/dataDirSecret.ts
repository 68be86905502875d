import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir, privateFile } from '@cubre/platform/adapters/sqlite/privateFiles';

/**
 * A random secret kept in DATA_DIR/`name`, made on the first start and read on the next ones, so what it
 * signs or guards survives a restart. The folder is 0700 and the file 0600 on every start, whatever the
 * umask or an operator's copy did to them.
 */
export function dataDirSecret(dataDir: string, name: string): string {
  privateDir(dataDir);
  const file = join(dataDir, name);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  privateFile(file);
  return readFileSync(file, 'utf8').trim();
}
