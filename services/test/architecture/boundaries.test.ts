import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The seams ARCHITECTURE.md draws ("Layout"), checked on the source tree: a domain reaches another only
 * through that domain's index.ts (or a query port the runtime wires), never its files; the projections
 * never import the command side; and no two files import each other, in the back end or the front ends.
 */
const ROOT = join(__dirname, '..', '..', '..');
const ALIASES: [string, string][] = [
  ['@cubre/platform/', 'services/platform/src/'],
  ['@cubre/services/', 'services/src/'],
  ['@cubre/projections/', 'projections/src/'],
  ['@cubre/schemas/', 'schemas/src/'],
];
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(child).isDirectory()) walk(child);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(relative(ROOT, child));
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** The repository file an import names, or null for a package or a file we cannot find. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  for (const [alias, dir] of ALIASES)
    if (specifier.startsWith(alias)) base = dir + specifier.slice(alias.length);
  if (base === null) return null;
  for (const ending of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = base.replace(/\.js$/, '') + ending;
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate;
  }
  return null;
}

const importsOf = (file: string): string[] =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)]
    .map((match) => resolveImport(file, match[1]!))
    .filter((target): target is string => target !== null);

/** services/src/<domain>/…: the domain; runtime/ and main.ts are the composition root, not a domain. */
const domainOf = (file: string): string | null => {
  const match = /^services\/src\/([^/]+)\//.exec(file);
  return match && match[1] !== 'runtime' ? match[1]! : null;
};

describe('architecture (ARCHITECTURE.md, Layout)', () => {
  const backEnd = [...sourcesUnder('services/src'), ...sourcesUnder('projections/src')];

  test('a domain reaches another only through its index.ts', () => {
    const crossings = backEnd.flatMap((file) => {
      const from = domainOf(file);
      if (!from) return [];
      return importsOf(file)
        .filter((target) => {
          const to = domainOf(target);
          return to !== null && to !== from && target !== `services/src/${to}/index.ts`;
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  test("a domain reads another domain's read models only through that domain's index.ts", () => {
    const crossings = sourcesUnder('services/src').flatMap((file) => {
      const from = domainOf(file);
      if (!from) return [];
      return importsOf(file)
        .filter((target) => {
          const match = /^projections\/src\/([^/]+)\//.exec(target);
          return match !== null && match[1] !== from;
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  test('the projections never import the command side, and the platform no domain', () => {
    const projections = sourcesUnder('projections/src').flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('services/src/'))
        .map((target) => `${file} -> ${target}`),
    );
    const platform = sourcesUnder('services/platform/src').flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(services\/src|projections\/src)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect([...projections, ...platform]).toEqual([]);
  });

  test('no two files import each other (static or lazy imports), in the back end and both front ends', () => {
    const files = [
      ...backEnd,
      ...sourcesUnder('services/platform/src'),
      ...sourcesUnder('schemas/src'),
      ...sourcesUnder('admin-console/src'),
      ...sourcesUnder('web-storefront/src'),
    ];
    const edges = new Map(files.map((file) => [file, new Set(importsOf(file))]));
    const pairs = files.flatMap((file) =>
      [...edges.get(file)!]
        .filter((target) => target > file && edges.get(target)?.has(file))
        .map((target) => `${file} <-> ${target}`),
    );
    expect(pairs).toEqual([]);
  });
});
