import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  bytesToHex,
  hexToBytes,
  inclusionProof,
  merkleRootFromLeafHashes,
  signTreeHead,
  treeHeadSigningInput,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHeadSignature,
} from '@jcbb/contract/ledger-proof';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { ledgerEntries, ledgerTreeHeads } from '../../db/schema/index.ts';
import { appendLedgerEntry, type LedgerAppendInput } from './ledger.append.ts';
import { LEDGER_KEY_FILE, ledgerSigner, loadLedgerSigner } from './ledger.key.ts';
import { consistencyProofHex, inclusionProofHex, rootHashAt } from './ledger.tree.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  await database.migrate();
});
afterAll(() => database.close());

const sha = (i: number) => i.toString(16).padStart(64, '0');

describe('appendLedgerEntry', () => {
  it('grows an RFC 9162 tree whose stored nodes, signed heads and proofs agree with the in-memory reference', async () => {
    const results = [];
    for (let i = 0; i < 37; i++) {
      results.push(
        await database.db.transaction((tx) =>
          appendLedgerEntry(tx, {
            kind: 'document',
            orgId: i % 3 === 0 ? null : 5,
            contentSha256: sha(i),
            meta: { n: i },
          }),
        ),
      );
    }
    expect(results.map((r) => r.leafIndex)).toEqual([...Array(37).keys()]);
    expect(results.map((r) => r.treeSize)).toEqual([...Array(37).keys()].map((i) => i + 1));

    const rows = await database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.leafIndex));
    const leaves = rows.map((r) => new Uint8Array(r.leafHash));
    const heads = await database.db.select().from(ledgerTreeHeads).orderBy(asc(ledgerTreeHeads.treeSize));
    expect(heads).toHaveLength(37);
    for (const h of heads) {
      const root = merkleRootFromLeafHashes(leaves.slice(0, h.treeSize));
      expect(bytesToHex(new Uint8Array(h.rootHash))).toBe(bytesToHex(root));
      expect(bytesToHex(await rootHashAt(database.db, h.treeSize))).toBe(bytesToHex(root));
      const signed = {
        treeSize: h.treeSize,
        rootHash: bytesToHex(new Uint8Array(h.rootHash)),
        timestamp: h.timestamp,
        signature: bytesToHex(new Uint8Array(h.signature)),
      };
      expect(verifyTreeHeadSignature(signed, ledgerSigner().publicKeyHex)).toBe(true);
    }
    for (const n of [1, 2, 5, 8, 16, 37]) {
      const root = merkleRootFromLeafHashes(leaves.slice(0, n));
      for (let m = 0; m < n; m++) {
        const proof = await inclusionProofHex(database.db, m, n);
        expect(proof).toEqual(inclusionProof(leaves.slice(0, n), m).map(bytesToHex));
        expect(
          verifyInclusion(
            leaves[m] as Uint8Array,
            m,
            n,
            proof.map((p) => hexToBytes(p)),
            root,
          ),
        ).toBe(true);
      }
      for (let m = 1; m <= n; m++) {
        const proof = await consistencyProofHex(database.db, m, n);
        const r1 = merkleRootFromLeafHashes(leaves.slice(0, m));
        expect(
          verifyConsistency(
            m,
            n,
            r1,
            root,
            proof.map((p) => hexToBytes(p)),
          ),
        ).toBe(true);
      }
    }
  });

  it('serialises concurrent appends: no index is taken twice', async () => {
    const before = (await database.db.select().from(ledgerEntries)).length;
    const results = await Promise.all(
      [...Array(6).keys()].map((i) =>
        database.db.transaction((tx) =>
          appendLedgerEntry(tx, { kind: 'document', orgId: 1, contentSha256: sha(1000 + i), meta: {} }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.leafIndex)).size).toBe(6);
    expect(Math.max(...results.map((r) => r.treeSize))).toBe(before + 6);
  });

  it('leaves nothing behind when the caller rolls back', async () => {
    const before = (await database.db.select().from(ledgerEntries)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await appendLedgerEntry(tx, { kind: 'document', orgId: 1, contentSha256: sha(2000), meta: {} });
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect((await database.db.select().from(ledgerEntries)).length).toBe(before);
  });

  it('signs with node:crypto exactly what the contract signs with noble (Ed25519 is deterministic)', () => {
    const head = { treeSize: 5, rootHash: 'ab'.repeat(32), timestamp: 1_700_000_000_000 };
    const signer = ledgerSigner();
    expect(bytesToHex(signer.sign(treeHeadSigningInput(head)))).toBe(signTreeHead(head, signer.secretKey).signature);
  });

  it('generates the key file once, mode 0600, and reads it back; a configured key wins', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledger-key-'));
    try {
      const first = await loadLedgerSigner({ configuredKey: null, dataDir: dir, ephemeral: false });
      const again = await loadLedgerSigner({ configuredKey: null, dataDir: dir, ephemeral: false });
      expect(again.publicKeyHex).toBe(first.publicKeyHex);
      expect((await stat(path.join(dir, LEDGER_KEY_FILE))).mode & 0o777).toBe(0o600);
      const seed = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
      const configured = await loadLedgerSigner({ configuredKey: seed, dataDir: dir, ephemeral: false });
      expect(configured.publicKeyHex).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
      const b64 = await loadLedgerSigner({
        configuredKey: Buffer.from(seed, 'hex').toString('base64'),
        dataDir: dir,
        ephemeral: false,
      });
      expect(b64.publicKeyHex).toBe(configured.publicKeyHex);
      await expect(loadLedgerSigner({ configuredKey: 'short', dataDir: dir, ephemeral: false })).rejects.toThrow(
        /LEDGER_SIGNING_KEY/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses malformed input and what looks like a mobile number', async () => {
    const bad: LedgerAppendInput[] = [
      { kind: 'Document!', orgId: 1, contentSha256: sha(1), meta: {} },
      { kind: 'document', orgId: 1, contentSha256: 'XYZ', meta: {} },
      { kind: 'document', orgId: 1, contentSha256: sha(1), meta: { contact: '13800000001' } },
    ];
    for (const input of bad) {
      await expect(database.db.transaction((tx) => appendLedgerEntry(tx, input))).rejects.toThrow(/ledger/);
    }
  });
});
