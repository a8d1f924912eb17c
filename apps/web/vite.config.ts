import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // every text asset also as .br and .gz beside it; the server sends the one the browser asks for
    // (@fastify/static preCompressed). The prerendered pages are compressed by scripts/prerender.mjs.
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: isSsrBuild
    ? // the prerender bundle (scripts/prerender.mjs renders it in Node at build time; never served)
      {
        outDir: 'dist-prerender',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        // the prerendered pages show lazy parts (footer, carousel, page chunks) before their code arrives:
        // one stylesheet holds every page's rules (≈ 20 kB brotli), so what is painted is styled
        cssCodeSplit: false,
        // which files a page's chunks are (scripts/prerender.mjs adds them to that page as modulepreloads)
        manifest: true,
        // Top: at most 100 KB of script (as served, brotli) before the first paint; every other route is a lazy chunk
        chunkSizeWarningLimit: 400,
        rollupOptions: {
          output: {
            // the big libraries in chunks of their own: main.tsx evaluates a page's chunks one a task, and one
            // chunk holding the router, i18next and the query cache took a phone's main thread for too long
            manualChunks(id: string) {
              if (/\/node_modules\/(react-dom|scheduler)\//.test(id)) return 'react-dom';
              if (id.includes('/node_modules/react/')) return 'react';
              if (id.includes('/node_modules/react-router/')) return 'react-router';
              if (/\/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18next';
              if (id.includes('/node_modules/@tanstack/')) return 'react-query';
              return undefined;
            },
          },
        },
      },
}));
