import { bytesToHex } from '@jcbb/contract/ledger-proof';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTreeHeads } from '../../db/schema/index.ts';
import { inclusionProofHex } from '../ledger/index.ts';

/**
 * A ledger entry with its inclusion proof against the latest signed tree head: everything a browser needs to
 * check, with the contract's verifier, that the certificate's content is on the log and the head is signed.
 * Null when the entry is missing (never expected: the certificate and its entry are written in one transaction).
 */
export async function ledgerEvidence(tx: Tx, leafIndex: number, content: string) {
  const [entry] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leafIndex, leafIndex)).limit(1);
  const [head] = await tx.select().from(ledgerTreeHeads).orderBy(desc(ledgerTreeHeads.treeSize)).limit(1);
  if (!entry || !head || head.treeSize <= leafIndex) return null;
  const inclusionProof = await inclusionProofHex(tx, leafIndex, head.treeSize);
  return {
    kind: entry.kind,
    leafIndex,
    entry: Buffer.from(entry.entry).toString('base64'),
    leafHash: bytesToHex(new Uint8Array(entry.leafHash)),
    contentSha256: entry.contentSha256,
    content,
    inclusionProof,
    sth: {
      treeSize: head.treeSize,
      rootHash: bytesToHex(new Uint8Array(head.rootHash)),
      timestamp: head.timestamp,
      signature: bytesToHex(new Uint8Array(head.signature)),
    },
  };
}
