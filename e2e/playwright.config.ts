import { defineConfig, devices } from '@playwright/test';

// A port of this run's own (workers inherit the variable, so they all agree on it).
process.env.E2E_PORT ??= String(41000 + (process.pid % 20000));
const PORT = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // a production build served by the real server on a throwaway SQLite file with the demo catalogue; PUBLIC_URL
    // is the address under test, so the return addresses the server hands to providers lead back to it; the
    // journeys register dozens of members from one address, so the per-route rate limits are off here (they
    // have their own tests: apps/server/test/rate-limits.test.ts)
    command: `rm -rf ../data/e2e-${PORT} && DATABASE_URL=./data/e2e-${PORT}/shop.sqlite PORT=${PORT} PUBLIC_URL=${baseURL} DEMO_DATA=1 RATE_LIMITS=0 LOG_LEVEL=warn npx tsx ../apps/server/src/main.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
