import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { StoredAuthorisationStatus } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import { authorisationItems, authorisations, fileBlobs, uploads, users } from '../../db/schema/index.ts';

/**
 * Test set-up for the distributor console and sales contracts: authorisations written straight into the tables in the
 * state a test needs (the authorisation calls are tested on their own), and upload rows standing for a signed file.
 */

let letters = 0;

export interface LetterInput {
  makerOrgId: number;
  distributorOrgId: number;
  status?: StoredAuthorisationStatus;
  kind?: 'general' | 'project';
  projectId?: number | null;
  regionCodes?: string[];
  validFrom?: string;
  validUntil?: string;
  items: { productId: number; specId?: number | null; cap?: string | null }[];
}

/** An authorisation with its items; answers its id, number and publicId. */
export async function addLetter(server: TestServer, input: LetterInput) {
  const db = server.database.db;
  letters += 1;
  const status = input.status ?? 'active';
  const number = `AUTEST-${Date.now() % 1_000_000}-${letters}`;
  const publicId = randomUUID().replaceAll('-', '');
  const [row] = await db
    .insert(authorisations)
    .values({
      publicId,
      number,
      makerOrgId: input.makerOrgId,
      distributorOrgId: input.distributorOrgId,
      kind: input.kind ?? 'general',
      projectId: input.projectId ?? null,
      projectName: input.kind === 'project' && !input.projectId ? '外部招标项目' : null,
      regionCodes: input.regionCodes ?? ['320000'],
      validFrom: input.validFrom ?? '2026-01-01',
      validUntil: input.validUntil ?? '2027-12-31',
      status,
      content: status === 'draft' ? null : '{}',
      signature: status === 'draft' ? null : '00',
      createdBy: 1,
    })
    .returning({ id: authorisations.id });
  const id = (row as { id: number }).id;
  await db.update(authorisations).set({ chainId: id }).where(eq(authorisations.id, id));
  await db.insert(authorisationItems).values(
    input.items.map((i) => ({
      authorisationId: id,
      productId: i.productId,
      specId: i.specId ?? null,
      quantityCap: i.cap ?? null,
    })),
  );
  return { id, number, publicId };
}

/** An upload row of the organisation of `mobile` (only its SHA-256 matters; no bytes on disk). */
export async function makeUpload(server: TestServer, mobile: string, name = '经销合同（签章版）.pdf') {
  const db = server.database.db;
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
  const bytes = randomBytes(64);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.insert(fileBlobs).values({ sha256, size: bytes.length, mime: 'application/pdf' });
  const [row] = await db
    .insert(uploads)
    .values({ sha256, orgId: user?.orgId ?? null, userId: user?.id as number, name })
    .returning({ id: uploads.id });
  return { id: (row as { id: number }).id, sha256 };
}
