import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Issue 12, "no two files import each other": in the storefront's and the console's sources, no import
 * cycle, of two files or longer. A static import, `export … from` and a lazy `import()` all count: a lazy
 * chunk that imports its loader back is still a cycle.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCES = ['web-storefront/src', 'admin-console/src'];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names; null for a package or a file outside the sources. */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolved(file, match[1] ?? match[2] ?? match[3]!);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's files (strongly connected components of more than one file, or a file importing itself). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.has(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the front ends import without cycles', () => {
  for (const source of SOURCES) {
    test(`${source}: no two files import each other, directly or round a longer loop`, () => {
      const graph = importGraph(filesUnder(join(ROOT, source)));
      expect(graph.size).toBeGreaterThan(20);
      expect(cyclesOf(graph).map((files) => files.map((file) => relative(ROOT, file)))).toEqual([]);
    });
  }

  test('the check sees a cycle, a lazy one included', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    const c = join(ROOT, 'c.ts');
    const graph = new Map([
      [a, new Set([b])],
      [b, new Set([a])],
      [c, new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([[a, b]]);
    // The parser reads static, re-export and lazy imports alike.
    const specifiers = [
      ...`import x from './x';\nexport { y } from "./y";\nconst Z = lazy(() => import('./z'));\nimport './w';`.matchAll(
        IMPORT,
      ),
    ].map((match) => match[1] ?? match[2] ?? match[3]);
    expect(specifiers).toEqual(['./x', './y', './z', './w']);
  });
});
