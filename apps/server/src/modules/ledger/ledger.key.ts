import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bytesToHex, hexToBytes } from '@jcbb/contract/ledger-proof';

/** The Ed25519 key that signs the ledger's tree heads. */
export interface LedgerSigner {
  /** The 32-byte seed (RFC 8032 private key). */
  secretKey: Uint8Array;
  publicKeyHex: string;
  /**
   * Sign with OpenSSL through node:crypto: some fifty times faster than pure JavaScript, and Ed25519 signatures
   * are deterministic, so it gives byte for byte what the contract's signTreeHead gives (tested).
   */
  sign(message: Uint8Array): Uint8Array;
}

export const LEDGER_KEY_FILE = 'ledger-ed25519.key';

/** PKCS #8 DER of an Ed25519 seed (RFC 8410): a fixed 16-byte prefix, then the 32 bytes. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function signerOf(secretKey: Uint8Array): LedgerSigner {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, secretKey]),
    format: 'der',
    type: 'pkcs8',
  });
  // The public key from OpenSSL too: the contract's pure-JavaScript ledgerPublicKey spent some 350 ms of every
  // start-up building its curve tables. SPKI DER of Ed25519 ends with the raw 32-byte key (RFC 8410).
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return {
    secretKey,
    publicKeyHex: bytesToHex(new Uint8Array(spki.subarray(spki.length - 32))),
    sign: (message) => new Uint8Array(sign(null, message, key)),
  };
}

/** A 32-byte Ed25519 seed written as 64 hex digits or as base64. */
export function parseLedgerKey(text: string): Uint8Array {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? hexToBytes(value.toLowerCase()) : Buffer.from(value, 'base64');
  if (bytes.length !== 32)
    throw new Error('LEDGER_SIGNING_KEY must be a 32-byte Ed25519 seed (64 hex digits or base64)');
  return new Uint8Array(bytes);
}

/*
 * One signer per process: appendLedgerEntry runs inside other modules' transactions and has no app to ask.
 * main.ts (through buildApp) installs the configured key before the first request; until then, and in tests,
 * a random in-memory key shared by the whole process stands in.
 */
let current: LedgerSigner | null = null;

export function ledgerSigner(): LedgerSigner {
  current ??= signerOf(new Uint8Array(randomBytes(32)));
  return current;
}

export function installLedgerSigner(signer: LedgerSigner): void {
  current = signer;
}

/**
 * The key from configuration (LEDGER_SIGNING_KEY), else DATA_DIR/ledger-ed25519.key, generated (mode 0600) on
 * first start. `ephemeral` (tests, in-memory databases) keeps the process's random key instead.
 */
export async function loadLedgerSigner(options: {
  configuredKey: string | null;
  dataDir: string;
  ephemeral: boolean;
}): Promise<LedgerSigner> {
  if (options.configuredKey) return signerOf(parseLedgerKey(options.configuredKey));
  if (options.ephemeral) return ledgerSigner();
  const file = path.join(options.dataDir, LEDGER_KEY_FILE);
  if (existsSync(file)) return signerOf(parseLedgerKey(await readFile(file, 'utf8')));
  await mkdir(options.dataDir, { recursive: true });
  const seed = new Uint8Array(randomBytes(32));
  // 'wx': never overwrite a key another process wrote a moment ago; then read whichever won.
  try {
    await writeFile(file, `${bytesToHex(seed)}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return signerOf(parseLedgerKey(await readFile(file, 'utf8')));
}
