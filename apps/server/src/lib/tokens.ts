import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random tokens, URL-safe; the server keeps only their SHA-256. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** A URL-safe random public id of a published record (a certificate, a letter): 16 bytes, base64url (22 characters). */
export const newPublicId = (): string => randomBytes(16).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
