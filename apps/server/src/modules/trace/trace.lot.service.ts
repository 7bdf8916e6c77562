import type { EvidenceSnapshot, FieldError, LotView, lotCreateBody, lotListBody } from '@jcbb/contract';
import { formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { type FileService, uploadNames } from '../file/index.ts';
import { evidenceAsOf } from './trace.evidence.ts';
import * as repo from './trace.lot.repository.ts';
import { moveStock } from './trace.stock.ts';

type ListBody = z.output<typeof lotListBody>;
type CreateBody = z.output<typeof lotCreateBody>;

export const LOT_NOT_FOUND = '批次不存在';
export const BATCH_TAKEN = '该规格已有此批号';

export function lotView(r: repo.LotViewRow, totals?: { codeCount: number; codedQuantity: number }): LotView {
  const l = r.lot;
  return {
    id: l.id,
    productId: l.productId,
    productName: r.productName,
    specId: l.specId,
    specName: r.specName,
    unitName: r.unitName,
    batchNo: l.batchNo,
    productionDate: l.productionDate,
    expiryDate: l.expiryDate,
    quantity: Number(l.quantity),
    codedQuantity: totals?.codedQuantity ?? 0,
    codeCount: totals?.codeCount ?? 0,
    evidence: l.evidence as EvidenceSnapshot,
    massPerUnitKg: r.massPerUnitKg === null ? null : Number(r.massPerUnitKg),
    classifyCode: r.classifyCode,
    createTime: formatShanghaiTime(l.createdAt),
  };
}

export type LotService = ReturnType<typeof createLotService>;

/**
 * Production lots (docs/traceability.md, "Things and their words"): a manufacturer records a batch of one of its
 * specifications; the evidence the product carries on the production date is snapshotted with it, and the quantity
 * made enters the maker's usable stock with a `produce` move, in the same transaction.
 */
export function createLotService({ db, files }: { db: Db; files: FileService }) {
  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.lotPage(tx, { orgId, ...body });
        const totals = await repo.codeTotals(
          tx,
          rows.map((r) => r.lot.id),
        );
        return { list: rows.map((r) => lotView(r, totals.get(r.lot.id))), total };
      });
    },

    async create(user: SessionUser, body: CreateBody) {
      const orgId = callerOrgId(user);
      const fields: FieldError[] = [];
      if (body.productionDate > shanghaiToday())
        fields.push({ field: 'productionDate', message: '生产日期不能晚于今天' });
      try {
        return await db.transaction(async (tx) => {
          const spec = await repo.ownSpec(tx, orgId, body.specId);
          if (!spec) fields.push({ field: 'specId', message: '规格型号不存在' });
          else if (await repo.batchTaken(tx, body.specId, body.batchNo)) {
            fields.push({ field: 'batchNo', message: BATCH_TAKEN });
          }
          // Quality documents are the caller's organisation's own uploads (another's answers as if missing).
          const docIds = [...new Set(body.qualityDocUploadIds)];
          for (const [i, id] of body.qualityDocUploadIds.entries()) {
            if (body.qualityDocUploadIds.indexOf(id) !== i) continue;
            const owned = await files.get(user, id, tx).then(
              () => true,
              (error: unknown) => {
                if (error instanceof AppError && error.status === 404) return false;
                throw error;
              },
            );
            if (!owned) fields.push({ field: `qualityDocUploadIds.${i}`, message: '文件不存在，请重新上传' });
          }
          if (fields.length > 0 || !spec) throw invalidInput(fields);

          const evidence = await evidenceAsOf(tx, spec.productId, body.productionDate);
          const id = await repo.insertLot(tx, {
            orgId,
            productId: spec.productId,
            specId: body.specId,
            batchNo: body.batchNo,
            productionDate: body.productionDate,
            expiryDate: body.expiryDate ?? null,
            quantity: body.quantity.toFixed(3),
            qualityDocs: docIds,
            evidence,
            createdBy: user.userId,
          });
          await moveStock(tx, [
            {
              holder: { kind: 'org', orgId },
              specId: body.specId,
              lotId: id,
              bucket: 'usable',
              quantity: body.quantity,
              reason: 'produce',
              docType: 'lot',
              docId: id,
              occurredAt: new Date(),
              userId: user.userId,
            },
          ]);
          await recordAudit(tx, {
            entity: 'lot',
            entityId: id,
            action: 'create',
            actor: user,
            orgId,
            data: {
              specId: body.specId,
              batchNo: body.batchNo,
              productionDate: body.productionDate,
              quantity: body.quantity,
              evidence: evidence.kind,
            },
          });
          return { id };
        });
      } catch (error) {
        // Another user recorded the same batch of the same specification in between.
        if (isUniqueViolation(error, 'lots_spec_batch_uq'))
          throw invalidInput([{ field: 'batchNo', message: BATCH_TAKEN }]);
        throw error;
      }
    },

    async detail(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const row = await repo.ownLot(tx, orgId, id);
        if (!row) throw notFound(LOT_NOT_FOUND);
        const totals = await repo.codeTotals(tx, [id]);
        const names = await uploadNames(tx, row.lot.qualityDocs);
        return {
          ...lotView(row, totals.get(id)),
          qualityDocs: row.lot.qualityDocs.map((uploadId) => ({ uploadId, name: names.get(uploadId) ?? '' })),
          holders: await repo.lotHolders(tx, id),
        };
      });
    },
  };
}
