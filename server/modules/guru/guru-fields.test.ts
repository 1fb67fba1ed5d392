import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import {
  GURU_BODY_FIELDS,
  GURU_FIELDS,
  GURU_IMPOR,
  GURU_LISTED,
  GURU_SENSITIVE,
  type GuruField,
} from '#contract/guru-fields.ts';
import { IMPOR_COLUMNS } from '#contract/impor.ts';
import type { Page } from '#contract/paging.ts';
import type { GuruRow } from '#contract/guru.ts';
import { guru } from '../../db/schema/index.ts';
import { createAdmin, createSchoolWithOperator, createTestApp, SCHOOL_A, type TestApp } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';

// The teacher's field catalogue (contract/guru-fields.ts) against the guru table and
// the answers derived from it.

const columns = new Map(getTableConfig(guru).columns.map((c) => [c.name, c]));

/** Columns the server keeps itself: no form, import or export writes them. */
const SERVER_COLUMNS = [
  'id',
  'foto_key',
  'verifikasi',
  'versi',
  'kgb_tunda_bulan',
  'tmt_awal_kgb',
  'status_kepegawaian',
  'tgl_status_kepegawaian',
  'ket_status_kepegawaian',
  'kp_tmt',
  'created_at',
  'updated_at',
];

describe('the teacher field catalogue', () => {
  it('names every column of the guru table once: a field, or a column the server keeps', () => {
    const named = [...GURU_BODY_FIELDS.map((f) => f.name), ...SERVER_COLUMNS];
    expect(new Set(named).size).toBe(named.length);
    expect([...columns.keys()].sort()).toEqual(named.sort());
  });

  it('gives each text field the column length, and requires what the column cannot leave empty', () => {
    for (const f of GURU_BODY_FIELDS as GuruField[]) {
      const c = columns.get(f.name)!;
      const length = (c as unknown as { length?: number }).length;
      if (length !== undefined) expect(f.max, f.name).toBe(length);
      if (c.notNull) expect(f.required, `${f.name} is NOT NULL`).toBeTruthy();
    }
  });

  it('shows a field with another only when that one is on the same card and shown itself', () => {
    const fields: readonly GuruField[] = GURU_FIELDS;
    for (const f of fields.filter((x) => x.shownWith)) {
      const host = fields.find((x) => x.name === f.shownWith);
      expect(host, `${f.name}.shownWith`).toBeDefined();
      expect(host!.section).toBe(f.section);
      expect(host!.shownWith).toBeUndefined();
    }
  });

  it('keeps personal data out of lists, exports and the import template', () => {
    for (const f of GURU_FIELDS as readonly GuruField[]) {
      if (!f.sensitive) continue;
      expect(f.listed, f.name).toBeUndefined();
      expect(f.ekspor, f.name).toBeUndefined();
    }
    expect(GURU_SENSITIVE).toEqual(expect.arrayContaining(['nik', 'gaji_pokok', 'alamat_domisili']));
  });

  it('derives the import template in order, one column per key', () => {
    expect(IMPOR_COLUMNS.map((c) => c.key)).toEqual(GURU_IMPOR.map((c) => c.key));
    expect(new Set(GURU_IMPOR.map((c) => c.field.impor!.at)).size).toBe(GURU_IMPOR.length);
    expect(GURU_IMPOR.map((c) => c.field.impor!.at)).toEqual(GURU_IMPOR.map((_, i) => i + 1));
  });
});

describe('the list answer and the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t.database.db);
    const { school } = await createSchoolWithOperator(t.database.db, SCHOOL_A);
    await createGuru(t.database.db, school.id);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('a list row carries every listed field and no sensitive one', async () => {
    const res = await t.call<Page<GuruRow>>('GET', '/api/guru', { token: await t.login('admin') });
    const row = res.body.data.data[0]!;
    expect(Object.keys(row)).toEqual(expect.arrayContaining(GURU_LISTED));
    for (const name of GURU_SENSITIVE) expect(row, name).not.toHaveProperty(name);
  });
});
