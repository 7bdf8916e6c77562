import { createHmac } from 'node:crypto';
import { shanghaiToday } from '@jcbb/contract/time';

/**
 * A key for the shared store that stands for a client's address (with whatever else it is about) without holding
 * it: HMAC-SHA-256 under a salt of the day, 128 bits in base64url. Nothing in the store, the database or the log
 * then names the address of someone reading a public page (docs/decisions.md, "Public lookups").
 */
export type AddressKey = (address: string, ...about: string[]) => string;

/**
 * The salt of a (Shanghai) day is derived from a server secret every process of the deployment shares, so all of
 * them make the same key for the same address that day, and a key of one day says nothing about the next: the
 * same address gets unrelated keys. Keys live a day at most in the store.
 */
export function createAddressKeys(secret: () => Uint8Array, today: () => string = shanghaiToday): AddressKey {
  let salt = { day: '', key: Buffer.alloc(0) };
  return (address, ...about) => {
    const day = today();
    if (salt.day !== day) {
      salt = { day, key: createHmac('sha256', secret()).update(`jcbb address-key salt\n${day}`).digest() };
    }
    return createHmac('sha256', salt.key)
      .update([address, ...about].join('\n'))
      .digest('base64url')
      .slice(0, 22);
  };
}
