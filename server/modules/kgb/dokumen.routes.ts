import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KGB_MSG, type DokumenInfo, type VerifikasiTtd } from '#contract/kgb.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { attemptLimiter } from '../auth/login-throttle.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { kgbRepository } from './kgb.repository.ts';
import { kgbService } from './kgb.service.ts';
import { sha256 } from './signer.ts';
import type { LetterContent } from './letter.ts';
import type { AppDeps } from '../../deps.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import { KODE_DOKUMEN_PATTERN, normalKodeDokumen } from '#contract/kode-dokumen.ts';
import type { BsreClient, BsreVerification } from './bsre-client.ts';

/** BSrE's verification of a signed file is kept this long (by its SHA-256): a public page is read often. */
const VERIFY_CACHE_MS = 10 * 60_000;
const VERIFY_CACHE_MAX = 500;

/**
 * What the public check shows of a signature (Permenkominfo 11/2022, docs/domain/tanda-tangan.md):
 * the signer, the time, whether the file is intact and whether the certificate is trusted. A letter
 * signed through BSrE is verified by BSrE (POST /api/v2/verify/pdf, cached); the office's own key
 * is described from the stored facts (its certificate is the office's own: not trusted).
 */
function verifier(client: BsreClient | null, zona: () => string) {
  const cache = new Map<string, { at: number; result: BsreVerification }>();
  async function bsreVerify(sha: string, bytes: Buffer, now: number): Promise<BsreVerification> {
    const hit = cache.get(sha);
    if (hit && now - hit.at < VERIFY_CACHE_MS) return hit.result;
    const result = await client!.verifyPdf(bytes);
    if (cache.size >= VERIFY_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(sha, { at: now, result });
    return result;
  }
  return async function verify(
    letter: { signedVia: string | null; signedAt: Date | null; signedSha256: string | null },
    bytes: Buffer | null,
    official: { nama: string; berlakuSampai: Date | null } | null,
    now: Date,
  ): Promise<VerifikasiTtd> {
    const intact = bytes && letter.signedSha256 ? sha256(bytes) === letter.signedSha256 : null;
    const local: VerifikasiTtd = {
      jenis: letter.signedVia === 'bsre' ? 'bsre' : 'p12',
      penandatangan: official?.nama ?? null,
      waktu: letter.signedAt ? letter.signedAt.toISOString() : null,
      zona: zona(),
      utuh: intact,
      sertifikat_terpercaya: letter.signedVia === 'bsre' ? null : false,
      kesimpulan: null,
      penerbit: letter.signedVia === 'bsre' ? null : 'Kunci dan sertifikat kantor sendiri (tidak tersertifikasi)',
      berlaku_sampai:
        letter.signedVia === 'bsre' ? null : official?.berlakuSampai ? official.berlakuSampai.toISOString() : null,
      catatan: null,
    };
    if (letter.signedVia !== 'bsre') return local;
    if (!client || !bytes || !letter.signedSha256)
      return {
        ...local,
        catatan: 'Verifikasi BSrE tidak tersedia di server ini; keutuhan diperiksa dengan SHA-256 yang tersimpan.',
      };
    try {
      const v = await bsreVerify(letter.signedSha256, bytes, now.getTime());
      // The letter carries one signature (Sidasek signs once); the last one is BSrE's answer.
      const sig = v.signatures.at(-1);
      return {
        ...local,
        penandatangan: sig?.signerName ?? local.penandatangan,
        waktu: sig?.signatureDate ?? local.waktu,
        utuh: sig ? sig.integrityValid && intact !== false : false,
        sertifikat_terpercaya: sig ? sig.certificateTrusted : false,
        kesimpulan: v.conclusion,
        penerbit: sig?.certificate?.issuer ?? null,
        berlaku_sampai: sig?.certificate?.notAfter ?? null,
      };
    } catch {
      return {
        ...local,
        catatan:
          'Layanan verifikasi BSrE tidak dapat dihubungi saat ini; keutuhan diperiksa dengan SHA-256 yang tersimpan. Coba lagi nanti untuk status sertifikat.',
      };
    }
  };
}

// Codes of letters made since November 2026 (three groups of five) and before (two groups of four).
// A code as people type it (spaces, no dashes, lower case) is read in its normal form (contract/kode-dokumen.ts).
const kodeParam = z.object({
  kode: z
    .string()
    .transform(normalKodeDokumen)
    .pipe(z.string().regex(KODE_DOKUMEN_PATTERN, 'Kode dokumen tidak valid (contoh: KGB-7K3MQ-9XDRT-H2WPA)')),
});

/**
 * NIP for a reader without a login: only the last three digits (the sequence). The first eight are
 * the birth date and the fifteenth the sex (Perka BKN 22/2007): personal data.
 */
const maskNip = (nip: string) => (nip.length === 18 ? `${'*'.repeat(15)}${nip.slice(15)}` : '******');

/** Wrong codes an address may try in a window before it waits; the public check of a copy likewise. */
export const DOKUMEN_MISSES_PER_ADDRESS = 20;
export const DOKUMEN_CHECKS_PER_ADDRESS = 30;
const DOKUMEN_WINDOW_MINUTES = 15;
/** A copy to compare is one signed letter of a page or two: far below the 10 MB of a record's file. */
const COPY_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Public verification of a letter by its document code: who signed it and when, and whether an
 * uploaded copy is byte for byte the stored one (SHA-256).
 */
export function dokumenRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = kgbRepository(deps.database.db, deps.salaryTables);
  const service = kgbService(deps.database.db, deps.files, {
    publicUrl: deps.config.publicUrl,
    retirementAge: deps.config.retirementAge,
    waktu: deps.waktu,
    salaryTables: deps.salaryTables,
  });

  const limiter = attemptLimiter(deps.database.db, DOKUMEN_WINDOW_MINUTES);
  const verify = verifier(deps.bsre ?? null, deps.waktu.zona);
  const throttled = (wait: number, message = KGB_MSG.documentThrottled) =>
    new AppError(429, 'dokumen.throttled', message(Math.ceil(wait / 60)), null, { 'retry-after': String(wait) });

  /**
   * The letter of a code. A wrong code counts against the caller's address (enumeration): past the
   * limit every lookup from that address waits for the window, the right code included.
   */
  async function find(kode: string, ip: string, now: Date) {
    const key = `dok:${ip}`;
    const letter = await repo.letterByCode(kode);
    if (!letter) {
      const wait = await limiter.take(key, DOKUMEN_MISSES_PER_ADDRESS, now);
      if (wait > 0) throw throttled(wait);
      throw errors.notFound(KGB_MSG.documentNotFound);
    }
    const wait = await limiter.blockedFor(key, DOKUMEN_MISSES_PER_ADDRESS, now);
    if (wait > 0) throw throttled(wait);
    return letter;
  }

  app.get('/api/dokumen/:kode', { config: { access: 'public' }, schema: { params: kodeParam } }, async (request) => {
    const letter = await find(request.params.kode, request.ip, deps.now());
    const isi = letter.isi as LetterContent;
    const official = await service.officialOf(letter);
    // A signed letter, or a cancelled one that had been signed: the signature stays on record.
    const signed = letter.signedKey != null;
    const profil = await service.kantor.profile();
    const pengganti = await repo.replacementOf(letter.id);
    const diganti = letter.menggantikanId ? await repo.letterById(letter.menggantikanId) : null;
    const waktu = (d: Date | null) => (d ? `${tanggalPanjang(deps.waktu.hariIni(d))} ${deps.waktu.jam(d)}` : null);
    const info: DokumenInfo = {
      verifikasi: signed ? await verify(letter, await deps.files.get(letter.signedKey!), official, deps.now()) : null,
      kode_dokumen: letter.kodeDokumen,
      jenis:
        isi.template === 'keputusan' ? 'Keputusan Kenaikan Gaji Berkala' : 'Surat Pemberitahuan Kenaikan Gaji Berkala',
      nomor: letter.nomor,
      status: letter.status as DokumenInfo['status'],
      nama_guru: isi.guru.nama,
      nip_guru: maskNip(isi.guru.nip),
      tmt: letter.tmt,
      penandatangan: signed && official ? { nama: official.nama, jabatan: official.jabatan } : null,
      ditandatangani_pada: signed && letter.signedAt ? letter.signedAt.toISOString() : null,
      sha256: letter.signedSha256 ?? letter.pdfSha256,
      dibatalkan_pada: letter.batalAt ? letter.batalAt.toISOString() : null,
      alasan_batal: letter.alasanBatal,
      instansi: `${profil.nama_instansi} ${profil.wilayah}`,
      golongan: isi.guru.golongan,
      gaji_baru: isi.gajiBaru,
      ditandatangani_pada_teks: signed ? waktu(letter.signedAt) : null,
      dibatalkan_pada_teks: waktu(letter.batalAt),
      pengganti:
        pengganti && pengganti.status !== 'cancelled'
          ? { nomor: pengganti.nomor, kode_dokumen: pengganti.kodeDokumen }
          : null,
      menggantikan: diganti ? { nomor: diganti.nomor, kode_dokumen: diganti.kodeDokumen } : null,
    };
    return ok(info);
  });

  app.post(
    '/api/dokumen/:kode/cek',
    { config: { access: 'public' }, schema: { params: kodeParam } },
    async (request) => {
      const letter = await find(request.params.kode, request.ip, deps.now());
      const checks = await limiter.take(`dokcek:${request.ip}`, DOKUMEN_CHECKS_PER_ADDRESS, deps.now());
      if (checks > 0) throw throttled(checks, KGB_MSG.copyChecksThrottled);
      const { files } = await readMultipart(request, COPY_MAX_BYTES, KGB_MSG.copyTooLarge);
      const file = files.file ?? Object.values(files)[0];
      if (!file) throw errors.validation({ file: 'File tidak boleh Kosong' });
      const hash = sha256(file.bytes);
      const expected = letter.signedSha256 ?? letter.pdfSha256;
      const cocok = hash === expected;
      return ok(
        { cocok, sha256_unggahan: hash, sha256_tersimpan: expected },
        cocok
          ? 'Salinan sama persis dengan dokumen yang tersimpan'
          : 'Salinan TIDAK sama dengan dokumen yang tersimpan',
      );
    },
  );
}
