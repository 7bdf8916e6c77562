import {
  type StockBucketValue,
  type StockMoveReasonValue,
  type stockCardBody,
  type stockListBody,
  stockMoveReasonLabels,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { requireProjectMember } from '../project/index.ts';
import { unitName } from './trace.shipment.views.ts';
import { holderKey } from './trace.stock.ts';
import * as repo from './trace.stock-view.repository.ts';

export type TraceStockViewService = ReturnType<typeof createTraceStockViewService>;

const num = (q: string | number | null | undefined) => fromMilli(toMilli(q));

/**
 * The stock views (docs/traceability.md, "Stock"): the caller's organisation's own stock, or a project's where it
 * has an accepted membership (any other project answers 404), per specification × lot, and the stock card.
 */
export function createTraceStockViewService({ db }: { db: Db }) {
  async function holderOf(tx: Tx, user: SessionUser, projectId: number | undefined): Promise<string> {
    if (projectId !== undefined) {
      await requireProjectMember(tx, user, projectId);
      return holderKey({ kind: 'project', projectId });
    }
    return holderKey({ kind: 'org', orgId: callerOrgId(user) });
  }

  const balanceView = (r: repo.StockRow) => ({
    productId: r.productId,
    productName: r.productName,
    specId: r.specId,
    specName: r.specName,
    unitName: unitName(r.unitId),
    lotId: r.lotId,
    batchNo: r.batchNo,
    usable: num(r.usable),
    quarantined: num(r.quarantined),
    rejected: num(r.rejected),
    pendingInbound: num(r.pendingInbound),
    pendingOutbound: num(r.pendingOutbound),
    massPerUnitKg: r.massPerUnitKg === null ? null : Number(r.massPerUnitKg),
    classifyCode: r.classifyCode,
  });

  return {
    async list(user: SessionUser, b: z.output<typeof stockListBody>) {
      return db.transaction(async (tx) => {
        const key = await holderOf(tx, user, b.projectId);
        const { rows, total } = await repo.stockRows(tx, {
          holderKey: key,
          productId: b.productId,
          keyword: b.keyword,
          take: b.take,
          skip: b.skip,
        });
        return { list: rows.map(balanceView), total };
      });
    },

    async card(user: SessionUser, b: z.output<typeof stockCardBody>) {
      return db.transaction(async (tx) => {
        const key = await holderOf(tx, user, b.projectId);
        const spec = await repo.specFacts(tx, b.specId);
        if (!spec) throw notFound('规格型号不存在');
        const { rows, total } = await repo.cardMoves(tx, {
          holderKey: key,
          specId: b.specId,
          lotId: b.lotId,
          take: b.take,
          skip: b.skip,
        });
        const sums = (await repo.stockRows(tx, { holderKey: key, specId: b.specId, lotId: b.lotId })).rows.reduce(
          (s, r) => ({
            usable: s.usable + toMilli(r.usable),
            quarantined: s.quarantined + toMilli(r.quarantined),
            rejected: s.rejected + toMilli(r.rejected),
            pendingInbound: s.pendingInbound + toMilli(r.pendingInbound),
            pendingOutbound: s.pendingOutbound + toMilli(r.pendingOutbound),
          }),
          { usable: 0, quarantined: 0, rejected: 0, pendingInbound: 0, pendingOutbound: 0 },
        );
        return {
          list: rows.map(({ move: m, batchNo, docNumber }) => ({
            id: m.id,
            occurredAt: formatShanghaiTime(m.occurredAt),
            reason: m.reason,
            reasonName: stockMoveReasonLabels[m.reason as StockMoveReasonValue]?.zh ?? m.reason,
            bucket: m.bucket as StockBucketValue,
            lotId: m.lotId,
            batchNo,
            quantity: num(m.quantity),
            balanceAfter: num(m.balanceAfter),
            docType: m.docType,
            docId: m.docId,
            docNumber,
          })),
          total,
          productName: spec.productName,
          specName: spec.specName,
          unitName: unitName(spec.unitId),
          usable: fromMilli(sums.usable),
          quarantined: fromMilli(sums.quarantined),
          rejected: fromMilli(sums.rejected),
          pendingInbound: fromMilli(sums.pendingInbound),
          pendingOutbound: fromMilli(sums.pendingOutbound),
        };
      });
    },
  };
}
