import type { Db } from '../../db/client.ts';
import { RECORD_KINDS } from '#contract/riwayat.ts';
import { GURU_FIELDS } from '#contract/guru-fields.ts';
import { SEKOLAH_FIELDS } from '#contract/sekolah-fields.ts';
import type { AuditTampilan } from '#contract/audit.ts';
import { referensiOf } from '../master/referensi-cache.ts';

/**
 * Column labels of the audited tables that are not record kinds: the teacher's and the
 * school's from their field catalogues, with the columns the server keeps itself.
 */
const LABELS: Record<string, Record<string, string>> = {
  guru: {
    ...Object.fromEntries(GURU_FIELDS.map((f) => [f.name, f.label])),
    foto_key: 'Foto',
    verifikasi: 'Verifikasi',
  },
  sekolah: {
    ...Object.fromEntries(SEKOLAH_FIELDS.map((f) => [f.name, f.label])),
    logo_key: 'Logo',
  },
  users: {
    username: 'Username',
    nama: 'Nama',
    role_id: 'Peran',
    status_akun: 'Status Akun',
    must_change_password: 'Wajib Ganti Password',
  },
};

/** Columns of these tables that hold an id of the master lists (referensi). */
const MASTER_COLUMNS: Record<string, string[]> = { guru: ['id_jabatan'] };

/**
 * What the audit detail shows for an audited row: a label for each column it knows, and a
 * readable value for master ids ("Pendidikan Matematika" for jurusan_id 78) and coded values
 * ("Tidak" for luar_negeri f). Columns and values it does not know are shown as stored.
 */
export async function auditTampilan(
  db: Db,
  tabel: string,
  sebelum: Record<string, unknown> | null,
  sesudah: Record<string, unknown> | null,
): Promise<AuditTampilan> {
  const kolom: Record<string, string> = { ...(LABELS[tabel] ?? {}) };
  const masters = new Set(MASTER_COLUMNS[tabel] ?? []);
  const enums = new Map<string, Map<string, string>>();
  const kind = RECORD_KINDS.find((k) => k.table === tabel);
  for (const f of kind?.fields ?? []) {
    kolom[f.type === 'file' ? `${f.name}_key` : f.name] = f.label;
    if (f.type === 'master') masters.add(f.name);
    if (f.type === 'enum' && f.values) enums.set(f.name, new Map(f.values.map((v) => [v.value, v.label])));
  }
  if (kind) Object.assign(kolom, { guru_id: 'Guru', status: 'Status Verifikasi' });

  const ids = new Set<number>();
  for (const image of [sebelum, sesudah])
    for (const c of masters) if (typeof image?.[c] === 'number') ids.add(image[c] as number);
  const names = ids.size ? await referensiOf(db).names(ids) : new Map<number, string>();

  const nilai: AuditTampilan['nilai'] = {};
  const shown = (c: string, v: unknown): string | undefined => {
    if (masters.has(c) && typeof v === 'number') return names.get(v);
    if (enums.has(c) && v !== null && v !== undefined) return enums.get(c)!.get(String(v));
    return undefined;
  };
  for (const c of new Set([...Object.keys(sebelum ?? {}), ...Object.keys(sesudah ?? {})])) {
    const before = shown(c, sebelum?.[c]);
    const after = shown(c, sesudah?.[c]);
    if (before !== undefined || after !== undefined)
      nilai[c] = {
        ...(before !== undefined ? { sebelum: before } : {}),
        ...(after !== undefined ? { sesudah: after } : {}),
      };
  }
  for (const c of Object.keys(kolom)) if (!(sebelum && c in sebelum) && !(sesudah && c in sesudah)) delete kolom[c];
  return { kolom, nilai };
}
