import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createGuru, DUE_JANUARY_2027, kgbDecreeFields, refId } from './guru-factory.ts';
import { kgbTestApp, officialKey, PASSPHRASE } from './kgb-world.ts';
import { ENCODINGS, goToRSharePdf, pdfWithCatalogInObjectStream, uriOnOpenPdf } from './pdf-attacks.ts';
import { manyScansJpeg } from './images.ts';
import { rowsOf } from '../db/client.ts';
import type { TestApp } from './test-app.ts';
import { holdChecks } from '../lib/upload-check/pool.ts';
import type { SuratKgb } from '#contract/kgb.ts';
import { DOCUMENT_MSG } from '#contract/riwayat.ts';
import { FILE_MSG } from '#contract/files.ts';

// Uploaded files are checked before the request's transaction opens, so a slow check holds no
// database connection (on PGlite there is one for everyone); the PDF check refuses what a viewer
// would run and passes the office's own letters (docs/security.md, "PDF uploads" and "Image
// uploads"). On PGlite and PostgreSQL.

let t: TestApp;
let admin = '';
let guruId = 0;
let jenisKt = 0;
let signedLetter: Buffer;
let draftLetter: Buffer;

beforeAll(async () => {
  ({ t } = await kgbTestApp(officialKey()));
  const db = t.database.db;
  const school = rowsOf<{ id: number }>(await db.execute(sql`select id from sekolah where npsn = '60200100'`))[0]!.id;
  guruId = (await createGuru(db, school, { nama: 'Abdullah Umar', ...DUE_JANUARY_2027, tempat_lahir: 'Ternate' })).id;
  await refId(db, 'jabatan', 'Guru Mata Pelajaran');
  admin = await t.login('admin');
  jenisKt = (await t.call<{ id: number }[]>('GET', '/api/masterjeniskaryatulis', { token: admin })).body.data[0]!.id;
  // The office's own letters: the draft, and the signed letter (pdfmake, pdf-lib, a PAdES signature).
  const download = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).rawPayload;
  draftLetter = await download(`/api/kgb/${guruId}/draft.pdf`);
  const verified = await t.call<SuratKgb>('GET', `/api/kgb/${guruId}/verifikasi`, { token: admin });
  if (verified.status !== 200) throw new Error(`verify: ${verified.body.diagnostic.message}`);
  const signed = await t.call<SuratKgb>('POST', `/api/kgb/${guruId}/signature`, {
    token: admin,
    body: { passphrase: PASSPHRASE },
  });
  if (signed.status !== 200) throw new Error(`sign: ${signed.body.diagnostic.message}`);
  signedLetter = await download(signed.body.data.pdfLink);
}, 180_000);

afterAll(async () => {
  await t?.app.close();
});

const karyaTulis = (bytes: Buffer) =>
  t.call<{ id: number }>('POST', '/api/riwkaryatulis/', {
    token: admin,
    form: {
      fields: { guru_id: String(guruId), jenis_kt_id: String(jenisKt), judul: 'SK' },
      files: { file: { bytes, filename: 'sk.pdf', type: 'application/pdf' } },
    },
  });

describe('PDF uploads', () => {
  it("the office's own letters (draft and signed) are accepted as KGB history files", async () => {
    expect(signedLetter.subarray(0, 5).toString()).toBe('%PDF-');
    for (const bytes of [draftLetter, signedLetter]) {
      const res = await t.call('POST', '/api/riwkgb/', {
        token: admin,
        form: {
          fields: kgbDecreeFields(guruId),
          files: { file_kgb: { bytes, filename: 'sk.pdf', type: 'application/pdf' } },
        },
      });
      expect(res.status, res.body.diagnostic.message).toBe(200);
    }
  });

  it('the PDFs of the report are refused with an Indonesian message; nothing is stored', async () => {
    const before = t.files.size();
    const attacks: [string, Buffer, string][] = [
      ['/Fl', pdfWithCatalogInObjectStream(ENCODINGS['abbreviated /Fl']!), DOCUMENT_MSG.active],
      ['/AHx', pdfWithCatalogInObjectStream(ENCODINGS['abbreviated /AHx']!), DOCUMENT_MSG.active],
      ['[/Fl]', pdfWithCatalogInObjectStream(ENCODINGS['an array [/Fl]']!), DOCUMENT_MSG.active],
      [
        '/Predictor 12',
        pdfWithCatalogInObjectStream(ENCODINGS['FlateDecode with /Predictor 12']!),
        DOCUMENT_MSG.active,
      ],
      ['GoToR \\\\host\\share', goToRSharePdf(), DOCUMENT_MSG.active],
      ['URI on open', uriOnOpenPdf(), DOCUMENT_MSG.active],
      [
        '/DCT object stream',
        pdfWithCatalogInObjectStream(ENCODINGS['an image filter /DCT on an object stream']!),
        DOCUMENT_MSG.unreadable,
      ],
    ];
    for (const [name, bytes, message] of attacks) {
      const res = await karyaTulis(bytes);
      expect(res.status, name).toBe(415);
      expect(res.body.diagnostic.message, name).toBe(message);
    }
    expect(t.files.size()).toBe(before);
  });
});

describe('no database connection is held while a file is checked', () => {
  /**
   * Holds every check at the door of the check pool (a test keeps an upload "being checked" as long
   * as it likes, whatever the machine's speed); answers a promise for the moment a check arrives
   * there, and the opener.
   */
  function shutGate(): { reached: Promise<void>; open: () => void } {
    let release = () => {};
    const shut = new Promise<void>((r) => (release = r));
    let arrived = () => {};
    const reached = new Promise<void>((r) => (arrived = r));
    holdChecks(() => {
      arrived();
      return shut;
    });
    return {
      reached,
      open: () => {
        holdChecks(null);
        release();
      },
    };
  }

  const within = <T>(ms: number, what: string, p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
    ]);

  const uploads: [string, () => Promise<{ status: number }>][] = [
    [
      'a teacher photo',
      async () =>
        t.call('POST', `/api/guru/${guruId}/foto`, {
          token: admin,
          form: {
            files: {
              foto: {
                bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
                  .jpeg()
                  .toBuffer(),
              },
            },
          },
        }),
    ],
    ['a written work PDF', () => karyaTulis(draftLetter)],
    // Opening an official's PKCS#12 with its passphrase: the file decides how much work that is.
    [
      "an official's PKCS#12",
      () =>
        t.call('POST', '/api/pejabat', {
          token: admin,
          form: {
            fields: {
              nama: 'Drs. Pejabat Uji Berkas',
              nip: '196805121994031005',
              jabatan: 'Sekretaris Dinas',
              passphrase: PASSPHRASE,
            },
            files: { p12: { bytes: officialKey().p12, type: 'application/x-pkcs12' } },
          },
        }),
    ],
  ];
  for (const [name, upload] of uploads) {
    // The time allowed covers a check process starting on a busy machine once the gate opens; what
    // is asserted does not depend on the machine's speed.
    it(
      `while ${name} is being checked, health, a login and another write are answered; no transaction stays open`,
      { timeout: 120_000 },
      async () => {
        const { reached, open } = shutGate();
        const pending = upload();
        try {
          await within(30_000, 'check reached', reached);
          // On PGlite a held connection would make each of these wait until the check ends.
          const health = await within(5_000, 'health', t.call('GET', '/api/health'));
          expect(health.status).toBe(200);
          await within(5_000, 'login', t.login('admin'));
          const write = await within(
            5_000,
            'write',
            t.call('POST', '/api/sekolah', {
              token: admin,
              body: {
                npsn: String(60300000 + Math.floor(Math.random() * 99999)),
                nama_sekolah: 'SD Negeri Uji',
                bentuk_pendidikan: 'SD',
                status: 'Negeri',
              },
            }),
          );
          expect(write.status, write.body.diagnostic.message).toBe(200);
          const open = rowsOf<{ n: number }>(
            await t.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
            ),
          )[0]!.n;
          expect(open).toBe(0);
        } finally {
          open();
        }
        expect((await pending).status).toBe(200);
      },
    );
  }

  it('the crafted many-scan JPEG is refused without decoding it', async () => {
    const res = await t.call('POST', `/api/guru/${guruId}/foto`, {
      token: admin,
      form: { files: { foto: { bytes: manyScansJpeg() } } },
    });
    expect(res.status).toBe(415);
    expect(res.body.diagnostic).toMatchObject({ code: 'file.too_complex', message: FILE_MSG.imageTooManyScans });
  });
});
