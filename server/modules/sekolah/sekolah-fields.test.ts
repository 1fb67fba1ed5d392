import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import {
  SEKOLAH_CREATE_FIELDS,
  SEKOLAH_FIELDS,
  SEKOLAH_LISTED,
  SEKOLAH_SHOWN,
  sekolahSection,
  type SekolahField,
} from '#contract/sekolah-fields.ts';
import { sekolahCreateBody, sekolahUpdateBody, type SekolahRow } from '#contract/sekolah.ts';
import type { Page } from '#contract/paging.ts';
import { sekolah, sekolahFasilitas } from '../../db/schema/index.ts';
import { createAdmin, createSchoolWithOperator, createTestApp, SCHOOL_A, type TestApp } from '../../test/test-app.ts';
import { download, rowValues, workbookOf } from '../../test/workbook.ts';
import { auditTampilan } from '../audit/labels.ts';

// The school's field catalogue (contract/sekolah-fields.ts) against the sekolah table and
// the answers derived from it.

const fields: readonly SekolahField[] = SEKOLAH_FIELDS;
const columns = new Map(getTableConfig(sekolah).columns.map((c) => [c.name, c]));

/** Columns the server keeps itself: no form or export writes them. */
const SERVER_COLUMNS = ['id', 'logo_key', 'created_at', 'updated_at'];
/** Fields kept in a table of their own, not a column of sekolah. */
const RELATIONS: Record<string, string> = { fasilitas: getTableConfig(sekolahFasilitas).name };

describe('the school field catalogue', () => {
  it('names every column of the sekolah table once: a field, or a column the server keeps', () => {
    const named = [...fields.filter((f) => !(f.name in RELATIONS)).map((f) => f.name), ...SERVER_COLUMNS];
    expect(new Set(named).size).toBe(named.length);
    expect([...columns.keys()].sort()).toEqual(named.sort());
    expect(RELATIONS).toEqual({ fasilitas: 'sekolah_fasilitas' });
  });

  it('keeps each text within its column, and requires what the column cannot leave empty', () => {
    for (const f of fields) {
      const c = columns.get(f.name);
      if (!c) continue;
      const length = (c as unknown as { length?: number }).length;
      if (length !== undefined) expect(f.max, f.name).toBeLessThanOrEqual(length);
      if (c.notNull) expect(f.required, `${f.name} is NOT NULL`).toBeTruthy();
    }
  });

  it('derives the bodies in SPEC order: the add form (SPEC §5) and the PUT body (SPEC §7)', () => {
    expect(Object.keys(sekolahCreateBody.shape)).toEqual(['npsn', 'nama_sekolah', 'bentuk_pendidikan', 'status']);
    expect(SEKOLAH_CREATE_FIELDS.every((f) => f.required)).toBe(true);
    expect(Object.keys(sekolahUpdateBody.shape)).toEqual([
      'npsn',
      'nama_sekolah',
      'bentuk_pendidikan',
      'status',
      'alamat',
      'rtrw',
      'kode_pos',
      'telpon',
      'rombel',
      'fax',
      'email',
      'web',
      'lat',
      'long',
      'kode_wilayah',
      'fasilitas',
    ]);
    // Required on the form is what the PUT body refuses to leave out.
    for (const f of fields)
      if (f.type !== 'npsn')
        expect(sekolahUpdateBody.shape[f.name]!.safeParse(undefined).success, f.name).toBe(!f.required);
  });

  it('places every field once on the identity form and the read view', () => {
    expect(SEKOLAH_SHOWN.map((f) => f.at)).toEqual(SEKOLAH_SHOWN.map((_, i) => i + 1));
    expect(SEKOLAH_SHOWN.length).toBe(fields.length);
    const onForm = (['identitas', 'wilayah', 'lokasi'] as const).flatMap((s) => sekolahSection(s).map((f) => f.name));
    expect(onForm.sort()).toEqual(fields.map((f) => f.name).sort());
  });

  it('exports only listed fields (the export reads list rows), one column per position', () => {
    for (const f of fields) if (f.ekspor) expect(f.listed, f.name).toBeTruthy();
    const at = fields.flatMap((f) => (f.ekspor ? [f.ekspor.at] : []));
    expect(new Set(at).size).toBe(at.length);
  });
});

describe('the answers derived from the catalogue', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t.database.db);
    await createSchoolWithOperator(t.database.db, SCHOOL_A);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('a list row carries every listed field', async () => {
    const res = await t.call<Page<SekolahRow>>('GET', '/api/sekolah', { token: admin });
    expect(Object.keys(res.body.data.data[0]!)).toEqual(expect.arrayContaining(SEKOLAH_LISTED.map((f) => f.name)));
  });

  it('the export has the listed headers in order, then the regency', async () => {
    const res = await download(t, '/api/sekolah/export', admin);
    expect(res.statusCode).toBe(200);
    const header = rowValues((await workbookOf(res.rawPayload)).worksheets[0]!, 1);
    expect(header).toEqual(['No', 'NPSN', 'Nama Sekolah', 'Tingkat', 'Status', 'Kabupaten/Kota']);
  });

  it('the audit names every column of the catalogue with its label', async () => {
    const image = Object.fromEntries([...columns.keys()].map((c) => [c, null]));
    const { kolom } = await auditTampilan(t.database.db, 'sekolah', null, image);
    for (const f of fields) if (columns.has(f.name)) expect(kolom[f.name], f.name).toBe(f.label);
    expect(kolom.logo_key).toBe('Logo');
  });
});
