// The office profile through HTTP, and the letter as offices send it (letterhead
// with logo and contacts, Nomor/Sifat/Lampiran/Hal, "a.n." the authority, a QR code of the public
// check, the Surat Pemberitahuan and the Keputusan templates, the signature box inside the margins).
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestApp } from '../../test/test-app.ts';
import { eachKgbTestApp, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import { SIGNATURE_RECT } from '../kgb/letter.ts';
import { NOMINATIF_SIGNATURE_RECT } from '../kgb/nominatif.ts';
import type { ProfilKantor } from '#contract/kantor.ts';
import type { LetterSettings, SuratKgb } from '#contract/kgb.ts';
import type { AppConfig } from '#contract/config.ts';
import { FILE_MSG } from '#contract/files.ts';

let t: TestApp;
let admin: string;
let opA: string;
let due: number;

const PROVINSI = {
  tingkat: 'provinsi',
  wilayah: 'Provinsi Maluku Utara',
  nama_instansi: 'Dinas Pendidikan dan Kebudayaan',
  alamat: 'Jl. Raya Sofifi, Oba Utara, Kota Tidore Kepulauan 97852',
  kota: 'Sofifi',
  telepon: '(0921) 3121234',
  email: 'dikbud@malutprov.go.id',
  laman: 'dikbud.malutprov.go.id',
  kepala_daerah: 'Gubernur Maluku Utara',
  zona_waktu: 'Asia/Jayapura',
};

eachKgbTestApp(async (world) => {
  let schoolA: number;
  ({ t, schoolA } = world);
  due = (
    await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar', ...DUE_JANUARY_2027, tempat_lahir: 'Ternate' })
  ).id;
  admin = await t.login('admin');
  opA = await t.login('60200100');
});

/** The administrator saves the office profile: the province's (PROVINSI) with `change`; answers the status. */
const saveProfile = async (change: Partial<typeof PROVINSI> = {}) =>
  (await t.call('PUT', '/api/pengaturan/kantor', { token: admin, body: { ...PROVINSI, ...change } })).status;

async function uploadLogo(bytes: Buffer, filename = 'logo.png', type = 'image/png') {
  return t.call<ProfilKantor>('PUT', '/api/pengaturan/kantor/logo', {
    token: admin,
    form: { files: { logo: { bytes, filename, type } } },
  });
}

/** A file of the app as the administrator downloads it. */
const download = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).rawPayload;
/** The administrator signs the due teacher's letter. */
const sign = () =>
  t.call<SuratKgb>('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } });

async function verifiedLetter(): Promise<{ surat: SuratKgb; bytes: Buffer }> {
  const res = await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return { surat: res.body.data, bytes: await download(res.body.data.pdfLink) };
}

/** Renders the PDF's first page with pdftoppm and reads the QR code on it. */
async function qrOf(bytes: Buffer): Promise<string | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-qr-'));
  writeFileSync(path.join(dir, 'a.pdf'), bytes);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', path.join(dir, 'a.pdf'), path.join(dir, 'p')]);
  const png = readFileSync(
    path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.png'))!,
    ),
  );
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null
  );
}

describe('office profile', () => {
  it('starts from the letter settings of before (Kota Ternate, a.n. Wali Kota Ternate, WIT), without a logo', async () => {
    const res = await t.call<ProfilKantor>('GET', '/api/pengaturan/kantor', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tingkat: 'kabupaten_kota',
      wilayah: 'Kota Ternate',
      nama_instansi: 'Dinas Pendidikan',
      alamat: 'Jl. Pahlawan Revolusi No. 1, Ternate 97712, Maluku Utara',
      kota: 'Ternate',
      telepon: null,
      email: null,
      laman: null,
      kepala_daerah: 'Wali Kota Ternate',
      zona_waktu: 'Asia/Jayapura',
      ada_logo: false,
    });
  });

  it('refuses what it cannot use, with the reason per field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'bukan-surel' }, 'Alamat pos-el tidak valid'],
      [{ telepon: 'nol sembilan' }, 'Telepon hanya boleh berisi angka, spasi, tanda kurung, + dan -'],
      [{ zona_waktu: 'Europe/Berlin' }, 'Zona waktu harus WIB, WITA atau WIT'],
      [{ wilayah: '' }, 'Wilayah tidak boleh Kosong'],
      [{ tingkat: 'kecamatan' }, 'Tingkat kantor harus kabupaten/kota atau provinsi'],
      [{ laman: 'bukan laman' }, 'Alamat laman tidak valid'],
    ];
    for (const [change, message] of cases) {
      const res = await t.call('PUT', '/api/pengaturan/kantor', { token: admin, body: { ...PROVINSI, ...change } });
      expect(res.status, message).toBe(422);
      expect(res.body.diagnostic.message).toBe(message);
    }
  });

  it('a logo is checked by its content and re-encoded; a text file named .png is refused; it can be removed', async () => {
    const fake = await uploadLogo(Buffer.from('<svg onload=alert(1)></svg>'));
    expect(fake.status).toBe(415);
    expect(fake.body.diagnostic.message).toBe(FILE_MSG.imageType);
    const png = await sharp({ create: { width: 300, height: 360, channels: 3, background: '#b91c1c' } })
      .png()
      .toBuffer();
    const ok = await uploadLogo(png);
    expect(ok.status, ok.body.diagnostic.message).toBe(200);
    expect(ok.body.data.ada_logo).toBe(true);
    const logo = await t.app.inject({
      method: 'GET',
      url: '/api/pengaturan/kantor/logo',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(logo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const removed = await t.call<ProfilKantor>('DELETE', '/api/pengaturan/kantor/logo', { token: admin });
    expect(removed.body.data.ada_logo).toBe(false);
    expect((await t.call('GET', '/api/pengaturan/kantor/logo', { token: admin })).status).toBe(404);
  });

  it('operators can neither read nor change it', async () => {
    expect((await t.call('GET', '/api/pengaturan/kantor', { token: opA })).status).toBe(403);
    expect((await t.call('PUT', '/api/pengaturan/kantor', { token: opA, body: PROVINSI })).status).toBe(403);
    expect((await t.call('DELETE', '/api/pengaturan/kantor/logo', { token: opA })).status).toBe(403);
  });
});

describe('defaults follow the profile', () => {
  it("api/config names the office's level, region code and school levels; the letter's addressee and Tembusan name its region until saved", async () => {
    const config = async () => (await t.call<AppConfig>('GET', '/api/config')).body.data.kantor;
    const letter = async () => (await t.call<LetterSettings>('GET', '/api/pengaturan/kgb', { token: admin })).body.data;
    expect(await config()).toEqual({
      tingkat: 'kabupaten_kota',
      wilayah: 'Kota Ternate',
      kode_wilayah: '82.71',
      jenjang: ['TK', 'SD', 'SMP'],
    });
    expect(await letter()).toMatchObject({
      kepada: 'Kepala Badan Pengelolaan Keuangan dan Aset Daerah Kota Ternate',
      tembusan: ['Kepala BKPSDM Kota Ternate', 'Kepala Sekolah yang bersangkutan', 'Pegawai yang bersangkutan'],
    });

    expect(await saveProfile()).toBe(200);
    expect(await config()).toEqual({
      tingkat: 'provinsi',
      wilayah: 'Provinsi Maluku Utara',
      kode_wilayah: '82',
      jenjang: ['SMA', 'SMK', 'SLB'],
    });
    // The office's clock for the screens: the zone the profile sets.
    const zona = async () => (await t.call<AppConfig>('GET', '/api/config')).body.data.zona_waktu;
    expect(await zona()).toBe('Asia/Jayapura');
    expect(await saveProfile({ zona_waktu: 'Asia/Makassar' })).toBe(200);
    expect(await zona()).toBe('Asia/Makassar');
    expect(await saveProfile()).toBe(200);
    const now = await letter();
    expect(now).toMatchObject({
      kepada: 'Kepala Badan Pengelolaan Keuangan dan Aset Daerah Provinsi Maluku Utara',
      tembusan: [
        'Kepala Badan Kepegawaian Daerah Provinsi Maluku Utara',
        'Kepala Sekolah yang bersangkutan',
        'Pegawai yang bersangkutan',
      ],
    });
    // The decree's issuer is printed as the record states it: the test decree names none, so the line
    // stays blank (never guessed as the office's head).
    const { bytes } = await verifiedLetter();
    const text = pdfTool('pdftotext', bytes, ['-layout']);
    expect(text).toMatch(/Kepala Badan Pengelolaan Keuangan dan Aset[\s\S]*Daerah Provinsi Maluku Utara/);
    expect(text).toMatch(/Oleh Pejabat\s+:\s*\n/);
    expect(text).toContain('Kepala Badan Kepegawaian Daerah Provinsi Maluku Utara');

    // What the office saved stays, whatever the profile says next.
    expect(
      (await t.call('PUT', '/api/pengaturan/kgb', { token: admin, body: { ...now, kepada: 'Kepala KPPN Ternate' } }))
        .status,
    ).toBe(200);
    expect(
      await saveProfile({
        tingkat: 'kabupaten_kota',
        wilayah: 'Kabupaten Halmahera Barat',
        kepala_daerah: 'Bupati Halmahera Barat',
      }),
    ).toBe(200);
    expect((await letter()).kepada).toBe('Kepala KPPN Ternate');
    expect((await config())?.kode_wilayah).toBe('82.01');
    // A region the Kemendagri table does not know has no code (the pickers then start empty).
    expect(await saveProfile({ wilayah: 'Provinsi Atlantis' })).toBe(200);
    expect((await config())?.kode_wilayah).toBeNull();
  });
});

describe('the letter as offices send it', () => {
  it("carries the profile's letterhead, logo and contacts, Sifat and Hal, a.n. the governor, and a QR code that opens the public check", async () => {
    expect(await saveProfile()).toBe(200);
    const uploaded = await uploadLogo(
      await sharp({ create: { width: 300, height: 360, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer(),
    );
    expect(uploaded.status, uploaded.body.diagnostic.message).toBe(200);
    const { surat, bytes } = await verifiedLetter();
    const text = pdfTool('pdftotext', bytes, ['-layout']);
    expect(text).toContain('PEMERINTAH PROVINSI MALUKU UTARA');
    expect(text).toContain('DINAS PENDIDIKAN DAN KEBUDAYAAN');
    expect(text).toContain('Telepon (0921) 3121234 · Pos-el dikbud@malutprov.go.id · Laman dikbud.malutprov.go.id');
    // The date is written when the letter is signed.
    expect(text).not.toMatch(/Sofifi, \d+ November 2026/);
    expect(text).toMatch(/Sifat\s+: Biasa/);
    expect(text).toMatch(/Hal\s+: Kenaikan Gaji Berkala/);
    expect(text).toContain('a.n. GUBERNUR MALUKU UTARA');
    expect(text).toContain('di Sofifi');
    const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-logo-'));
    writeFileSync(path.join(dir, 'surat.pdf'), bytes);
    // The logo is the page's one raster image.
    expect(execFileSync('pdfimages', ['-list', path.join(dir, 'surat.pdf')], { encoding: 'utf8' })).toMatch(
      /image\s+\d+\s+\d+\s+rgb\s+3\s+8\s+jpeg/,
    );
    expect(await qrOf(bytes)).toBe(`${t.config.publicUrl}/dokumen/${surat.kode_dokumen}`);

    // Signed, the letter is still valid for pdfsig.
    const signed = await sign();
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    const file = await download(signed.body.data.pdfLink);
    expect(pdfTool('pdfsig', file)).toContain('Signature is Valid');
    const signedText = pdfTool('pdftotext', file, ['-layout']);
    expect(signedText).toMatch(/Sofifi, 21 November 2026/);
    // The signer's title ("Kepala Dinas Pendidikan" as registered) names the whole office and its region.
    expect(signedText.replace(/\s+/g, ' ')).toContain('KEPALA DINAS PENDIDIKAN DAN KEBUDAYAAN PROVINSI MALUKU UTARA,');
  });

  it('the Keputusan (SK) template: considerations, the decision in its parts, "Ditetapkan di"; signed and valid', async () => {
    const settings = await t.call<LetterSettings>('GET', '/api/pengaturan/kgb', { token: admin });
    expect(settings.body.data).toMatchObject({ template: 'pemberitahuan', sifat: 'Biasa' });
    expect(Object.keys(settings.body.data)).not.toContain('kop1');
    const saved = await t.call<LetterSettings>('PUT', '/api/pengaturan/kgb', {
      token: admin,
      body: { ...settings.body.data, template: 'keputusan' },
    });
    expect(saved.status, saved.body.diagnostic.message).toBe(200);
    const bad = await t.call('PUT', '/api/pengaturan/kgb', {
      token: admin,
      body: { ...settings.body.data, template: 'memo' },
    });
    expect(bad.body.diagnostic.message).toBe('Bentuk surat harus Surat Pemberitahuan atau Keputusan');

    const { bytes } = await verifiedLetter();
    const text = pdfTool('pdftotext', bytes, ['-layout']);
    const flat = text.replace(/\s+/g, ' ');
    // Title and signer agree (tata naskah dinas, Permendagri 1/2023): the head of the office's own
    // Keputusan, signed by the head without "a.n.".
    expect(text).toContain('KEPUTUSAN KEPALA DINAS PENDIDIKAN KOTA TERNATE');
    expect(text).toContain('NOMOR 822.4/001/DIKBUD/XI/2026');
    expect(flat).toContain('KENAIKAN GAJI BERKALA PEGAWAI NEGERI SIPIL ATAS NAMA ABDULLAH UMAR');
    expect(text).toContain('KEPALA DINAS PENDIDIKAN KOTA TERNATE,');
    expect(text).not.toContain('a.n. WALI KOTA TERNATE');
    // Mengingat numbered, the regulations by their full names; the last decree under Memperhatikan.
    expect(flat).toMatch(
      /Mengingat : 1\. Undang-Undang Nomor 20 Tahun 2023 tentang Aparatur Sipil Negara; 2\. Peraturan Pemerintah Nomor 7 Tahun 1977 tentang Peraturan Gaji Pegawai Negeri Sipil sebagaimana telah beberapa kali diubah, terakhir dengan Peraturan Pemerintah Nomor 5 Tahun 2024/,
    );
    expect(flat).not.toContain('tentang gaji pokok yang berlaku pada TMT');
    expect(flat).toMatch(/Memperhatikan : Surat keputusan nomor 822\.4\/\d+\/DIKBUD\/2025/);
    expect(text).toContain('MEMUTUSKAN:');
    // The issuer after Menetapkan, and the closing clause with the correction reservation.
    expect(flat).toContain('Menetapkan : KEPUTUSAN KEPALA DINAS PENDIDIKAN KOTA TERNATE TENTANG KENAIKAN GAJI BERKALA');
    for (const part of ['KESATU', 'KEDUA', 'KETIGA', 'KEEMPAT']) expect(text).toContain(part);
    expect(flat).toContain(
      'Keputusan ini mulai berlaku pada tanggal ditetapkan, dengan ketentuan apabila di kemudian hari terdapat kekeliruan dalam Keputusan ini akan diadakan perbaikan sebagaimana mestinya.',
    );
    expect(text).toContain('Rp3.390.500,00');
    expect(text).toContain('Ditetapkan di Ternate');
    expect(text).not.toContain('SURAT PEMBERITAHUAN');
    const signed = await sign();
    const file = await download(signed.body.data.pdfLink);
    expect(pdfTool('pdfsig', file)).toContain('Signature is Valid');
    expect(pdfTool('pdftotext', file, ['-layout'])).toMatch(/pada tanggal 21 November 2026/);
  });

  it("the office's zone sets the signature's time: WIB after switching to Asia/Jakarta", async () => {
    expect(await saveProfile({ zona_waktu: 'Asia/Jakarta' })).toBe(200);
    await verifiedLetter();
    const signed = await sign();
    const file = await download(signed.body.data.pdfLink);
    // 02:00 UTC is 09.00 in Jakarta (WIB), 11.00 in Jayapura (WIT).
    expect(pdfTool('pdftotext', file)).toContain('09.00 WIB');
  });

  it('signature boxes stay inside the margins (A4 portrait 56-539 pt; the landscape list 36 pt from the edge)', () => {
    expect(SIGNATURE_RECT[0]).toBeGreaterThanOrEqual(56);
    expect(SIGNATURE_RECT[2]).toBeLessThanOrEqual(539);
    expect(NOMINATIF_SIGNATURE_RECT[2]).toBeLessThanOrEqual(841.89 - 36);
    expect(NOMINATIF_SIGNATURE_RECT[1]).toBeGreaterThanOrEqual(36);
  });
});
