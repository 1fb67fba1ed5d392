import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.ts';

describe('password policy (ASVS 2.1.1, 2.1.7)', () => {
  it('at least 12 characters', () => {
    expect(passwordProblem('Ab3$efgh-ij', 'admin')).toBe('Password baru minimal 12 karakter');
    expect(passwordProblem('Ab3$efgh-ijk', 'admin')).toBeNull();
  });
  it('refuses common passwords from the shipped list, with digits around them too', () => {
    for (const p of ['qwerty123456', '1qaz2wsx3edc', 'password1234', 'Password1234!', '2024bismillah', 'sayangku12345', 'dinaspendidikan', '111111111111', '123456789012', 'Sidasek2026!!']) {
      expect(passwordProblem(p, 'admin'), p).toBe('Password baru terlalu umum dan mudah ditebak; pilih password lain');
    }
  });
  it('refuses the username inside the password', () => {
    expect(passwordProblem('60200338-sekolahku', '60200338')).toBe('Password baru tidak boleh memuat username');
  });
  it('accepts a passphrase of ordinary words', () => {
    expect(passwordProblem('kopi pagi di Ternate jam tujuh', '60200338')).toBeNull();
  });
});
