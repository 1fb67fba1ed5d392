import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, ne } from 'drizzle-orm';
import { JENJANG_DELEGASI, KGB_MSG, PASSPHRASE_MIN_LENGTH, pejabatFields, type Pejabat } from '#contract/kgb.ts';
import { GOLONGAN_PNS, GOLONGAN_PPPK } from '#contract/asn.ts';
import { idParam } from '#contract/user.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseWith } from '../../plugins/validation.ts';
import { pejabat } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { createOfficialKey, readOfficialKey, WrongPassphraseError } from './signer.ts';
import { kgbRepository } from './kgb.repository.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
import type { AppDeps } from '../../deps.ts';

const toPejabat = (p: typeof pejabat.$inferSelect): Pejabat => ({
  id: p.id,
  nama: p.nama,
  nip: p.nip,
  jabatan: p.jabatan,
  pangkat: p.pangkat,
  aktif: p.aktif,
  delegasi: p.delegasi ?? null,
  sertifikat_subjek: p.sertifikatSubjek,
  sertifikat_sidik_jari: p.sertifikatSidikJari,
  berlaku_sampai: p.berlakuSampai.toISOString(),
});

export interface NewOfficial {
  nama: string;
  nip: string;
  jabatan: string;
  pangkat?: string | undefined;
  nik?: string | undefined;
  passphrase: string;
  /** An existing PKCS#12; without it a key pair and certificate are created. */
  p12?: Buffer | undefined;
  aktif?: boolean;
}

/** Registers a signing official (also used by the set-up script and the demo seed). */
export async function registerOfficial(db: Db, files: FileStore, o: NewOfficial, now: Date): Promise<typeof pejabat.$inferSelect> {
  if (o.passphrase.length < PASSPHRASE_MIN_LENGTH) throw errors.validation({ passphrase: KGB_MSG.passphraseShort });
  let key;
  try {
    key = o.p12 ? readOfficialKey(o.p12, o.passphrase) : createOfficialKey({ nama: o.nama, nip: o.nip, jabatan: o.jabatan, instansi: (await kantorRepository(db, files).profile()).nama_instansi }, o.passphrase, now);
  } catch (err) {
    if (err instanceof WrongPassphraseError) throw errors.validation({ p12: KGB_MSG.p12Invalid });
    throw new AppError(422, 'pejabat.p12', KGB_MSG.p12Invalid);
  }
  const p12Key = await files.put(key.p12, 'p12');
  const [row] = await db
    .insert(pejabat)
    .values({ nama: o.nama, nip: o.nip, jabatan: o.jabatan, pangkat: o.pangkat || null, nik: o.nik || null, p12Key, sertifikatSubjek: key.subject, sertifikatSidikJari: key.fingerprint, berlakuSampai: key.validUntil, aktif: false })
    .returning();
  // The first official, or one registered as active, signs new letters.
  const [active] = await db.select({ id: pejabat.id }).from(pejabat).where(eq(pejabat.aktif, true)).limit(1);
  if (o.aktif || !active) await activate(db, row!.id);
  return (await db.select().from(pejabat).where(eq(pejabat.id, row!.id)))[0]!;
}

async function activate(db: Db, id: number) {
  await db.transaction(async (tx) => {
    await tx.update(pejabat).set({ aktif: false }).where(ne(pejabat.id, id));
    await tx.update(pejabat).set({ aktif: true }).where(eq(pejabat.id, id));
  });
}

/** PUT api/pejabat/{id}/delegasi: the golongan and school levels the official signs for. */
const delegasiBody = z
  .object({
    golongan: z.array(z.string().trim().refine((g) => ([...GOLONGAN_PNS, ...GOLONGAN_PPPK] as readonly string[]).includes(g), 'Golongan tidak dikenal')).max(40).default([]),
    jenjang: z.array(z.enum(JENJANG_DELEGASI, { error: 'Jenjang harus TK, SD, SMP, SMA, SMK atau SLB' })).max(6).default([]),
  })
  .refine((d) => d.golongan.length + d.jenjang.length > 0, { message: 'Pilih paling sedikit satu golongan atau jenjang yang didelegasikan', path: ['golongan'] });

const settingsBody = z.object({
  template: z.enum(['pemberitahuan', 'keputusan'], { error: 'Bentuk surat harus Surat Pemberitahuan atau Keputusan' }).default('pemberitahuan'),
  sifat: z.string().trim().min(1, 'Sifat surat tidak boleh Kosong').max(30, 'Sifat surat maksimal 30 karakter').default('Biasa'),
  formatNomor: z.string().trim().min(1, 'Format nomor tidak boleh Kosong').max(80).refine((v) => v.includes('{nomor}'), 'Format nomor harus memuat {nomor}'),
  kepada: z.string().trim().min(1, 'Tujuan surat tidak boleh Kosong').max(200),
  pembuka: z.string().trim().min(1, 'Kalimat pembuka tidak boleh Kosong').max(500),
  dasar: z.string().trim().min(1, 'Kalimat dasar tidak boleh Kosong').max(300),
  penutup: z.string().trim().min(1, 'Kalimat penutup tidak boleh Kosong').max(500),
  tembusan: z.array(z.string().trim().min(1).max(150)).max(8, 'Tembusan maksimal 8'),
});

/** Signing officials and the letter settings (administrators). */
export function pejabatRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const admin = { access: 'admin' } as const;
  const repo = kgbRepository(db);

  app.get('/api/pejabat', { config: admin }, async () => ok((await repo.officials()).map(toPejabat)));

  app.post('/api/pejabat', { config: admin }, async (request) => {
    const { fields, files } = await readMultipart(request, 256 * 1024, 'Berkas PKCS#12 maksimal 256 KB');
    const f = parseWith(pejabatFields, fields);
    if (!files.p12 && f.konfirmasi_passphrase !== f.passphrase) throw errors.validation({ konfirmasi_passphrase: KGB_MSG.passphraseMismatch });
    const row = await registerOfficial(db, deps.files, { ...f, p12: files.p12?.bytes }, deps.now());
    return ok(toPejabat(row), KGB_MSG.officialCreated);
  });

  app.put('/api/pejabat/:id/aktif', { config: admin, schema: { params: idParam } }, async (request) => {
    const [row] = await db.select({ id: pejabat.id }).from(pejabat).where(eq(pejabat.id, request.params.id));
    if (!row) throw errors.notFound();
    await activate(db, row.id);
    return ok((await repo.officials()).map(toPejabat), KGB_MSG.officialActivated);
  });

  // Delegations (issue 24.3): which teachers an official signs for instead of the active one.
  app.put('/api/pejabat/:id/delegasi', { config: admin, schema: { params: idParam, body: delegasiBody } }, async (request) => {
    const [row] = await db.update(pejabat).set({ delegasi: request.body }).where(eq(pejabat.id, request.params.id)).returning({ id: pejabat.id });
    if (!row) throw errors.notFound();
    return ok((await repo.officials()).map(toPejabat), KGB_MSG.delegationSaved);
  });

  app.delete('/api/pejabat/:id/delegasi', { config: admin, schema: { params: idParam } }, async (request) => {
    const [row] = await db.update(pejabat).set({ delegasi: null }).where(eq(pejabat.id, request.params.id)).returning({ id: pejabat.id });
    if (!row) throw errors.notFound();
    return ok((await repo.officials()).map(toPejabat), KGB_MSG.delegationRemoved);
  });

  app.get('/api/pengaturan/kgb', { config: admin }, async () => ok(await repo.settings()));
  app.put('/api/pengaturan/kgb', { config: admin, schema: { body: settingsBody } }, async (request) => {
    await repo.saveSettings(request.body);
    return ok(await repo.settings(), KGB_MSG.settingsSaved);
  });
}
