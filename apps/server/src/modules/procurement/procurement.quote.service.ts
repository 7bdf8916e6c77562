import {
  pages,
  pageUrl,
  type QuoteStatusValue,
  type quoteSaveBody,
  type SupplierInquiryDetail,
  type supplierInquiryListBody,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { inquiries, projects, quoteLines, quotes } from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf, regionFullNames } from '../trace/index.ts';
import { amountOf, candidatesFor } from './procurement.candidates.ts';
import * as repo from './procurement.inquiry.repository.ts';
import { INQUIRY_NOT_FOUND, inquiryStep } from './procurement.inquiry.service.ts';
import { type QuoteAction, quoteActions, quoteTransition } from './procurement.inquiry.transitions.ts';
import { inquiryLineView, quoteViews } from './procurement.inquiry.views.ts';
import { policyOf } from './procurement.policy.ts';

type SaveBody = z.output<typeof quoteSaveBody>;
type ListBody = z.output<typeof supplierInquiryListBody>;
const QUOTE_NOT_FOUND = '报价不存在';

function quoteStep(action: QuoteAction, from: QuoteStatusValue | null) {
  const t = quoteTransition('supplier', action, from);
  if (t.ok) return t.to;
  if (t.refusal === 'actor') throw forbidden('只有报价的供应商可以操作');
  throw conflict(
    {
      save: '已提交的报价请先撤回再修改',
      submit: '只有草稿报价可以提交',
      withdraw: '只有已提交的报价可以撤回',
      accept: '',
      reject: '',
    }[action],
  );
}

/**
 * The supplier's side of an inquiry (docs/procurement.md, "Selection and purchase"): the inquiries it was invited to,
 * each with its lines and deadline (never the other suppliers or their quotes), and its own sealed quote: saved as a
 * draft, submitted and withdrawn before the deadline (after it: 409). Anyone not invited: 404.
 */
export function createQuoteService({ db }: { db: Db }) {
  /** The inquiry, when the caller's organisation was invited and it has been published; else 404. */
  async function invitedTo(tx: Tx, user: SessionUser, id: number, lock = false) {
    const orgId = callerOrgId(user);
    const i = await repo.findInquiry(tx, id, lock);
    if (!i || i.status === 'draft' || !(await repo.isInvited(tx, i.id, orgId))) throw notFound(INQUIRY_NOT_FOUND);
    return { i, orgId };
  }

  async function detailIn(tx: Tx, orgId: number, i: repo.InquiryRow): Promise<SupplierInquiryDetail> {
    const state = repo.inquiryState(i);
    const [project] = await tx.select().from(projects).where(eq(projects.id, i.projectId));
    const p = project as typeof projects.$inferSelect;
    const policy = await policyOf(tx, p.standardEdition);
    const [lines, buyer, own, region] = await Promise.all([
      repo.linesOf(tx, i.id),
      repo.orgName(tx, i.buyerOrgId),
      repo.quotesOf(tx, i.id, { supplierOrgId: orgId }),
      regionFullNames(tx, [p.regionCode]),
    ]);
    const views = await quoteViews(tx, own, lines, policy.rule);
    const mine = views.find((q) => q.round === i.round) ?? null;
    const open = state === 'published' || state === 'quoting';
    const offerLines = [];
    for (const l of lines) {
      const offers = open ? await candidatesFor(tx, p, l, policy, { quantity: l.quantity, onlySupplier: orgId }) : [];
      offerLines.push({
        ...inquiryLineView(l),
        offers: offers.map((c) => ({
          specId: c.specId,
          productName: c.productName,
          specName: c.specName,
          unitName: c.unitName,
          listPriceFen: c.unitPriceFen,
        })),
      });
    }
    return {
      id: i.id,
      number: i.number,
      title: i.title,
      buyerName: buyer.name,
      projectName: p.name,
      projectRegionName: region.get(p.regionCode) ?? null,
      status: state,
      round: i.round,
      deadline: formatShanghaiTime(i.deadline),
      remarks: i.remarks,
      decisionReason: state === 'failed' || state === 'cancelled' ? i.decisionReason : null,
      lines: offerLines,
      myQuote: mine,
      earlierQuotes: views.filter((q) => q.round < i.round),
      actions: open ? quoteActions('supplier', mine?.status ?? null) : [],
    };
  }

  /** The inquiry locked for a quote's change, refused after its deadline (409). */
  async function quoting(tx: Tx, user: SessionUser, inquiryId: number) {
    const { i, orgId } = await invitedTo(tx, user, inquiryId, true);
    const state = repo.inquiryState(i);
    if (state === 'evaluating' && (i.status === 'published' || i.status === 'quoting')) {
      throw conflict('报价截止时间已过，不能再修改或提交报价');
    }
    const to = inquiryStep('supplier', 'quote', state);
    return { i, orgId, to };
  }

  async function ownQuote(tx: Tx, user: SessionUser, quoteId: number) {
    const orgId = callerOrgId(user);
    const [q] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.supplierOrgId, orgId)));
    if (!q) throw notFound(QUOTE_NOT_FOUND);
    return q;
  }

  async function tellBuyer(tx: Tx, i: repo.InquiryRow, title: string, content: string) {
    const buyer = await repo.orgName(tx, i.buyerOrgId);
    await sendMessage(
      tx,
      { orgId: i.buyerOrgId },
      { channel: channelOf(buyer.type), title, content, targetUrl: pageUrl(pages.procurementInquiry, { id: i.id }) },
    );
  }

  return {
    async list(user: SessionUser, b: ListBody) {
      const orgId = callerOrgId(user);
      const { rows, total } = await repo.listForSupplier(db, { orgId, ...b });
      return {
        list: rows.map((r) => ({
          id: r.i.id,
          number: r.i.number,
          title: r.i.title,
          buyerName: r.buyerName,
          projectName: r.projectName,
          status: repo.inquiryState(r.i),
          round: r.i.round,
          deadline: formatShanghaiTime(r.i.deadline),
          lineCount: r.lineCount,
          myQuoteStatus: (r.myQuoteStatus as QuoteStatusValue | null) ?? null,
        })),
        total,
      };
    },

    async detail(user: SessionUser, id: number) {
      const { i, orgId } = await invitedTo(db, user, id);
      return detailIn(db, orgId, i);
    },

    async save(user: SessionUser, b: SaveBody) {
      return db.transaction(async (tx) => {
        const { i, orgId } = await quoting(tx, user, b.inquiryId);
        const [existing] = await tx
          .select()
          .from(quotes)
          .where(and(eq(quotes.inquiryId, i.id), eq(quotes.supplierOrgId, orgId), eq(quotes.round, i.round)))
          .for('update');
        const from = (existing?.status as QuoteStatusValue | undefined) ?? null;
        const to = quoteStep('save', from);
        const [project] = await tx.select().from(projects).where(eq(projects.id, i.projectId));
        const p = project as typeof projects.$inferSelect;
        const policy = await policyOf(tx, p.standardEdition);
        const lines = await repo.linesOf(tx, i.id);
        const errors: { field: string; message: string }[] = [];
        const seen = new Set<number>();
        const rows = [];
        for (const [n, l] of b.lines.entries()) {
          const line = lines.find((x) => x.id === l.inquiryLineId);
          if (!line) {
            errors.push({ field: `lines.${n}.inquiryLineId`, message: '询价行不存在' });
            continue;
          }
          if (seen.has(line.id)) {
            errors.push({ field: `lines.${n}.inquiryLineId`, message: '同一询价行只能报价一次' });
            continue;
          }
          seen.add(line.id);
          const offer = (
            await candidatesFor(tx, p, line, policy, { quantity: line.quantity, onlySupplier: orgId })
          ).find((c) => c.specId === l.specId);
          if (!offer) {
            errors.push({
              field: `lines.${n}.specId`,
              message: '只能报本企业在本市上架的产品，或已获授权供应本项目地区的产品规格',
            });
            continue;
          }
          rows.push({
            inquiryLineId: line.id,
            productId: offer.productId,
            specId: offer.specId,
            unitPriceFen: l.unitPriceFen,
            deliveryDate: l.deliveryDate,
            remarks: l.remarks ?? null,
            amount: amountOf(line.quantity, l.unitPriceFen),
          });
        }
        if (errors.length > 0) throw invalidInput(errors);
        const amountFen = rows.reduce((s, r) => s + r.amount, 0);
        const values = { status: to, validUntil: b.validUntil ?? null, remarks: b.remarks ?? null, amountFen };
        let quoteId: number;
        if (existing) {
          quoteId = existing.id;
          await tx
            .update(quotes)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(quotes.id, quoteId));
          await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
        } else {
          const [row] = await tx
            .insert(quotes)
            .values({ ...values, inquiryId: i.id, supplierOrgId: orgId, round: i.round, createdBy: user.userId })
            .returning({ id: quotes.id });
          quoteId = (row as { id: number }).id;
        }
        await tx.insert(quoteLines).values(rows.map(({ amount: _a, ...r }) => ({ ...r, quoteId })));
        await recordAudit(tx, {
          entity: 'quote',
          entityId: quoteId,
          action: 'save',
          fromState: from,
          toState: to,
          actor: user,
          data: { inquiryId: i.id, round: i.round, amountFen },
        });
        return detailIn(tx, orgId, i);
      });
    },

    async submit(user: SessionUser, quoteId: number) {
      return db.transaction(async (tx) => {
        const q = await ownQuote(tx, user, quoteId);
        const { i, orgId, to: inquiryTo } = await quoting(tx, user, q.inquiryId);
        if (q.round !== i.round) throw conflict('只能提交本轮的报价');
        const to = quoteStep('submit', q.status as QuoteStatusValue);
        const [price] = await tx.select({ id: quoteLines.id }).from(quoteLines).where(eq(quoteLines.quoteId, q.id));
        if (!price) throw conflict('请先填写报价');
        await tx
          .update(quotes)
          .set({ status: to, submittedAt: new Date(), updatedAt: new Date() })
          .where(eq(quotes.id, q.id));
        if (i.status !== inquiryTo) {
          await tx.update(inquiries).set({ status: inquiryTo, updatedAt: new Date() }).where(eq(inquiries.id, i.id));
        }
        await recordAudit(tx, {
          entity: 'quote',
          entityId: q.id,
          action: 'submit',
          fromState: q.status,
          toState: to,
          actor: user,
          data: { inquiryId: i.id, round: i.round, amountFen: q.amountFen, inquiryStatus: inquiryTo },
        });
        const count = await repo.submittedCount(tx, i.id, i.round);
        await tellBuyer(
          tx,
          i,
          `询价收到报价：${i.title}`,
          `询价 ${i.number} 收到一份报价，本轮已收到 ${count} 份；报价在截止时间 ${formatShanghaiTime(i.deadline)} 后开启。`,
        );
        return detailIn(tx, orgId, (await repo.findInquiry(tx, i.id)) as repo.InquiryRow);
      });
    },

    async withdraw(user: SessionUser, quoteId: number) {
      return db.transaction(async (tx) => {
        const q = await ownQuote(tx, user, quoteId);
        const { i, orgId } = await quoting(tx, user, q.inquiryId);
        if (q.round !== i.round) throw conflict('只能撤回本轮的报价');
        const to = quoteStep('withdraw', q.status as QuoteStatusValue);
        await tx.update(quotes).set({ status: to, updatedAt: new Date() }).where(eq(quotes.id, q.id));
        await recordAudit(tx, {
          entity: 'quote',
          entityId: q.id,
          action: 'withdraw',
          fromState: q.status,
          toState: to,
          actor: user,
          data: { inquiryId: i.id, round: i.round },
        });
        const count = await repo.submittedCount(tx, i.id, i.round);
        await tellBuyer(tx, i, `报价已撤回：${i.title}`, `询价 ${i.number} 有一份报价被撤回，本轮现有 ${count} 份。`);
        return detailIn(tx, orgId, i);
      });
    },
  };
}
