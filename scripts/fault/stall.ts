// Fault scenario `stall`: server/test/upload-stall.test.ts with its wall-clock limits switched on
// (UPLOAD_STALL_TIMING=1): health answers within 300 ms while hostile uploads are checked, and each
// refusal comes within seconds. The default suite checks the same behaviour without the clock,
// which a busy machine cannot keep; this run is for a quiet one (docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { ROOT, log, writeScenarioResult } from './lib.ts';

const scenario = 'stall';
const started = Date.now();
log(scenario, 'upload-stall test with wall-clock limits');
const run = spawnSync('npx', ['vitest', 'run', 'server/test/upload-stall.test.ts'], {
  cwd: ROOT,
  env: { ...process.env, UPLOAD_STALL_TIMING: '1' },
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
writeScenarioResult(scenario, started, failures, { exitCode: run.status });
process.exit(failures.length ? 1 : 0);
