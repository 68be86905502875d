import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  root: import.meta.dirname,
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
    alias: {
      '@cubre/schemas': resolve(import.meta.dirname, '../schemas/src'),
      // Only pure modules of services are imported (the employer contribution split): one rule, one code.
      '@cubre/services': resolve(import.meta.dirname, '../services/src'),
    },
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
