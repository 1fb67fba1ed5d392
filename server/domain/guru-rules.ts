// The rules of a teacher that need more than one field or the master lists: the
// civil-service rules (NIP or NI PPPK and golongan by status, contract/asn.ts), the references of
// the field catalogue (master lists, school, region) and the NIK. One definition, used by the
// teacher form's create and update and by the Excel import; the lookups come from the caller
// (a repository, or the import's preloaded lists), so no SQL here.
import { asnProblems, STATUS_PNS } from '#contract/asn.ts';
import { GURU_BODY_FIELDS, noun, type GuruField } from '#contract/guru-fields.ts';
import { MSG } from '#contract/messages.ts';
import { nikProblem } from '#contract/nip.ts';

export interface GuruLookups {
  /** Whether the master list `kategori` holds this id (a number) or name (a string). */
  inMaster(kategori: string, value: string | number): boolean | Promise<boolean>;
  schoolExists(id: number): boolean | Promise<boolean>;
  regionExists(kode: string): boolean | Promise<boolean>;
}

export type GuruRuleInput = Record<string, unknown> & {
  status_guru?: string | null;
  tgl_lahir?: string | null;
  jenis_kelamin?: string | null;
};

/** The message of a value a master list does not hold. */
export function masterMissing(f: GuruField): string {
  if (f.type === 'golongan') return 'Golongan tidak ditemukan';
  return f.master?.by === 'id' || f.name === 'status_guru'
    ? `${noun(f.label)} tidak ditemukan di data master`
    : 'Pilihan tidak ditemukan di data master';
}

// References in the order the form has always reported them: rank and position, school, type,
// then the other lists and the region.
const REFERENCE_ORDER = ['golongan', 'id_jabatan', 'sekolah_id', 'status_guru', 'nik'];
const REFERENCES = [...GURU_BODY_FIELDS].sort((a, b) => rank(a.name) - rank(b.name));
function rank(name: string): number {
  const i = REFERENCE_ORDER.indexOf(name);
  return i < 0 ? REFERENCE_ORDER.length : i;
}

/**
 * Every field's first problem, in reporting order (the first one first): the status's number and
 * golongan, then the references. `v` holds checked field values (the contract's rules passed).
 */
export async function guruProblems(v: GuruRuleInput, lookups: GuruLookups): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  const asn = asnProblems({
    status_guru: v.status_guru ?? STATUS_PNS,
    nip: text(v.nip),
    golongan: text(v.golongan),
    tgl_lahir: v.tgl_lahir,
    jenis_kelamin: v.jenis_kelamin,
  });
  if (asn.nip) found.nip = asn.nip;
  if (asn.golongan) found.golongan = asn.golongan;
  for (const f of REFERENCES) {
    const value = v[f.name];
    if (found[f.name] || value === null || value === undefined || value === '') continue;
    let problem: string | null = null;
    if (f.master && !(await lookups.inMaster(f.master.kategori, value as string | number))) problem = masterMissing(f);
    else if (f.type === 'sekolah' && !(await lookups.schoolExists(value as number))) problem = MSG.schoolNotFound;
    else if (f.type === 'wilayah' && !(await lookups.regionExists(value as string))) problem = MSG.regionNotFound;
    else if (f.name === 'nik') problem = nikProblem(value as string);
    if (problem) found[f.name] = problem;
  }
  return found;
}
