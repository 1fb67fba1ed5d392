// npx tsx scripts/bench/kenaikan-pangkat.ts [--url http://127.0.0.1:3507] [--rate 100] [--seconds 20] [--only 'list page'] [--sequential 200]
// The rank-promotion period list at province scale (docs/domain/kenaikan-pangkat.md): against a
// running app on a tier-M database (seed-bench.ts gives every PNS teacher a verified rank decree
// and five annual ratings), an open loop of requests at a fixed rate per endpoint (first page,
// a deep page, a search, the eligible filter, the counts), reporting p50/p95/p99/max and errors.
// --sequential N sends N requests per endpoint one after another instead (the latency of one
// request on an otherwise idle app); --only keeps the endpoints whose name contains the text.
// Bounded in count and time; only the given loopback address is called.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3507' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    periode: { type: 'string', default: '2026-12' },
    password: { type: 'string', default: 'admin12345' },
    only: { type: 'string', default: '' },
    sequential: { type: 'string', default: '0' },
  },
});
const base = args.url!;
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error('only a loopback address');
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const sequential = Number(args.sequential);

const login = await fetch(`${base}/api/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: args.password }),
});
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const p = args.periode!;
const endpoints: [string, string][] = [
  ['list page 1', `/api/kenaikan-pangkat?periode=${p}&page=1`],
  ['list page 40', `/api/kenaikan-pangkat?periode=${p}&page=40`],
  ['list search "siti"', `/api/kenaikan-pangkat?periode=${p}&page=1&cari=siti`],
  ['list level SMP', `/api/kenaikan-pangkat?periode=${p}&page=1&bentuk_pendidikan=SMP`],
  ['list memenuhi', `/api/kenaikan-pangkat?periode=${p}&page=1&status=memenuhi`],
  ['ringkasan', `/api/kenaikan-pangkat/ringkasan?periode=${p}`],
  ['KGB due list (with the rating note)', '/api/kgb?page=1'],
  // For comparison at the same machine load: the teacher list, a list endpoint within its targets.
  ['reference: teacher list page 1', '/api/guru/?bp=&jenis_guru=PNS&page=1'],
];

const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
/** One endpoint's measurements: each request's latency (ms), the failures, the last total its answers gave. */
type Tally = { times: number[]; errors: number; total: number };
/** One request timed into the tally; an answer other than 200 counts as a failure. */
async function timed(tally: Tally, path: string): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { total?: number; kandidat?: number } };
  tally.times.push(performance.now() - t0);
  if (res.status !== 200) tally.errors++;
  tally.total = body.data?.total ?? body.data?.kandidat ?? tally.total;
}
/** The table row of an endpoint: p50, p95, p99 and max latency, failures and the total. */
function printRow(name: string, how: string, { times, errors, total }: Tally): void {
  times.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${how} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${pct(times, 0.99).toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${errors} | ${total} |`,
  );
}

for (const [name, path] of endpoints.filter(([n]) => n.includes(args.only!))) {
  // Warm up (plans, caches).
  for (let i = 0; i < 5; i++)
    await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  const tally: Tally = { times: [], errors: 0, total: 0 };
  if (sequential > 0) {
    for (let i = 0; i < sequential; i++) await timed(tally, path);
    printRow(name, `${sequential} sequential`, tally);
    continue;
  }
  const n = rate * seconds;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      timed(tally, path).catch(() => {
        tally.errors++;
      }),
    );
  }
  await Promise.all(pending);
  printRow(name, `${rate}/s × ${seconds} s`, tally);
}
