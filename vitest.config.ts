import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // only the server project runs on threads; the others keep the default, isolated forks
    poolOptions: { threads: { isolate: false } },
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: !process.env.DATABASE_URL,
          // threads, which the root runs without isolation: the files share their workers' module graph instead
          // of importing the server anew each (collect: 73 s → 18 s); every file opens a database and an app of
          // its own. (Vitest takes isolation per pool, not per project.)
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'sqlite-engine',
          root: 'packages/sqlite-engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // the apps' shared client (the API transport, the sanitiser, i18n): in jsdom, as in a browser
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
      // the web's unit tests (*.test.ts) run in node; its component tests (*.test.tsx) and the tests of code
      // that needs a DOM (*.dom.test.ts) in jsdom
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.dom.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup-dom.ts'],
        },
      },
      // the staff console's unit and component tests, all in jsdom
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
