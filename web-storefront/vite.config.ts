import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
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
