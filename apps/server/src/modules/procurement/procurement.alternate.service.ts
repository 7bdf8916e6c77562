import {
  ALTERNATES_PER_LINE_MAX,
  type AlternateLineView,
  type AlternateListData,
  type AlternateStatusValue,
  type alternateSaveBody,
  OrgType,
  productUnits,
} from '@jcbb/contract';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { requireBuyerProject } from './procurement.access.ts';
import * as repo from './procurement.alternate.repository.ts';
import { type FlagLine, flagsOfLines } from './procurement.flags.ts';

/**
 * Alternate suppliers (docs/procurement.md, "Alternate suppliers"): per list line, ranked backups the buyer keeps
 * with their reason (typed, or the other quotes of an awarded inquiry); when the line's primary is flagged
 * (procurement.flags.ts) the best standing-by alternate reads as proposed, and one click switches to it — it becomes
 * the line's chosen product and supplier, and the old primary is kept as a dismissed alternate with the reason.
 * The project's developer and joined construction units; anyone else 404.
 */

type SaveBody = z.output<typeof alternateSaveBody>;
const NOT_FOUND = '备选供应商不存在';
const LINE_NOT_FOUND = '清单行不存在';

const unitName = (id: number) => productUnits.find((u) => u.id === id)?.name ?? '';

/** The caller buys for the record's project, else 404 with the record's own words. */
async function requireBuyer(tx: Tx, user: SessionUser, projectId: number, message: string) {
  try {
    return await requireBuyerProject(tx, user, projectId, { lock: true });
  } catch {
    throw notFound(message);
  }
}

/** Each line's primary: its chosen product and supplier, else the newest open order's. */
async function primariesOf(tx: Tx, projectId: number, lines: readonly repo.ListLineRow[]) {
  const orders = await repo.openOrderLines(tx, projectId);
  const specs = await repo.specsWithProduct(tx, [
    ...lines.flatMap((l) => (l.chosenSpecId ? [l.chosenSpecId] : [])),
    ...orders.map((o) => o.specId),
  ]);
  const supplierIds = [
    ...lines.flatMap((l) => (l.chosenSupplierOrgId ? [l.chosenSupplierOrgId] : [])),
    ...orders.map((o) => o.supplierOrgId),
  ];
  const orgs = await repo.orgsByIds(tx, supplierIds);
  const out = new Map<number, NonNullable<AlternateLineView['primary']> & { supplierOrgType: number }>();
  for (const l of lines) {
    const order = orders.find((o) => o.listLineId === l.id);
    const specId = l.chosenSpecId ?? order?.specId;
    const spec = specId === undefined ? undefined : specs.get(specId);
    const supplierOrgId = l.chosenSupplierOrgId ?? order?.supplierOrgId ?? spec?.makerOrgId;
    const org = supplierOrgId === undefined ? undefined : orgs.get(supplierOrgId);
    if (!spec || supplierOrgId === undefined) continue;
    const sameAsOrder = order && order.supplierOrgId === supplierOrgId && order.specId === spec.specId;
    out.set(l.id, {
      supplierOrgId,
      supplierName: org?.name ?? '',
      supplierOrgType: org?.type ?? 0,
      productId: spec.productId,
      productName: spec.productName,
      specId: spec.specId,
      specName: spec.specName,
      orderId: sameAsOrder ? order.orderId : null,
      orderNumber: sameAsOrder ? order.number : null,
    });
  }
  return out;
}

export function createAlternateService({ db }: { db: Db }) {
  async function view(tx: Tx, user: SessionUser, projectId: number): Promise<AlternateListData> {
    const project = await requireBuyerProject(tx, user, projectId);
    const p = await repo.projectOf(tx, project.id);
    const lines = await repo.projectLines(tx, projectId);
    const primaries = await primariesOf(tx, projectId, lines);
    const today = shanghaiToday();
    const flagLines: FlagLine[] = lines.map((l) => {
      const pr = primaries.get(l.id);
      return {
        lineId: l.id,
        requiredBy: l.requiredBy,
        primary: pr
          ? {
              supplierOrgId: pr.supplierOrgId,
              supplierOrgType: pr.supplierOrgType,
              productId: pr.productId,
              specId: pr.specId,
            }
          : null,
      };
    });
    const flags = await flagsOfLines(
      tx,
      { id: projectId, regionCode: p?.regionCode ?? '', standardEdition: p?.standardEdition ?? null },
      flagLines,
      today,
    );
    const alternates = await repo.alternatesOfProject(tx, projectId);
    const views: AlternateLineView[] = lines.map((l) => {
      const own = alternates.filter((a) => a.a.listLineId === l.id);
      const lineFlags = flags.get(l.id) ?? [];
      const best = own.find((a) => a.a.status === 'standby' && !(a.a.validUntil && a.a.validUntil < today));
      const proposedId = lineFlags.length > 0 && best ? best.a.id : null;
      const { supplierOrgType: _t, ...primary } = primaries.get(l.id) ?? { supplierOrgType: 0 };
      return {
        lineId: l.id,
        lineNo: l.lineNo,
        commonName: l.commonName,
        spec: l.spec,
        unit: unitName(l.unitId),
        quantity: plainQuantity(toMilli(l.quantity)),
        requiredBy: l.requiredBy,
        primary: 'specId' in primary ? (primary as AlternateLineView['primary']) : null,
        flags: lineFlags,
        proposedId,
        alternates: own.map((a) => ({
          id: a.a.id,
          rank: a.a.rank,
          supplierOrgId: a.a.supplierOrgId,
          supplierName: a.supplierName,
          productId: a.a.productId,
          productName: a.productName,
          specId: a.a.specId,
          specName: a.specName,
          quoteId: a.a.quoteId,
          quotedUnitPriceFen: a.a.quotedUnitPriceFen,
          reason: a.a.reason,
          notPrimaryReason: a.a.notPrimaryReason,
          validUntil: a.a.validUntil,
          status: (a.a.id === proposedId ? 'proposed' : a.a.status) as AlternateStatusValue,
          expired: !!a.a.validUntil && a.a.validUntil < today,
        })),
      };
    });
    // Flagged lines first, then in list order.
    views.sort((a, b) => Number(b.flags.length > 0) - Number(a.flags.length > 0) || a.lineNo - b.lineNo);
    return { lines: views, awardedInquiries: await repo.awardedInquiries(tx, projectId) };
  }

  /** A new standing alternate at the end of the line's ranking, or null when the line is full or already has it. */
  async function addTo(
    tx: Tx,
    user: SessionUser,
    line: repo.ListLineRow,
    values: Omit<repo.AlternateInsert, 'rank' | 'createdBy'>,
  ) {
    const standing = await repo.standingOf(tx, line.id);
    if (standing.length >= ALTERNATES_PER_LINE_MAX) return { id: null, full: true };
    const rank = (standing.at(-1)?.rank ?? 0) + 1;
    const id = await repo.insertAlternate(tx, { ...values, rank, createdBy: user.userId });
    return { id, full: false };
  }

  return {
    list: (user: SessionUser, projectId: number) => db.transaction((tx) => view(tx, user, projectId)),

    async save(user: SessionUser, b: SaveBody) {
      return db.transaction(async (tx) => {
        const line = await repo.listLine(tx, b.listLineId, true);
        if (!line) throw notFound(LINE_NOT_FOUND);
        await requireBuyer(tx, user, line.projectId, LINE_NOT_FOUND);
        const spec = await repo.specWithProduct(tx, b.specId);
        const supplier = (await repo.orgsByIds(tx, [b.supplierOrgId])).get(b.supplierOrgId);
        const errors: { field: string; message: string }[] = [];
        if (!spec) errors.push({ field: 'specId', message: '规格型号不存在' });
        if (!supplier) errors.push({ field: 'supplierOrgId', message: '供应商不存在' });
        else if (spec && supplier.id !== spec.makerOrgId && supplier.type !== OrgType.DISTRIBUTOR) {
          errors.push({ field: 'supplierOrgId', message: '供应商须是该产品的生产企业或经销商' });
        }
        if (
          spec &&
          line.chosenSpecId === spec.specId &&
          (line.chosenSupplierOrgId ?? spec.makerOrgId) === b.supplierOrgId
        ) {
          errors.push({ field: 'specId', message: '这是该行当前的首选，不能再作为备选' });
        }
        if (errors.length > 0) throw invalidInput(errors);
        const added = await addTo(tx, user, line, {
          projectId: line.projectId,
          listLineId: line.id,
          supplierOrgId: b.supplierOrgId,
          productId: spec?.productId as number,
          specId: b.specId,
          quotedUnitPriceFen: b.quotedUnitPriceFen ?? null,
          reason: b.reason,
          notPrimaryReason: b.notPrimaryReason ?? null,
          validUntil: b.validUntil ?? null,
        });
        if (added.full) {
          throw invalidInput([{ field: 'listLineId', message: `每行最多 ${ALTERNATES_PER_LINE_MAX} 个备选供应商` }]);
        }
        if (added.id === null) throw invalidInput([{ field: 'specId', message: '该供应商的此规格已是备选' }]);
        await recordAudit(tx, {
          entity: 'alternate_supplier',
          entityId: added.id,
          action: 'create',
          fromState: null,
          toState: 'standby',
          actor: user,
          data: { listLineId: line.id, supplierOrgId: b.supplierOrgId, specId: b.specId },
        });
        return { id: added.id };
      });
    },

    /** The other submitted quotes of an awarded inquiry, each line's as an alternate of its list line. */
    async fromInquiry(user: SessionUser, inquiryId: number) {
      return db.transaction(async (tx) => {
        const inquiry = await repo.findInquiry(tx, inquiryId);
        if (!inquiry) throw notFound('询价单不存在');
        await requireBuyer(tx, user, inquiry.projectId, '询价单不存在');
        if (inquiry.status !== 'awarded') throw conflict('只有已定标的询价可以把其他报价加为备选');
        const rows = await repo.otherQuoteLines(tx, inquiry.id, inquiry.awardedQuoteId, inquiry.round);
        let added = 0;
        for (const r of rows) {
          const line = await repo.listLine(tx, r.listLineId, true);
          if (!line) continue;
          const a = await addTo(tx, user, line, {
            projectId: line.projectId,
            listLineId: line.id,
            supplierOrgId: r.supplierOrgId,
            productId: r.productId,
            specId: r.specId,
            quoteId: r.quoteId,
            quotedUnitPriceFen: r.unitPriceFen,
            reason: `询价 ${inquiry.number} 的报价`,
            notPrimaryReason: '未中选',
            validUntil: r.validUntil,
          });
          if (a.id !== null) added += 1;
        }
        await recordAudit(tx, {
          entity: 'alternate_supplier',
          entityId: inquiry.id,
          action: 'import',
          fromState: null,
          toState: 'standby',
          actor: user,
          data: { inquiryId: inquiry.id, added },
        });
        return { added };
      });
    },

    async move(user: SessionUser, id: number, direction: 'up' | 'down') {
      return db.transaction(async (tx) => {
        const a = await repo.findAlternate(tx, id);
        if (!a) throw notFound(NOT_FOUND);
        await requireBuyer(tx, user, a.projectId, NOT_FOUND);
        const standing = await repo.standingOf(tx, a.listLineId);
        const i = standing.findIndex((s) => s.id === id);
        if (i < 0) throw conflict('只有备选中的供应商可以调整顺序');
        const j = direction === 'up' ? i - 1 : i + 1;
        const other = standing[j];
        if (other) {
          // Ranks 1…n in the new order (ties and gaps left by dismissals are straightened out).
          const order = standing.map((s) => s.id);
          [order[i], order[j]] = [order[j] as number, order[i] as number];
          for (const [k, sid] of order.entries()) await repo.updateAlternate(tx, sid, { rank: k + 1 });
        }
        await recordAudit(tx, {
          entity: 'alternate_supplier',
          entityId: id,
          action: 'move',
          fromState: a.status,
          toState: a.status,
          actor: user,
          data: { direction, moved: !!other },
        });
        return { id };
      });
    },

    async dismiss(user: SessionUser, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const a = await repo.findAlternate(tx, id, true);
        if (!a) throw notFound(NOT_FOUND);
        await requireBuyer(tx, user, a.projectId, NOT_FOUND);
        if (a.status !== 'standby') throw conflict('只有备选中的供应商可以放弃');
        await repo.updateAlternate(tx, id, { status: 'dismissed', notPrimaryReason: reason });
        await recordAudit(tx, {
          entity: 'alternate_supplier',
          entityId: id,
          action: 'dismiss',
          fromState: a.status,
          toState: 'dismissed',
          actor: user,
          reason,
        });
        return { id };
      });
    },

    /**
     * The alternate becomes the line's chosen product and supplier (switched); the old primary is kept as a
     * dismissed alternate with the flags' reasons. The next step — a direct purchase from it or an inquiry — is taken
     * on the selection page, which the alternates page opens on the line (the buyer confirms the quantity and the
     * reason there: a switch alone commits no money).
     */
    async switchTo(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const a = await repo.findAlternate(tx, id, true);
        if (!a) throw notFound(NOT_FOUND);
        await requireBuyer(tx, user, a.projectId, NOT_FOUND);
        if (a.status !== 'standby') throw conflict('只有备选中的供应商可以切换为首选');
        const line = await repo.listLine(tx, a.listLineId, true);
        if (!line) throw notFound(LINE_NOT_FOUND);
        const before = (await primariesOf(tx, a.projectId, [line])).get(line.id);
        const p = await repo.projectOf(tx, a.projectId);
        const flags = before
          ? ((
              await flagsOfLines(
                tx,
                { id: a.projectId, regionCode: p?.regionCode ?? '', standardEdition: p?.standardEdition ?? null },
                [{ lineId: line.id, requiredBy: line.requiredBy, primary: before }],
                shanghaiToday(),
              )
            ).get(line.id) ?? [])
          : [];
        const why = flags.map((f) => f.detail).join('；') || '已切换到备选供应商';
        if (before && !(before.specId === a.specId && before.supplierOrgId === a.supplierOrgId)) {
          await repo.keepDismissed(tx, {
            projectId: a.projectId,
            listLineId: line.id,
            rank: 99,
            supplierOrgId: before.supplierOrgId,
            productId: before.productId,
            specId: before.specId,
            reason: '原首选供应商',
            notPrimaryReason: why,
            createdBy: user.userId,
          });
        }
        await repo.setChosen(tx, line.id, {
          specId: a.specId,
          supplierOrgId: a.supplierOrgId,
          reason: `切换为备选供应商：${a.reason}`,
        });
        await repo.updateAlternate(tx, a.id, { status: 'switched' });
        await recordAudit(tx, {
          entity: 'alternate_supplier',
          entityId: a.id,
          action: 'switch',
          fromState: 'standby',
          toState: 'switched',
          actor: user,
          reason: why,
          data: {
            listLineId: line.id,
            from: before ? { supplierOrgId: before.supplierOrgId, specId: before.specId } : null,
          },
        });
        return { lineId: line.id, projectId: a.projectId };
      });
    },
  };
}
