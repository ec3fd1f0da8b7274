import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, server tests on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set) and browser journeys in Debian's Chromium.
export default defineConfig({
  test: {
    // Every file starts its own server and database, so server and unit files run side by side. At
    // least two: such a file mostly waits on its database, so even a two-core runner, where vitest's
    // default of cores − 1 is one, gains from a second. The browser files run one at a time after
    // them (below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
            'apps/reference-feed/src/**/*.test.ts',
          ],
          environment: 'node',
          // The fairness simulations (a few hundred thousand rounds) share two cores with the server
          // and browser projects under `npm test`; 5 s was measured too tight on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          // Headroom for a busy runner: the money journey took 100–136 s beside another file.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // One at a time: Chromium without a GPU is CPU-bound, and beside another browser file the
          // sweep went from about 38 cold loads a minute to 13 and every journey ran 2–4× slower.
          fileParallelism: false,
        },
      },
    ],
  },
});
