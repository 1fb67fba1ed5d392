// The golongan a civil servant is first appointed in, by the education the appointment was made on
// (PP 99/2000 on rank promotion of civil servants, as amended by PP 12/2002, art. 11; docs/domain/kgb.md
// "Conditions and unverified data"): a CPNS in another golongan than their education's is an
// implausible record worth checking before a letter is signed.

const AWAL: Record<string, string> = {
  SD: 'I/a',
  SMP: 'I/c',
  'SMA/SMK': 'II/a',
  D1: 'II/a',
  D2: 'II/b',
  D3: 'II/c',
  D4: 'III/a',
  S1: 'III/a',
  S2: 'III/b',
  S3: 'III/c',
};

export function golonganAwal(pendidikan: string | null): string | null {
  return pendidikan ? (AWAL[pendidikan] ?? null) : null;
}

/**
 * What a KGB letter should not be signed over without a look (the due list shows it; signing asks
 * for it to be verified or accepted): a profile the office has not verified, and a CPNS whose
 * golongan is not the entry golongan of their education.
 */
export function peringatanData(g: {
  verifikasi: number | null;
  status_guru: string | null;
  golongan: string | null;
  pendidikan_terakhir: string | null;
}): string[] {
  const out: string[] = [];
  if (g.verifikasi !== 1) out.push('Profil guru belum diverifikasi');
  const awal = golonganAwal(g.pendidikan_terakhir);
  if (g.status_guru === 'CPNS' && awal && g.golongan && g.golongan !== awal) {
    out.push(
      `CPNS berpendidikan ${g.pendidikan_terakhir} pada golongan ${g.golongan}: golongan awal pendidikan itu ${awal}`,
    );
  }
  return out;
}
