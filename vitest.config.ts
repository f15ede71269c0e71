import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files that need modules of their own: they replace modules (vi.mock), fake the clock, or
 * measure process-wide state (the password-hashing queue) that another file could leave busy.
 * The server processes and scripts (tests/, but for the browser journeys) get their own too.
 */
const isolatedFiles = [
  'tests/**/*.test.ts',
  'src/server/jobs/minute-clock.test.ts',
  'src/server/http/hostile-input.property.test.ts',
  'src/server/pages/read/read-in-worker.test.ts',
  'src/web/lib/api.test.ts',
  'src/web/analytics/attribution.test.ts',
  'src/server/auth/sign-up.test.ts',
  'src/server/auth/passwords.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve('src/shared'),
      '@web': path.resolve('src/web'),
    },
  },
  test: {
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A browser journey polls what a page shows; a busy CI machine can take more than the default
    // second to draw it.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
    projects: [
      // The browser journeys are a dozen screens each: a busy CI machine took some past 30 s; the
      // server-process tests wait for crashes and restarts.
      { extends: true, test: { name: 'isolated', include: isolatedFiles, exclude: ['tests/e2e/**'], testTimeout: 90_000 } },
      {
        extends: true,
        // The browser journeys replace no module and each starts its own server and browser, so they
        // share one module registry per worker: importing playwright-core, axe-core and the helpers
        // again took about 2 s of each file's start.
        test: { name: 'journeys', include: ['tests/e2e/**/*.test.ts'], testTimeout: 90_000, isolate: false },
      },
      {
        extends: true,
        // Importing the server's modules again for each file took about a second a file, a third of
        // the unit tests' time: these files share one module registry per worker. Each still starts
        // its own app on its own database.
        test: { name: 'shared-modules', include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedFiles, isolate: false },
      },
    ],
  },
});
