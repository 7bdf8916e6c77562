import { type AuthorisationVerifyData, ledgerEndpoints } from '@jcbb/contract';
import { keyFingerprint } from '@jcbb/contract/ledger-proof';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatOptionalShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authorisations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { evidenceOfLeaves, ledgerSigner } from '../ledger/index.ts';
import * as repo from './distribution.authorisation.repository.ts';
import { stateOf } from './distribution.authorisation.views.ts';

/**
 * The public verification of a letter (GET /open/authorisation?id=<publicId>, the page its QR code opens): the signed
 * letter and the last signed status statement, each with its ledger entry and inclusion proof against one signed
 * tree head, and the state read now. The browser checks it all with the contract's `verifyAuthorisation` and the
 * key published at /.well-known/jcbb-ledger-key.json; nothing here needs trusting.
 */
export function createAuthorisationVerification({ db }: { db: Db }) {
  return {
    async verify(publicId: string): Promise<AuthorisationVerifyData> {
      const row = await repo.findByPublicId(db, publicId);
      if (!row || row.status === 'draft' || row.content === null || row.signature === null || row.number === null)
        throw notFound('未找到该授权书，请核对二维码或编号');
      const leaves = [row.leafIndex, row.statusLeafIndex].filter((i): i is number => i !== null);
      const { leaves: evidence } = await evidenceOfLeaves(db, leaves);
      const [successor] =
        row.status === 'superseded'
          ? await db
              .select({ publicId: authorisations.publicId, number: authorisations.number })
              .from(authorisations)
              .where(eq(authorisations.supersedesId, row.id))
              .limit(1)
          : [];
      const signer = ledgerSigner();
      const today = shanghaiToday();
      return {
        publicId: row.publicId,
        number: row.number,
        version: row.version,
        state: stateOf(row, today),
        checkedOn: today,
        statusReason: row.statusReason,
        statusChangedAt: formatOptionalShanghaiTime(row.statusChangedAt),
        letter: {
          content: row.content,
          signature: row.signature,
          evidence: row.leafIndex === null ? null : (evidence.get(row.leafIndex) ?? null),
        },
        statusStatement:
          row.statusContent === null || row.statusSignature === null
            ? null
            : {
                content: row.statusContent,
                signature: row.statusSignature,
                evidence: row.statusLeafIndex === null ? null : (evidence.get(row.statusLeafIndex) ?? null),
              },
        supersededBy: successor?.number ? { publicId: successor.publicId, number: successor.number } : null,
        publicKey: signer.publicKeyHex,
        keyFingerprint: keyFingerprint(signer.publicKeyHex),
        publicKeyUrl: ledgerEndpoints.wellKnownKey.path,
        verifyUrl: pageUrl(pages.authorisationVerify, { id: row.publicId }),
      };
    },
  };
}

export type AuthorisationVerification = ReturnType<typeof createAuthorisationVerification>;
