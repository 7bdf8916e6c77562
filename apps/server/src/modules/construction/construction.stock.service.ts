import {
  type InspectionStateValue,
  type StockMoveReasonValue,
  type siteStockListBody,
  stockMoveReasonLabels,
  type stockPutDetailBody,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { siteReader } from './construction.access.ts';
import * as repo from './construction.repository.ts';

const BUCKET_NAMES: Record<string, string> = { usable: '可用', quarantined: '待验', rejected: '不合格' };

/** Why a lot cannot be issued now, or null when some of it can (docs/construction.md, "The two gates"). */
export function blockedReason(row: { usable: number; quarantined: number; state: InspectionStateValue | null }) {
  if (row.usable > 0) return null;
  if (row.quarantined > 0) {
    if (row.state === 'pending_retest') return '待见证取样复试合格后方可出库';
    if (row.state === 'submitted') return '待监理确认验收结论';
    return '待进场验收';
  }
  if (row.state === 'rejected') return '验收不合格，不能出库';
  return '无可用库存';
}

function itemOf(r: repo.SiteStockRow) {
  const state = (r.state as InspectionStateValue | null) ?? null;
  const row = {
    lotId: r.lotId,
    inspectionId: r.inspectionId,
    materialName: r.materialName ?? '',
    specName: r.specName ?? '',
    batchNo: r.batchNo,
    unitName: r.unitName ?? '',
    makerName: r.makerName,
    isGreen: r.isGreen ?? false,
    quarantined: Number(r.quarantined),
    usable: Number(r.usable),
    rejected: Number(r.rejected),
    issued: Number(r.issued),
    state,
  };
  return { ...row, blockedReason: blockedReason(row) };
}

export type SiteStockService = ReturnType<typeof createSiteStockService>;

/**
 * A project's stock at its site (`api/material/stock/list`, `stock/put/detail`): the traceability stock ledger's
 * balances of holder project:N, by lot, with each lot's state at the site.
 */
export function createSiteStockService({ db }: { db: Db }) {
  return {
    async list(user: SessionUser, b: z.output<typeof siteStockListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await repo.siteStockPage(tx, b);
        return { list: rows.map(itemOf), total };
      });
    },

    async putDetail(user: SessionUser, b: z.output<typeof stockPutDetailBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const row = await repo.siteStockOfLot(tx, b.projectId, b.lotId);
        if (!row) throw notFound('该批次不在本项目库存中');
        const moves = await repo.movesOfLot(tx, b.projectId, b.lotId);
        const docs = await repo.documentNumbers(
          tx,
          moves.map((m) => m.move),
        );
        return {
          lot: itemOf(row),
          moves: moves.map(({ move: m, userName }) => ({
            id: m.id,
            occurredAt: formatShanghaiTime(m.occurredAt),
            bucket: m.bucket,
            bucketName: BUCKET_NAMES[m.bucket] ?? m.bucket,
            quantity: Number(m.quantity),
            balanceAfter: Number(m.balanceAfter),
            reasonName: stockMoveReasonLabels[m.reason as StockMoveReasonValue]?.zh ?? m.reason,
            document: docs.get(`${m.docType}:${m.docId}`) ?? null,
            userName,
          })),
        };
      });
    },
  };
}
