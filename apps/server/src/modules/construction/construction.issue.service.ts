import {
  type CodeLevelValue,
  CodeStatus,
  type FieldError,
  type InspectionStateValue,
  type issueCreateBody,
  type issueReturnBody,
  type retrievalCodesQuery,
  type retrievalDetailData,
  type retrievalListQuery,
  type retrievalSearchAllQuery,
  type retrievalSearchQuery,
  StockBucket,
} from '@jcbb/contract';
import { fromMilli, milliText, plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { businessMoment, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { issueOrders } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { moveStock, type StockMove, setSiteCodes, siteCodes } from '../trace/index.ts';
import { contractorOn, orNotFound, siteReader } from './construction.access.ts';
import * as issues from './construction.issue.repository.ts';
import * as repo from './construction.repository.ts';
import { blockedReason } from './construction.stock.service.ts';

type CreateBody = z.output<typeof issueCreateBody>;
type ReturnBody = z.output<typeof issueReturnBody>;
type DetailData = z.infer<typeof retrievalDetailData>;

export const ISSUE_NOT_FOUND = '出库单不存在';

/** Issue orders are numbered LY + yyyymmdd + a sequence of the day (领用); their returns TK (退库), in one table. */
export const ISSUE_SERIES = {
  table: issueOrders,
  column: issueOrders.number,
  constraint: 'issue_orders_number_uq',
  prefix: 'LY',
} as const;
export const RETURN_SERIES = { ...ISSUE_SERIES, prefix: 'TK' } as const;

type SiteCode = Awaited<ReturnType<typeof siteCodes>>[number];

/** The codes below these (a package's items, a pallet's packages and their items) among a lot's codes at the site. */
function descendantsOf(top: readonly string[], all: readonly SiteCode[]): string[] {
  const out: string[] = [];
  let level = new Set(top);
  while (level.size > 0) {
    const next = all.filter((c) => c.parentCode !== null && level.has(c.parentCode)).map((c) => c.code);
    out.push(...next);
    level = new Set(next);
  }
  return out;
}

/**
 * The codes of a lot the project may issue: top-level codes it holds as received ('held'), less those of a delivery
 * still in quarantine (a lot delivered twice may be released once and awaiting inspection once).
 */
async function issuableCodes(tx: Tx, projectId: number, lotId: number) {
  const held = await siteCodes(tx, { projectId, lotId }, [CodeStatus.HELD]);
  const top = held.filter((c) => c.parentCode === null);
  const blocked = await issues.quarantinedCodes(
    tx,
    projectId,
    top.map((c) => c.code),
  );
  return { held, issuable: top.filter((c) => !blocked.has(c.code)), blocked };
}

const sumOf = (codes: readonly { quantity: string }[]) => codes.reduce((s, c) => s + toMilli(c.quantity), 0);

function lineView(
  l: issues.IssueLineWithNames,
  returnedCodes: readonly string[],
  facts: Map<string, { quantity: string }>,
) {
  const quantity = toMilli(l.line.quantity);
  const isIssue = l.line.returnOfLineId === null;
  const back = new Set(returnedCodes);
  return {
    id: l.line.id,
    lotId: l.line.lotId,
    inspectionId: l.line.inspectionId,
    inspectionNumber: l.inspectionNumber,
    materialName: l.materialName,
    specName: l.specName,
    batchNo: l.batchNo,
    unitName: l.unitName,
    quantity: fromMilli(quantity),
    returnable: isIssue ? fromMilli(quantity - toMilli(l.line.returned)) : 0,
    codes: l.line.codes,
    returnableCodes: isIssue
      ? l.line.codes
          .filter((c) => !back.has(c))
          .map((code) => ({ code, quantity: fromMilli(toMilli(facts.get(code)?.quantity ?? 0)) }))
      : [],
  };
}

function itemOf(r: issues.IssueOrderListRow) {
  const o = r.order;
  return {
    id: o.id,
    number: o.number,
    kind: o.kind as 'issue' | 'return',
    team: o.team,
    building: o.building,
    floor: o.floor,
    part: o.part,
    receivedBy: o.receivedBy,
    issuedOn: o.issuedOn,
    issuedByName: r.issuedByName,
    lineCount: r.lineCount,
    returned: r.returned,
    returnOfId: o.returnOfId,
    returnOfNumber: r.returnOfNumber,
  };
}

export type IssueService = ReturnType<typeof createIssueService>;

/**
 * Issue to the works (出库领用, docs/construction.md "Issue to the works"): the construction unit issues released stock
 * (the usable bucket only) to a team or subcontractor for a use location; coded stock names its codes, which become
 * installed, so the public scan page warns when one is scanned again. A return to stock is a document of its own
 * against an issue's lines; an issue is never edited or deleted.
 */
export function createIssueService({ db }: { db: Db }) {
  return {
    async create(user: SessionUser, b: CreateBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const contractor = await contractorOn(tx, user, b.projectId);
        const orgId = contractor.membership.orgId;
        const fields: FieldError[] = [];
        if (b.issuedOn > shanghaiToday()) fields.push({ field: 'issuedOn', message: '领用日期不能晚于今天' });
        // Each lot once, released, with enough usable stock (read before the lock: the lock's answer is moveStock's).
        const seen = new Set<number>();
        const inspectionOf = new Map<number, number>();
        for (const [i, l] of b.lines.entries()) {
          if (seen.has(l.lotId)) {
            fields.push({ field: `lines.${i}.lotId`, message: '同一批次请合并为一行' });
            continue;
          }
          seen.add(l.lotId);
          const stock = await repo.siteStockOfLot(tx, b.projectId, l.lotId);
          if (!stock) {
            fields.push({ field: `lines.${i}.lotId`, message: '该批次不在本项目库存中' });
            continue;
          }
          const usable = toMilli(stock.usable);
          const quarantined = toMilli(stock.quarantined);
          const state = (stock.state as InspectionStateValue | null) ?? null;
          if (usable === 0) {
            const why = blockedReason({ usable: 0, quarantined: fromMilli(quarantined), state });
            fields.push({ field: `lines.${i}.lotId`, message: `该批次${why}` });
            continue;
          }
          if (toMilli(l.quantity) > usable) {
            const held =
              quarantined > 0
                ? `，另有 ${plainQuantity(quarantined)} ${blockedReason({ usable: 0, quarantined: 1, state })}`
                : '';
            fields.push({ field: `lines.${i}.quantity`, message: `库存不足：可用 ${plainQuantity(usable)}${held}` });
            continue;
          }
          const inspection = await issues.releasingInspection(tx, b.projectId, l.lotId);
          if (!inspection) {
            fields.push({ field: `lines.${i}.lotId`, message: '该批次没有放行的验收记录，不能出库' });
            continue;
          }
          inspectionOf.set(l.lotId, inspection.id);
        }
        if (fields.length > 0) throw invalidInput(fields);

        const at = businessMoment(b.issuedOn, options.at ?? new Date());
        const order = await withDocumentNumber(tx, ISSUE_SERIES, async (sp, number) => ({
          id: await issues.insertOrder(sp, {
            number,
            projectId: b.projectId,
            orgId,
            kind: 'issue',
            team: b.team,
            building: b.building ?? null,
            floor: b.floor ?? null,
            part: b.part ?? null,
            receivedBy: b.receivedBy,
            issuedOn: b.issuedOn,
            remarks: b.remarks ?? null,
            issuedBy: user.userId,
          }),
          number,
        }));
        // Out of the usable stock, all lines at once: the balances are locked in moveStock's fixed order, so two
        // issues of the same lots take turns and neither can take what the other took.
        const specs = await issues.specsOfLots(
          tx,
          b.lines.map((l) => l.lotId),
        );
        const holder = { kind: 'project' as const, projectId: b.projectId };
        const after = await moveStock(
          tx,
          b.lines.map(
            (l, i): StockMove => ({
              holder,
              specId: specs.get(l.lotId) ?? null,
              lotId: l.lotId,
              bucket: StockBucket.USABLE,
              quantity: -fromMilli(toMilli(l.quantity)),
              reason: 'issue',
              docType: 'issue',
              docId: order.id,
              occurredAt: at,
              userId: user.userId,
              field: `lines.${i}.quantity`,
            }),
          ),
        );
        // The codes, under the balance's lock (no other issue of the lot can run between this check and the update).
        const installs: { lotId: number; codes: string[] }[] = [];
        for (const [i, l] of b.lines.entries()) {
          const { held, issuable, blocked } = await issuableCodes(tx, b.projectId, l.lotId);
          const byCode = new Map(issuable.map((c) => [c.code, c]));
          if (l.codes.length === 0) {
            // Uncoded stock: what remains usable must still cover the codes left to issue.
            const remaining = toMilli(after[i] ?? 0);
            const coded = sumOf(issuable);
            if (coded > remaining) {
              const uncoded = remaining + toMilli(l.quantity) - coded;
              fields.push({
                field: `lines.${i}.codes`,
                message:
                  uncoded <= 0
                    ? '该批次有追溯码，请选择领用的追溯码'
                    : `该批次无码库存仅 ${plainQuantity(uncoded)}，其余请选择领用的追溯码`,
              });
            }
            continue;
          }
          let bad = false;
          l.codes.forEach((code, k) => {
            if (byCode.has(code)) return;
            bad = true;
            fields.push({
              field: `lines.${i}.codes.${k}`,
              message: blocked.has(code)
                ? '该追溯码所在的到货待验收放行，不能出库'
                : '追溯码不在本项目该批次的库存中，或已领用',
            });
          });
          if (bad) continue;
          const total = sumOf(l.codes.map((c) => byCode.get(c) as SiteCode));
          if (total !== toMilli(l.quantity)) {
            fields.push({
              field: `lines.${i}.codes`,
              message: `所选追溯码合计 ${plainQuantity(total)}，与领用数量 ${plainQuantity(toMilli(l.quantity))} 不符`,
            });
            continue;
          }
          installs.push({ lotId: l.lotId, codes: [...l.codes, ...descendantsOf(l.codes, held)] });
        }
        if (fields.length > 0) throw invalidInput(fields);
        for (const [i, install] of installs.entries()) {
          const moved = await setSiteCodes(
            tx,
            { projectId: b.projectId, lotId: install.lotId },
            { from: [CodeStatus.HELD], to: CodeStatus.INSTALLED, codes: install.codes },
          );
          if (moved.length !== install.codes.length) throw conflict(`第 ${i + 1} 行的追溯码已变化，请刷新后重试`);
        }
        await issues.insertLines(
          tx,
          b.lines.map((l, i) => ({
            orderId: order.id,
            lineNo: i + 1,
            lotId: l.lotId,
            inspectionId: inspectionOf.get(l.lotId) as number,
            quantity: milliText(toMilli(l.quantity)),
            codes: l.codes,
          })),
        );
        await recordAudit(tx, {
          entity: 'issue_order',
          entityId: order.id,
          action: 'issue',
          actor: user,
          orgId,
          data: { number: order.number, lines: b.lines.length, team: b.team },
        });
        return order;
      });
    },

    /** A return to stock against an issue's lines: back into the usable stock, its codes received again. */
    async returnToStock(user: SessionUser, b: ReturnBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const issue = await issues.orderById(tx, b.id);
        if (issue?.kind !== 'issue') throw notFound(ISSUE_NOT_FOUND);
        await orNotFound(siteReader(tx, user, issue.projectId), ISSUE_NOT_FOUND);
        await contractorOn(tx, user, issue.projectId);
        if (user.orgId !== issue.orgId) throw forbidden('只有出库的施工单位可以退库');
        const fields: FieldError[] = [];
        if (b.returnedOn > shanghaiToday()) fields.push({ field: 'returnedOn', message: '退库日期不能晚于今天' });
        else if (b.returnedOn < issue.issuedOn)
          fields.push({ field: 'returnedOn', message: `退库日期不能早于领用日期 ${issue.issuedOn}` });
        // The issue's lines, locked: what was returned of each is read after the lock, so two returns take turns.
        const lines = await issues.lockIssueLines(tx, issue.id);
        const byId = new Map(lines.map((l) => [l.id, l]));
        const returned = await issues.returnedCodes(
          tx,
          lines.map((l) => l.id),
        );
        const seen = new Set<number>();
        for (const [i, r] of b.lines.entries()) {
          const line = byId.get(r.lineId);
          if (!line) {
            fields.push({ field: `lines.${i}.lineId`, message: '出库明细不存在' });
            continue;
          }
          if (seen.has(r.lineId)) {
            fields.push({ field: `lines.${i}.lineId`, message: '同一明细请合并为一行' });
            continue;
          }
          seen.add(r.lineId);
          const left = toMilli(line.quantity) - toMilli(line.returned);
          if (toMilli(r.quantity) > left) {
            fields.push({ field: `lines.${i}.quantity`, message: `超出可退数量：可退 ${plainQuantity(left)}` });
            continue;
          }
          if (line.codes.length === 0) {
            if (r.codes.length > 0) fields.push({ field: `lines.${i}.codes`, message: '该明细领用时没有追溯码' });
            continue;
          }
          if (r.codes.length === 0) {
            fields.push({ field: `lines.${i}.codes`, message: '请选择退库的追溯码' });
            continue;
          }
          const out = new Set(line.codes.filter((c) => !(returned.get(line.id) ?? []).includes(c)));
          r.codes.forEach((code, k) => {
            if (!out.has(code))
              fields.push({ field: `lines.${i}.codes.${k}`, message: '追溯码不在该明细中，或已退库' });
          });
        }
        if (fields.length > 0) throw invalidInput(fields);
        // Coded lines: the codes' quantities must make the quantity returned.
        const held = new Map<number, SiteCode[]>();
        for (const [i, r] of b.lines.entries()) {
          const line = byId.get(r.lineId) as issues.IssueLineRow;
          if (r.codes.length === 0) continue;
          const all =
            held.get(line.lotId) ??
            (await siteCodes(tx, { projectId: issue.projectId, lotId: line.lotId }, [CodeStatus.INSTALLED]));
          held.set(line.lotId, all);
          const quantities = new Map(all.map((c) => [c.code, c.quantity]));
          const total = r.codes.reduce((s, c) => s + toMilli(quantities.get(c) ?? 0), 0);
          if (total !== toMilli(r.quantity)) {
            fields.push({
              field: `lines.${i}.codes`,
              message: `所选追溯码合计 ${plainQuantity(total)}，与退库数量 ${plainQuantity(toMilli(r.quantity))} 不符`,
            });
          }
        }
        if (fields.length > 0) throw invalidInput(fields);

        const doc = await withDocumentNumber(tx, RETURN_SERIES, async (sp, number) => ({
          id: await issues.insertOrder(sp, {
            number,
            projectId: issue.projectId,
            orgId: issue.orgId,
            kind: 'return',
            returnOfId: issue.id,
            team: issue.team,
            building: issue.building,
            floor: issue.floor,
            part: issue.part,
            receivedBy: issue.receivedBy,
            issuedOn: b.returnedOn,
            remarks: b.reason,
            issuedBy: user.userId,
          }),
          number,
        }));
        const at = businessMoment(b.returnedOn, options.at ?? new Date());
        const specs = await issues.specsOfLots(
          tx,
          lines.map((l) => l.lotId),
        );
        await moveStock(
          tx,
          b.lines.map((r): StockMove => {
            const line = byId.get(r.lineId) as issues.IssueLineRow;
            return {
              holder: { kind: 'project', projectId: issue.projectId },
              specId: specs.get(line.lotId) ?? null,
              lotId: line.lotId,
              bucket: StockBucket.USABLE,
              quantity: fromMilli(toMilli(r.quantity)),
              reason: 'unissue',
              docType: 'issue',
              docId: doc.id,
              occurredAt: at,
              userId: user.userId,
            };
          }),
        );
        for (const [i, r] of b.lines.entries()) {
          const line = byId.get(r.lineId) as issues.IssueLineRow;
          await issues.addReturned(tx, line.id, milliText(toMilli(r.quantity)));
          if (r.codes.length === 0) continue;
          const codes = [...r.codes, ...descendantsOf(r.codes, held.get(line.lotId) ?? [])];
          const moved = await setSiteCodes(
            tx,
            { projectId: issue.projectId, lotId: line.lotId },
            { from: [CodeStatus.INSTALLED], to: CodeStatus.HELD, codes },
          );
          if (moved.length !== codes.length) throw conflict(`第 ${i + 1} 行的追溯码已变化，请刷新后重试`);
        }
        await issues.insertLines(
          tx,
          b.lines.map((r, i) => {
            const line = byId.get(r.lineId) as issues.IssueLineRow;
            return {
              orderId: doc.id,
              lineNo: i + 1,
              lotId: line.lotId,
              inspectionId: line.inspectionId,
              quantity: milliText(toMilli(r.quantity)),
              returnOfLineId: line.id,
              codes: r.codes,
            };
          }),
        );
        await recordAudit(tx, {
          entity: 'issue_order',
          entityId: issue.id,
          action: 'return',
          actor: user,
          orgId: issue.orgId,
          reason: b.reason,
          data: { number: doc.number, returnId: doc.id, lines: b.lines.length },
        });
        return doc;
      });
    },

    async list(user: SessionUser, q: z.output<typeof retrievalListQuery>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, q.projectId);
        const { rows, total } = await issues.orderPage(tx, q);
        return { list: rows.map(itemOf), total };
      });
    },

    async detail(user: SessionUser, id: number): Promise<DetailData> {
      return db.transaction(async (tx) => {
        const row = await issues.orderWithNames(tx, id);
        if (!row) throw notFound(ISSUE_NOT_FOUND);
        const project = await orNotFound(siteReader(tx, user, row.order.projectId), ISSUE_NOT_FOUND);
        const lines = await issues.linesOfOrder(tx, id);
        const isIssue = row.order.kind === 'issue';
        const returned = isIssue
          ? await issues.returnedCodes(
              tx,
              lines.map((l) => l.line.id),
            )
          : new Map<number, string[]>();
        const facts = await issues.codeFacts(
          tx,
          lines.flatMap((l) => (isIssue ? l.line.codes : [])),
        );
        const views = lines.map((l) => lineView(l, returned.get(l.line.id) ?? [], facts));
        const returns = isIssue ? await issues.returnsOf(tx, id) : [];
        return {
          ...itemOf(row),
          projectId: row.order.projectId,
          projectName: row.projectName,
          remarks: row.order.remarks,
          lines: views,
          returns,
          canReturn:
            isIssue &&
            project.access === 'member' &&
            user.orgId === row.order.orgId &&
            views.some((v) => v.returnable > 0),
        };
      });
    },

    /** The codes of a lot the project may issue now, for the issue form. */
    async codes(user: SessionUser, q: z.output<typeof retrievalCodesQuery>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, q.projectId);
        const { held, issuable } = await issuableCodes(tx, q.projectId, q.lotId);
        const facts = await issues.codeFacts(
          tx,
          issuable.map((c) => c.code),
        );
        return issuable
          .map((c) => ({
            code: c.code,
            level: (facts.get(c.code)?.level ?? 'item') as CodeLevelValue,
            quantity: fromMilli(toMilli(c.quantity)),
            childCount: descendantsOf([c.code], held).length,
          }))
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      });
    },

    async search(user: SessionUser, q: z.output<typeof retrievalSearchQuery>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, q.projectId);
        const { rows, total } = await issues.issuedLinePage(tx, q);
        return {
          list: rows.map((r) => ({
            id: r.line.id,
            lotId: r.line.lotId,
            inspectionId: r.line.inspectionId,
            inspectionNumber: r.inspectionNumber,
            materialName: r.materialName,
            specName: r.specName,
            batchNo: r.batchNo,
            unitName: r.unitName,
            quantity: fromMilli(toMilli(r.line.quantity)),
            orderId: r.line.orderId,
            orderNumber: r.orderNumber,
            issuedOn: r.issuedOn,
            team: r.team,
            building: r.building,
            floor: r.floor,
            part: r.part,
            netQuantity: fromMilli(toMilli(r.line.quantity) - toMilli(r.line.returned)),
          })),
          total,
        };
      });
    },

    async searchAll(user: SessionUser, q: z.output<typeof retrievalSearchAllQuery>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, q.projectId);
        const rows = await issues.issuedTotals(tx, q);
        return rows.map((r) => ({
          materialName: r.materialName,
          specName: r.specName,
          unitName: r.unitName,
          netQuantity: fromMilli(toMilli(r.netQuantity)),
        }));
      });
    },
  };
}
