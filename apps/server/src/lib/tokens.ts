import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random tokens, URL-safe; the server keeps only their SHA-256. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
