// Builds the back end: one CommonJS bundle per entry point under dist/, workspace code (@cubre/*) bundled
// through tsconfig paths, every npm package left external. Type checking is `npm run typecheck`'s job;
// esbuild only strips types, which is why a build takes a second.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entryPoints = {
  server: 'services/src/main.ts',
  'scripts/projections-rebuild': 'scripts/projections-rebuild.ts',
  'scripts/bench/run': 'scripts/bench/run.ts',
  'scripts/fixtures/runtimeProcess': 'scripts/fixtures/runtimeProcess.ts',
  'scripts/catalogue-import': 'scripts/catalogue-import.ts',
  'scripts/admin-create': 'scripts/admin-create.ts',
};

const started = Date.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
console.log(`back end built into dist/ in ${Date.now() - started} ms`);
