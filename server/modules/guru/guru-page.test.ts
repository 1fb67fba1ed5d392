// The teacher list's capped count and its pages: with small caps, a few teachers reach
// them; the same statements run on tier M with caps of 10,000 (list) and 1,000 (name search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ilike, sql } from 'drizzle-orm';
import { createAdmin, createTestApp, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import type { Page } from '#contract/paging.ts';
import type { GuruRow } from '#contract/guru.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { guruRepository, LIST_COUNT_CAP, SEARCH_COUNT_CAP } from './guru.repository.ts';
import { cappedPage, countLimit } from '../../lib/capped-count.ts';
import { guru } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/like.ts';
import { matchesByWords, namaContains } from './nama-search.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
const names = [
  'Siti Aminah',
  'Siti Rahma',
  'Budi Siti',
  'Ahmad Sitompul',
  'Agus Saputra',
  'Nur Hasanah',
  'Dewi Lestari',
  'Hendra Wijaya',
  'Siti Zubaidah',
  'Yusuf Hasan',
  'Rina Siti',
  'Eko Pratama',
];

beforeAll(async () => {
  t = await createTestApp();
  const sma = (await createSchoolWithOperator(t.database.db, { npsn: '60200100', bentukPendidikan: 'SMA' })).school.id;
  const sd = (await createSchoolWithOperator(t.database.db, { npsn: '60200200', bentukPendidikan: 'SD' })).school.id;
  for (const [i, nama] of names.entries()) {
    await createGuru(t.database.db, i % 3 === 0 ? sma : sd, {
      nama,
      status_guru: i % 2 ? 'PNS' : 'GTT',
      ...(i % 2 ? {} : { nip: null, golongan: null }),
    });
  }
});
afterAll(async () => {
  await t.app.close();
});

/** A GTT teacher (no NIP, no golongan) at the school of the first teacher stored. */
async function gttTeacher(nama: string) {
  const [school] = await t.database.db.select({ id: guru.sekolah_id }).from(guru).limit(1);
  return createGuru(t.database.db, school!.id!, { nama, nip: null, golongan: null, status_guru: 'GTT' });
}

describe('countLimit', () => {
  it('counts up to the cap, or ten pages past a deeper page', () => {
    expect(countLimit(LIST_COUNT_CAP, 1, 10)).toBe(10_000);
    expect(countLimit(LIST_COUNT_CAP, 1000, 10)).toBe(10_090);
    expect(countLimit(SEARCH_COUNT_CAP, 3, 10)).toBe(1_000);
  });
});

describe('guru list with capped counts', () => {
  it('answers exact totals under the cap, in (nama, id) order, with filters', async () => {
    const repo = guruRepository(t.database.db, 60);
    const all = await repo.list({}, 1, 5);
    expect(all).toMatchObject({ total: 12, more: false });
    expect(all.rows.map((r) => r.nama)).toEqual([...names].sort().slice(0, 5));
    expect((await repo.list({}, 3, 5)).rows.map((r) => r.nama)).toEqual([...names].sort().slice(10));
    expect(await repo.list({ bp: 'SMA' }, 1, 10)).toMatchObject({ total: 4, more: false });
    expect(await repo.list({ jenisGuru: 'PNS' }, 1, 10)).toMatchObject({ total: 6, more: false });
    const both = await repo.list({ bp: 'SMA', jenisGuru: 'GTT' }, 1, 10);
    expect(both.rows.map((r) => r.nama)).toEqual(['Dewi Lestari', 'Siti Aminah']);
    expect(both.rows[0]!.sekolah?.npsn).toBe('60200100');
    expect(await repo.list({ npsn: '60200200' }, 1, 10)).toMatchObject({ total: 8, more: false });
    expect(await repo.list({ npsn: '99999999' }, 1, 10)).toMatchObject({ rows: [], total: 0, more: false });
  });

  it('stops counting at the cap and says there are more; a deeper page counts ten pages past itself', async () => {
    const repo = guruRepository(t.database.db, 60, { list: 4, search: 2 });
    const first = await repo.list({}, 1, 1);
    // page 1 with one row per page: ten pages ahead beat the cap of 4
    expect(first).toMatchObject({ total: 10, more: true });
    expect(cappedPage(first, 1, 1)).toMatchObject({ total: 10, last_page: 10, total_lebih: true, current_page: 1 });
    // ten pages of ten reach past the twelve teachers: exact
    expect(await repo.list({}, 1, 10)).toMatchObject({ total: 12, more: false });
    // the cap itself binds when it is above ten pages
    expect(await guruRepository(t.database.db, 60, { list: 11, search: 2 }).list({}, 1, 1)).toMatchObject({
      total: 11,
      more: true,
    });
    expect(
      await guruRepository(t.database.db, 60, { list: 3, search: 2 }).list({ jenisGuru: 'PNS' }, 1, 1),
    ).toMatchObject({ total: 6, more: false });
    // page 8 of one row each counts to page 17: all twelve
    expect(await repo.list({}, 8, 1)).toMatchObject({ total: 12, more: false });
  });

  it('searches names through the trigram index (contains, any case) and NIPs by prefix', async () => {
    const repo = guruRepository(t.database.db, 60, { list: 100, search: 5 });
    // five names contain "siti" in any case; "Ahmad Sitompul" does not
    const siti = await repo.list({ search: 'SITI' }, 1, 2);
    expect(siti.rows.map((r) => r.nama)).toEqual(['Budi Siti', 'Rina Siti']);
    expect(siti).toMatchObject({ total: 5, more: false });
    expect((await repo.list({ search: 'siti' }, 3, 2)).rows.map((r) => r.nama)).toEqual(['Siti Zubaidah']);
    const exact = await guruRepository(t.database.db, 60).list({ search: 'siti' }, 1, 10);
    expect(exact).toMatchObject({ total: 5, more: false });
    expect(exact.rows.map((r) => r.nama)).toEqual([
      'Budi Siti',
      'Rina Siti',
      'Siti Aminah',
      'Siti Rahma',
      'Siti Zubaidah',
    ]);
    const [pns] = (await repo.list({ jenisGuru: 'PNS' }, 1, 1)).rows;
    const byNip = await repo.list({ search: pns!.nip!.slice(0, 14) }, 1, 10);
    expect(byNip.rows.map((r) => r.id)).toContain(pns!.id);
    expect((await repo.list({ search: 'tidak ada' }, 1, 10)).rows).toEqual([]);
  });

  it('the name search on the lowered copy finds exactly what ILIKE on the name finds, wildcards literal', async () => {
    const db = t.database.db;
    const odd = await gttTeacher('Wati 50%_Persen\\Garis');
    try {
      for (const term of [
        'siti',
        'SITI',
        'sItI a',
        'a',
        'Ita',
        '50%',
        '%',
        '_',
        '%_p',
        '\\',
        'persen\\g',
        'tidak ada',
      ]) {
        const ours = await db.select({ id: guru.id }).from(guru).where(namaContains(term)).orderBy(guru.id);
        const ilikeIds = await db
          .select({ id: guru.id })
          .from(guru)
          .where(ilike(guru.nama, likePattern(term)))
          .orderBy(guru.id);
        expect(ours, term).toEqual(ilikeIds);
      }
      expect(await db.select({ id: guru.id }).from(guru).where(namaContains('%_p'))).toEqual([{ id: odd!.id }]);
      expect(await db.select({ id: guru.id }).from(guru).where(namaContains('_'))).toEqual([{ id: odd!.id }]);
    } finally {
      await db.delete(guru).where(eq(guru.id, odd!.id));
    }
  });

  it('a name search broader than its cap pages within cap matches, sorted, and says there are more', async () => {
    // five names contain "siti"; the cap is three
    const repo = guruRepository(t.database.db, 60, { list: 100, search: 3 });
    const pages = [await repo.list({ search: 'siti' }, 1, 2), await repo.list({ search: 'siti' }, 2, 2)];
    for (const p of pages) expect(p).toMatchObject({ total: 3, more: true });
    const shown = pages.flatMap((p) => p.rows.map((r) => r.nama));
    // three distinct matches, in name order across the pages
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(3);
    expect(shown).toEqual([...shown].sort());
    for (const nama of shown) expect(nama.toLowerCase()).toContain('siti');
    expect(cappedPage(pages[1]!, 2, 2)).toMatchObject({ last_page: 2, total_lebih: true });
    // past the last page: nothing, and the same capped total
    expect(await repo.list({ search: 'siti' }, 3, 2)).toMatchObject({ rows: [], total: 3, more: true });
    expect(await repo.list({ search: 'siti' }, 40, 2)).toMatchObject({ rows: [], total: 3, more: true });
  });

  it('a page past the end has no rows and still tells where the end is', async () => {
    const repo = guruRepository(t.database.db, 60);
    expect(await repo.list({}, 99, 5)).toMatchObject({ rows: [], total: 12, more: false });
    expect(await guruRepository(t.database.db, 60, { list: 4, search: 2 }).list({}, 500, 1)).toMatchObject({
      rows: [],
      total: 10,
      more: true,
    });
  });
});

describe('the name search by words (guru_nama_kata, migration 0017)', () => {
  // Names where a term can begin at a word, inside a word and end past it, across double spaces
  // and punctuation; the search must find exactly what ILIKE finds, whatever path answers.
  const tricky = [
    'Abdul Hidayat',
    'Hidayat Abdul',
    'Nurabdul Hidayati',
    'Muh.Abdul Hidayat',
    'Siti  Abdul  Hidayat',
    'ABDUL HIDAYATULLAH',
    'Sri Srikandi',
    'Wati 50%_Persen\\Garis',
  ];
  const terms = [
    'abdul hidayat',
    'dul hidayat',
    'bdul hid',
    'ul h',
    'abdul  hidayat',
    'h.abdul hidayat',
    'hidayat',
    'dayat',
    'siti',
    'SITI A',
    'a',
    '50%_p',
    '%_p',
    'muh.abdul',
    'at abdul',
    'lah',
    'sri',
    'sri srikandi',
    'tidak ada',
  ];
  const added: number[] = [];

  /** Every page of a search, with its reported total and `more`. */
  async function allPages(repo: ReturnType<typeof guruRepository>, term: string) {
    const seen: GuruRow[] = [];
    for (let p = 1; ; p++) {
      const r = await repo.list({ search: term }, p, 2);
      if (!r.rows.length) return { rows: seen, total: r.total, more: r.more };
      seen.push(...r.rows);
    }
  }

  /** The word rows as the triggers should have left them: one per word of the lowered name. */
  async function expectWordRowsInStep() {
    const db = t.database.db;
    const teachers = await db.select({ id: guru.id, nama: guru.nama }).from(guru);
    const want = teachers.flatMap(({ id, nama }) => {
      const words = nama.toLowerCase().split(' ');
      return words.flatMap((w, i) =>
        w ? [[id, i + 1, words.slice(i).join(' '), [...w].reverse().join(''), nama].join('|')] : [],
      );
    });
    const have = rowsOf<{ r: string }>(
      await db.execute(sql`select concat_ws('|', guru_id, urutan, sisa, balik, nama) as r from guru_nama_kata`),
    ).map((x) => x.r);
    expect(have.sort()).toEqual(want.sort());
    // Every word of every name is in the word list (words no longer used may stay: they find no rows).
    const known = new Set(
      rowsOf<{ kata: string }>(await db.execute(sql`select kata from guru_kata`)).map((x) => x.kata),
    );
    const missing = teachers.flatMap(({ nama }) =>
      nama
        .toLowerCase()
        .split(' ')
        .filter((w) => w && !known.has(w)),
    );
    expect(missing).toEqual([]);
  }

  beforeAll(async () => {
    const db = t.database.db;
    const [school] = await db.select({ id: guru.sekolah_id }).from(guru).limit(1);
    // One statement for several teachers, as an import does: the statement trigger fills their words.
    const [model] = await db.select().from(guru).limit(1);
    const { id: _id, ...rest } = model!;
    const inserted = await db
      .insert(guru)
      .values(
        tricky.map((nama) => ({
          ...rest,
          sekolah_id: school!.id,
          nama,
          nip: null,
          golongan: null,
          status_guru: 'GTT',
        })),
      )
      .returning({ id: guru.id });
    added.push(...inserted.map((r) => r.id));
  });
  afterAll(async () => {
    await t.database.db.delete(guru).where(sql`${guru.id} = any(${`{${added.join(',')}}`}::int[])`);
  });

  it('keeps one row per word as teachers are added, renamed and deleted', async () => {
    await expectWordRowsInStep();
    const db = t.database.db;
    const temp = await gttTeacher('Sementara Saja');
    await db.update(guru).set({ nama: 'Ganti  Nama Baru' }).where(eq(guru.id, temp.id));
    await expectWordRowsInStep();
    // An update that leaves the name alone leaves its rows alone.
    await db.update(guru).set({ tempat_lahir: 'Ternate' }).where(eq(guru.id, temp.id));
    await expectWordRowsInStep();
    await db.delete(guru).where(eq(guru.id, temp.id));
    await expectWordRowsInStep();
  });

  it('answers from the words of the names, every match or more than the cap', async () => {
    const db = t.database.db;
    // A term with a space that begins inside a word in all four names that hold it (not across
    // the double spaces of 'Siti  Abdul  Hidayat'): from the reversed words.
    expect((await matchesByWords(db, 'dul hidayat', 1000, 0, 10))?.n).toBe(4);
    // A term without a space, inside words ('Hidayat', 'Hidayati', 'HIDAYATULLAH'): from the words containing it.
    expect((await matchesByWords(db, 'dayat', 1000, 0, 10))?.n).toBe(6);
    // Past the cap: cap + 1 collected, two of them on the page asked for.
    const capped = await matchesByWords(db, 'hidayat', 2, 0, 2);
    expect(capped).toMatchObject({ n: 3 });
    expect(capped?.ids).toHaveLength(2);
    // A first part of two letters is left to the trigram search.
    expect(await matchesByWords(db, 'ul h', 1000, 0, 10)).toBeNull();
    // A teacher with two words that begin with the term is one match.
    expect((await matchesByWords(db, 'sri', 1000, 0, 10))?.n).toBe(1);
  });

  it('finds exactly what ILIKE finds, in list order, at any cap', async () => {
    const db = t.database.db;
    for (const cap of [1, 2, 1000]) {
      const repo = guruRepository(db, 60, { list: 100, search: cap });
      for (const term of terms) {
        const expected = await db
          .select({ id: guru.id, nama: guru.nama })
          .from(guru)
          .where(ilike(guru.nama, likePattern(term)))
          .orderBy(guru.nama, guru.id);
        const got = await allPages(repo, term);
        if (expected.length <= cap) {
          expect(got, `${term} (cap ${cap})`).toMatchObject({ total: expected.length, more: false });
          expect(
            got.rows.map((r) => r.id),
            `${term} (cap ${cap})`,
          ).toEqual(expected.map((r) => r.id));
        } else {
          expect(got, `${term} (cap ${cap})`).toMatchObject({ total: cap, more: true });
          const ids = new Set(expected.map((r) => r.id));
          expect(got.rows).toHaveLength(cap);
          for (const r of got.rows) expect(ids.has(r.id), `${term}: ${r.nama}`).toBe(true);
          const order = got.rows.map((r) => [r.nama, r.id] as const);
          expect(order, term).toEqual([...order].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
        }
      }
    }
  });
});

describe('the level filter follows the schools (triggers of migration 0014)', () => {
  it('a school that changes level takes its teachers along; a teacher moved to another school takes its level', async () => {
    const own = await createTestApp();
    try {
      const smp = (await createSchoolWithOperator(own.database.db, { npsn: '60200300', bentukPendidikan: 'SMP' }))
        .school;
      const sd = (await createSchoolWithOperator(own.database.db, { npsn: '60200400', bentukPendidikan: 'SD' })).school;
      const a = await createGuru(own.database.db, smp.id, { nama: 'Ani Guru SMP' });
      await createGuru(own.database.db, smp.id, { nama: 'Budi Guru SMP' });
      const repo = guruRepository(own.database.db, 60);
      const names = async (bp: string) => (await repo.list({ bp }, 1, 10)).rows.map((r) => r.nama);
      expect(await names('SMP')).toEqual(['Ani Guru SMP', 'Budi Guru SMP']);
      await own.database.db.execute(sql`update sekolah set bentuk_pendidikan = 'SMA' where id = ${smp.id}`);
      expect(await names('SMP')).toEqual([]);
      expect(await names('SMA')).toEqual(['Ani Guru SMP', 'Budi Guru SMP']);
      await own.database.db.execute(sql`update guru set sekolah_id = ${sd.id} where id = ${a.id}`);
      expect(await names('SD')).toEqual(['Ani Guru SMP']);
      expect(await names('SMA')).toEqual(['Budi Guru SMP']);
      // The column is the school's, whatever a statement writes into it.
      await own.database.db.execute(sql`update guru set bentuk_pendidikan = 'TK' where id = ${a.id}`);
      expect(await names('TK')).toEqual([]);
      expect(await names('SD')).toEqual(['Ani Guru SMP']);
    } finally {
      await own.app.close();
    }
  });
});

describe('the API answers total_lebih', () => {
  it('a name search with more than 1,000 matches answers 1,000 and total_lebih; a narrow one an exact total', async () => {
    const own = await createTestApp();
    try {
      await own.database.db.execute(sql`insert into guru (nama, jenis_kelamin, tgl_lahir, status_guru)
        select 'Siti Uji ' || i, 'Perempuan', date '1990-01-01', 'GTT' from generate_series(1, ${SEARCH_COUNT_CAP + 1}) as i`);
      await createAdmin(own.database.db);
      const token = await own.login('admin');
      const broad = await own.call<Page<GuruRow>>('GET', '/api/guru/cari?guru=siti&page=1', { token });
      expect(broad.status).toBe(200);
      expect(broad.body.data).toMatchObject({ total: SEARCH_COUNT_CAP, total_lebih: true, current_page: 1 });
      const narrow = await own.call<Page<GuruRow>>('GET', '/api/guru/cari?guru=uji%2010&page=1', { token });
      // Uji 10, Uji 100 … 109, Uji 1000, Uji 1001.
      expect(narrow.body.data).toMatchObject({ total: 13, total_lebih: false });
      const list = await own.call<Page<GuruRow>>('GET', '/api/guru/?page=1', { token });
      expect(list.body.data).toMatchObject({ total: SEARCH_COUNT_CAP + 1, total_lebih: false });
    } finally {
      await own.app.close();
    }
  });
});
