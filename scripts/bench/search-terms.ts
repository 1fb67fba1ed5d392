// The teacher name search term by term (decision 0015): the benchmark's own search terms
// (mix.ts `searchTerms`, same sample and seed), each sent once through the teacher repository, as
// the API does, one at a time. Prints p50 / p99 / max per kind of term, the slowest terms, and a
// digest of the answers (total, more, and the ids when not capped), so two builds or two databases
// can be compared: the same digest means the same answers.
//   DATABASE_URL=postgres://…/sidasek_bench_m npx tsx scripts/bench/search-terms.ts [--seed 42] [--extra 'dul hidayat,ti aminah']
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONNECTION_OPTIONS, openDatabase } from '../../server/db/client.ts';
import { guruRepository } from '../../server/modules/guru/guru.repository.ts';
import { sampleTeachers, searchTerms } from './mix.ts';
import { median } from './load.ts';

const { values: args } = parseArgs({
  options: { seed: { type: 'string', default: '42' }, extra: { type: 'string', default: '' } },
});
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sidasek_bench_m';
const client = new pg.Client({ connectionString: databaseUrl, options: CONNECTION_OPTIONS });
await client.connect();
const { teacherCount: n, sample } = await sampleTeachers(client, Number(args.seed));
await client.end();
const terms = [
  ...searchTerms(sample),
  ...args.extra
    .split(',')
    .filter(Boolean)
    .map((term) => ({ kind: 'extra', term })),
];

const database = await openDatabase({ databaseUrl, poolSize: 1 });
const repo = guruRepository(database.db, 60);
const page = (term: string) => repo.list({ search: term }, 1, 10);
for (const { term } of terms.slice(0, 40)) await page(term); // connection and caches warm

const byKind = new Map<string, number[]>();
const timed: { ms: number; term: string }[] = [];
const digest = createHash('sha256');
for (const { kind, term } of terms) {
  const start = process.hrtime.bigint();
  const r = await page(term);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(ms);
  timed.push({ ms, term });
  digest.update(JSON.stringify([term, r.total, r.more, r.more ? [] : r.rows.map((row) => row.id)]));
}
await database.close();

const p99 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(0.99 * a.length))]!;
const line = (label: string, a: number[]) =>
  `${label.padEnd(9)} ${String(a.length).padStart(4)} ${median(a).toFixed(2).padStart(8)} ${p99(a).toFixed(2).padStart(8)} ${Math.max(
    ...a,
  )
    .toFixed(2)
    .padStart(8)}`;
console.log(`${databaseUrl.replace(/\/\/[^@]*@/, '//')}, ${n.toLocaleString('id-ID')} guru`);
console.log('kind      terms   p50 ms   p99 ms   max ms');
for (const [kind, a] of byKind) console.log(line(kind, a));
console.log(
  line(
    'all',
    [...byKind.entries()].filter(([k]) => k !== 'extra').flatMap(([, a]) => a),
  ),
  '(without extra)',
);
console.log(
  'slowest:',
  timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6)
    .map((t) => `${t.term} ${t.ms.toFixed(1)}`)
    .join(', '),
);
console.log('answers digest:', digest.digest('hex').slice(0, 16));
