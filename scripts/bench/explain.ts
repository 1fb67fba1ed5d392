// Plan check (docs/performance.md): the statements the list, search, detail and KGB endpoints run (captured
// from the app itself, as for the benchmark's SQL floor), each run under EXPLAIN (ANALYZE, BUFFERS)
// on the benchmark database. Reports execution time and buffers per request and every sequential
// scan of the teacher (guru) or record (riw_*) tables, which must not happen.
//   DATABASE_URL=postgres://…/sidasek_bench_m npx tsx scripts/bench/explain.ts [--samples 30] [--all] [--show-plans]
// Exit code 1 when a sequential scan of guru or riw_* was found.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CaptureApp } from './floor.ts';
import { CONNECTION_OPTIONS } from '../../server/db/client.ts';
import { endpoints, loadPools, ADMIN_PASSWORD_DEFAULT } from './mix.ts';
import { median, rng } from './load.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '42' },
    all: { type: 'boolean', default: false },
    'show-plans': { type: 'boolean', default: false },
    only: { type: 'string' },
    /** Also run each request's statements this many times and read the backend's CPU time. */
    cpu: { type: 'string', default: '0' },
  },
});

/** CPU time (ns) the process has spent running, from /proc/<pid>/schedstat. */
function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

interface PlanNode {
  'Node Type': string;
  'Workers Launched'?: number;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const WATCHED = (rel: string) => rel === 'guru' || rel === 'guru_nama_kata' || rel.startsWith('riw_');

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
const capture = await CaptureApp.open(databaseUrl);
// As the app's pool (server/db/client.ts): the same session settings, the same plans.
const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
await client.connect();
/** Rows of each watched table, to tell a scan of the whole table from one a LIMIT stopped early. */
const tableRows = new Map(
  (
    await client.query<{ relname: string; n: number }>(
      `select relname, greatest(reltuples, 0)::float8 as n from pg_class where relkind = 'r' and (relname = 'guru' or relname like 'riw\\_%')`,
    )
  ).rows.map((r) => [r.relname, Number(r.n)]),
);
/**
 * A sequential scan that a LIMIT stopped before it read half its table (or of an almost empty
 * table) is bounded: a name search stops once it has its cap of matches, so what it reads depends
 * on how common the name is, not on the size of the table (the rows read are reported). A scan
 * that reads half the table or more is the full scan the plan check forbids.
 */
const boundedScan = (n: PlanNode) => {
  const read = ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);
  return read <= Math.max(1000, 0.5 * (tableRows.get(n['Relation Name']!) ?? 0));
};
let found = 0;
try {
  const pools = await loadPools(
    client,
    capture.send,
    Number(args.seed),
    process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT,
  );
  let list = endpoints(pools).filter((e) =>
    args.all ? e.key !== 'record-write' && e.key !== 'login' && e.key !== 'kgb-pdf' : e.peers,
  );
  if (args.only) list = list.filter((e) => args.only!.split(',').includes(e.key));
  const r = rng(Number(args.seed) + 99);
  const cpuRounds = Number(args.cpu);
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const rows: string[] = [
    `| endpoint | statements per request | execution ms, median (max) | buffers, median (max) |${cpuRounds ? ' backend CPU ms per request, median (max) |' : ''} JIT / parallel workers | sequential scans of guru / riw_* | sequential scans a LIMIT stopped (< half the table) |`,
    `|---|---|---|---|${cpuRounds ? '---|' : ''}---|---|---|`,
  ];
  for (const e of list) {
    const times: number[] = [];
    const buffers: number[] = [];
    const seqScans = new Map<string, { n: number; example: string }>();
    const bounded = new Map<string, { n: number; read: number[] }>();
    const cpu: number[] = [];
    let jit = 0;
    let parallel = 0;
    let statementsPerRequest = 0;
    for (let i = 0; i < Number(args.samples); i++) {
      const req = e.make(r);
      const o = await capture.inject(req, false);
      if (!o.ok) throw new Error(`${req.path}: ${o.error}`);
      statementsPerRequest = Math.max(statementsPerRequest, o.statements.length);
      let t = 0;
      let b = 0;
      for (const s of o.statements) {
        if (!/^\s*(select|with)\b/i.test(s.text)) continue;
        const res = await client.query({
          text: `explain (analyze, buffers, format json) ${s.text}`,
          values: s.values as unknown[],
        });
        const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; JIT?: unknown }] })[
          'QUERY PLAN'
        ][0];
        if (plan.JIT) jit++;
        t += plan['Execution Time'];
        b += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
        walk(plan.Plan, (n) => {
          if (n['Workers Launched']) parallel++;
          if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && WATCHED(n['Relation Name']) && boundedScan(n)) {
            const seen = bounded.get(n['Relation Name']) ?? { n: 0, read: [] };
            seen.n++;
            seen.read.push((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0));
            bounded.set(n['Relation Name'], seen);
          } else if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && WATCHED(n['Relation Name'])) {
            const where = `${n['Relation Name']} in "${s.text.replace(/\s+/g, ' ').slice(0, 70)}…"`;
            const seen = seqScans.get(where);
            if (seen) seen.n++;
            else seqScans.set(where, { n: 1, example: req.path });
          }
        });
        if (args['show-plans'] && i === 0) {
          const text = await client.query({
            text: `explain (analyze, buffers) ${s.text}`,
            values: s.values as unknown[],
          });
          console.log(
            `\n-- ${e.key} ${req.path}\n${s.text}\n${text.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n')}`,
          );
        }
      }
      times.push(t);
      buffers.push(b);
      if (cpuRounds) {
        const before = cpuNs(backend);
        // Named statements as the app sends them (planned once per connection), others unnamed.
        for (let k = 0; k < cpuRounds; k++)
          for (const st of o.statements)
            await client.query({
              text: st.text,
              values: st.values as unknown[],
              ...(st.name ? { name: st.name } : {}),
            });
        cpu.push((cpuNs(backend) - before) / cpuRounds / 1e6);
      }
    }
    found += seqScans.size;
    const scans = [...seqScans].map(
      ([where, { n, example }]) => `${where} in ${n} of ${args.samples} requests, e.g. ${example}`,
    );
    const stopped = [...bounded].map(
      ([rel, { n, read }]) =>
        `${rel}: ${n}, rows read median ${median(read).toFixed(0)} (max ${Math.max(...read)}) of ${(tableRows.get(rel) ?? 0).toFixed(0)}`,
    );
    const cpuCell = cpuRounds ? ` ${median(cpu).toFixed(2)} (${Math.max(...cpu).toFixed(2)}) |` : '';
    rows.push(
      `| ${e.key} | ${statementsPerRequest} | ${median(times).toFixed(2)} (${Math.max(...times).toFixed(2)}) | ${median(buffers).toFixed(0)} (${Math.max(...buffers)}) |${cpuCell} ${jit} / ${parallel} | ${scans.length ? scans.join('<br>') : 'none'} | ${stopped.length ? stopped.join('<br>') : 'none'} |`,
    );
  }
  console.log(
    `\nPlans on ${new URL(databaseUrl).pathname.slice(1)}, ${args.samples} requests per endpoint (the statements each sends, session lookup included):\n\n${rows.join('\n')}\n`,
  );
} finally {
  await client.end();
  await capture.close();
}
process.exit(found ? 1 : 0);
