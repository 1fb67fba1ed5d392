import { describe, expect, it } from 'vitest';
import { nikProblem, nipProblem, tmtCpnsFromNip } from './nip.ts';

describe('NIP', () => {
  it('accepts the docs/domain/data-guru.md example for its birth date and sex', () => {
    expect(nipProblem('198609262015051001', '1986-09-26', 'Laki-laki')).toBeNull();
    expect(tmtCpnsFromNip('198609262015051001')).toBe('2015-05-01');
  });
  it('refuses the wrong length, birth date, sex or appointment', () => {
    expect(nipProblem('19860926201505100', '1986-09-26', 'Laki-laki')).toBe('NIP harus 18 digit angka');
    expect(nipProblem('1986 09262015051001', null, null)).toBe('NIP harus 18 digit angka');
    expect(nipProblem('198609262015051001', '1986-09-27', 'Laki-laki')).toBe(
      'NIP tidak sesuai dengan tanggal lahir (8 digit pertama harus 19860927)',
    );
    expect(nipProblem('198609262015051001', '1986-09-26', 'Perempuan')).toBe(
      'NIP tidak sesuai dengan jenis kelamin (digit ke-15 harus 2 untuk perempuan)',
    );
    expect(nipProblem('198609262015131001', '1986-09-26', 'Laki-laki')).toMatch(/pengangkatan CPNS/);
    expect(nipProblem('198609261990051001', '1986-09-26', 'Laki-laki')).toMatch(/pengangkatan CPNS/);
    expect(nipProblem('198609262015053001', '1986-09-26', null)).toBe(
      'Digit ke-15 NIP harus 1 (laki-laki) atau 2 (perempuan)',
    );
  });
});

describe('NIK', () => {
  it('checks 16 digits and the embedded birth date (women: day + 40)', () => {
    expect(nikProblem('8271012609860001')).toBeNull();
    expect(nikProblem('8271016609860001')).toBeNull();
    expect(nikProblem('827101260986000')).toBe('NIK harus 16 digit angka');
    expect(nikProblem('8271013513860001')).toMatch(/tanggal lahir yang tidak valid/);
  });
});
