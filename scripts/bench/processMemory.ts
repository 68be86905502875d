import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB (Linux's /proc), or null where it cannot be read. */
export function rssMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
