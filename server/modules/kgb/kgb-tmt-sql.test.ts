// The SQL form of the next-TMT rule (migrations 0012, 0019 and 0022 `sidasek_kgb_tmt`, read from an index by the
// due list) must give the same date as the rule in server/domain/kgb.ts for any teacher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { nextTmt } from '../../domain/kgb.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// NIPs with a first appointment in any month (and some broken ones), month ends included.
const nip = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 1960, max: 2000 }),
      fc.integer({ min: 1975, max: 2030 }),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('1', '2'),
    )
    .map(([birth, year, month, sex]) => `${birth}0101${year}${pad(month, 2)}${sex}001`),
  fc.constantFrom('198001012005131001', '19800101200501100', '1980010120050110011', 'abc', '198001010000011001'),
  fc.constant(null),
);
const golongan = fc.constantFrom('II/a', 'II/b', 'III/a', 'IV/e');

describe('sidasek_kgb_tmt (SQL) agrees with nextTmt (domain)', () => {
  it('for 400 random teachers, month ends, TMTs not on the 1st, broken NIPs and postponements included', async () => {
    const cases = fc.sample(
      fc.record({
        tgl: fc.option(day, { nil: null }),
        nip,
        golongan,
        tunda: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 24 })),
      }),
      { numRuns: 400, seed: 20261121 },
    );
    cases.push(
      { tgl: '2024-02-29', nip: null, golongan: 'III/a', tunda: 0 },
      { tgl: null, nip: '198001012005021001', golongan: 'II/a', tunda: 0 },
      { tgl: '2024-10-25', nip: null, golongan: 'III/a', tunda: 12 },
    );
    const rows = rowsOf<{ i: number; tmt: string | null }>(
      await t.database.db.execute(
        sql`select i::int as i, sidasek_kgb_tmt((c->>'tgl')::date, c->>'nip', c->>'golongan', (c->>'tunda')::int)::text as tmt
            from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(c, i)`,
      ),
    );
    for (const r of rows) {
      const c = cases[r.i - 1]!;
      const expected = nextTmt(c.tgl, c.nip, c.golongan, c.tunda);
      expect(r.tmt, JSON.stringify(c)).toBe(expected);
    }
  });
});
