import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Long files first, so the run does not end on one of them alone: the browser journeys, the
 * direct-load sweep (about a third of the suite's time) before all. Within each weight the base
 * order holds (the last run's durations when cached, else larger files first).
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (spec: TestSpecification) =>
      spec.moduleId.endsWith('e2e/direct-load.test.ts') ? 2 : spec.project.name === 'browser' ? 1 : 0;
    return (await super.sort(files)).sort((a, b) => weight(b) - weight(a));
  }
}

// Three projects: pure unit tests, server tests on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set) and browser journeys in Debian's Chromium.
export default defineConfig({
  test: {
    // Every file starts its own server and database, so files run side by side. At least two: a file
    // mostly waits (on its server, its database, its browser), so even a two-core runner, where
    // vitest's default of cores − 1 is one, gains from a second.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
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
          // A journey shares the runner with another test file: 120 s was measured too tight for
          // the longest (the money journey, 100–136 s with two files at once).
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
