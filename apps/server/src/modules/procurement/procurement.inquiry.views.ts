import type { ComplianceRule, InquiryDetail, QuoteStatusValue, QuoteView } from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { amountOf, runwayOf } from './procurement.candidates.ts';
import { evidenceOfProducts } from './procurement.evidence.ts';
import * as repo from './procurement.inquiry.repository.ts';
import { type InquirySide, inquiryActions } from './procurement.inquiry.transitions.ts';

/** Rows of the inquiries' tables into the contract's answers (docs/procurement.md, "Selection and purchase"). */

const DECIDED: readonly string[] = ['evaluating', 'awarded', 'failed'];

export function inquiryLineView(l: repo.InquiryLineRow) {
  return {
    id: l.id,
    lineNo: l.lineNo,
    listLineId: l.listLineId,
    commonName: l.commonName,
    spec: l.spec,
    classifyCode: l.classifyCode,
    unitName: l.unitName ?? '',
    quantity: l.quantity,
    requiredBy: l.requiredBy,
  };
}

/** Quotes with each line's amount and the offered product's runway to the line's required-by date. */
export async function quoteViews(
  tx: Tx,
  quotes: readonly repo.QuoteWithLines[],
  lines: readonly repo.InquiryLineRow[],
  rule: Pick<ComplianceRule, 'testReportMaxAgeDays'> | null,
): Promise<QuoteView[]> {
  const evidence = await evidenceOfProducts(
    tx,
    quotes.flatMap((q) => q.lines.map((l) => l.productId)),
  );
  const byId = new Map(lines.map((l) => [l.id, l]));
  return quotes.map((q) => ({
    id: q.id,
    supplierOrgId: q.supplierOrgId,
    supplierName: q.supplierName,
    round: q.round,
    status: q.status as QuoteStatusValue,
    amountFen: q.amountFen,
    validUntil: q.validUntil,
    remarks: q.remarks,
    submittedAt: formatOptionalShanghaiTime(q.submittedAt),
    lines: q.lines.map((l) => {
      const line = byId.get(l.inquiryLineId);
      const runway = runwayOf(evidence.get(l.productId), line?.requiredBy ?? l.deliveryDate, rule);
      return {
        inquiryLineId: l.inquiryLineId,
        productId: l.productId,
        productName: l.productName,
        specId: l.specId,
        specName: l.specName,
        unitPriceFen: l.unitPriceFen,
        amountFen: amountOf(line?.quantity ?? '0', l.unitPriceFen),
        deliveryDate: l.deliveryDate,
        remarks: l.remarks,
        runway: runway.runway,
        validUntil: runway.validUntil,
      };
    }),
  }));
}

/**
 * The buyer's view of an inquiry. Sealed: while quoting is open (published, quoting; and after a cancellation) the
 * current round's quotes are not read at all, only counted; once it has closed (evaluating or later) the submitted
 * and decided quotes of every round are shown. Drafts and withdrawn quotes are the supplier's alone.
 */
export async function buyerDetail(
  tx: Tx,
  i: repo.InquiryRow,
  side: InquirySide,
  rule: Pick<ComplianceRule, 'testReportMaxAgeDays'> | null,
): Promise<InquiryDetail> {
  const state = repo.inquiryState(i);
  const [lines, suppliers, project, buyer, count, order] = await Promise.all([
    repo.linesOf(tx, i.id),
    repo.suppliersOf(tx, i.id),
    repo.projectName(tx, i.projectId),
    repo.orgName(tx, i.buyerOrgId),
    repo.submittedCount(tx, i.id, i.round),
    repo.orderOfInquiry(tx, i.id),
  ]);
  const open = !DECIDED.includes(state);
  const visible = (await repo.quotesOf(tx, i.id, { statuses: ['submitted', 'accepted', 'rejected'] })).filter(
    (q) => !open || q.round < i.round,
  );
  const quotes = await quoteViews(tx, visible, lines, rule);
  const currentRound = open ? [] : visible.filter((q) => q.round === i.round);
  return {
    id: i.id,
    number: i.number,
    title: i.title,
    projectId: i.projectId,
    projectName: project.name,
    buyerOrgId: i.buyerOrgId,
    buyerName: buyer.name,
    status: state,
    round: i.round,
    deadline: formatShanghaiTime(i.deadline),
    remarks: i.remarks,
    decisionReason: i.decisionReason,
    awardedQuoteId: i.awardedQuoteId,
    orderId: order?.id ?? null,
    orderNumber: order?.number ?? null,
    publishedAt: formatOptionalShanghaiTime(i.publishedAt),
    decidedAt: formatOptionalShanghaiTime(i.decidedAt),
    lines: lines.map(inquiryLineView),
    suppliers: suppliers.map((s) => ({
      orgId: s.orgId,
      name: s.name,
      submitted: open ? null : currentRound.some((q) => q.supplierOrgId === s.orgId),
    })),
    submittedCount: count,
    quotes,
    actions: inquiryActions(side, state),
  };
}
