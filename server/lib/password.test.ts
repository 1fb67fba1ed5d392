import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, passwordWork, verifyPassword } from './password.ts';

// ASVS 2.4.1/2.4.4 (docs/security.md): passwords are stored as argon2id with at least the OWASP
// minimum parameters, each with its own salt.
describe('password hashing', () => {
  it('argon2id, m = 19 MiB, t = 2, p = 1, a new salt every time; verifies only the right password', async () => {
    const a = await hashPassword('kata-sandi-yang-panjang');
    const b = await hashPassword('kata-sandi-yang-panjang');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'kata-sandi-yang-panjang')).toBe(true);
    expect(await verifyPassword(a, 'kata-sandi-yang-panjanG')).toBe(false);
    expect(await verifyPassword('bukan hash', 'apa saja')).toBe(false);
  });

  it('one hash or check runs at a time (each holds 19 MiB); the rest wait and all answer', async () => {
    const stored = await hashPassword('kata-sandi-yang-panjang');
    const checks = Array.from({ length: 6 }, (_, i) =>
      verifyPassword(stored, i % 2 ? 'kata-sandi-yang-panjang' : 'salah'),
    );
    const hashed = hashPassword('kata-sandi-lain-yang-panjang');
    expect([passwordWork.running, passwordWork.waiting]).toEqual([1, 6]);
    expect(await Promise.all(checks)).toEqual([false, true, false, true, false, true]);
    expect(await verifyPassword(await hashed, 'kata-sandi-lain-yang-panjang')).toBe(true);
    expect([passwordWork.running, passwordWork.waiting]).toEqual([0, 0]);
  });

  it('one-time passwords: 12 characters of a 55-letter alphabet without look-alikes', () => {
    const p = generatePassword();
    expect(p).toMatch(/^[a-hjkmnp-zA-HJ-NP-Z2-9]{12}$/);
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });
});
