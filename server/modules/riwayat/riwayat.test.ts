import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { createSchoolWithOperator, twoSchoolsApp, type TestApp, type CallOptions } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { pdfWithScript, samplePdf } from '../../test/pdf.ts';
import { referensi } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { RECORD_KIND, RECORD_KINDS, type RecordKind, type RecordRow } from '#contract/riwayat.ts';
import type { Page } from '#contract/paging.ts';

let t: TestApp;
let admin: string;
let opA: string;
let opB: string;
let guruA: number;

beforeEach(async () => {
  let schoolA: number;
  ({ t, schoolA, admin, opA, opB } = await twoSchoolsApp());
  guruA = (await createGuru(t.database.db, schoolA)).id;
});
afterEach(async () => {
  await t.app.close();
});

/** A valid body for a kind, built from its definition (every field filled). */
async function validInput(kind: RecordKind, variant = 0): Promise<Record<string, string>> {
  const out: Record<string, string> = { guru_id: String(guruA) };
  for (const f of kind.fields) {
    switch (f.type) {
      case 'text':
        out[f.name] = `${f.label} ${variant}`.slice(0, f.max ?? 255);
        break;
      case 'date':
        out[f.name] = f.firstOfMonth ? '2020-01-01' : f.notBefore ? '2020-02-15' : '2020-01-15';
        break;
      case 'int':
        out[f.name] = String(Math.max(f.min ?? 0, Math.min(f.max ?? 10, 3 + variant)) + (f.min ? variant : 0));
        break;
      case 'decimal':
        out[f.name] = `${112 + variant},5`;
        break;
      case 'enum':
        out[f.name] = f.values![variant % f.values!.length]!.value;
        break;
      case 'golongan':
        out[f.name] = variant ? 'III/b' : 'III/a';
        break;
      case 'master': {
        const [kategori, tipe] = f.master!.kategori.split(':');
        const rows = await t.database.db
          .select()
          .from(referensi)
          .where(
            tipe
              ? and(eq(referensi.kategori, kategori!), eq(referensi.nama2, tipe))
              : eq(referensi.kategori, kategori!),
          );
        out[f.name] = String(rows[variant % rows.length]!.id);
        break;
      }
      case 'record':
      case 'file':
        break;
    }
  }
  return out;
}

const createUrl = (kind: RecordKind) => `/api/${kind.createPath}`;
const updateUrl = (kind: RecordKind, id: number) => `/api/${kind.updatePath.replace('{id}', String(id))}`;

async function send(
  kind: RecordKind,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  input: Record<string, string>,
  withFile = true,
): Promise<ReturnType<TestApp['call']>> {
  const opts: CallOptions = { token };
  if (kind.multipart) {
    const file = kind.fields.find((f) => f.type === 'file')!;
    opts.form = {
      fields: input,
      files: withFile
        ? { [file.name]: { bytes: await samplePdf(), filename: 'dokumen.pdf', type: 'application/pdf' } }
        : {},
    };
  } else opts.body = input;
  return t.call(method, url, opts);
}

describe.each(RECORD_KINDS.map((k) => [k.key, k] as const))('%s', (_key, kind) => {
  it('round trip: create, list, get, update, delete', async () => {
    // Made by the school's operator: verifiable kinds then start unverified, which the operator may still edit.
    const created = await send(kind, 'POST', createUrl(kind), opA, await validInput(kind));
    expect(created.status, created.body.diagnostic.message).toBe(200);
    const row = created.body.data as RecordRow;
    expect(row.guru_id).toBe(guruA);
    for (const f of kind.fields)
      if (f.relation && f.type === 'master')
        expect(row[f.relation.as], f.name).toEqual({ [f.relation.labelField]: expect.any(String) });

    const list = await t.call<Page<RecordRow>>('GET', `/api/${kind.key}?id_guru=${guruA}&page=1`, { token: opA });
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((r) => r.id)).toEqual([row.id]);
    expect(list.body.data.total).toBe(1);
    // A page past the end is empty but still carries the count.
    const past = await t.call<Page<RecordRow>>('GET', `/api/${kind.key}?id_guru=${guruA}&page=2`, { token: opA });
    expect(past.body.data.data).toEqual([]);
    expect(past.body.data.total).toBe(1);
    expect((await t.call<RecordRow>('GET', `/api/${kind.key}/${row.id}`, { token: opA })).body.data.id).toBe(row.id);

    const method = kind.updateMethod;
    const updated = await send(kind, method, updateUrl(kind, row.id), opA, await validInput(kind, 1), false);
    expect(updated.status, updated.body.diagnostic.message).toBe(200);
    const text = kind.fields.find((f) => f.type === 'text' && f.required);
    if (text) expect((updated.body.data as RecordRow)[text.name]).toBe(`${text.label} 1`.slice(0, text.max ?? 255));

    expect((await t.call('DELETE', `/api/${kind.key}/${row.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/${kind.key}/${row.id}`, { token: admin })).status).toBe(404);
  });

  it('the empty form answers the first SPEC message; every required field is listed in order', async () => {
    const res = await send(kind, 'POST', createUrl(kind), opA, { guru_id: String(guruA) }, false);
    expect(res.status).toBe(422);
    const required = kind.fields.filter((f) => f.required).map((f) => f.required);
    expect(Object.values((res.body.data as { errors: Record<string, string> }).errors)).toEqual(required);
    expect(res.body.diagnostic.message).toBe(required[0]);
  });

  it("401 without a token; another school's operator reads, changes and deletes nothing", async () => {
    expect((await t.call('GET', `/api/${kind.key}?id_guru=${guruA}&page=1`)).status).toBe(401);
    const created = await send(kind, 'POST', createUrl(kind), admin, await validInput(kind));
    const id = (created.body.data as RecordRow).id;
    expect((await t.call('GET', `/api/${kind.key}?id_guru=${guruA}&page=1`, { token: opB })).status).toBe(403);
    const read = await t.call('GET', `/api/${kind.key}/${id}`, { token: opB });
    expect(read.status).toBe(403);
    expect(read.body.data).toBeNull();
    expect((await send(kind, 'POST', createUrl(kind), opB, await validInput(kind))).status).toBe(403);
    expect(
      (await send(kind, kind.updateMethod, updateUrl(kind, id), opB, await validInput(kind, 1), false)).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/${kind.key}/${id}`, { token: opB })).status).toBe(403);
    const [stored] = await t.database.db
      .select()
      .from(recordTableOf(kind.key))
      .where(eq(recordTableOf(kind.key).id, id));
    const text = kind.fields.find((f) => f.type === 'text' && f.required)!;
    expect(stored![text.name]).toBe(`${text.label} 0`.slice(0, text.max ?? 255));
  });
});

describe('a number with decimals (the credit points of a PAK)', () => {
  it('is read with the decimal comma an officer types, answered as a number, and checked', async () => {
    const pak = await validInput(RECORD_KIND.riwpak);
    const sent = (ak_kumulatif: string) =>
      send(RECORD_KIND.riwpak, 'POST', '/api/riwpak', opA, { ...pak, ak_kumulatif }, false);
    const ok = await sent('1.112,375');
    expect(ok.status, ok.body.diagnostic.message).toBe(200);
    expect((ok.body.data as RecordRow).ak_kumulatif).toBe(1112.375);
    expect(((await sent('87.5')).body.data as RecordRow).ak_kumulatif).toBe(87.5);
    expect((await sent('12,3456')).body.diagnostic.message).toBe(
      'Angka Kredit Kumulatif paling banyak 3 angka di belakang koma',
    );
    expect((await sent('seratus')).body.diagnostic.message).toBe('Angka Kredit Kumulatif harus berupa angka');
    expect((await sent('2000,5')).body.diagnostic.message).toBe('Angka Kredit Kumulatif maksimal 2.000');
    expect((await sent('-1')).body.diagnostic.message).toBe('Angka Kredit Kumulatif minimal 0');
  });
});

describe('fixed checks the spec says are broken', () => {
  it('formal education date, keahlian date and kepangkatan month are checked', async () => {
    /** The message of the answer to an operator's new row. */
    const messageOf = async (kind: string, body: Record<string, unknown>) =>
      (await t.call('POST', `/api/${kind}`, { token: opA, body })).body.diagnostic.message;
    const formal = await validInput(RECORD_KIND.riwpendidikan);
    expect(await messageOf('riwpendidikan', { ...formal, riw_pendidikan_tgl: '' })).toBe(
      'Pendidikan Tanggal tidak boleh Kosong',
    );
    expect(await messageOf('riwpendidikan', { ...formal, riw_pendidikan_tgl: '2020-13-01' })).toBe(
      'Tanggal Lulus harus tanggal yang valid (YYYY-MM-DD)',
    );
    const umum = await validInput(RECORD_KIND.riwkeahlianumum);
    expect(await messageOf('riwkeahlianumum', { ...umum, riw_keahlian_sejak: '' })).toBe(
      'tanggal sejak tidak boleh Kosong',
    );
    const pangkat = await validInput(RECORD_KIND.riwpangkat);
    expect(await messageOf('riwpangkat', { ...pangkat, riw_pangkat_bln: '' })).toBe('MKG Bulan tidak boleh Kosong');
    expect(await messageOf('riwpangkat', { ...pangkat, riw_pangkat_bln: '12' })).toBe('MKG Bulan maksimal 11');
  });

  it("a keahlian may only point at the same teacher's own education rows", async () => {
    const formal = await t.call<RecordRow>('POST', '/api/riwpendidikan', {
      token: admin,
      body: await validInput(RECORD_KIND.riwpendidikan),
    });
    const other = await createGuru(t.database.db, (await createSchoolWithOperator(t.database.db)).school.id);
    const foreign = await t.call<RecordRow>('POST', '/api/riwpendidikan', {
      token: admin,
      body: { ...(await validInput(RECORD_KIND.riwpendidikan)), guru_id: String(other.id) },
    });
    const umum = await validInput(RECORD_KIND.riwkeahlianumum);
    const ok = await t.call<RecordRow>('POST', '/api/riwkeahlianumum', {
      token: opA,
      body: { ...umum, pend_formal_id: String(formal.body.data.id) },
    });
    expect(ok.body.data.pendidikan_formal).toEqual({ riw_pendidikan_nm: 'Nama Pendidikan 0' });
    expect(ok.body.data.pendidikan_non).toBeNull();
    // A linked diklat is named by its name, not its STTP number.
    const dik = await t.call<RecordRow>('POST', '/api/diklat-teknis', {
      token: admin,
      body: await validInput(RECORD_KIND['diklat-teknis']),
    });
    expect(dik.status, dik.body.diagnostic.message).toBe(200);
    const withDiklat = await t.call<RecordRow>('POST', '/api/riwkeahlianumum', {
      token: opA,
      body: { ...umum, pend_diklat_id: String(dik.body.data.id) },
    });
    expect(withDiklat.body.data.diklat).toEqual({
      diklat_teknis_nm: (dik.body.data.namadiklat as { diklat_teknis_nm: string }).diklat_teknis_nm,
    });
    expect((withDiklat.body.data.diklat as { diklat_teknis_nm: string }).diklat_teknis_nm).not.toBe(
      dik.body.data.diklat_sttp_no,
    );
    const bad = await t.call('POST', '/api/riwkeahlianumum', {
      token: opA,
      body: { ...umum, pend_formal_id: String(foreign.body.data.id) },
    });
    expect(bad.body.diagnostic.message).toBe('Pendidikan Formal tidak ditemukan pada riwayat guru ini');
    const wrongList = await t.call('POST', '/api/riwkeahlianumum', {
      token: opA,
      body: { ...umum, keahlian_level_id: umum.keahlian_id },
    });
    expect(wrongList.body.diagnostic.message).toBe('Level tidak ditemukan di data master');
  });
});

describe('master items (kept in memory, server/modules/master/referensi-cache.ts)', () => {
  it('an item added after the lists were read is found and named; an item of another list is refused', async () => {
    const input = await validInput(RECORD_KIND.riwpenghargaan);
    // The first write reads the lists into memory.
    expect((await t.call('POST', '/api/riwpenghargaan', { token: admin, body: input })).status).toBe(200);
    const [added] = await t.database.db
      .insert(referensi)
      .values({ kategori: 'penghargaan', nama: 'Satyalancana Uji Coba', urutan: 99 })
      .returning();
    const created = await t.call<RecordRow>('POST', '/api/riwpenghargaan', {
      token: admin,
      body: { ...input, penghargaan_id: String(added!.id) },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.penghargaan).toEqual({ penghargaan_nm: 'Satyalancana Uji Coba' });
    const list = await t.call<Page<RecordRow>>('GET', `/api/riwpenghargaan?id_guru=${guruA}&page=1`, { token: admin });
    expect(list.body.data.data.map((r) => r.penghargaan)).toContainEqual({ penghargaan_nm: 'Satyalancana Uji Coba' });
    const [otherList] = await t.database.db.select().from(referensi).where(eq(referensi.kategori, 'golongan')).limit(1);
    const refused = await t.call('POST', '/api/riwpenghargaan', {
      token: admin,
      body: { ...input, penghargaan_id: String(otherList!.id) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.diagnostic.message).toMatch(/tidak ditemukan di data master$/);
  });
});

describe('verification: formal education, rank and KGB decrees', () => {
  for (const kind of [RECORD_KIND.riwpendidikan, RECORD_KIND.riwpangkat, RECORD_KIND.riwkgb]) {
    it(`${kind.key}: operator rows start unverified; a verified row is read-only to operators; an admin verifies`, async () => {
      const input = await validInput(kind);
      const byOp = await send(kind, 'POST', createUrl(kind), opA, input);
      expect(byOp.status, byOp.body.diagnostic.message).toBe(200);
      const opRow = byOp.body.data as RecordRow;
      expect(opRow.status).toBe(0);
      const byAdmin = await send(kind, 'POST', createUrl(kind), admin, input);
      const adminRow = byAdmin.body.data as RecordRow;
      expect(adminRow.status).toBe(1);
      const refused = await t.call('DELETE', `/api/${kind.key}/${adminRow.id}`, { token: opA });
      expect(refused.status).toBe(403);
      expect(refused.body.diagnostic.message).toBe(
        'Data yang sudah diverifikasi tidak dapat dihapus oleh operator sekolah',
      );
      expect((await t.call<RecordRow>('GET', `/api/${kind.key}/${adminRow.id}`, { token: opA })).body.data.status).toBe(
        1,
      );
      expect((await t.call('PUT', `/api/${kind.key}/verifikasi/${opRow.id}`, { token: opA })).status).toBe(403);
      const verified = await t.call<RecordRow>('PUT', `/api/${kind.key}/verifikasi/${opRow.id}`, { token: admin });
      expect(verified.body.data.status).toBe(1);
      // An operator's edit used to reset a verified row to unverified, after which the
      // operator could delete it. A verified row is now read-only to operators, unchanged.
      const before = await t.call<RecordRow>('GET', `/api/${kind.key}/${opRow.id}`, { token: admin });
      const edit = await send(
        kind,
        kind.updateMethod,
        updateUrl(kind, opRow.id),
        opA,
        await validInput(kind, 1),
        false,
      );
      expect(edit.status).toBe(403);
      expect(edit.body.diagnostic.message).toBe(
        'Data yang sudah diverifikasi tidak dapat diubah oleh operator sekolah',
      );
      expect((await t.call('DELETE', `/api/${kind.key}/${opRow.id}`, { token: opA })).status).toBe(403);
      expect((await t.call<RecordRow>('GET', `/api/${kind.key}/${opRow.id}`, { token: admin })).body.data).toEqual(
        before.body.data,
      );
      // An unverified row stays the operator's to correct and delete; the administrator may change a verified one.
      const second = (await send(kind, 'POST', createUrl(kind), opA, input)).body.data as RecordRow;
      expect(
        (await send(kind, kind.updateMethod, updateUrl(kind, second.id), opA, await validInput(kind, 1), false)).status,
      ).toBe(200);
      expect((await t.call('DELETE', `/api/${kind.key}/${second.id}`, { token: opA })).status).toBe(200);
      expect(
        (await send(kind, kind.updateMethod, updateUrl(kind, adminRow.id), admin, await validInput(kind, 1), false))
          .status,
      ).toBe(200);
    });
  }
});

/**
 * An operator's edit or delete sent together with the administrator's verification must never
 * land on the row once it is verified (on PostgreSQL, 6 of 15 edits of an education
 * row and 5 of 10 of a KGB decree did). The operator's change is allowed for an unverified row
 * only, so the write itself carries that condition. Proof per round: an edit that succeeds answers
 * the row as it was written, still unverified; an edit and a delete that both succeed with the
 * verification are impossible unless the change came first (then the verification finds the
 * deleted row gone); and the audit log holds no change by the operator to a verified row. On
 * PostgreSQL only: there the two requests really run at once.
 */
describe.runIf(TEST_DB_KIND === 'postgres')(
  'verified rows stay verified: operator changes racing the verification',
  () => {
    const ROUNDS = 16;
    for (const kind of RECORD_KINDS.filter((k) => k.verifiable)) {
      it(`${kind.key}: ${ROUNDS} rounds of an operator's edit or delete sent with the verification`, async () => {
        const changed = await validInput(kind, 1);
        // The attack on a KGB decree: a salary, golongan and MKG the office never saw.
        if (kind.key === 'riwkgb') Object.assign(changed, { gpl_kgb: '9999999', gol_kgb: 'IV/e', mkg_tahun: '30' });
        const wrong: string[] = [];
        const seen = new Set<string>();
        for (let round = 0; round < ROUNDS; round++) {
          const created = await send(kind, 'POST', createUrl(kind), opA, await validInput(kind));
          expect(created.status, created.body.diagnostic.message).toBe(200);
          const id = (created.body.data as RecordRow).id;
          const deleting = round % 2 === 1;
          const [change, verify] = await Promise.all([
            deleting
              ? t.call('DELETE', `/api/${kind.key}/${id}`, { token: opA })
              : send(kind, kind.updateMethod, updateUrl(kind, id), opA, changed, false),
            t.call<RecordRow>('PUT', `/api/${kind.key}/verifikasi/${id}`, { token: admin }),
          ]);
          seen.add(`${deleting ? 'delete' : 'edit'} ${change.status} / verify ${verify.status}`);
          if (deleting) {
            // Delete first: the verification finds nothing (404). Verification first: the delete is refused.
            const fine =
              (change.status === 200 && verify.status === 404) || (change.status === 403 && verify.status === 200);
            if (!fine) wrong.push(`round ${round}: delete ${change.status}, verify ${verify.status}`);
          } else {
            const landedOn = (change.body.data as RecordRow | null)?.status;
            const fine = verify.status === 200 && ((change.status === 200 && landedOn === 0) || change.status === 403);
            if (!fine)
              wrong.push(`round ${round}: edit ${change.status} (row status ${landedOn}), verify ${verify.status}`);
            if (change.status === 403)
              expect(change.body.diagnostic.message).toBe(
                'Data yang sudah diverifikasi tidak dapat diubah oleh operator sekolah',
              );
          }
        }
        // Whatever the answers said: no committed change by the operator to a row that was verified.
        const onVerified = rowsOf<{ n: number }>(
          await t.database.db.execute(sql`select count(*)::int as n from audit_log
          where tabel = ${kind.table} and username = '60200100' and aksi in ('UPDATE', 'DELETE') and (sebelum ->> 'status') = '1'`),
        )[0]!.n;
        expect({ wrong, onVerified }, [...seen].join('; ')).toEqual({ wrong: [], onVerified: 0 });
      });
    }
  },
);

describe('documents', () => {
  it('karya tulis: created at the trailing-slash path, served only to who may reach the teacher', async () => {
    const input = await validInput(RECORD_KIND.riwkaryatulis);
    const pdf = await samplePdf('Karya tulis guru');
    const res = await t.call<RecordRow>('POST', '/api/riwkaryatulis/', {
      token: opA,
      form: { fields: input, files: { file: { bytes: pdf, filename: 'kt.pdf', type: 'application/pdf' } } },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(res.body.data.file).toBe(`/api/riwkaryatulis/${res.body.data.id}/file`);
    const file = await t.app.inject({
      method: 'GET',
      url: res.body.data.file as string,
      headers: { authorization: `Bearer ${opA}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: res.body.data.file as string })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: res.body.data.file as string,
          headers: { authorization: `Bearer ${opB}` },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a non-PDF, a PDF with JavaScript and a file over 10 MB; nothing stored', async () => {
    const input = await validInput(RECORD_KIND.riwkaryatulis);
    const post = (bytes: Buffer) =>
      t.call('POST', '/api/riwkaryatulis/', {
        token: opA,
        form: { fields: input, files: { file: { bytes, filename: 'kt.pdf', type: 'application/pdf' } } },
      });
    const zip = await post(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200)]));
    expect(zip.status).toBe(415);
    expect(zip.body.diagnostic.message).toBe('File harus berupa PDF');
    const script = await post(await pdfWithScript());
    expect(script.status).toBe(415);
    expect(script.body.diagnostic.message).toBe('File PDF tidak boleh memuat JavaScript atau tindakan otomatis');
    const big = Buffer.concat([await samplePdf(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await post(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.diagnostic.message).toBe('Ukuran file maksimal 10 MB');
    expect(t.files.size()).toBe(0);
  });

  it('KGB history: create at riwkgb/, update at updateriwkgb/{id}, delete at DELETE riwkgb/{id}', async () => {
    const input = await validInput(RECORD_KIND.riwkgb);
    const created = await t.call<RecordRow>('POST', '/api/riwkgb/', {
      token: admin,
      form: { fields: input, files: { file_kgb: { bytes: await samplePdf(), type: 'application/pdf' } } },
    });
    expect(created.status, created.body.diagnostic.message).toBe(200);
    expect(created.body.data).toMatchObject({
      statusfile_kgb: 'Tersedia',
      file_link: `/api/riwkgb/${created.body.data.id}/file`,
      gol_kgb: 'III/a',
    });
    const updated = await t.call<RecordRow>('POST', `/api/updateriwkgb/${created.body.data.id}`, {
      token: admin,
      form: { fields: { ...input, no_kgb: 'KGB-2' } },
    });
    expect(updated.body.data).toMatchObject({ no_kgb: 'KGB-2', statusfile_kgb: 'Tersedia' });
    expect((await t.call('DELETE', `/api/riwkgb/${created.body.data.id}`, { token: admin })).status).toBe(200);
    expect(t.files.size()).toBe(0);
  });
});
