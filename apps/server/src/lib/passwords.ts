import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt password hashes, OWASP's recommended N=2^17, r=8, p=1, written `scrypt$N$r$p$salt$hash` (base64) so
 * verification reads the cost from the hash and the cost can rise later without breaking old hashes.
 */
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, 8, 1);
  return `scrypt$${cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** How many passwords this process has checked against a hash: the throttling tests count evaluations with it. */
export const passwordChecks = { count: 0 };

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  passwordChecks.count += 1;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, used to spend the same time on unknown mobiles as on known ones. */
let decoy: Promise<string> | undefined;
export function decoyHash(cost: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('base64'), cost);
  return decoy;
}

/** A readable random password for new staff and resets: letters, digits and a symbol, 12 characters. */
export function generatePassword(): string {
  const lower = 'abcdefghjkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const bytes = randomBytes(12);
  const pick = (set: string, i: number) => set.charAt((bytes[i] ?? 0) % set.length);
  let out = '';
  for (let i = 0; i < 4; i += 1) out += pick(upper, i);
  for (let i = 4; i < 8; i += 1) out += pick(lower, i);
  for (let i = 8; i < 11; i += 1) out += pick(digits, i);
  return `${out}@`;
}
