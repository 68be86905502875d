import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Packages kushki.js requires, with the CommonJS file of each (see resolve.alias). */
const KUSHKI_COMMONJS_DEPENDENCIES: readonly [string, string][] = [
  ['inversify', 'inversify/lib/inversify.js'],
  ['rxjs', 'rxjs/index.js'],
  ['rxjs/operators', 'rxjs/operators/index.js'],
  ['tslib', 'rxjs/node_modules/tslib/tslib.js'],
];

/**
 * The version this build embeds (SITE.version): from the same source as the server's GET /api/qp-version
 * (QP_VERSION, else the root package.json's version), so the storefront's version check (001-4.21) meets a
 * mismatch exactly when the server runs another build than the page.
 */
const BUILD_VERSION =
  process.env.QP_VERSION ??
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string })
    .version;

export default defineConfig({
  root: import.meta.dirname,
  define: { 'import.meta.env.VITE_CUBRE_VERSION': JSON.stringify(BUILD_VERSION) },
  plugins: [
    react(),
    // A .gz beside every built text asset, written once at build time: the server sends it instead of
    // compressing per request (express has no compression of its own; the bundles never change at run
    // time). Every listed file gets one, even where gzip does not shrink it, and the originals stay.
    compression({
      algorithms: [['gzip', { level: 9 }]],
      include: /\.(js|css|html|json|svg)$/,
      skipIfLargerOrEqual: false,
    }),
  ],
  resolve: {
    alias: [
      { find: '@cubre/schemas', replacement: resolve(import.meta.dirname, '../schemas/src') },
      // Only pure modules of services are imported (the employer contribution split): one rule, one code.
      { find: '@cubre/services', replacement: resolve(import.meta.dirname, '../services/src') },
      // kushki.js (CommonJS, its own lazy chunk) requires these, whose `module` entries are ES modules: a
      // require of an ES module costs the bundler's interop helpers, which land in the runtime chunk every
      // page loads. Their CommonJS builds are the same code and keep the comparator's initial JS as it was.
      ...KUSHKI_COMMONJS_DEPENDENCIES.map(([name, file]) => ({
        find: new RegExp(`^${name.replace('/', '\\/')}$`),
        replacement: resolve(import.meta.dirname, '../node_modules', file),
      })),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/url': 'http://localhost:3000',
    },
  },
});
