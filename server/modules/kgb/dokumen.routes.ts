import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KGB_MSG, type DokumenInfo } from '#contract/kgb.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { kgbRepository } from './kgb.repository.ts';
import { kgbService } from './kgb.service.ts';
import { sha256 } from './signer.ts';
import type { LetterContent } from './letter.ts';
import type { AppDeps } from '../../app.ts';

const kodeParam = z.object({ kode: z.string().trim().toUpperCase().regex(/^KGB-[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'Kode dokumen tidak valid (contoh: KGB-7K3M-Q9XD)') });

/** NIP with the middle hidden: enough to recognise, not enough to reuse. */
const maskNip = (nip: string) => (nip.length === 18 ? `${nip.slice(0, 8)}******${nip.slice(14)}` : '******');

/**
 * Public verification of a letter by its document code: who signed it and when, and whether an
 * uploaded copy is byte for byte the stored one (SHA-256).
 */
export function dokumenRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repo = kgbRepository(deps.database.db);
  const service = kgbService(deps.database.db, deps.files, { publicUrl: deps.config.publicUrl, retirementAge: deps.config.retirementAge });

  async function find(kode: string) {
    const letter = await repo.letterByCode(kode);
    if (!letter) throw errors.notFound(KGB_MSG.documentNotFound);
    return letter;
  }

  app.get('/api/dokumen/:kode', { config: { access: 'public' }, schema: { params: kodeParam } }, async (request) => {
    const letter = await find(request.params.kode);
    const isi = letter.isi as LetterContent;
    const official = await service.officialOf(letter);
    const signed = letter.status === 'signed';
    const info: DokumenInfo = {
      kode_dokumen: letter.kodeDokumen,
      jenis: 'Surat Pemberitahuan Kenaikan Gaji Berkala',
      nomor: letter.nomor,
      status: letter.status as DokumenInfo['status'],
      nama_guru: isi.guru.nama,
      nip_guru: maskNip(isi.guru.nip),
      tmt: letter.tmt,
      penandatangan: signed && official ? { nama: official.nama, jabatan: official.jabatan } : null,
      ditandatangani_pada: signed && letter.signedAt ? letter.signedAt.toISOString() : null,
      sha256: (signed ? letter.signedSha256 : letter.pdfSha256) ?? letter.pdfSha256,
    };
    return ok(info);
  });

  app.post('/api/dokumen/:kode/cek', { config: { access: 'public' }, schema: { params: kodeParam } }, async (request) => {
    const letter = await find(request.params.kode);
    const { files } = await readMultipart(request, DOCUMENT_MAX_BYTES, DOCUMENT_MSG.tooLarge);
    const file = files.file ?? Object.values(files)[0];
    if (!file) throw errors.validation({ file: 'File tidak boleh Kosong' });
    const hash = sha256(file.bytes);
    const expected = letter.status === 'signed' && letter.signedSha256 ? letter.signedSha256 : letter.pdfSha256;
    const cocok = hash === expected;
    return ok({ cocok, sha256_unggahan: hash, sha256_tersimpan: expected }, cocok ? 'Salinan sama persis dengan dokumen yang tersimpan' : 'Salinan TIDAK sama dengan dokumen yang tersimpan');
  });
}
