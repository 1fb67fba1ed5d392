import { KGB_MSG, PASSPHRASE_MIN_LENGTH, type Pejabat } from '#contract/kgb.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errors } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
import { pejabatRepository, type PejabatRecord } from './pejabat.repository.ts';
import { createOfficialKey, readOfficialKey, WrongPassphraseError } from './signer.ts';

/** The answer's shape: no key, no NIK. */
export const toPejabat = (p: PejabatRecord): Pejabat => ({
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
export async function registerOfficial(db: Db, files: FileStore, o: NewOfficial, now: Date): Promise<PejabatRecord> {
  if (o.passphrase.length < PASSPHRASE_MIN_LENGTH) throw errors.validation({ passphrase: KGB_MSG.passphraseShort });
  let key;
  try {
    key = o.p12 ? readOfficialKey(o.p12, o.passphrase) : createOfficialKey({ nama: o.nama, nip: o.nip, jabatan: o.jabatan, instansi: (await kantorRepository(db, files).profile()).nama_instansi }, o.passphrase, now);
  } catch (err) {
    if (err instanceof WrongPassphraseError) throw errors.validation({ p12: KGB_MSG.p12Invalid });
    throw new AppError(422, 'pejabat.p12', KGB_MSG.p12Invalid);
  }
  const repo = pejabatRepository(db);
  const p12Key = await files.put(key.p12, 'p12');
  const id = await repo.insert({ nama: o.nama, nip: o.nip, jabatan: o.jabatan, pangkat: o.pangkat || null, nik: o.nik || null, p12Key, sertifikatSubjek: key.subject, sertifikatSidikJari: key.fingerprint, berlakuSampai: key.validUntil });
  // The first official, or one registered as active, signs new letters.
  if (o.aktif || !(await repo.hasActive())) await repo.activate(id);
  return (await repo.find(id))!;
}
