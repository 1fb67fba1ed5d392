import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

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

  it('one-time passwords: 12 characters of a 55-letter alphabet without look-alikes', () => {
    const p = generatePassword();
    expect(p).toMatch(/^[a-hjkmnp-zA-HJ-NP-Z2-9]{12}$/);
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });
});
