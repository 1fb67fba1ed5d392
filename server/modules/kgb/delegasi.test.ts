// Several signing officials with a delegation rule, through HTTP: a delegated official
// signs the letters of the teachers it covers (here SD teachers), the active one the rest; a month's
// signature run is per official; the delegation is checked and belongs to administrators.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { createSchoolB, eachKgbTestApp, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import { kgbSurat } from '../../db/schema/index.ts';
import { createOfficialKey, type OfficialKey } from './official-key.ts';
import { registerOfficial } from './pejabat.service.ts';
import { KGB_MSG, type Pejabat, type SuratKgb } from '#contract/kgb.ts';
import { PERIODE_MSG, type TugasKgb } from '#contract/kgb-periode.ts';

const PASSPHRASE_SD = 'passphrase-kabid-sd';
let keySd: OfficialKey;
let t: TestApp;
let admin: string;
let opA: string;
let sma: number;
let sd: number;
let kabid: number;

beforeAll(() => {
  keySd = createOfficialKey(
    {
      nama: 'Drs. Kabid SD',
      nip: '197507072000031004',
      jabatan: 'Kepala Bidang Pembinaan SD',
      instansi: 'Dinas Pendidikan',
    },
    PASSPHRASE_SD,
    new Date(),
  );
});
eachKgbTestApp(async (world) => {
  let schoolA: number;
  ({ t, schoolA } = world);
  const schoolB = await createSchoolB(t);
  const jan = DUE_JANUARY_2027;
  sma = (await createGuru(t.database.db, schoolA, { nama: 'Guru SMA', ...jan })).id;
  sd = (await createGuru(t.database.db, schoolB, { nama: 'Guru SD', ...jan })).id;
  kabid = (
    await registerOfficial(
      t.database.db,
      t.files,
      {
        nama: 'Drs. Kabid SD',
        nip: '197507072000031004',
        jabatan: 'Kepala Bidang Pembinaan SD',
        passphrase: PASSPHRASE_SD,
        p12: keySd.p12,
      },
      t.clock.now,
    )
  ).id;
  admin = await t.login('admin');
  opA = await t.login('60200100');
});

const verify = async (id: number) => {
  const res = await t.call<SuratKgb>('GET', `/api/kgb/${id}/verifikasi`, { token: admin });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data;
};

describe('delegated signing officials', () => {
  it('is set by administrators, with at least one golongan or level that exists', async () => {
    const cases: [unknown, string][] = [
      [{ golongan: [], jenjang: [] }, 'Pilih paling sedikit satu golongan atau jenjang yang didelegasikan'],
      [{ golongan: ['III/z'] }, 'Golongan tidak dikenal'],
      [{ jenjang: ['SMPLB'] }, 'Jenjang harus TK, SD, SMP, SMA, SMK atau SLB'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', `/api/pejabat/${kabid}/delegasi`, { token: admin, body });
      expect(res.status).toBe(422);
      expect(res.body.diagnostic.message).toBe(message);
    }
    expect(
      (await t.call('PUT', `/api/pejabat/${kabid}/delegasi`, { token: opA, body: { jenjang: ['SD'] } })).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', '/api/pejabat/999999/delegasi', { token: admin, body: { jenjang: ['SD'] } })).status,
    ).toBe(404);
    const ok = await t.call<Pejabat[]>('PUT', `/api/pejabat/${kabid}/delegasi`, {
      token: admin,
      body: { jenjang: ['SD'] },
    });
    expect(ok.body.diagnostic.message).toBe(KGB_MSG.delegationSaved);
    expect(ok.body.data.find((p) => p.id === kabid)).toMatchObject({
      aktif: false,
      delegasi: { golongan: [], jenjang: ['SD'] },
    });
  });

  it("the delegated official signs the SD teacher's letter, the active one the SMA teacher's; the month is signed per official", async () => {
    await t.call('PUT', `/api/pejabat/${kabid}/delegasi`, { token: admin, body: { jenjang: ['SD'] } });
    const draft = await t.app.inject({
      method: 'GET',
      url: `/api/kgb/${sd}/draft.pdf`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdfTool('pdftotext', draft.rawPayload)).toContain('Drs. Kabid SD');
    const a = await verify(sma);
    const b = await verify(sd);
    expect(a.pejabat?.nama).toBe('Dr. Pejabat Uji');
    expect(b.pejabat?.nama).toBe('Drs. Kabid SD');
    const text = pdfTool(
      'pdftotext',
      (await t.app.inject({ method: 'GET', url: b.pdfLink, headers: { authorization: `Bearer ${admin}` } })).rawPayload,
    );
    expect(text).toContain('KEPALA BIDANG PEMBINAAN SD');
    expect(text).toContain('NIP 197507072000031004');

    // One passphrase opens one key: the run asks whose letters to sign.
    const both = await t.call('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE_SD },
    });
    expect(both.status).toBe(422);
    expect(both.body.diagnostic.message).toBe(PERIODE_MSG.severalOfficials);
    const run = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE_SD, pejabat_id: kabid },
    });
    expect(run.status, run.body.diagnostic.message).toBe(202);
    expect(run.body.data).toMatchObject({ total: 1, berhasil: 1, status: 'selesai' });
    const [signedSd] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.guruId, sd));
    const [stillSma] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.guruId, sma));
    expect(signedSd!.status).toBe('signed');
    expect(stillSma!.status).toBe('verified');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/kgb/surat/${signedSd!.id}/pdf`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const check = pdfTool('pdfsig', file.rawPayload);
    expect(check).toContain('Signature is Valid');
    expect(check).toContain('Drs. Kabid SD');
    // The SMA letter with the head's passphrase, now the only one left.
    const rest = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE },
    });
    expect(rest.body.data).toMatchObject({ total: 1, berhasil: 1 });
  });

  it('without the delegation the active official signs everything again', async () => {
    await t.call('PUT', `/api/pejabat/${kabid}/delegasi`, { token: admin, body: { jenjang: ['SD'] } });
    const removed = await t.call<Pejabat[]>('DELETE', `/api/pejabat/${kabid}/delegasi`, { token: admin });
    expect(removed.body.diagnostic.message).toBe(KGB_MSG.delegationRemoved);
    expect(removed.body.data.find((p) => p.id === kabid)!.delegasi).toBeNull();
    expect((await verify(sd)).pejabat?.nama).toBe('Dr. Pejabat Uji');
  });
});
