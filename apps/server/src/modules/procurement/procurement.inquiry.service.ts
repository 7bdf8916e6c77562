import {
  type InquiryStatusValue,
  type inquiryAwardBody,
  type inquiryListBody,
  type inquirySaveBody,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  inquiries,
  inquiryLines,
  inquirySuppliers,
  materialListLines,
  projects,
  quotes,
} from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf } from '../trace/index.ts';
import { requireBuyerProject } from './procurement.access.ts';
import { candidatesFor } from './procurement.candidates.ts';
import * as repo from './procurement.inquiry.repository.ts';
import { type InquiryAction, type InquirySide, inquiryTransition } from './procurement.inquiry.transitions.ts';
import { buyerDetail } from './procurement.inquiry.views.ts';
import { createPurchaseOrder } from './procurement.order.create.ts';
import { policyOf } from './procurement.policy.ts';
import { projectLinesById, supplierOptionsOf } from './procurement.sourcing.service.ts';

type SaveBody = z.output<typeof inquirySaveBody>;
type ListBody = z.output<typeof inquiryListBody>;
type AwardBody = z.output<typeof inquiryAwardBody>;

export const INQUIRY_NOT_FOUND = '询价单不存在';
const INQUIRY_SERIES = {
  table: inquiries,
  column: inquiries.number,
  constraint: 'inquiries_number_uq',
  prefix: 'XJ',
} as const;

/** A deadline `YYYY-MM-DD HH:mm[:ss]` in Shanghai wall-clock time as a moment. */
export const deadlineMoment = (text: string) => new Date(Date.parse(`${text.replace(' ', 'T')}+08:00`));

/**
 * The award's check that the winner may still supply what it quoted, as the quote's submission checked it: its own
 * listing in the project's city, or a letter covering the project's county today. A letter revoked or expired, or a
 * listing withdrawn, since the quote refuses the award (409) naming the lines, rather than making an order the
 * distributor could not ship under.
 */
async function stillOffered(
  tx: Tx,
  projectId: number,
  supplierOrgId: number,
  quoted: { ql: { specId: number }; line: repo.InquiryLineRow }[],
): Promise<void> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound();
  const policy = await policyOf(tx, project.standardEdition);
  const lapsed: string[] = [];
  for (const { ql, line } of quoted) {
    const offers = await candidatesFor(tx, project, line, policy, {
      quantity: line.quantity,
      onlySupplier: supplierOrgId,
    });
    if (!offers.some((c) => c.specId === ql.specId)) lapsed.push(line.commonName);
  }
  if (lapsed.length > 0) {
    throw conflict(`中选供应商已不能供应：${lapsed.join('、')}（授权已撤销或过期，或产品已下架），请另选报价`);
  }
}

const REFUSED: Record<InquiryAction, string> = {
  edit: '只有草稿询价单可以修改',
  publish: '只有草稿询价单可以发布',
  quote: '询价不在报价中（报价截止时间已过，或已结束）',
  close: '只有报价中的询价单可以截止报价',
  award: '只有评审中的询价单可以定标',
  fail: '只有评审中的询价单可以流标',
  cancel: '只有草稿、已发布或报价中的询价单可以取消',
  new_round: '只有评审中的询价单可以发起新一轮报价',
};

/** The state an action leads to from the inquiry's state as of now, or 403 (not the buyer's) / 409 (not from this state). */
export function inquiryStep(side: InquirySide, action: InquiryAction, from: InquiryStatusValue) {
  const t = inquiryTransition(side, action, from);
  if (t.ok) return t.to;
  if (t.refusal === 'actor') throw forbidden('只有发起询价的单位可以操作');
  throw conflict(REFUSED[action]);
}

/** Tell each invited supplier (its own page of the inquiry). */
async function tellSuppliers(
  tx: Tx,
  i: repo.InquiryRow,
  title: string,
  content: (orgId: number) => string,
): Promise<void> {
  for (const s of await repo.suppliersOf(tx, i.id)) {
    await sendMessage(
      tx,
      { orgId: s.orgId },
      {
        channel: channelOf(s.type),
        title,
        content: content(s.orgId),
        targetUrl: pageUrl(pages.supplierInquiry, { id: i.id }),
      },
    );
  }
}

/**
 * Requests for quotation, the buyer's side (docs/procurement.md, "Selection and purchase"): a draft with lines from
 * the project's list and invited suppliers → published → quoting → evaluating (deadline passed, or closed early) →
 * awarded (a draft purchase order made) | failed; cancelled before evaluating; a new round reopens quoting.
 */
export function createInquiryService({ db }: { db: Db }) {
  /** The caller's side of an inquiry: the organisation that made it, another buyer of the project, else 404. */
  async function sideOf(tx: Tx, user: SessionUser, i: repo.InquiryRow | undefined): Promise<InquirySide> {
    if (!i || user.orgId === null) throw notFound(INQUIRY_NOT_FOUND);
    try {
      await requireBuyerProject(tx, user, i.projectId);
    } catch {
      throw notFound(INQUIRY_NOT_FOUND);
    }
    return i.buyerOrgId === user.orgId ? 'buyer' : 'viewer';
  }

  async function detailIn(tx: Tx, user: SessionUser, i: repo.InquiryRow) {
    const side = await sideOf(tx, user, i);
    const project = await requireBuyerProject(tx, user, i.projectId);
    const policy = await policyOf(tx, project.standardEdition);
    return buyerDetail(tx, i, side, policy.rule);
  }

  /** The inquiry locked, the caller's side checked, the state an action leads to. */
  async function changing(tx: Tx, user: SessionUser, id: number, action: InquiryAction) {
    const i = await repo.findInquiry(tx, id, true);
    const side = await sideOf(tx, user, i);
    const before = i as repo.InquiryRow;
    const from = repo.inquiryState(before);
    return { i: before, from, to: inquiryStep(side, action, from) };
  }

  async function audit(
    tx: Tx,
    user: SessionUser,
    i: repo.InquiryRow,
    action: 'create' | 'update' | 'publish' | 'close' | 'award' | 'fail' | 'cancel' | 'new_round',
    from: string | null,
    to: string,
    reason: string | null = null,
    data: Record<string, unknown> | null = null,
  ) {
    await recordAudit(tx, {
      entity: 'inquiry',
      entityId: i.id,
      action,
      fromState: from,
      toState: to,
      actor: user,
      orgId: i.buyerOrgId,
      reason,
      data,
    });
  }

  /** Lines and suppliers of a draft, checked against the project's list and the candidates' suppliers. */
  async function checkedDraft(tx: Tx, b: SaveBody, project: Awaited<ReturnType<typeof requireBuyerProject>>) {
    const errors: { field: string; message: string }[] = [];
    if (deadlineMoment(b.deadline).getTime() <= Date.now()) {
      errors.push({ field: 'deadline', message: '报价截止时间必须晚于现在' });
    }
    const lines = await projectLinesById(
      tx,
      project.id,
      b.lines.map((l) => l.listLineId),
    );
    const seen = new Set<number>();
    b.lines.forEach((l, n) => {
      if (!lines.has(l.listLineId)) errors.push({ field: `lines.${n}.listLineId`, message: '材料清单行不存在' });
      else if (seen.has(l.listLineId))
        errors.push({ field: `lines.${n}.listLineId`, message: '同一行材料只能询价一次' });
      seen.add(l.listLineId);
    });
    const options = new Set((await supplierOptionsOf(tx, project, [...lines.values()])).map((o) => o.orgId));
    b.supplierOrgIds.forEach((s, n) => {
      if (!options.has(s)) {
        errors.push({
          field: `supplierOrgIds.${n}`,
          message: '该单位不能供应所选材料（须为本市上架产品的生产企业或本地区的授权经销商）',
        });
      }
    });
    if (errors.length > 0) throw invalidInput(errors);
    return { suppliers: [...new Set(b.supplierOrgIds)] };
  }

  async function writeParts(tx: Tx, inquiryId: number, b: SaveBody, suppliers: number[]) {
    await tx.delete(inquiryLines).where(eq(inquiryLines.inquiryId, inquiryId));
    await tx.delete(inquirySuppliers).where(eq(inquirySuppliers.inquiryId, inquiryId));
    await tx
      .insert(inquiryLines)
      .values(
        b.lines.map((l, n) => ({ inquiryId, lineNo: n + 1, listLineId: l.listLineId, quantity: String(l.quantity) })),
      );
    await tx.insert(inquirySuppliers).values(suppliers.map((supplierOrgId) => ({ inquiryId, supplierOrgId })));
  }

  return {
    async list(user: SessionUser, b: ListBody) {
      await requireBuyerProject(db, user, b.projectId);
      const { rows, total } = await repo.listForProject(db, b);
      return {
        list: rows.map((r) => ({
          id: r.i.id,
          number: r.i.number,
          title: r.i.title,
          projectId: r.i.projectId,
          projectName: r.projectName,
          buyerName: r.buyerName,
          status: repo.inquiryState(r.i),
          round: r.i.round,
          deadline: formatShanghaiTime(r.i.deadline),
          lineCount: r.lineCount,
          supplierCount: r.supplierCount,
          submittedCount: r.submittedCount,
          createdAt: formatShanghaiTime(r.i.createdAt),
        })),
        total,
      };
    },

    async detail(user: SessionUser, id: number) {
      const i = await repo.findInquiry(db, id);
      await sideOf(db, user, i);
      return detailIn(db, user, i as repo.InquiryRow);
    },

    async save(user: SessionUser, b: SaveBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const before = b.id === undefined ? null : (await changing(tx, user, b.id, 'edit')).i;
        if (before && before.projectId !== b.projectId) {
          throw invalidInput([{ field: 'projectId', message: '询价单的项目不能更改' }]);
        }
        const project = await requireBuyerProject(tx, user, b.projectId, { lock: true });
        const { suppliers } = await checkedDraft(tx, b, project);
        const values = {
          title: b.title,
          deadline: deadlineMoment(b.deadline),
          remarks: b.remarks ?? null,
          updatedAt: new Date(),
        };
        let id: number;
        if (before) {
          id = before.id;
          await tx.update(inquiries).set(values).where(eq(inquiries.id, id));
        } else {
          id = await withDocumentNumber(tx, INQUIRY_SERIES, async (sp, number) => {
            const [row] = await sp
              .insert(inquiries)
              .values({ ...values, number, projectId: project.id, buyerOrgId: orgId, createdBy: user.userId })
              .returning({ id: inquiries.id });
            return (row as { id: number }).id;
          });
        }
        await writeParts(tx, id, b, suppliers);
        const saved = (await repo.findInquiry(tx, id)) as repo.InquiryRow;
        await audit(tx, user, saved, before ? 'update' : 'create', before ? 'draft' : null, 'draft', null, {
          lines: b.lines.length,
          suppliers,
        });
        return detailIn(tx, user, saved);
      });
    },

    async publish(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, id, 'publish');
        if (i.deadline.getTime() <= Date.now()) throw conflict('报价截止时间已过，请修改截止时间后再发布');
        await tx
          .update(inquiries)
          .set({ status: to, publishedAt: new Date(), updatedAt: new Date() })
          .where(eq(inquiries.id, i.id));
        await audit(tx, user, i, 'publish', from, to);
        const buyer = await repo.orgName(tx, i.buyerOrgId);
        await tellSuppliers(
          tx,
          i,
          `询价邀请：${i.title}`,
          () => `${buyer.name}邀请您报价（${i.number}），截止时间 ${formatShanghaiTime(i.deadline)}。`,
        );
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async close(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, id, 'close');
        await tx
          .update(inquiries)
          .set({ status: to, deadline: new Date(), updatedAt: new Date() })
          .where(eq(inquiries.id, i.id));
        await audit(tx, user, i, 'close', from, to);
        await tellSuppliers(tx, i, `询价已截止报价：${i.title}`, () => `询价 ${i.number} 已由采购方提前截止报价。`);
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async award(user: SessionUser, b: AwardBody) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, b.id, 'award');
        const all = await repo.quotesOf(tx, i.id);
        const winner = all.find((q) => q.id === b.quoteId && q.status === 'submitted');
        if (!winner) throw invalidInput([{ field: 'quoteId', message: '请选择本询价单已提交的报价' }]);
        const lines = await repo.linesOf(tx, i.id);
        const quoted = winner.lines
          .map((ql) => ({ ql, line: lines.find((l) => l.id === ql.inquiryLineId) }))
          .filter((x): x is { ql: (typeof winner.lines)[number]; line: repo.InquiryLineRow } => x.line !== undefined);
        await stillOffered(tx, i.projectId, winner.supplierOrgId, quoted);
        const order = await createPurchaseOrder(tx, user, {
          projectId: i.projectId,
          buyerOrgId: i.buyerOrgId,
          supplierOrgId: winner.supplierOrgId,
          origin: 'inquiry',
          inquiryId: i.id,
          quoteId: winner.id,
          reason: b.reason,
          lines: quoted.map(({ ql, line }) => ({
            listLineId: line.listLineId,
            productId: ql.productId,
            specId: ql.specId,
            unitId: ql.unitId,
            quantity: line.quantity,
            unitPriceFen: ql.unitPriceFen,
            requiredBy: line.requiredBy,
          })),
        });
        for (const { ql, line } of quoted) {
          await tx
            .update(materialListLines)
            .set({
              chosenSpecId: ql.specId,
              chosenSupplierOrgId: winner.supplierOrgId,
              chosenReason: b.reason,
              updatedAt: new Date(),
            })
            .where(eq(materialListLines.id, line.listLineId));
        }
        const losers = all.filter((q) => q.id !== winner.id && q.status === 'submitted');
        await tx.update(quotes).set({ status: 'accepted', updatedAt: new Date() }).where(eq(quotes.id, winner.id));
        if (losers.length > 0) {
          await tx
            .update(quotes)
            .set({ status: 'rejected', updatedAt: new Date() })
            .where(
              inArray(
                quotes.id,
                losers.map((q) => q.id),
              ),
            );
        }
        for (const q of [winner, ...losers]) {
          await recordAudit(tx, {
            entity: 'quote',
            entityId: q.id,
            action: q === winner ? 'accept' : 'reject',
            fromState: 'submitted',
            toState: q === winner ? 'accepted' : 'rejected',
            actor: user,
            orgId: q.supplierOrgId,
            reason: b.reason,
          });
        }
        await tx
          .update(inquiries)
          .set({
            status: to,
            awardedQuoteId: winner.id,
            decisionReason: b.reason,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(inquiries.id, i.id));
        await audit(tx, user, i, 'award', from, to, b.reason, { quoteId: winner.id, orderId: order.orderId });
        await tellSuppliers(tx, i, `询价结果：${i.title}`, (orgId) =>
          orgId === winner.supplierOrgId
            ? `您对询价 ${i.number} 的报价已中选，采购方将发出采购订单 ${order.number}。`
            : `询价 ${i.number} 已定标，您的报价未中选。感谢参与。`,
        );
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async fail(user: SessionUser, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, id, 'fail');
        const submitted = (await repo.quotesOf(tx, i.id, { statuses: ['submitted'] })).map((q) => q.id);
        if (submitted.length > 0) {
          await tx
            .update(quotes)
            .set({ status: 'rejected', updatedAt: new Date() })
            .where(inArray(quotes.id, submitted));
        }
        await tx
          .update(inquiries)
          .set({ status: to, decisionReason: reason, decidedAt: new Date(), updatedAt: new Date() })
          .where(eq(inquiries.id, i.id));
        await audit(tx, user, i, 'fail', from, to, reason, { rejectedQuotes: submitted });
        await tellSuppliers(tx, i, `询价流标：${i.title}`, () => `询价 ${i.number} 已流标，原因：${reason}`);
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async cancel(user: SessionUser, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, id, 'cancel');
        await tx
          .update(inquiries)
          .set({ status: to, decisionReason: reason, decidedAt: new Date(), updatedAt: new Date() })
          .where(eq(inquiries.id, i.id));
        await audit(tx, user, i, 'cancel', from, to, reason);
        if (from !== 'draft') {
          await tellSuppliers(tx, i, `询价已取消：${i.title}`, () => `询价 ${i.number} 已取消，原因：${reason}`);
        }
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async newRound(user: SessionUser, id: number, deadline: string) {
      return db.transaction(async (tx) => {
        const { i, from, to } = await changing(tx, user, id, 'new_round');
        const moment = deadlineMoment(deadline);
        if (moment.getTime() <= Date.now()) {
          throw invalidInput([{ field: 'deadline', message: '报价截止时间必须晚于现在' }]);
        }
        await tx
          .update(inquiries)
          .set({ status: to, round: i.round + 1, deadline: moment, updatedAt: new Date() })
          .where(and(eq(inquiries.id, i.id)));
        await audit(tx, user, i, 'new_round', from, to, null, { round: i.round + 1, deadline });
        await tellSuppliers(
          tx,
          i,
          `询价第 ${i.round + 1} 轮报价：${i.title}`,
          () => `询价 ${i.number} 开始第 ${i.round + 1} 轮报价，截止时间 ${formatShanghaiTime(moment)}。`,
        );
        return detailIn(tx, user, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },
  };
}
