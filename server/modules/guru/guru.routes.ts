import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { checkGuruCreate, guruListQuery, guruSearchQuery, guruUpdateBody, GURU_PAGE_SIZE, statusKepegawaianBody, VERIFIKASI_BELUM, VERIFIKASI_SUDAH, type GuruUpdateBody } from '#contract/guru.ts';
import { nikProblem } from '#contract/nip.ts';
import { asnProblems, isAsn, STATUS_PNS } from '#contract/asn.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { processImage } from '../../lib/images.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/auth.ts';
import { guru, sekolah, wilayah } from '../../db/schema/index.ts';
import { ownNpsn } from '../../lib/scope.ts';
import { guruRepository, type GuruRepository } from './guru.repository.ts';
import { cappedPage } from '../../lib/capped-count.ts';
import { assertGuruAccess, requireGuru } from './guru-access.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { decreesOf, syncTeacherFromRecord } from '../kgb/record-basis.ts';
import { basisFromDecrees } from '../../domain/kgb.ts';
import { hariIni } from '../../domain/waktu-kantor.ts';

/** Checks the references and cross-field rules of a teacher that zod cannot see. */
async function checkReferences(db: Db, repo: GuruRepository, v: Partial<GuruUpdateBody> & { tgl_lahir: string; jenis_kelamin: string; id_jabatan: number; sekolah_id: number }, exceptId?: number) {
  const status = v.status_guru ?? STATUS_PNS;
  const fail = (field: string, message: string) => {
    throw errors.validation({ [field]: message });
  };
  // NIP or NI PPPK and golongan by employment status (PNS, CPNS, PPPK: contract/asn.ts).
  const asn = asnProblems({ status_guru: status, nip: v.nip, golongan: v.golongan, tgl_lahir: v.tgl_lahir, jenis_kelamin: v.jenis_kelamin });
  if (asn.nip) fail('nip', asn.nip);
  if (asn.golongan) fail('golongan', asn.golongan);
  if (v.golongan && !(await repo.inMaster('golongan', v.golongan))) fail('golongan', 'Golongan tidak ditemukan');
  if (!(await repo.inMaster('jabatan', v.id_jabatan))) fail('id_jabatan', 'Jabatan tidak ditemukan');
  const [school] = await db.select({ id: sekolah.id }).from(sekolah).where(eq(sekolah.id, v.sekolah_id));
  if (!school) fail('sekolah_id', MSG.schoolNotFound);
  if (v.status_guru && !(await repo.inMaster('jenisguru', v.status_guru))) fail('status_guru', 'Jenis guru tidak ditemukan');
  if (v.nik) {
    const problem = nikProblem(v.nik);
    if (problem) fail('nik', problem);
  }
  for (const [field, kategori] of [['goldar', 'goldar'], ['pendidikan_terakhir', 'pendidikanterakhir'], ['mapel_1', 'mapel'], ['mapel_2', 'mapel']] as const) {
    const value = v[field];
    if (value && !(await repo.inMaster(kategori, value))) fail(field, 'Pilihan tidak ditemukan di data master');
  }
  if (v.kode_wilayah) {
    const [w] = await db.select({ k: wilayah.kodeWilayah }).from(wilayah).where(eq(wilayah.kodeWilayah, v.kode_wilayah));
    if (!w) fail('kode_wilayah', MSG.regionNotFound);
  }
  if (v.nip && (await repo.nipTaken(v.nip, exceptId))) throw errors.conflict('guru.nip_taken', MSG.nipTaken);
}

/** The profile fields the record decides (issue 22.1), with their labels for the message. */
const RECORD_FIELDS = { golongan: 'Golongan', mkg_tahun: 'MKG tahun', mkg_bulan: 'MKG bulan', gaji_pokok: 'Gaji pokok', tgl_kgb_terakhir: 'Tanggal KGB terakhir' } as const;

/**
 * Golongan, MKG, basic salary and last KGB date follow the teacher's verified rank and KGB decrees
 * (server/modules/kgb/record-basis.ts). Sending the same value is fine (the form sends every
 * field); a different one is refused while the record has a decree: it is changed in the tabs.
 * A teacher without a decree (typed or imported data) keeps them editable.
 */
async function refuseRecordFieldChanges(db: Db, id: number, b: Partial<GuruUpdateBody>, status: string): Promise<void> {
  const [current] = await db.select({ versi: guru.versi, golongan: guru.golongan, mkg_tahun: guru.mkg_tahun, mkg_bulan: guru.mkg_bulan, gaji_pokok: guru.gaji_pokok, tgl_kgb_terakhir: guru.tgl_kgb_terakhir }).from(guru).where(eq(guru.id, id));
  // A form opened before a change (a signed letter, say) gets the 409 of the update instead.
  if (!current || (b.versi !== undefined && b.versi !== current.versi)) return;
  const changed = (Object.keys(RECORD_FIELDS) as (keyof typeof RECORD_FIELDS)[]).filter((k) => {
    const v = b[k];
    if (v === undefined) return false;
    // A teacher who leaves the civil service loses the golongan.
    if (k === 'golongan' && v === null && !isAsn(status)) return false;
    return (v ?? null) !== (current[k] ?? null);
  });
  if (!changed.length) return;
  if (!basisFromDecrees(await decreesOf(db, id))) return;
  throw errors.validation(Object.fromEntries(changed.map((k) => [k, MSG.fromRecord(RECORD_FIELDS[k])])));
}

export function guruRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const repo = guruRepository(db, deps.config.retirementAge);

  // SPEC §7 writes the list path with a trailing slash (/api/guru/?bp&jenis_guru&page).
  for (const url of ['/api/guru', '/api/guru/']) {
    app.get(url, { config: { access: 'user' }, schema: { querystring: guruListQuery } }, async (request) => {
      const q = request.query;
      return ok(cappedPage(await repo.list({ bp: q.bp, jenisGuru: q.jenis_guru, npsn: ownNpsn(currentUser(request).user) }, q.page, GURU_PAGE_SIZE), q.page, GURU_PAGE_SIZE));
    });
  }

  app.get('/api/guru/cari', { config: { access: 'user' }, schema: { querystring: guruSearchQuery } }, async (request) => {
    const q = request.query;
    return ok(cappedPage(await repo.list({ search: q.guru, npsn: ownNpsn(currentUser(request).user) }, q.page, GURU_PAGE_SIZE), q.page, GURU_PAGE_SIZE));
  });

  app.get('/api/guru/:id', { config: { access: 'user' }, schema: { params: idParam } }, async (request) => {
    // One statement: the record carries its school, so the access check needs no query of its own.
    const found = await repo.find(request.params.id, hariIni(deps.now()));
    assertGuruAccess(currentUser(request).user, found && { npsn: found.sekolah?.npsn });
    return ok(found);
  });

  // Employment life cycle (issue 22.4): retired, moved out, stopped, deceased, or active again.
  // Administrators only; the audit trigger keeps who changed it and when.
  app.put('/api/guru/:id/status-kepegawaian', { config: { access: 'admin' }, schema: { params: idParam, body: statusKepegawaianBody } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    const b = request.body;
    await repo.setStatusKepegawaian(id, { status: b.status, tanggal: b.tanggal ?? null, keterangan: b.keterangan ?? null }, deps.now());
    return ok(await repo.find(id, hariIni(deps.now())), MSG.statusKepegawaianSaved);
  });

  app.post('/api/guru', { config: { access: 'admin' } }, async (request) => {
    const { fields, files } = await readMultipart(request, IMAGE_MAX_UPLOAD_BYTES);
    const checked = checkGuruCreate(fields, !!files.foto);
    if (!checked.values) throw errors.validation(checked.errors);
    const v = checked.values;
    await checkReferences(db, repo, { ...v, nip: v.nip ?? null, golongan: v.golongan ?? null, status_guru: v.status_guru ?? STATUS_PNS });
    const image = await processImage(files.foto!.bytes);
    const fotoKey = await deps.files.put(image.image, 'jpg');
    try {
      const [row] = await db
        .insert(guru)
        .values({
          nama: v.nama,
          tgl_lahir: v.tgl_lahir,
          nip: v.nip ?? null,
          jenis_kelamin: v.jenis_kelamin,
          golongan: v.golongan ?? null,
          id_jabatan: v.id_jabatan,
          sekolah_id: v.sekolah_id,
          status_guru: v.status_guru ?? STATUS_PNS,
          foto_key: fotoKey,
        })
        .returning({ id: guru.id });
      return ok(await repo.find(row!.id), MSG.teacherCreated);
    } catch (err) {
      await deps.files.delete(fotoKey);
      if (isUniqueViolation(err)) throw errors.conflict('guru.nip_taken', MSG.nipTaken);
      throw err;
    }
  });

  app.put('/api/guru/:id', { config: { access: 'admin' }, schema: { params: idParam, body: guruUpdateBody } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    const b = request.body;
    const [current] = await db.select({ status_guru: guru.status_guru }).from(guru).where(eq(guru.id, id));
    const status = b.status_guru === undefined ? (current?.status_guru ?? STATUS_PNS) : (b.status_guru ?? STATUS_PNS);
    await checkReferences(db, repo, { ...b, status_guru: status }, id);
    await refuseRecordFieldChanges(db, id, b, status);
    // Every field of the form; fields left out keep their value.
    const { versi, ...fields } = b;
    const changes = Object.fromEntries(Object.entries({ ...fields, status_guru: status }).filter(([k, v]) => v !== undefined && k !== 'instagram'));
    if (b.instagram !== undefined) changes.instagram = b.instagram ? b.instagram.replace(/^@/, '') : null;
    let updated: { id: number }[];
    try {
      // The trigger guru_versi raises versi on every update; an edit based on an older versi
      // matches no row (optimistic locking), so it cannot overwrite a change made meanwhile.
      updated = await db
        .update(guru)
        .set({ ...changes, updated_at: deps.now() })
        .where(and(eq(guru.id, id), versi === undefined ? undefined : eq(guru.versi, versi)))
        .returning({ id: guru.id });
    } catch (err) {
      if (isUniqueViolation(err)) throw errors.conflict('guru.nip_taken', MSG.nipTaken);
      throw err;
    }
    if (!updated.length) throw errors.conflict('guru.changed', MSG.teacherChanged);
    // A change of status (a CPNS made PNS, a PNS who became PPPK) changes what the record gives:
    // the salary's percentage and where the KGB cycle counts from.
    if (status !== current?.status_guru) await syncTeacherFromRecord(db, id, deps.now());
    return ok(await repo.find(id), MSG.updated);
  });

  app.post('/api/guru/:id/foto', { config: { access: 'admin' }, schema: { params: idParam } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    const { files } = await readMultipart(request, IMAGE_MAX_UPLOAD_BYTES);
    if (!files.foto) throw errors.validation({ foto: 'foto tidak boleh Kosong' });
    const image = await processImage(files.foto.bytes);
    const [old] = await db.select({ key: guru.foto_key }).from(guru).where(eq(guru.id, id));
    const key = await deps.files.put(image.image, 'jpg');
    await db.update(guru).set({ foto_key: key, updated_at: deps.now() }).where(eq(guru.id, id));
    if (old?.key) await deps.files.delete(old.key);
    return ok(await repo.find(id), MSG.photoSaved);
  });

  app.put('/api/guru/verifikasi/:id', { config: { access: 'admin' }, schema: { params: idParam } }, async (request) => {
    const id = request.params.id;
    await requireGuru(repo, currentUser(request).user, id);
    // Only an unverified teacher can be verified: of concurrent attempts exactly one succeeds.
    const done = await db
      .update(guru)
      .set({ verifikasi: VERIFIKASI_SUDAH, updated_at: deps.now() })
      .where(and(eq(guru.id, id), eq(guru.verifikasi, VERIFIKASI_BELUM)))
      .returning({ id: guru.id });
    if (!done.length) throw errors.conflict('guru.already_verified', MSG.teacherAlreadyVerified);
    return ok(await repo.find(id), MSG.teacherVerified);
  });
}
