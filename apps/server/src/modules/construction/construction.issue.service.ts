import {
  type CodeLevelValue,
  CodeStatus,
  type FieldError,
  type issueCreateBody,
  type issueReturnBody,
  type retrievalCodesQuery,
  type retrievalDetailData,
  type retrievalListQuery,
  type retrievalSearchAllQuery,
  type retrievalSearchQuery,
  StockBucket,
} from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { issueOrders } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { moveStock } from '../trace/index.ts';
import { contractorOn, orNotFound, siteReader } from './construction.access.ts';
import { checkIssue, checkReturn } from './construction.issue.checks.ts';
import {
  checkIssueCodes,
  checkReturnCodes,
  descendantsOf,
  issuableCodes,
  moveCodes,
} from './construction.issue.codes.ts';
import * as issues from './construction.issue.repository.ts';
import { issuedLineOf, lineViewOf, orderItemOf } from './construction.issue.views.ts';

type CreateBody = z.output<typeof issueCreateBody>;
type ReturnBody = z.output<typeof issueReturnBody>;
type DetailData = z.infer<typeof retrievalDetailData>;
type StockMove = Parameters<typeof moveStock>[1][number];

export const ISSUE_NOT_FOUND = '出库单不存在';

/** Issue orders are numbered LY + yyyymmdd + a sequence of the day (领用); their returns TK (退库), in one table. */
const ISSUE_SERIES = {
  table: issueOrders,
  column: issueOrders.number,
  constraint: 'issue_orders_number_uq',
  prefix: 'LY',
} as const;
const RETURN_SERIES = { ...ISSUE_SERIES, prefix: 'TK' } as const;

/** A move of the project's usable stock of a lot, for an issue order or a return (docType 'issue'). */
function usableMove(
  projectId: number,
  lot: { lotId: number; specId: number | null },
  quantity: number,
  doc: { id: number; at: Date; userId: number; field?: string },
): StockMove {
  return {
    holder: { kind: 'project', projectId },
    specId: lot.specId,
    lotId: lot.lotId,
    bucket: StockBucket.USABLE,
    quantity,
    reason: quantity < 0 ? 'issue' : 'unissue',
    docType: 'issue',
    docId: doc.id,
    occurredAt: doc.at,
    userId: doc.userId,
    ...(doc.field ? { field: doc.field } : {}),
  };
}

/** A new issue order or return under the next number of its series (LY, TK). */
function insertNumbered(
  tx: Tx,
  series: typeof ISSUE_SERIES | typeof RETURN_SERIES,
  values: Omit<issues.IssueOrderInsert, 'number'>,
) {
  return withDocumentNumber(tx, series, async (sp, number) => ({
    id: await issues.insertOrder(sp, { ...values, number }),
    number,
  }));
}

export type IssueService = ReturnType<typeof createIssueService>;

/**
 * Issue to the works (出库领用, docs/construction.md "Issue to the works"): the construction unit issues released stock
 * (the usable bucket only) to a team or subcontractor for a use location; coded stock names its codes, which become
 * installed, so the public scan page warns when one is scanned again. A return to stock is a document of its own
 * against an issue's lines; an issue is never edited or deleted. Each change is one transaction with its audit row.
 */
export function createIssueService({ db }: { db: Db }) {
  /** The issue order's lines, locked, by id, with the codes returned of each before (read after the lock). */
  async function lockedLines(tx: Tx, orderId: number) {
    const lines = await issues.lockIssueLines(tx, orderId);
    const returned = await issues.returnedCodes(
      tx,
      lines.map((l) => l.id),
    );
    return { byId: new Map(lines.map((l) => [l.id, l])), returned };
  }

  return {
    async create(user: SessionUser, b: CreateBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const contractor = await contractorOn(tx, user, b.projectId);
        const orgId = contractor.membership.orgId;
        const fields: FieldError[] = [];
        const inspectionOf = await checkIssue(tx, b, fields);
        if (fields.length > 0) throw invalidInput(fields);
        const order = await insertNumbered(tx, ISSUE_SERIES, {
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
        });
        // Out of the usable stock, all lines at once: moveStock locks the balances in its fixed order, so two issues
        // of the same lot take turns and neither takes what the other took (a shortfall: 400 on the line).
        const specs = await issues.specsOfLots(
          tx,
          b.lines.map((l) => l.lotId),
        );
        const doc = { id: order.id, at: businessMoment(b.issuedOn, options.at ?? new Date()), userId: user.userId };
        const after = await moveStock(
          tx,
          b.lines.map((l, i) =>
            usableMove(b.projectId, { lotId: l.lotId, specId: specs.get(l.lotId) ?? null }, -l.quantity, {
              ...doc,
              field: `lines.${i}.quantity`,
            }),
          ),
        );
        const installs = await checkIssueCodes(
          tx,
          b.projectId,
          b.lines.map((l, i) => ({ ...l, usableAfter: after[i] ?? 0 })),
          fields,
        );
        if (fields.length > 0) throw invalidInput(fields);
        await moveCodes(tx, b.projectId, installs, CodeStatus.HELD);
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
        // The issue's lines, locked: two returns of one line take turns, each reading what the other returned.
        const { byId, returned } = await lockedLines(tx, issue.id);
        const fields: FieldError[] = [];
        checkReturn(issue, b, byId, returned, fields);
        if (fields.length > 0) throw invalidInput(fields);
        const lines = b.lines.map((r) => ({ ...r, line: byId.get(r.lineId) as issues.IssueLineRow }));
        const codeMoves = await checkReturnCodes(
          tx,
          issue.projectId,
          lines.map((r) => ({ lotId: r.line.lotId, quantity: r.quantity, codes: r.codes })),
          fields,
        );
        if (fields.length > 0) throw invalidInput(fields);

        const doc = await insertNumbered(tx, RETURN_SERIES, {
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
        });
        const specs = await issues.specsOfLots(
          tx,
          lines.map((r) => r.line.lotId),
        );
        const at = businessMoment(b.returnedOn, options.at ?? new Date());
        await moveStock(
          tx,
          lines.map((r) =>
            usableMove(issue.projectId, { lotId: r.line.lotId, specId: specs.get(r.line.lotId) ?? null }, r.quantity, {
              id: doc.id,
              at,
              userId: user.userId,
            }),
          ),
        );
        for (const r of lines) await issues.addReturned(tx, r.line.id, milliText(toMilli(r.quantity)));
        await moveCodes(tx, issue.projectId, codeMoves, CodeStatus.INSTALLED);
        await issues.insertLines(
          tx,
          lines.map((r, i) => ({
            orderId: doc.id,
            lineNo: i + 1,
            lotId: r.line.lotId,
            inspectionId: r.line.inspectionId,
            quantity: milliText(toMilli(r.quantity)),
            returnOfLineId: r.line.id,
            codes: r.codes,
          })),
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
        return { list: rows.map(orderItemOf), total };
      });
    },

    async detail(user: SessionUser, id: number): Promise<DetailData> {
      return db.transaction(async (tx) => {
        const row = await issues.orderWithNames(tx, id);
        if (!row) throw notFound(ISSUE_NOT_FOUND);
        const project = await orNotFound(siteReader(tx, user, row.order.projectId), ISSUE_NOT_FOUND);
        const isIssue = row.order.kind === 'issue';
        const lines = await issues.linesOfOrder(tx, id);
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
        const views = lines.map((l) => lineViewOf(l, returned.get(l.line.id) ?? [], facts));
        return {
          ...orderItemOf(row),
          projectId: row.order.projectId,
          projectName: row.projectName,
          remarks: row.order.remarks,
          lines: views,
          returns: isIssue ? await issues.returnsOf(tx, id) : [],
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
        return { list: rows.map(issuedLineOf), total };
      });
    },

    async searchAll(user: SessionUser, q: z.output<typeof retrievalSearchAllQuery>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, q.projectId);
        const rows = await issues.issuedTotals(tx, q);
        return rows.map((r) => ({ ...r, netQuantity: fromMilli(toMilli(r.netQuantity)) }));
      });
    },
  };
}
