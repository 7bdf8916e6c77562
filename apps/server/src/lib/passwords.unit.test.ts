import { isStrongPassword } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { decoyHash, generatePassword, hashPassword, verifyPassword } from './passwords.ts';

const COST = 2 ** 10;

describe('password hashes', () => {
  it('are scrypt with their cost and a random salt written into them', async () => {
    const a = await hashPassword('Jcbb@2026', COST);
    const b = await hashPassword('Jcbb@2026', COST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Jcbb@2026');
  });

  it('verify the right password only', async () => {
    const stored = await hashPassword('Jcbb@2026', COST);
    expect(await verifyPassword('Jcbb@2026', stored)).toBe(true);
    expect(await verifyPassword('jcbb@2026', stored)).toBe(false);
    expect(await verifyPassword('Jcbb@2026 ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('read the cost from the hash, so a raised cost keeps old hashes working', async () => {
    const old = await hashPassword('Jcbb@2026', 2 ** 9);
    expect(await verifyPassword('Jcbb@2026', old)).toBe(true);
  });

  it('compare full-width input as its NFKC form (Chinese input methods type full-width)', async () => {
    const stored = await hashPassword('Jcbb@2026', COST);
    expect(await verifyPassword('Ｊｃｂｂ＠２０２６', stored)).toBe(true);
  });

  it('refuse a stored value that is not one of ours', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$$')).toBe(false);
  });

  it('the decoy hash is made once and matches no ordinary password', async () => {
    const decoy = await decoyHash(COST);
    expect(await decoyHash(COST)).toBe(decoy);
    expect(await verifyPassword('Jcbb@2026', decoy)).toBe(false);
  });

  it('generated passwords meet the password policy', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const p = generatePassword();
      expect(isStrongPassword(p), p).toBe(true);
      expect(p).toHaveLength(12);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
