import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a file, computed in this browser: the file itself never leaves the machine for a check.
 * WebCrypto where the page is a secure context (https, localhost); elsewhere (a phone opening the server by its
 * LAN address over http has no `crypto.subtle`) the noble implementation the contract already ships.
 */
export async function sha256OfFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await readBytes(file));
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // Fall through to the portable implementation.
    }
  }
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return bytesToHex(sha256(bytes));
}

/** Blob.arrayBuffer where it exists (browsers), else FileReader (older engines and jsdom). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** `3f2a9c…e81b`: enough to tell records apart at a glance; the full value is one copy away. */
export function shortHash(hex: string, head = 8, tail = 6): string {
  return hex.length <= head + tail + 1 ? hex : `${hex.slice(0, head)}…${hex.slice(-tail)}`;
}
