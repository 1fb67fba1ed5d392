import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { concurrencyLimit } from './concurrency-limit.ts';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1): about 30 ms per hash on this machine.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash or check holds its 19 MiB while it runs on libuv's thread pool (four threads): a burst
 * of logins ran four at once, 76 MiB more resident at the peak (the tier-M benchmark's login
 * saturation took the process from 205 to 277 MB), for no more logins a second on two cores. One
 * runs at a time, the others wait their turn: with two at once the login saturation was still the
 * benchmark's peak (228 → 266 MB); one at a time holds 19 MiB less for about 15 % fewer logins a
 * second at saturation (some 50–60 a second on two cores, far above an office's morning). One limit
 * for the process: the memory is the process's (docs/performance.md, "Memory of the app process";
 * decision 0063).
 */
export const passwordWork = concurrencyLimit(1);

export function hashPassword(password: string): Promise<string> {
  return passwordWork(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Without 0/O, 1/l/I: a one-time password is read aloud or copied from a screen.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random one-time password (about 70 bits), handed once to the user by an administrator. */
export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
