import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Memory-hard password hashing (PRODUCT §4) with Node's built-in scrypt: N=2^15, r=8 uses 32 MiB
 * a hash, which makes GPU guessing expensive; no native add-on to build.
 * Stored as `scrypt$N$r$p$salt$hash` (base64) so the cost can be raised later and old hashes still verify.
 */
const COST: { N: number; r: number; p: number } = { N: 2 ** 15, r: 8, p: 1 };

/**
 * Lowers N for the hashes this process makes from now on. Only the test setup calls it (src/test/setup.ts):
 * some 1,600 HTTP tests sign in thousands of times, and at 2^15 scrypt alone took minutes of the suite's
 * 20-minute budget (issue 16). The server, the seed and the benchmarks always hash at 2^15; verification
 * reads N from each stored hash, so the code under test is the same.
 */
export function setPasswordHashCost(N: number): void {
  COST.N = N;
}
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** How many verifications ran in this process: tests compare the hash work of different logins with it. */
export const passwordWork = { verifications: 0 };

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  passwordWork.verifications++;
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password a person can type from an e-mail: 12 characters from an unambiguous alphabet. */
export function generatePassword(length = 12): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
