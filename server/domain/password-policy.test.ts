import { describe, expect, it } from 'vitest';
import { officeWords, passwordProblem } from './password-policy.ts';

const TERLALU_UMUM = 'Password baru terlalu umum dan mudah ditebak; pilih password lain';

/** Each of `passwords` is refused as too common (for the user admin, with the office's words when given). */
function refusedAsCommon(passwords: string[], office?: ReturnType<typeof officeWords>): void {
  for (const p of passwords) expect(passwordProblem(p, 'admin', office), p).toBe(TERLALU_UMUM);
}

describe('password policy (ASVS 2.1.1, 2.1.7)', () => {
  it('at least 12 characters', () => {
    expect(passwordProblem('Ab3$efgh-ij', 'admin')).toBe('Password baru minimal 12 karakter');
    expect(passwordProblem('Ab3$efgh-ijk', 'admin')).toBeNull();
  });
  it('refuses common passwords from the shipped list, with digits around them too', () => {
    refusedAsCommon([
      'qwerty123456',
      '1qaz2wsx3edc',
      'password1234',
      'Password1234!',
      '2024bismillah',
      'sayangku12345',
      'dinaspendidikan',
      '111111111111',
      '123456789012',
      'Sidasek2026!!',
    ]);
  });
  it('refuses the username inside the password', () => {
    expect(passwordProblem('60200338-sekolahku', '60200338')).toBe('Password baru tidak boleh memuat username');
  });
  it('accepts a passphrase of ordinary words', () => {
    expect(passwordProblem('kopi pagi di Ternate jam tujuh', '60200338')).toBeNull();
  });
  it('refuses a short pattern repeated and runs of the alphabet, the digits or the keyboard', () => {
    refusedAsCommon([
      'abcabcabcabc',
      '121212121212',
      'ABCABCABCABC',
      'kopikopikopi',
      'abcdefghijkl',
      'zyxwvutsrqpo',
      'asdfghjkl;12',
      '1234-1234-1234',
    ]);
  });
  it("refuses the office's own names: its region and province, its name, town and address, alone or together", () => {
    // The office profile of the demo: Dinas Pendidikan dan Kebudayaan Provinsi Maluku Utara, Sofifi.
    const office = officeWords(
      {
        wilayah: 'Provinsi Maluku Utara',
        nama_instansi: 'Dinas Pendidikan dan Kebudayaan',
        kota: 'Sofifi',
        alamat: 'Jl. Raya Sofifi, Kompleks Perkantoran Gubernur, Oba Utara',
        kepala_daerah: 'Gubernur Maluku Utara',
        email: 'dikbud@malutprov.go.id',
        laman: 'dikbud.malutprov.go.id',
      },
      ['Maluku Utara'],
    );
    refusedAsCommon(
      [
        'Maluku Utara',
        'maluku utara 2026',
        'MalukuUtara!!!',
        'Sofifi Maluku Utara',
        'Kebudayaan Maluku',
        'dikbud malutprov',
        'Dinas Pendidikan Sofifi',
        'perkantoran gubernur',
      ],
      office,
    );
    // Another office's words are not this one's; ordinary words with one of them are fine.
    const tidore = officeWords(
      { wilayah: 'Kota Tidore Kepulauan', nama_instansi: 'Dinas Pendidikan', kota: 'Tidore' },
      ['Maluku Utara'],
    );
    refusedAsCommon(['Kepulauan Tidore'], tidore);
    expect(passwordProblem('kopi pagi di Sofifi jam tujuh', 'admin', office)).toBeNull();
    expect(passwordProblem('Sofifi berawan sore ini', 'admin', office)).toBeNull();
  });
});
