// Fault scenario `timing`: the test files of the default suite that measure wall-clock time, run
// with their limits switched on (TEST_WALL_CLOCK=1, server/test/wall-clock.ts): health answers
// within 300 ms while hostile uploads are checked and each refusal comes within seconds
// (upload-stall), every bad upload is refused within a second (upload-corpus), 503 envelopes come
// within 2 s and SIGTERM drains within 5 s (faults), health/live within 100 ms (health), the
// shutdown timeout ends the process within 3 s (shutdown). The default suite checks the same
// behaviour without the clock, which a busy machine cannot keep; this run is for a quiet one
// (docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { ROOT, log, writeScenarioResult } from './lib.ts';

const TIMED_TEST_FILES = [
  'server/test/upload-stall.test.ts',
  'server/test/upload-corpus.test.ts',
  'server/test/faults.test.ts',
  'server/modules/health/health.test.ts',
  'server/lib/shutdown.test.ts',
];

const scenario = 'timing';
const started = Date.now();
log(scenario, 'test files with wall-clock limits');
const run = spawnSync('npx', ['vitest', 'run', ...TIMED_TEST_FILES], {
  cwd: ROOT,
  env: { ...process.env, TEST_WALL_CLOCK: '1' },
  encoding: 'utf8',
});
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
process.stdout.write(output);
const failures =
  run.status === 0
    ? []
    : [
        `vitest exit ${run.status}: ${output
          .split('\n')
          .filter((l) => /×|AssertionError|expected/.test(l))
          .slice(0, 6)
          .join(' | ')}`,
      ];
writeScenarioResult(scenario, started, failures, { exitCode: run.status, files: TIMED_TEST_FILES });
process.exit(failures.length ? 1 : 0);
