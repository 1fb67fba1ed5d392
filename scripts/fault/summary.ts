// Reads the scenario results of a fault run (FAULT_OUT) and prints the summary with the counts
// docs/reliability.md quotes; writes summary.json and summary.md next to them. Exit code 1 when
// a scenario failed or did not run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OUT_DIR, type ScenarioResult } from './lib.ts';

type Figures = Record<string, unknown>;
const scenarios = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['crash', 'negative-control', 'outage', 'sigterm', 'commit-reply', 'uploads', 'timing'];
const results = new Map<string, ScenarioResult | null>();
for (const s of scenarios) {
  const file = path.join(OUT_DIR, `${s}.json`);
  results.set(s, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScenarioResult) : null);
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const ms = (v: unknown) => (v === null || v === undefined ? '—' : `${v} ms`);

/** Fault injections of a scenario: the "cases run". */
function casesOf(name: string, f: Figures): number {
  switch (name) {
    case 'crash':
    case 'negative-control':
      return num(f.apiKills) + num(f.dbKills);
    case 'outage':
      return 1;
    case 'sigterm':
      return ['postgres', 'hardTimeout', 'pglite'].filter((k) => f[k]).length;
    case 'commit-reply':
      return Array.isArray(f.cases) ? f.cases.length : 0;
    case 'uploads':
      return ['postgres', 'pglite'].filter((k) => f[k]).length;
    case 'timing':
      return 1;
    default:
      return 0;
  }
}

function describe(name: string, f: Figures): string {
  if (name.endsWith('crash') || name === 'negative-control') {
    if (f.apiKills === undefined)
      return `aborted before its figures (${f.writesAcknowledged ?? 0} writes acknowledged until then)`;
  }
  switch (name) {
    case 'crash':
    case 'negative-control': {
      const api = f.apiRestartToHealthyMs as { median: number | null; max: number | null } | undefined;
      const first = f.apiRestartToFirstWriteMs as { median: number | null; max: number | null } | undefined;
      const db =
        (f.dbRecoveries as { dbStartMs: number; apiHealthyMs: number; firstWriteMs: number | null }[] | undefined) ??
        [];
      const dbMax = (k: 'dbStartMs' | 'apiHealthyMs' | 'firstWriteMs') =>
        db.length ? Math.max(...db.map((d) => d[k] ?? 0)) : null;
      const lines = [
        `${f.apiKills} API kills (SIGKILL), ${f.dbKills} database kills (kill -9 of every PostgreSQL process), durability ${f.durable ? 'on' : 'OFF'}`,
        `writes attempted ${f.writesAttempted}, acknowledged ${f.writesAcknowledged} ${JSON.stringify(f.acknowledgedByOp ?? {})}`,
        `writes lost ${f.writesLost}, half-written ${f.halfWritten}, files checked ${f.filesChecked}, orphan files ${f.orphanFiles}, temp files ${f.tempFiles}, letters signed ${f.lettersSigned}`,
        `answers ${JSON.stringify(f.answers ?? {})}, unexpected ${f.unexpectedAnswers}`,
      ];
      if (num(f.apiKills))
        lines.push(
          `API restart → healthy: median ${ms(api?.median)}, max ${ms(api?.max)}; → first acknowledged write: median ${ms(first?.median)}, max ${ms(first?.max)}`,
        );
      if (num(f.apiCrashesOnDatabaseKill))
        lines.push(
          `API process died on ${f.apiCrashesOnDatabaseKill} of ${f.dbKills} database kills (restarted by the test)`,
        );
      if (db.length)
        lines.push(
          `database restart (crash recovery): max ${ms(dbMax('dbStartMs'))}; API healthy again without restart: max ${ms(dbMax('apiHealthyMs'))}; first acknowledged write: max ${ms(dbMax('firstWriteMs'))} (from the restart)`,
        );
      return lines.join('\n    ');
    }
    case 'outage': {
      if (f.outageSeconds === undefined) return 'aborted before its figures';
      const l = f.latency503Ms as { median: number; p99: number; max: number } | undefined;
      return [
        `database stopped ${f.outageSeconds} s; ${f.requestsDuringOutage} requests during the outage, ${f.answers503DuringOutage} answered 503 envelopes; 503 latency median ${ms(l?.median)}, p99 ${ms(l?.p99)}, max ${ms(l?.max)}`,
        `API same process: ${f.apiSameProcess}; first 2xx after the database started: ${JSON.stringify(f.recoveryAfterDatabaseStartMs ?? {})}`,
      ].join('\n    ');
    }
    case 'sigterm': {
      const pg = f.postgres as
        | {
            uploads: { status: number }[];
            pdf: { status: number } | null;
            newConnection: string;
            exitCode: number;
            exitMs: number;
          }
        | undefined;
      const hard = f.hardTimeout as { exitCode: number; exitMs: number } | undefined;
      const lite = f.pglite as
        | {
            uploads: { status: number }[];
            newConnection: string;
            exitCode: number;
            exitMs: number;
            reopenedHealthyMs: number;
            rowsSavedAfterReopen: number;
          }
        | undefined;
      return [
        pg
          ? `PostgreSQL: uploads in progress ${pg.uploads.map((u) => u.status).join('/')}, letter draft ${pg.pdf?.status ?? '—'}, new connection ${pg.newConnection}, exit ${pg.exitCode} after ${pg.exitMs} ms`
          : 'PostgreSQL: —',
        hard
          ? `stuck request: exit ${hard.exitCode} after ${hard.exitMs} ms (SHUTDOWN_TIMEOUT_MS=2000)`
          : 'stuck request: —',
        lite
          ? `PGlite: uploads ${lite.uploads.map((u) => u.status).join('/')}, new connection ${lite.newConnection}, exit ${lite.exitCode} after ${lite.exitMs} ms; reopened healthy in ${lite.reopenedHealthyMs} ms with ${lite.rowsSavedAfterReopen}/2 uploads`
          : 'PGlite: —',
      ].join('\n    ');
    }
    case 'commit-reply':
      return ((f.cases as Record<string, unknown>[] | undefined) ?? []).map((c) => JSON.stringify(c)).join('\n    ');
    default:
      return '';
  }
}

const lines: string[] = [];
let cases = 0;
let acknowledged = 0;
let lost = 0;
let failed = 0;
for (const [name, r] of results) {
  if (!r) {
    failed++;
    lines.push(`${name.padEnd(17)} DID NOT RUN`);
    continue;
  }
  if (!r.ok) failed++;
  cases += casesOf(name, r.figures);
  if (name === 'crash') {
    acknowledged += num(r.figures.writesAcknowledged);
    lost += num(r.figures.writesLost);
  }
  lines.push(
    `${name.padEnd(17)} ${r.ok ? 'PASS' : 'FAIL'} (${Math.round(r.seconds)} s)\n    ${describe(name, r.figures)}`,
  );
  for (const f of r.failures.slice(0, 8)) lines.push(`    ✗ ${f}`);
  if (r.failures.length > 8) lines.push(`    … ${r.failures.length - 8} more in ${name}.json`);
}
const neg = results.get('negative-control');
const header = `Fault tests ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`;
const totals = `cases run ${cases}; writes acknowledged ${acknowledged}, writes lost ${lost} (crash test)${neg ? `; negative control: ${num(neg.figures.writesLost)} acknowledged writes found lost with durability off` : ''}; scenarios failed ${failed}`;
const text = [header, ...lines, totals].join('\n');
console.log(`\n${text}`);
writeFileSync(path.join(OUT_DIR, 'summary.md'), '```\n' + text + '\n```\n');
writeFileSync(
  path.join(OUT_DIR, 'summary.json'),
  JSON.stringify({ header, cases, acknowledged, lost, failed, results: Object.fromEntries(results) }, null, 2),
);
process.exit(failed ? 1 : 0);
