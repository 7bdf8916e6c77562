import { randomBytes } from 'node:crypto';
import type { StoredAuthorisationStatus } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { TestServer } from '../../../test/harness.ts';
import type { Tx } from '../../db/client.ts';
import {
  authorisationItems,
  authorisations,
  fileBlobs,
  salesContractLines,
  salesContracts,
  uploads,
} from '../../db/schema/index.ts';
import { moveStock } from '../trace/index.ts';
import { addBareProduct, addLot } from '../trace/trace.test-support.ts';

/**
 * Authorisations written straight into a database, with the columns the table's CHECKs ask of an issued letter (a
 * number, canonical content, a signature) but no real signature or ledger entry: the scope rule, the shipment gate,
 * their PostgreSQL test and the benchmark's 10 000 letters need letters in force, not the issuing workflow.
 */

export interface LetterItem {
  productId: number;
  /** null = every specification of the product. */
  specId?: number | null;
  /** Decimal text; absent = no cap. */
  cap?: string | null;
  shipped?: string;
}

export interface Letter {
  makerOrgId: number;
  distributorOrgId: number;
  status?: StoredAuthorisationStatus;
  kind?: 'general' | 'project';
  projectId?: number | null;
  regionCodes?: string[];
  validFrom?: string;
  validUntil?: string;
  items: LetterItem[];
}

let sequence = 0;

/** The row of one letter (for a batch insert): defaults are a general, active letter for Jiangsu, this year. */
export function letterRow(l: Letter, createdBy = 1) {
  sequence += 1;
  const publicId = randomBytes(12).toString('base64url');
  const status = l.status ?? 'active';
  const year = shanghaiToday().slice(0, 4);
  return {
    publicId,
    number: status === 'draft' ? null : `AUT${Date.now().toString(36).toUpperCase()}-${sequence}`,
    makerOrgId: l.makerOrgId,
    distributorOrgId: l.distributorOrgId,
    kind: l.kind ?? (l.projectId ? 'project' : 'general'),
    projectId: l.projectId ?? null,
    regionCodes: l.regionCodes ?? ['320000'],
    validFrom: l.validFrom ?? `${year}-01-01`,
    validUntil: l.validUntil ?? `${Number(year) + 1}-12-31`,
    status,
    content: status === 'draft' ? null : JSON.stringify({ test: publicId }),
    signature: status === 'draft' ? null : '00',
    createdBy,
  };
}

/** Inserts letters and their items; answers each letter's id, public id, number and item ids (in order). */
export async function addLetters(tx: Tx, letters: readonly Letter[]) {
  if (letters.length === 0) return [];
  const heads = await tx
    .insert(authorisations)
    .values(letters.map((l) => letterRow(l)))
    .returning({ id: authorisations.id, publicId: authorisations.publicId, number: authorisations.number });
  const items = letters.flatMap((l, i) =>
    l.items.map((it) => ({
      authorisationId: heads[i]?.id as number,
      productId: it.productId,
      specId: it.specId ?? null,
      quantityCap: it.cap ?? null,
      shippedQuantity: it.shipped ?? '0',
    })),
  );
  const itemRows =
    items.length === 0
      ? []
      : await tx
          .insert(authorisationItems)
          .values(items)
          .returning({ id: authorisationItems.id, authorisationId: authorisationItems.authorisationId });
  return heads.map((h) => ({
    ...h,
    number: h.number ?? '',
    itemIds: itemRows.filter((r) => r.authorisationId === h.id).map((r) => r.id),
  }));
}

/** One letter (see `addLetters`). */
export async function addLetter(tx: Tx, letter: Letter) {
  const [one] = await addLetters(tx, [letter]);
  if (!one) throw new Error('no letter written');
  return one;
}

/** A fresh product of a maker, a lot of it, and `quantity` of that lot in a distributor's usable stock. */
export async function stockedProduct(
  server: TestServer,
  maker: { orgId: number; userId: number },
  distributorOrgId: number,
  quantity: number,
) {
  const p = await addBareProduct(server, maker, '320100');
  return { ...p, lotId: await stockedLot(server, p, distributorOrgId, quantity) };
}

/** Another lot of a product, `quantity` of it in the distributor's usable stock. */
export async function stockedLot(
  server: TestServer,
  p: { productId: number; specId: number; orgId: number },
  distributorOrgId: number,
  quantity: number,
): Promise<number> {
  const lotId = await addLot(server, p, quantity);
  await server.database.db.transaction((tx) =>
    moveStock(tx as Tx, [
      {
        holder: { kind: 'org', orgId: distributorOrgId },
        specId: p.specId,
        lotId,
        bucket: 'usable',
        quantity,
        reason: 'receive',
        docType: 'lot',
        docId: lotId,
        occurredAt: new Date(),
        userId: null,
      },
    ]),
  );
  return lotId;
}

/** A sales contract of the distributor (active unless `status` says otherwise, with a signed file) with one line. */
export async function addContract(
  tx: Tx,
  c: { distributorOrgId: number; userId: number; productId: number; specId: number; quantity: string; status?: string },
) {
  const today = new Date().toISOString().slice(0, 10);
  const sha = randomBytes(32).toString('hex');
  await tx.insert(fileBlobs).values({ sha256: sha, size: 1, mime: 'application/pdf' });
  const [up] = await tx
    .insert(uploads)
    .values({ sha256: sha, orgId: c.distributorOrgId, userId: c.userId, name: '合同.pdf' })
    .returning({ id: uploads.id });
  const [head] = await tx
    .insert(salesContracts)
    .values({
      number: `HT-${sha.slice(0, 12)}`,
      distributorOrgId: c.distributorOrgId,
      buyerName: '买方',
      regionCode: '320106',
      validFrom: addDays(today, -1),
      validUntil: addDays(today, 90),
      status: c.status ?? 'active',
      signedFileId: up?.id,
      createdBy: c.userId,
    })
    .returning({ id: salesContracts.id });
  const [line] = await tx
    .insert(salesContractLines)
    .values({
      contractId: head?.id as number,
      lineNo: 1,
      productId: c.productId,
      specId: c.specId,
      quantity: c.quantity,
      unit: '件',
      unitPriceFen: 100,
    })
    .returning({ id: salesContractLines.id });
  return { id: head?.id as number, lineId: line?.id as number };
}
