import { sourcingEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import { BUYER_ORG_TYPES, SUPPLIER_ORG_TYPES } from './procurement.access.ts';
import { createInquiryService } from './procurement.inquiry.service.ts';
import { createQuoteService } from './procurement.quote.service.ts';
import type { ProcurementDeps } from './procurement.routes.ts';
import { createSourcingService } from './procurement.sourcing.service.ts';

/** The sourcing part's services (the routes' and a demo seed's). */
export function createProcurementSourcingServices({ db }: { db: Db }) {
  return {
    selection: createSourcingService({ db }),
    inquiries: createInquiryService({ db }),
    quotes: createQuoteService({ db }),
  };
}

const tags = ['采购选型与询价 Sourcing'];
const buyer =
  "The project's developer or a construction unit that has joined it; another organisation's project, line or inquiry: 404.";
const owner = `${buyer} Only the organisation that made the inquiry changes it (another buyer of the project: 403). Not from the inquiry's state (as of now: past its deadline it reads as evaluating): 409.`;
const supplier =
  'An invited manufacturer or distributor (anyone else, and a draft inquiry: 404). Sealed: the supplier sees its own quotes only. After the deadline: 409.';

/** Procurement's sourcing calls (docs/procurement.md, "Selection and purchase"). */
export function registerSourcingRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const { selection, inquiries, quotes } = createProcurementSourcingServices(deps);
  const buyers = BUYER_ORG_TYPES;
  const suppliers = SUPPLIER_ORG_TYPES;

  defineRoute(app, api.selectionOverview, {
    summary: '选型总览 The project’s list lines with their choice, and its compliance now',
    description: buyer,
    tags,
    orgTypes: buyers,
    handler: ({ user, query }) => selection.overview(user, query.projectId),
  });
  defineRoute(app, api.selectionCandidates, {
    summary:
      '候选产品 Listed products of the project’s city in the line’s class, from makers and authorised distributors',
    description: `Tags, star, certificate runway to the required-by date, price, distance (GB/T 51366 default), transport CO₂, spot checks and the what-if compliance. Sorted: green through the required-by date, total, CO₂. ${buyer}`,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, query }) => selection.candidates(user, query.lineId),
  });
  defineRoute(app, api.selectionChoose, {
    summary: '选定 Choose a candidate for a line',
    description: `A spec and supplier that are not a candidate of the line: 400 specId. ${buyer}`,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => selection.choose(user, body),
  });
  defineRoute(app, api.selectionUnchoose, {
    summary: '取消选定 Clear a line’s choice',
    description: buyer,
    tags,
    orgTypes: buyers,
    handler: ({ user, body }) => selection.unchoose(user, body.lineId),
  });
  defineRoute(app, api.directPurchase, {
    summary: '目录直购 A draft purchase order at catalogue prices',
    description: `Each line: a candidate of that supplier (else 400 lines.N.specId), with a price (on request: 400). ${buyer}`,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => selection.directPurchase(user, body),
  });
  defineRoute(app, api.inquirySupplierOptions, {
    summary: '可邀请供应商 Makers and authorised distributors of the lines’ candidates',
    description: buyer,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, query }) => selection.supplierOptions(user, query.projectId, query.lineIds),
  });

  defineRoute(app, api.inquiryList, {
    summary: '询价单 A project’s inquiries, newest first',
    description: buyer,
    tags,
    orgTypes: buyers,
    handler: ({ user, body }) => inquiries.list(user, body),
  });
  defineRoute(app, api.inquiryDetail, {
    summary: '询价详情 Lines, invited suppliers, and the quotes once quoting has closed',
    description: `Sealed: while quoting is open, only the count of quotes submitted. ${buyer}`,
    tags,
    orgTypes: buyers,
    handler: ({ user, query }) => inquiries.detail(user, query.id),
  });
  defineRoute(app, api.inquirySave, {
    summary: '保存询价 Create or change a draft',
    description: `Deadline in the future; lines from the project's list; suppliers among the lines' candidates. ${owner}`,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.save(user, body),
  });
  defineRoute(app, api.inquiryPublish, {
    summary: '发布 draft → published; the invited suppliers are told',
    description: owner,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.publish(user, body.id),
  });
  defineRoute(app, api.inquiryClose, {
    summary: '截止报价 published | quoting → evaluating',
    description: owner,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.close(user, body.id),
  });
  defineRoute(app, api.inquiryAward, {
    summary: '定标 evaluating → awarded: a draft purchase order with the quote’s prices',
    description: `The quote accepted, the other submitted quotes rejected, every invited supplier told; the lines' choice set. 409 when the winner may no longer supply a quoted specification (its letter revoked or expired, or the listing withdrawn, since the quote). ${owner}`,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.award(user, body),
  });
  defineRoute(app, api.inquiryFail, {
    summary: '流标 evaluating → failed, with a reason',
    description: owner,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.fail(user, body.id, body.reason),
  });
  defineRoute(app, api.inquiryCancel, {
    summary: '取消 draft | published | quoting → cancelled, with a reason',
    description: owner,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.cancel(user, body.id, body.reason),
  });
  defineRoute(app, api.inquiryNewRound, {
    summary: '新一轮报价 evaluating → quoting with a new deadline',
    description: owner,
    tags,
    orgTypes: buyers,
    certified: true,
    handler: ({ user, body }) => inquiries.newRound(user, body.id, body.deadline),
  });

  defineRoute(app, api.supplierInquiryList, {
    summary: '待报价询价 The inquiries the supplier was invited to',
    description: supplier,
    tags,
    orgTypes: suppliers,
    handler: ({ user, body }) => quotes.list(user, body),
  });
  defineRoute(app, api.supplierInquiryDetail, {
    summary: '询价详情（供应商） Lines, deadline, the specs it may offer, its own quote',
    description: supplier,
    tags,
    orgTypes: suppliers,
    handler: ({ user, query }) => quotes.detail(user, query.id),
  });
  defineRoute(app, api.quoteSave, {
    summary: '保存报价 The supplier’s quote of the current round (a draft)',
    description: `Each line: a spec the supplier may offer (its own listed product, or one it is authorised for), a price in fen, a delivery date. ${supplier}`,
    tags,
    orgTypes: suppliers,
    certified: true,
    handler: ({ user, body }) => quotes.save(user, body),
  });
  defineRoute(app, api.quoteSubmit, {
    summary: '提交报价 draft → submitted; the buyer told (a count)',
    description: `Another supplier's quote: 404. ${supplier}`,
    tags,
    orgTypes: suppliers,
    certified: true,
    handler: ({ user, body }) => quotes.submit(user, body.id),
  });
  defineRoute(app, api.quoteWithdraw, {
    summary: '撤回报价 submitted → withdrawn',
    description: `Another supplier's quote: 404. ${supplier}`,
    tags,
    orgTypes: suppliers,
    certified: true,
    handler: ({ user, body }) => quotes.withdraw(user, body.id),
  });
}
