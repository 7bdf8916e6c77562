import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';

/** Whether a scan is its scanner's first of the code that day: only those raise the code's scan count. */
export interface ScanGate {
  first(code: string, scanner: string, day: string): Promise<boolean>;
}

const DAY_MS = 24 * 3600_000;

/**
 * One key per scanner, code and day in the shared store, set if absent and kept a day: the scanner's address as a
 * salted hash with the code (lib/address-keys.ts), never the address (docs/decisions.md, "Public lookups").
 */
export function createScanGate(kv: KvStore, addressKey: AddressKey): ScanGate {
  return {
    first: (code, scanner, day) => kv.setIfAbsent(`scan:${day}:${addressKey(scanner, 'scan', code)}`, DAY_MS),
  };
}
