import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .gz beside every built text asset once, at build time, so the server sends gzip without
 * compressing per request (as the storefront's build does).
 */
function precompress(): Plugin {
  return {
    name: 'cubre-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(js|css|html|json|svg)$/.test(name))
            writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
        }
      };
      walk(resolve(import.meta.dirname, 'dist'));
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  // Served by the app at /admin (services/src/adminConsole): every asset URL starts there.
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@cubre/schemas': resolve(import.meta.dirname, '../schemas/src'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/token': 'http://localhost:3000',
    },
  },
});
