import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend their time waiting for child processes (two app instances behind HAProxy, the
 * backup and file-migration scripts) start first, so their waiting overlaps the other worker's
 * tests instead of ending the run with one core idle; then the authorization matrix, the longest.
 * Vitest orders by the last run's timings when it has them, and a clean clone (CI) has none: only
 * file sizes, which put these files late.
 */
const START_FIRST = [
  'server/test/two-instances.test.ts',
  'scripts/backup.test.ts',
  'scripts/files-migrate.test.ts',
  'scripts/backup-files.test.ts',
  'server/test/authz-matrix.test.ts',
];

class StartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = START_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? START_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Test files of one worker share its database (see server/test/test-db.ts).
    pool: 'forks',
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { sequencer: StartFirst },
    // New embedded databases (each worker's, the scripts' and the servers the tests start) load the
    // empty cluster the first one left here instead of running initdb again (server/db/client.ts).
    env: { PGLITE_INITDB_CACHE: path.resolve(import.meta.dirname, '.tmp/pglite-initdb') },
  },
});
