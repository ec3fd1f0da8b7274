import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const SERVER_FILES = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/** Server files that mock a module or set process-wide state: each runs in a fresh module graph. */
const OWN_PROCESS_FILES = ['apps/server/src/**/*.burst.test.ts', 'apps/server/src/**/*.production.test.ts'];

// Five projects: pure unit tests, server tests on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), the direct-load sweep (a browser file that runs alone), and the browser
// journeys in Debian's Chromium, last.
export default defineConfig({
  test: {
    // Every file starts its own server and database, so server and unit files run side by side. At
    // least two: such a file mostly waits on its database, so even a two-core runner, where vitest's
    // default of cores − 1 is one, gains from a second. The browser files run after them (below).
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
          include: SERVER_FILES,
          exclude: OWN_PROCESS_FILES,
          // One migrated template database; each file's database is a copy (test/harness.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker keeps its modules from one file to the next: every file builds its own app,
          // database and clock (test/harness.ts), and importing the server's module graph afresh for
          // each file was a fifth of the PGlite pass (348 s of 1,700) and half the PostgreSQL one.
          isolate: false,
        },
      },
      {
        test: {
          // The files that need modules of their own: they replace one (`vi.mock`) or start the
          // process in a configuration that outlives the file (the set of known gateways).
          name: 'server-own-process',
          include: OWN_PROCESS_FILES,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/direct-load.test.ts'],
          // Headroom for a busy runner: the money journey took 100–136 s beside another file.
          testTimeout: 360_000,
          hookTimeout: 300_000,
          // Last (after the sweep), two at a time: a journey mostly waits on its page and its server,
          // so a second one fills the idle core. `npm test` (scripts/test.mjs) runs the same order.
          sequence: { groupOrder: 2 },
          maxWorkers: 2,
          // In CI a journey that fails is walked once more before the run fails: beside the PGlite
          // pass a page can miss a deadline that a quiet machine never misses, and one such miss
          // once failed a whole run. A journey that fails twice fails the run; vitest's report
          // names every retried test, so a flaky one is seen. The money rules are the server
          // files', which are never retried.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          // The direct-load sweep (issue 13) after the server files and alone: it keeps both cores
          // busy with its own lanes, and beside another browser file it went from about 38 cold
          // loads a minute to 13.
          name: 'sweep',
          include: ['e2e/direct-load.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
    ],
  },
});
