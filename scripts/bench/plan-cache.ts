// Would a prepared statement's generic plan serve an endpoint? For the benchmark's requests of one
// endpoint (captured from the app, as explain.ts does), the endpoint's largest statement is
// prepared and run under EXPLAIN ANALYZE, each distinct text three times over its requests, once
// with PostgreSQL's custom plans (planned for each request's values), once with the generic
// plan (planned once): planning and execution time, medians. docs/performance.md, "Latest complete
// tier-M run".
//   DATABASE_URL=postgres://…/sidasek_bench_m npx tsx scripts/bench/plan-cache.ts [--only kgb-due] [--samples 12]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONNECTION_OPTIONS } from '../../server/db/client.ts';
import { CaptureApp } from './floor.ts';
import { ADMIN_PASSWORD_DEFAULT, endpoints, loadPools } from './mix.ts';
import { rng } from './rng.ts';

const { values: args } = parseArgs({
  options: { only: { type: 'string', default: 'kgb-due' }, samples: { type: 'string', default: '12' } },
});
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
const capture = await CaptureApp.open(databaseUrl);
const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
await client.connect();
try {
  const pools = await loadPools(client, capture.send, 42, process.env.ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT);
  const endpoint = endpoints(pools).find((x) => x.key === args.only);
  if (!endpoint) throw new Error(`no endpoint ${args.only}`);
  const r = rng(141);
  const byText = new Map<string, unknown[][]>();
  for (let i = 0; i < Number(args.samples); i++) {
    const o = await capture.inject(endpoint.make(r), false);
    const reads = o.statements.filter((s) => /^\s*(select|with)\b/i.test(s.text));
    const s = reads.sort((a, b) => b.text.length - a.text.length)[0];
    if (s) byText.set(s.text, [...(byText.get(s.text) ?? []), (s.values ?? []) as unknown[]]);
  }
  const literal = (x: unknown) => (x === null ? 'null' : `'${String(x).replace(/'/g, "''")}'`);
  const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!.toFixed(2);
  let k = 0;
  for (const [text, requests] of byText) {
    k++;
    for (const mode of ['force_custom_plan', 'force_generic_plan', 'auto']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      await client.query('deallocate all');
      await client.query(`prepare s as ${text}`);
      const planning: number[] = [];
      const execution: number[] = [];
      for (let rep = 0; rep < 3; rep++)
        for (const values of requests) {
          const res = await client.query(`explain (analyze, format json) execute s(${values.map(literal).join(',')})`);
          const plan = (res.rows[0] as { 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] })[
            'QUERY PLAN'
          ][0];
          planning.push(plan['Planning Time']);
          execution.push(plan['Execution Time']);
        }
      console.log(
        `${args.only} statement ${k} (${requests.length} requests, ${text.length} characters) ${mode}: planning ${median(planning)} ms, execution ${median(execution)} ms`,
      );
    }
  }
} finally {
  await client.end();
  await capture.close();
}
