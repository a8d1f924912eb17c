import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

/**
 * The staff console: its own bundle, served by the server under /admin (ADMIN_DIST, default apps/admin/dist),
 * never part of the members' app. `npm run dev -w apps/admin` serves it on :5174 with /api proxied to :3000.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4174 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
