// The functional position a letter prints as a teacher's "Jabatan" (docs/domain/kgb.md "Isi surat"):
// the position in the career of the Jabatan Fungsional Guru, not the task at the school (Guru Kelas,
// Guru Mata Pelajaran). PermenPANRB 21/2024 (Jabatan Fungsional Guru), as PermenPAN-RB 16/2009
// before it, ties each level to golongan ruang: Ahli Pertama III/a-III/b, Ahli Muda III/c-III/d,
// Ahli Madya IV/a-IV/c, Ahli Utama IV/d-IV/e.

const JENJANG: [string[], string][] = [
  [['III/a', 'III/b'], 'Guru Ahli Pertama'],
  [['III/c', 'III/d'], 'Guru Ahli Muda'],
  [['IV/a', 'IV/b', 'IV/c'], 'Guru Ahli Madya'],
  [['IV/d', 'IV/e'], 'Guru Ahli Utama'],
];

/**
 * The record's position when it is a functional one ("Guru Ahli …"); else, for a PNS or CPNS in
 * golongan III or IV, the level of the golongan; else plain "Guru" (a PPPK's level is not fixed by
 * golongan alone, and golongan II has no level of the Ahli category: nothing is guessed).
 */
export function jabatanFungsionalGuru(p: {
  jabatan: string | null;
  statusGuru: string | null;
  golongan: string;
}): string {
  if (p.jabatan && /^Guru Ahli (Pertama|Muda|Madya|Utama)$/.test(p.jabatan.trim())) return p.jabatan.trim();
  if (p.statusGuru === 'PNS' || p.statusGuru === 'CPNS') {
    for (const [golongan, nama] of JENJANG) if (golongan.includes(p.golongan)) return nama;
  }
  return 'Guru';
}
