import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number };

const frameName = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  url
    ? `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`
    : functionName;

/**
 * Where a profile's samples landed, by function (self time), largest first, as shares of all samples. A
 * native frame (better-sqlite3's `run`, `all`, `exec`, a worker's `postMessage`) is named with its caller,
 * so a synchronous SQLite commit says whose it is.
 */
export function selfTimeByFunction(profile: Profile, top = 25) {
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const hits = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    all += count;
    const parent = parentOf.get(node.id);
    const key =
      node.callFrame.url || !parent || !parent.callFrame.url
        ? frameName(node)
        : `${frameName(node)} ← ${frameName(parent)}`;
    hits.set(key, (hits.get(key) ?? 0) + count);
  }
  return [...hits]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, count]) => ({ where, share: Math.round((count / Math.max(1, all)) * 1000) / 10 }));
}

/**
 * Runs `work` under V8's sampling CPU profiler (this process's main thread only: the event store's writer
 * thread and SQLite's fsyncs show as idle time), writes the .cpuprofile to `file` (open it in Chrome's
 * DevTools) and returns the work's result with the top functions by self time.
 */
export async function cpuProfiled<T>(file: string, work: () => Promise<T>) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 5 ms between samples: a long run's profile stays a few MB.
  await session.post('Profiler.setSamplingInterval', { interval: 5000 });
  await session.post('Profiler.start');
  try {
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    writeFileSync(file, JSON.stringify(profile));
    return { result, top: selfTimeByFunction(profile) };
  } finally {
    session.disconnect();
  }
}
