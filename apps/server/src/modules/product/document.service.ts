import {
  type documentAddBody,
  type documentListBody,
  ProductDocumentKind,
  type ProductDocumentKindValue,
  productDocumentKindLabels,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as documentRepo from './document.repository.ts';
import { ownProductOr404, ProductAuditEntity, requireDeleter } from './product.access.ts';
import { type FactGate, isEvidenceKind } from './product.facts.ts';
import { checkOwnUploads } from './product.service.ts';
import { documentView } from './product.view.ts';
import * as readsRepo from './product-reads.repository.ts';
import { recomputeProductTags } from './product-tags.ts';

type AddBody = z.output<typeof documentAddBody>;
type ListBody = z.output<typeof documentListBody>;

/**
 * Manuals and qualification documents of the caller's products. Adding or deleting one recomputes the product's
 * tags in the same transaction (a carbon-footprint report makes it low-carbon, a valid green certificate green).
 */
export function createDocumentService({ db, facts }: { db: Db; facts: FactGate }) {
  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      const today = shanghaiToday();
      return db.transaction(async (tx) => {
        await ownProductOr404(tx, orgId, body.productId);
        return (await documentRepo.documentsOfProduct(tx, body.productId, body.kind)).map((d) =>
          documentView(d, today),
        );
      });
    },

    async add(user: SessionUser, body: AddBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        await ownProductOr404(tx, orgId, body.productId);
        if (body.uploadId !== undefined) await checkOwnUploads(tx, orgId, [body.uploadId], 'uploadId');
        const isCert = body.kind === ProductDocumentKind.GREEN_CERTIFICATE;
        const uploadName =
          body.uploadId === undefined
            ? undefined
            : (await readsRepo.uploadNames(tx, [body.uploadId])).get(body.uploadId);
        const name = body.name ?? uploadName ?? productDocumentKindLabels[body.kind as ProductDocumentKindValue].zh;
        const values = {
          kind: body.kind,
          uploadId: body.uploadId ?? null,
          name,
          certNo: isCert ? (body.certNo ?? null) : null,
          issuer: isCert ? (body.issuer ?? null) : null,
          starRating: isCert ? (body.starRating ?? null) : null,
          validFrom: isCert ? (body.validFrom ?? null) : null,
          validUntil: isCert ? (body.validUntil ?? null) : null,
        };
        // Evidence of a listed product is an approved fact: a new certificate or report waits for audit.
        if (isEvidenceKind(body.kind)) {
          const revisionId = await facts.propose(tx, user, body.productId, { kind: 'document_add', after: values });
          if (revisionId !== null) return { id: null, revisionId, pendingFields: ['document'] };
        }
        const doc = await documentRepo.insertDocument(tx, {
          ...values,
          productId: body.productId,
          createdBy: user.userId,
        });
        await recordAudit(tx, {
          entity: ProductAuditEntity.DOCUMENT,
          entityId: doc.id,
          orgId,
          actor: user,
          action: 'add',
          data: { productId: body.productId, kind: body.kind, name },
        });
        await recomputeProductTags(tx, body.productId);
        return { id: doc.id };
      });
    },

    async remove(user: SessionUser, id: number) {
      const orgId = requireDeleter(user);
      return db.transaction(async (tx) => {
        const doc = await documentRepo.findOwnDocument(tx, orgId, id);
        if (!doc) throw notFound('文件不存在');
        // A certificate issued on the platform is revoked through the certificate module, which keeps the ledger.
        if (doc.certificateId !== null) throw conflict('平台签发的证书不能在此删除');
        if (isEvidenceKind(doc.kind)) {
          const revisionId = await facts.propose(tx, user, doc.productId, {
            kind: 'document_delete',
            documentId: id,
            before: {
              kind: doc.kind,
              uploadId: doc.uploadId,
              name: doc.name,
              certNo: doc.certNo,
              issuer: doc.issuer,
              starRating: doc.starRating,
              validFrom: doc.validFrom,
              validUntil: doc.validUntil,
            },
          });
          if (revisionId !== null) return { id, revisionId, pendingFields: ['document'] };
        }
        await documentRepo.deleteDocument(tx, id);
        await recordAudit(tx, {
          entity: ProductAuditEntity.DOCUMENT,
          entityId: id,
          orgId,
          actor: user,
          action: 'delete',
          data: { productId: doc.productId, kind: doc.kind, name: doc.name, certificateId: doc.certificateId },
        });
        await recomputeProductTags(tx, doc.productId);
        return { id };
      });
    },
  };
}
