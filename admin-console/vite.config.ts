import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress';

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
