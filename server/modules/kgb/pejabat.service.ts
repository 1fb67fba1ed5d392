import {
  BSRE_MSG,
  KGB_MSG,
  PASSPHRASE_MIN_LENGTH,
  keteranganStatusBsre,
  type Pejabat,
  type StatusSertifikat,
} from '#contract/kgb.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errors } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';
import { pejabatRepository, type PejabatRecord } from './pejabat.repository.ts';
import type { OfficialKey } from './official-key.ts';
import { runCheck } from '../../lib/upload-check/pool.ts';
import { checkFailure } from '../../lib/images.ts';
import type { BsreClient } from './bsre-client.ts';

/** The answer's shape: no key, no NIK. */
export const toPejabat = (p: PejabatRecord): Pejabat => ({
  id: p.id,
  nama: p.nama,
  nip: p.nip,
  jabatan: p.jabatan,
  pangkat: p.pangkat,
  aktif: p.aktif,
  delegasi: p.delegasi ?? null,
  jenis: p.jenis === 'bsre' ? 'bsre' : 'p12',
  nik_terdaftar: Boolean(p.nik),
  sertifikat_subjek: p.sertifikatSubjek,
  sertifikat_sidik_jari: p.sertifikatSidikJari,
  berlaku_sampai: p.berlakuSampai ? p.berlakuSampai.toISOString() : null,
});

export interface NewOfficial {
  nama: string;
  nip: string;
  jabatan: string;
  pangkat?: string | undefined;
  nik?: string | undefined;
  /** The key's passphrase (a .p12 official); a BSrE official has none here. */
  passphrase?: string | undefined;
  /** An existing PKCS#12; without it a key pair and certificate are created. */
  p12?: Buffer | undefined;
  /** The key already opened or made (`prepareOfficialKey`, before the request's transaction). */
  key?: OfficialKey | undefined;
  aktif?: boolean;
}

/**
 * Opens an uploaded PKCS#12 with its passphrase, or makes a new key pair and certificate, in an
 * upload-check process with a time limit (the file decides how much work opening it is): called
 * before the request's transaction opens, so no database connection waits on it. Reads the
 * office's name for a new certificate.
 */
export async function prepareOfficialKey(db: Db, files: FileStore, o: NewOfficial, now: Date): Promise<OfficialKey> {
  const passphrase = o.passphrase ?? '';
  if (!passphrase) throw errors.validation({ passphrase: 'Passphrase tidak boleh Kosong' });
  if (passphrase.length < PASSPHRASE_MIN_LENGTH) throw errors.validation({ passphrase: KGB_MSG.passphraseShort });
  const create = o.p12
    ? undefined
    : {
        nama: o.nama,
        nip: o.nip,
        jabatan: o.jabatan,
        instansi: (await kantorRepository(db, files).profile()).nama_instansi,
        now: now.toISOString(),
      };
  let outcome;
  try {
    outcome = await runCheck('p12', o.p12 ?? new Uint8Array(0), undefined, {
      passphrase,
      ...(create ? { create } : {}),
    });
  } catch (err) {
    throw checkFailure(err, KGB_MSG.p12TooComplex) ?? err;
  }
  if (!outcome.ok) {
    if (outcome.refused === 'passphrase') throw errors.validation({ p12: KGB_MSG.p12Invalid });
    if (outcome.refused === 'too_complex') throw errors.validation({ p12: KGB_MSG.p12TooComplex });
    throw new AppError(422, 'pejabat.p12', KGB_MSG.p12Invalid);
  }
  return {
    p12: Buffer.from(outcome.p12),
    subject: outcome.subject,
    fingerprint: outcome.fingerprint,
    validUntil: new Date(outcome.validUntil),
  };
}

/**
 * Registers a signing official (also used by the set-up script and the demo seed): with the
 * office's own key ('p12': a new key pair, or an uploaded PKCS#12, opened with the passphrase), or
 * through BSrE ('bsre': the NIK BSrE knows the official by; BSrE keeps the key and the passphrase).
 */
export async function registerOfficial(
  db: Db,
  files: FileStore,
  o: NewOfficial,
  now: Date,
  jenis: 'p12' | 'bsre' = 'p12',
): Promise<PejabatRecord> {
  const repo = pejabatRepository(db);
  let id: number;
  if (jenis === 'bsre') {
    if (!o.nik) throw errors.validation({ nik: BSRE_MSG.nikRequired });
    id = await repo.insert({
      nama: o.nama,
      nip: o.nip,
      jabatan: o.jabatan,
      pangkat: o.pangkat || null,
      nik: o.nik,
      jenis: 'bsre',
      p12Key: null,
      sertifikatSubjek: null,
      sertifikatSidikJari: null,
      berlakuSampai: null,
    });
  } else {
    const key = o.key ?? (await prepareOfficialKey(db, files, o, now));
    const p12Key = await files.put(key.p12, 'p12');
    id = await repo.insert({
      nama: o.nama,
      nip: o.nip,
      jabatan: o.jabatan,
      pangkat: o.pangkat || null,
      nik: o.nik || null,
      jenis: 'p12',
      p12Key,
      sertifikatSubjek: key.subject,
      sertifikatSidikJari: key.fingerprint,
      berlakuSampai: key.validUntil,
    });
  }
  // The first official, or one registered as active, signs new letters.
  if (o.aktif || !(await repo.hasActive())) await repo.activate(id);
  return (await repo.find(id))!;
}

/**
 * The certificate status of every BSrE official, asked of BSrE now (POST /api/v2/user/check/status,
 * one official after another: a handful of officials). A status BSrE does not give (unreachable,
 * slow) reads as unknown; the NIK never leaves this function.
 */
export async function certificateStatuses(officials: PejabatRecord[], client: BsreClient): Promise<StatusSertifikat[]> {
  const out: StatusSertifikat[] = [];
  for (const p of officials) {
    if (p.jenis !== 'bsre' || !p.nik) continue;
    let status: string | null = null;
    try {
      status = (await client.userStatus(p.nik)).status;
    } catch {
      status = null;
    }
    const k = keteranganStatusBsre(status);
    out.push({ pejabat_id: p.id, status, dapat_menandatangani: k.dapat, keterangan: k.teks });
  }
  return out;
}
