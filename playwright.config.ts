import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 3100);

/**
 * End to end: Debian's Chromium (never a downloaded browser) against the built app, served by
 * scripts/e2e-server.mjs on a fresh database with the real worker.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    // The service worker precaches every chunk in the background; only the PWA tests allow it
    // (e2e/phone-pwa.spec.ts), so other tests do not pay for it.
    serviceWorkers: 'block',
    // A step that cannot go on fails by itself, naming the step, well inside the test's 60 s,
    // instead of the whole test running out of time with no step to blame.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
