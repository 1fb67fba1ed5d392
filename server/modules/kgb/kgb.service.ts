import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { addMonths, namaLengkap } from '../../domain/kepegawaian.ts';
import { basisFromDecrees, dueState, planKgb, type KgbPlan } from '../../domain/kgb.ts';
import { ROMAWI, rupiah, tanggalPanjang } from '../../domain/terbilang.ts';
import type { WaktuKantor } from '../../domain/waktu-kantor.ts';
import { attemptLimiter } from '../auth/login-throttle.ts';
import { BSRE_MSG, KGB_MSG, type ArsipKgbItem, type PenundaanKgb, type SuratKgb } from '#contract/kgb.ts';
import { STATUS_PNS } from '#contract/asn.ts';
import {
  PEMBATALAN_SIGNATURE_RECT,
  renderLetter,
  renderPembatalan,
  SIGNATURE_PAGE,
  SIGNATURE_RECT,
  writeLetterDate,
  type LetterContent,
} from './letter.ts';
import { jabatanLengkap, type Letterhead } from '../../lib/kop-surat.ts';
import { jabatanFungsionalGuru } from '../../domain/jabatan-guru.ts';
import { peringatanData } from '../../domain/golongan-awal.ts';
import { kgbRepository, type LetterRow, type SalaryTables } from './kgb.repository.ts';
import { pejabatRepository, type PejabatRecord } from './pejabat.repository.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
import { notifikasiRepository } from '../notifikasi/notifikasi.repository.ts';
import { decreesOf, postponementsOf, syncTeacherFromRecord } from '../guru/record-basis.ts';
import { notReadyText, NOT_READY_CODE } from './belum-siap.ts';
import { sha256, WrongPassphraseError, type Signer, type SignerSecret, type SigningOfficial } from './signer.ts';
import { p12Signer } from './signers.ts';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * A public document code such as KGB-7K3MQ-9XDRT-H2WPA: 15 characters of a 31-letter alphabet
 * (no 0/O, 1/I/L), 74 bits (letters made before carry KGB-XXXX-XXXX, 39.6 bits, and
 * still open). Guessing is also rate-limited per address (dokumen.routes.ts).
 */
function documentCode(): string {
  const part = () => Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `KGB-${part()}-${part()}-${part()}`;
}

export const SIGN_MAX_FAILURES = 5;
export const SIGN_WINDOW_MINUTES = 15;
// A signature attempt that died with its process frees the letter again after this long.
export const STALE_SIGNING_MS = 5 * 60_000;

/** A signed or cancelled letter as the archive lists it and its export writes it (the figures as signed). */
export function arsipItemOf(r: ArsipRow): Omit<ArsipKgbItem, 'status'> {
  const isi = r.surat.isi as LetterContent;
  return {
    id: r.surat.id,
    guru_id: r.surat.guruId,
    nip: r.nip ?? isi.guru.nip,
    nama_guru: isi.guru.nama,
    tgl_lahir: r.tglLahir,
    pangkat_golongan: `${isi.guru.pangkat ?? '-'} (${isi.guru.golongan})`,
    jabatan_nama: isi.guru.jabatan ?? r.jabatan,
    tmt_kgb_guru: r.surat.tmt,
    nomor: r.surat.nomor,
    kode_dokumen: r.surat.kodeDokumen,
    signed_at: r.surat.signedAt!.toISOString(),
  };
}

type ArsipRow = Awaited<ReturnType<ReturnType<typeof kgbRepository>['archive']>>['rows'][number];

export function toSurat(row: LetterRow, official: { nama: string; nip: string; jabatan: string } | null): SuratKgb {
  return {
    id: row.id,
    guru_id: row.guruId,
    nomor: row.nomor,
    kode_dokumen: row.kodeDokumen,
    tmt: row.tmt,
    status: row.status as SuratKgb['status'],
    verified_at: row.verifiedAt.toISOString(),
    // Once signed (a cancelled letter may have been): signedAt of a 'signing' claim is not a signature.
    signed_at: row.signedKey && row.signedAt ? row.signedAt.toISOString() : null,
    pdf_sha256: row.pdfSha256,
    signed_sha256: row.signedSha256,
    pdfLink: `/api/kgb/surat/${row.id}/pdf`,
    // Only what the screens show: the official's row also holds the NIK and the key file's name.
    pejabat: official ? { nama: official.nama, nip: official.nip, jabatan: official.jabatan } : null,
    ditandatangani_melalui: row.signedKey ? (row.signedVia === 'bsre' ? 'bsre' : 'p12') : null,
    dibatalkan_pada: row.batalAt ? row.batalAt.toISOString() : null,
    alasan_batal: row.alasanBatal,
  };
}

export function kgbService(
  db: Db,
  files: FileStore,
  opts: {
    publicUrl: string;
    retirementAge: number;
    signer?: Signer;
    sealIdSubscriber?: string | undefined;
    /** The app's office clock (AppDeps.waktu): letter dates and stamps in the office's zone. */
    waktu: WaktuKantor;
    /** The app's copy of the salary tables (AppDeps.salaryTables). */
    salaryTables: SalaryTables;
  },
) {
  const clock = opts.waktu;
  const tables = opts.salaryTables;
  const repo = kgbRepository(db, tables);
  const kantor = kantorRepository(db, files);
  const signer = opts.signer ?? p12Signer();
  /** The office's seal at BSrE (BSRE_SEAL_ID_SUBSCRIBER with SIGNER=bsre): the nominative list and notices are sealed. */
  const sealIdSubscriber = opts.sealIdSubscriber || undefined;
  const limiter = attemptLimiter(db, SIGN_WINDOW_MINUTES);

  async function teacherOrThrow(guruId: number) {
    const t = await repo.teacher(guruId);
    if (!t) throw errors.notFound('Guru tidak ditemukan');
    return t;
  }

  /** The teacher's next KGB from their record (server/domain/kgb.ts planKgb), or why there is none (422). */
  async function planOf(guruId: number): Promise<{
    t: NonNullable<Awaited<ReturnType<typeof repo.teacher>>>;
    plan: KgbPlan;
    penundaan: LetterContent['penundaan'];
    menggantikan: LetterRow | null;
  }> {
    const t = await teacherOrThrow(guruId);
    const g = t.g;
    const decrees = await decreesOf(db, guruId);
    const result = planKgb(
      {
        statusGuru: g.status_guru,
        nip: g.nip,
        tglLahir: g.tgl_lahir,
        retirementAge: opts.retirementAge,
        decrees,
        tundaBulan: g.kgb_tunda_bulan,
      },
      await repo.salaryTable(),
    );
    if (!result.ok) throw new AppError(422, NOT_READY_CODE[result.reason], notReadyText(result));
    // The postponements this increase waited for (decided after the last KGB), cited on the letter.
    const lastKgb = basisFromDecrees(decrees)?.lastKgbTmt ?? null;
    const penundaan = (await postponementsOf(db, guruId))
      .filter((p) => (lastKgb === null || p.tmtSemula > lastKgb) && p.tmtSemula < result.plan.tmt)
      .map((p) => ({ tmtSemula: p.tmtSemula, bulan: p.bulan, alasan: p.alasan, nomorSk: p.nomorSk }));
    // A letter of this increase cancelled and not yet replaced: the new one is its replacement (ralat).
    const menggantikan = await repo.replaceableLetter(guruId, lastKgb);
    return { t, plan: result.plan, penundaan, menggantikan };
  }

  /** What the letter prints, from a teacher already planned (planOf). */
  function content(
    { t, plan, penundaan, menggantikan }: Awaited<ReturnType<typeof planOf>>,
    nomor: string,
    kode: string | null,
    tanggalSurat: string,
    official: PejabatRecord | null,
  ): LetterContent {
    const g = t.g;
    const nama = namaLengkap(g);
    const jenis = g.status_guru ?? STATUS_PNS;
    const old = menggantikan ? (menggantikan.isi as LetterContent) : null;
    return {
      nomor,
      kodeDokumen: kode,
      tanggalSurat,
      guru: {
        nama,
        nip: g.nip ?? '-',
        tempatLahir: g.tempat_lahir,
        tglLahir: g.tgl_lahir,
        golongan: plan.golongan,
        pangkat: t.pangkat,
        // The functional position, not the task at the school (server/domain/jabatan-guru.ts).
        jabatan: jabatanFungsionalGuru({ jabatan: t.jabatan, statusGuru: jenis, golongan: plan.golongan }),
        sekolah: t.sekolah,
        jenis,
      },
      // "atas dasar": the decree the numbers come from, with who issued it as the record says.
      skTerakhir: {
        pejabat: plan.basis.pejabat || null,
        nomor: plan.basis.nomor,
        tanggal: plan.basis.tanggal,
        tmt: plan.basis.tmt,
        jenis: plan.basis.kind,
      },
      mkgLama: plan.mkgLama,
      mkgBaru: plan.mkgBaru,
      gajiLama: plan.gajiLama,
      regulasiLama: plan.regulasiLama,
      gajiBaru: plan.gajiBaru,
      tmt: plan.tmt,
      tmtBerikutnya: plan.tmtBerikutnya,
      tanpaBerikutnya: plan.tanpaBerikutnya,
      regulasi: plan.regulasi,
      persen: plan.persen,
      gajiTabel: plan.gajiTabel,
      stepLama: plan.stepLama,
      stepBaru: plan.stepBaru,
      penundaan: penundaan?.length ? penundaan : undefined,
      menggantikan:
        menggantikan && old
          ? { nomor: menggantikan.nomor, tanggal: old.tanggalTtd ?? old.tanggalSurat, alasan: menggantikan.alasanBatal }
          : null,
      pejabat: official
        ? { nama: official.nama, nip: official.nip, jabatan: official.jabatan, pangkat: official.pangkat }
        : null,
      verifikasiUrl: `${opts.publicUrl}/dokumen`,
    };
  }

  const formatNomor = (format: string, n: number, date: string) =>
    format
      .replace('{nomor}', String(n).padStart(3, '0'))
      .replace('{bulan}', ROMAWI[Number(date.slice(5, 7)) - 1]!)
      .replace('{tahun}', date.slice(0, 4));

  async function officialOf(row: LetterRow) {
    if (!row.pejabatId) return null;
    return (await pejabatRepository(db).find(row.pejabatId)) ?? null;
  }

  /**
   * Signs one verified letter (the teacher's page, or a monthly run): one caller wins
   * the letter (status verified → signing, or a claim gone stale after a crash); the others get 409.
   * A wrong passphrase changes nothing and counts towards the caller's limit. The signed letter, its
   * history row and the teacher's profile are saved in one transaction: never a half-signed letter.
   */
  /** The official as a signer needs them: the key from the file store, or the NIK (docs/domain/tanda-tangan.md). */
  async function signingOfficial(official: PejabatRecord): Promise<SigningOfficial> {
    const jenis = official.jenis === 'bsre' ? 'bsre' : 'p12';
    const p12 = jenis === 'p12' && official.p12Key ? await files.get(official.p12Key) : null;
    if (jenis === 'p12' && !p12) throw new Error('stored key missing');
    return { nama: official.nama, nip: official.nip, jenis, p12, nik: official.nik };
  }

  /** A wrong passphrase or TOTP, as the office reads it (counted towards the caller's limit). */
  const wrongSecret = (err: WrongPassphraseError) => {
    const message = err.seal
      ? BSRE_MSG.wrongSealTotp
      : err.kind === 'totp'
        ? BSRE_MSG.wrongTotp
        : KGB_MSG.wrongPassphrase;
    return new AppError(422, 'kgb.wrong_passphrase', message, { errors: { [err.kind]: message } });
  };

  /**
   * `proven`: the secret already signed a letter of the same run (periode.service.ts), so this is
   * no guess: it is not counted before the attempt (several letters of a run are signed at once,
   * more than the limit), only if it fails after all. `terimaBelumVerifikasi`: the signer accepts the
   * unverified data the due list warns of (docs/domain/kgb.md).
   */
  async function signLetter(
    letter: LetterRow,
    userId: number,
    secret: SignerSecret,
    now: Date,
    opts: { proven?: boolean; terimaBelumVerifikasi?: boolean } = {},
  ): Promise<LetterRow> {
    const guruId = letter.guruId;
    // Unverified or implausible data behind the letter: verified first, or accepted by the signer.
    const teacher = await repo.teacher(guruId);
    const peringatan = teacher ? peringatanData(teacher.g) : [];
    if (peringatan.length && !opts.terimaBelumVerifikasi)
      throw new AppError(422, 'kgb.data_belum_diverifikasi', KGB_MSG.unverifiedData(peringatan));
    // Claim the letter; signedAt holds the claim time while the status is 'signing'.
    const staleBefore = new Date(now.getTime() - STALE_SIGNING_MS);
    if (!(await repo.claimForSigning(letter.id, now, staleBefore)))
      throw errors.conflict('kgb.already_signed', KGB_MSG.alreadySigned);

    // Only a claim still held goes back to 'verified' (never a letter that got signed).
    const release = () => repo.releaseClaim(letter.id);

    // The attempt is counted before the passphrase is tried, atomically: requests
    // sent at once cannot try more passphrases than the limit. Only a claim holder gets here, so
    // a double click answers 409, not 429.
    const throttleKey = `ttd:${userId}`;
    const wait = opts.proven ? 0 : await limiter.take(throttleKey, SIGN_MAX_FAILURES, now);
    if (wait > 0) {
      await release();
      throw new AppError(429, 'kgb.sign_throttled', KGB_MSG.throttled(Math.ceil(wait / 60)), null, {
        'retry-after': String(wait),
      });
    }
    let signed: Buffer;
    const official = await officialOf(letter);
    try {
      if (!official) throw new AppError(422, 'kgb.no_official', KGB_MSG.noOfficial);
      const who = await signingOfficial(official);
      const frozen = await files.get(letter.pdfKey);
      if (!frozen) throw new Error('stored letter missing');
      // The office's date and time (WIT, WITA or WIB), never UTC; the letter is dated the day it is
      // signed: the day is written where the verified letter left it open, then the letter is signed.
      const waktu = `${tanggalPanjang(clock.hariIni(now))} ${clock.jam(now)}`;
      const isi = letter.isi as LetterContent;
      const rect = isi.ttd ?? SIGNATURE_RECT;
      const halaman = isi.ttdHalaman ?? SIGNATURE_PAGE;
      const dated = isi.tanggalPos
        ? await writeLetterDate(frozen, isi.tanggalPos, tanggalPanjang(clock.hariIni(now)))
        : frozen;
      signed = await signer.sign(dated, who, secret, {
        reason: `Kenaikan Gaji Berkala ${letter.nomor}`,
        location: 'Dinas Pendidikan',
        contactInfo: official.jabatan,
        signingTime: now,
        page: halaman,
        rect,
        stamp: {
          nama: official.nama,
          nip: official.nip,
          waktu,
          kodeDokumen: letter.kodeDokumen,
          cekUrl: isi.verifikasiUrl ? `${isi.verifikasiUrl}/${letter.kodeDokumen}` : null,
        },
      });
    } catch (err) {
      await release();
      // A wrong passphrase stays counted; any other failure gives its attempt back.
      if (err instanceof WrongPassphraseError) {
        if (opts.proven) await limiter.take(throttleKey, SIGN_MAX_FAILURES, now);
        throw wrongSecret(err);
      }
      if (!opts.proven) await limiter.giveBack(throttleKey);
      throw err;
    }
    if (!opts.proven) await limiter.reset(throttleKey);

    // The signed letter, and a copy for the teacher's KGB history (deleting that row must not
    // delete the archived letter).
    const signedKey = await files.put(signed, 'pdf');
    const historyKey = await files.put(signed, 'pdf');
    const signDay = clock.hariIni(now);
    const isi: LetterContent = { ...(letter.isi as LetterContent), tanggalTtd: signDay };
    const head = await kantor.letterhead();
    try {
      await db.transaction(async (tx) => {
        const inTx = kgbRepository(tx as unknown as Db, tables);
        await inTx.markSigned(letter.id, {
          signedKey,
          signedSha256: sha256(signed),
          signedAt: now,
          signedBy: userId,
          signedVia: official.jenis === 'bsre' ? 'bsre' : 'p12',
          isi,
        });
        // The server's row: verified, tied to the letter, read-only in the KGB tab.
        await inTx.insertHistory({
          guru_id: guruId,
          status: 1,
          kgb_surat_id: letter.id,
          no_kgb: letter.nomor,
          perihal: 'Kenaikan Gaji Berkala',
          ttgl_kgb: letter.tmt,
          gpl_kgb: isi.gajiBaru,
          file_kgb_key: historyKey,
          gol_kgb: isi.guru.golongan,
          nosk_kgb: letter.nomor,
          tglsk_kgb: signDay,
          mkg_tahun: isi.mkgBaru.tahun,
          mkg_bulan: isi.mkgBaru.bulan,
          // The issuer of this decree, as the next letter's "Oleh Pejabat" prints it.
          pejabat_kgb: isi.pejabat ? jabatanLengkap(isi.pejabat.jabatan, head).slice(0, 150) : null,
        });
        // The new decree is now the record's newest: the profile follows it.
        await syncTeacherFromRecord(tx as unknown as Db, guruId, now, clock.zona());
        await inTx.setGajiPokokLama(guruId, isi.gajiLama);
        // The school hears of it.
        await notifikasiRepository(tx as unknown as Db).toTeachersSchool(
          guruId,
          {
            jenis: 'ditandatangani',
            judul: `Surat KGB ${isi.guru.nama} sudah ditandatangani`,
            isi: `Nomor ${letter.nomor}, TMT ${tanggalPanjang(letter.tmt)}, gaji pokok baru ${rupiah(isi.gajiBaru)}. Salinan surat ada di tab Riwayat KGB guru.`,
          },
          now,
        );
      });
    } catch (err) {
      // A lost connection may have lost only the answer to COMMIT: the history row and the salary
      // may be saved. Leave the letter and its files; a stale 'signing' claim is released later.
      if (isDatabaseUnavailable(err)) throw err;
      await release();
      await files.delete(signedKey);
      await files.delete(historyKey);
      throw err;
    }
    return (await repo.letterById(letter.id))!;
  }

  /**
   * Signs another document of the office (the nominative list, a cancellation notice) with an
   * official's key, or seals it with the office's seal when there is one (`sealed`): counted
   * against the caller's limit of wrong secrets like a letter. The document is only returned, never
   * stored, so a failure leaves nothing behind.
   */
  async function signDocument(
    pdf: Buffer,
    official: PejabatRecord,
    userId: number,
    secret: SignerSecret,
    now: Date,
    info: { reason: string; page: number; rect: [number, number, number, number] },
  ): Promise<Buffer> {
    const throttleKey = `ttd:${userId}`;
    const wait = await limiter.take(throttleKey, SIGN_MAX_FAILURES, now);
    if (wait > 0)
      throw new AppError(429, 'kgb.sign_throttled', KGB_MSG.throttled(Math.ceil(wait / 60)), null, {
        'retry-after': String(wait),
      });
    try {
      let signed: Buffer;
      if (sealIdSubscriber) {
        // The office's seal (docs/domain/tanda-tangan.md "The office's seal"): the document drew the seal's block.
        signed = await signer.seal(pdf, secret, {
          idSubscriber: sealIdSubscriber,
          reason: info.reason,
          location: 'Dinas Pendidikan',
        });
      } else {
        const who = await signingOfficial(official);
        // The document draws its own block; an image signer gets the same facts to place there.
        const stamp = {
          nama: official.nama,
          nip: official.nip,
          waktu: `${tanggalPanjang(clock.hariIni(now))} ${clock.jam(now)}`,
          kodeDokumen: null,
          cekUrl: null,
        };
        signed = await signer.sign(pdf, who, secret, {
          reason: info.reason,
          location: 'Dinas Pendidikan',
          contactInfo: official.jabatan,
          signingTime: now,
          page: info.page,
          rect: info.rect,
          stamp: who.jenis === 'bsre' ? stamp : null,
        });
      }
      await limiter.reset(throttleKey);
      return signed;
    } catch (err) {
      if (err instanceof WrongPassphraseError) throw wrongSecret(err);
      await limiter.giveBack(throttleKey);
      throw err;
    }
  }

  return {
    repo,
    kantor,
    planOf,
    officialOf,

    /** The draft letter (watermarked, no number or code yet) for the teacher's current KGB. */
    async draftPdf(guruId: number, today: string): Promise<Buffer> {
      const settings = await repo.settings();
      const nomor = formatNomor(settings.formatNomor, 0, today).replace(/^(.*?)000/, '$1....');
      const planned = await planOf(guruId);
      const official = await repo.officialFor({ golongan: planned.plan.golongan, jenjang: planned.t.jenjang });
      const head = await kantor.letterhead();
      return (await renderLetter(content(planned, nomor, null, today, official), settings, head, { draft: true })).pdf;
    },

    /** Verification freezes the letter: final PDF without watermark, number, code, SHA-256. */
    async verify(guruId: number, userId: number, now: Date): Promise<LetterRow> {
      const today = clock.hariIni(now);
      const planned = await planOf(guruId);
      const { t, plan } = planned;
      const state = dueState(plan.tmt, today);
      if (!state.due) throw new AppError(422, 'kgb.not_due', KGB_MSG.notDue(tanggalPanjang(plan.dueFrom)));
      if (await repo.letterFor(guruId, plan.tmt))
        throw errors.conflict('kgb.already_verified', KGB_MSG.alreadyVerified);
      // The official a delegation names for this teacher, else the active one.
      const official = await repo.officialFor({ golongan: plan.golongan, jenjang: t.jenjang });
      if (!official) throw new AppError(422, 'kgb.no_official', KGB_MSG.noOfficial);
      const settings = await repo.settings();
      const head = await kantor.letterhead();
      // Everything read before the transaction: on PGlite (one connection) a query outside the
      // transaction while it runs would wait for it forever.
      const base = content(planned, '', null, today, official);
      try {
        return await db.transaction(async (tx) => {
          const n = await repo.nextNumber(tx as unknown as Db, Number(today.slice(0, 4)));
          const isi: LetterContent = {
            ...base,
            template: settings.template,
            nomor: formatNomor(settings.formatNomor, n, today),
            kodeDokumen: documentCode(),
          };
          const { pdf, rect, halaman, tanggalPos } = await renderLetter(isi, settings, head, { draft: false });
          Object.assign(isi, { ttd: rect, ttdHalaman: halaman, tanggalPos });
          const pdfKey = await files.put(pdf, 'pdf');
          try {
            return await kgbRepository(tx as unknown as Db, tables).insertLetter({
              guruId,
              nomor: isi.nomor,
              kodeDokumen: isi.kodeDokumen!,
              tmt: plan.tmt,
              isi,
              status: 'verified',
              pdfKey,
              pdfSha256: sha256(pdf),
              pejabatId: official.id,
              verifiedAt: now,
              verifiedBy: userId,
              menggantikanId: planned.menggantikan?.id ?? null,
            });
          } catch (err) {
            await files.delete(pdfKey);
            throw err;
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.conflict('kgb.already_verified', KGB_MSG.alreadyVerified);
        throw err;
      }
    },

    /**
     * The teacher's postponements (penundaan), oldest first; `berlaku` for those after the last KGB,
     * which move the next TMT.
     */
    async postponements(guruId: number): Promise<PenundaanKgb[]> {
      await teacherOrThrow(guruId);
      const lastKgb = basisFromDecrees(await decreesOf(db, guruId))?.lastKgbTmt ?? null;
      return (await postponementsOf(db, guruId)).map((p) => ({
        id: p.id,
        tmt_semula: p.tmtSemula,
        bulan: p.bulan,
        tmt_baru: addMonths(p.tmtSemula, p.bulan),
        alasan: p.alasan,
        nomor_sk: p.nomorSk,
        dibuat_pada: p.createdAt.toISOString(),
        berlaku: lastKgb === null || p.tmtSemula > lastKgb,
      }));
    },

    /**
     * Postpones the teacher's next KGB (PP 7/1977, postponement article: at most a year at a time, again when the
     * conditions are still not met): the increase due on the planned TMT moves by `bulan` months,
     * the months counting as service. Refused while a letter is in force for that TMT (cancel it
     * first) and when the record gives no next KGB.
     */
    async postpone(
      guruId: number,
      input: { bulan: number; alasan: string; nomor_sk: string | null },
      userId: number,
      now: Date,
    ): Promise<PenundaanKgb[]> {
      const { plan } = await planOf(guruId);
      if (await repo.letterFor(guruId, plan.tmt))
        throw errors.conflict('kgb.letter_in_force', KGB_MSG.postponementLetterExists);
      try {
        await repo.insertPostponement({
          guruId,
          tmtSemula: plan.tmt,
          bulan: input.bulan,
          alasan: input.alasan,
          nomorSk: input.nomor_sk,
          createdBy: userId,
          createdAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.conflict('kgb.already_postponed', KGB_MSG.postponementTwice);
        throw err;
      }
      await syncTeacherFromRecord(db, guruId, now, clock.zona());
      return this.postponements(guruId);
    },

    /**
     * Removes a postponement entered by mistake: only the newest one still in force, and only while
     * no letter is in force for the TMT it gave.
     */
    async removePostponement(id: number, now: Date): Promise<{ guruId: number; rows: PenundaanKgb[] }> {
      const row = await repo.postponementById(id);
      if (!row) throw errors.notFound(KGB_MSG.postponementNotFound);
      const list = await this.postponements(row.guruId);
      const newest = list.filter((p) => p.berlaku).at(-1);
      if (newest?.id !== id) throw errors.conflict('kgb.postponement_not_latest', KGB_MSG.postponementOnlyLatest);
      if (await repo.letterFor(row.guruId, newest.tmt_baru))
        throw errors.conflict('kgb.letter_in_force', KGB_MSG.postponementLetterExists);
      await repo.deletePostponement(id);
      await syncTeacherFromRecord(db, row.guruId, now, clock.zona());
      return { guruId: row.guruId, rows: await this.postponements(row.guruId) };
    },

    /**
     * Cancels a verified or signed letter with a reason. The letter stays, with its
     * number and code, as cancelled (the public check says so); a signed letter's history row (the
     * server's, decision 0020) is removed and the teacher's profile follows the record again, so the
     * KGB can be made anew. The audit trigger records every row changed; runs in the request's
     * transaction.
     */
    async cancel(suratId: number, userId: number, alasan: string, now: Date): Promise<LetterRow> {
      const letter = await repo.letterById(suratId);
      if (!letter) throw errors.notFound(KGB_MSG.noLetter);
      if (letter.status === 'cancelled') throw errors.conflict('kgb.already_cancelled', KGB_MSG.alreadyCancelled);
      const changed = await repo.cancelLetter(suratId, { batalAt: now, batalBy: userId, alasanBatal: alasan });
      // 'signing' (a signature in progress) cannot be cancelled until it ends.
      if (!changed) throw errors.conflict('kgb.not_cancellable', KGB_MSG.notCancellable);
      if (letter.status === 'signed') {
        for (const key of await repo.deleteHistoryOf(suratId)) if (key) await files.delete(key);
        await syncTeacherFromRecord(db, letter.guruId, now, clock.zona());
      }
      return changed;
    },

    /**
     * The notice to the payroll office that a signed letter is cancelled, signed by the active
     * official like the letters. Its number is taken from the register once (the same number when
     * it is made again) and kept with the letter.
     */
    async cancellationNotice(suratId: number, userId: number, secret: SignerSecret, now: Date): Promise<Buffer> {
      const letter = await repo.letterById(suratId);
      if (!letter) throw errors.notFound(KGB_MSG.noLetter);
      if (letter.status !== 'cancelled' || !letter.signedKey)
        throw new AppError(422, 'kgb.no_notice', KGB_MSG.noCancellationNotice);
      const official = await repo.activeOfficial();
      if (!official) throw new AppError(422, 'kgb.no_official', KGB_MSG.noOfficial);
      const settings = await repo.settings();
      const head = await kantor.letterhead();
      const today = clock.hariIni(now);
      let nomor = letter.nomorPembatalan;
      if (!nomor) {
        nomor = await db.transaction(async (tx) => {
          // Two requests at once: the letter's row is locked before a number is taken, so the
          // second request waits, reads the first one's number and takes none from the register.
          const inTx = kgbRepository(tx as unknown as Db, tables);
          const held = await inTx.lockCancellationNumber(suratId);
          if (held) return held;
          const n = await repo.nextNumber(tx as unknown as Db, Number(today.slice(0, 4)));
          const taken = formatNomor(settings.formatNomor, n, today);
          await inTx.setCancellationNumber(suratId, taken);
          return taken;
        });
      }
      const pdf = await renderPembatalan(
        {
          nomor,
          tanggal: today,
          surat: { ...(letter.isi as LetterContent), nomorSurat: letter.nomor },
          alasan: letter.alasanBatal ?? '-',
          pejabat: official,
          stamp: `${tanggalPanjang(today)} ${clock.jam(now)}`,
          segel: sealIdSubscriber ? sealHolder(head) : null,
        },
        settings,
        head,
      );
      return signDocument(pdf, official, userId, secret, now, {
        reason: `Pembatalan surat KGB ${letter.nomor}`,
        page: 0,
        rect: PEMBATALAN_SIGNATURE_RECT,
      });
    },

    /**
     * Signs the verified letter of the teacher's current KGB with the official's passphrase. One
     * request wins the letter (status verified → signing); the others get 409. A wrong passphrase
     * changes nothing and counts towards the caller's limit.
     */
    async sign(
      guruId: number,
      userId: number,
      secret: SignerSecret,
      now: Date,
      terimaBelumVerifikasi = false,
    ): Promise<LetterRow> {
      const { t, plan } = await planOf(guruId);
      const letter = await repo.letterFor(guruId, plan.tmt);
      if (!letter) {
        // Signed a moment ago (by another tab): the teacher's last KGB is now that letter's TMT.
        const latest = await repo.latestLetter(guruId);
        if (latest?.status === 'signed' && latest.tmt === t.g.tgl_kgb_terakhir)
          throw errors.conflict('kgb.already_signed', KGB_MSG.alreadySigned);
        throw new AppError(422, 'kgb.not_verified', KGB_MSG.notVerified);
      }
      if (letter.status === 'signed') throw errors.conflict('kgb.already_signed', KGB_MSG.alreadySigned);
      return signLetter(letter, userId, secret, now, { terimaBelumVerifikasi });
    },

    signLetter,
    signDocument,
    /** Who seals the office's documents (the block's name), or null when they are signed by the official. */
    sealHolder: (head: Letterhead) => (sealIdSubscriber ? sealHolder(head) : null),
  };
}

/** The name the seal's block gives: the office, as its letterhead names it ("Dinas Pendidikan Kota Ternate"). */
function sealHolder(head: Letterhead): string {
  return head.wilayah && !head.instansi.includes(head.wilayah) ? `${head.instansi} ${head.wilayah}` : head.instansi;
}
