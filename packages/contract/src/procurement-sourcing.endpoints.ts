import type { EndpointDef } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  chooseBody,
  chooseData,
  directPurchaseBody,
  inquiryAwardBody,
  inquiryDetail,
  inquiryIdBody,
  inquiryIdQuery,
  inquiryListBody,
  inquiryListData,
  inquiryReasonBody,
  inquiryRoundBody,
  inquirySaveBody,
  orderCreatedData,
  quoteIdBody,
  quoteSaveBody,
  selectionCandidatesData,
  selectionCandidatesQuery,
  sourcingOverviewData,
  sourcingProjectQuery,
  supplierInquiryDetail,
  supplierInquiryListBody,
  supplierInquiryListData,
  supplierOptionsData,
  supplierOptionsQuery,
  unchooseBody,
} from './procurement-sourcing.ts';

const SEL = '/api/procurement/selection';
const INQ = '/api/procurement/inquiry';
const SUP = '/api/procurement/sales/inquiry';

/** Procurement's sourcing calls (docs/procurement.md, "Selection and purchase"); procurement.endpoints.ts joins them. */
export const sourcingEndpoints = {
  // ---- selection (buyer: the project's developer or a joined construction unit) ----
  /** The project's list lines with their choice and green state, and the project's compliance now. */
  selectionOverview: endpoint({
    method: 'GET',
    path: `${SEL}/overview`,
    query: sourcingProjectQuery,
    response: sourcingOverviewData,
  }),
  /** The listed products of the project's city in the line's class, each from its maker and authorised distributors. */
  selectionCandidates: endpoint({
    method: 'GET',
    path: `${SEL}/candidates`,
    query: selectionCandidatesQuery,
    response: selectionCandidatesData,
  }),
  /** Choose a candidate for a line (spec and supplier, with a reason). */
  selectionChoose: endpoint({ method: 'POST', path: `${SEL}/choose`, body: chooseBody, response: chooseData }),
  /** Clear a line's choice. */
  selectionUnchoose: endpoint({ method: 'POST', path: `${SEL}/unchoose`, body: unchooseBody, response: chooseData }),
  /** Buy directly from the catalogue: a draft purchase order to one supplier at its catalogue prices. */
  directPurchase: endpoint({
    method: 'POST',
    path: `${SEL}/direct-purchase`,
    body: directPurchaseBody,
    response: orderCreatedData,
  }),
  /** The suppliers that may be invited for these lines (makers and authorised distributors of the candidates). */
  inquirySupplierOptions: endpoint({
    method: 'GET',
    path: `${INQ}/supplier-options`,
    query: supplierOptionsQuery,
    response: supplierOptionsData,
  }),
  // ---- inquiries (buyer) ----
  inquiryList: endpoint({ method: 'POST', path: `${INQ}/list`, body: inquiryListBody, response: inquiryListData }),
  inquiryDetail: endpoint({ method: 'GET', path: `${INQ}/detail`, query: inquiryIdQuery, response: inquiryDetail }),
  /** Create a draft (no id) or change a draft. */
  inquirySave: endpoint({ method: 'POST', path: `${INQ}/save`, body: inquirySaveBody, response: inquiryDetail }),
  /** draft → published: the invited suppliers are told. */
  inquiryPublish: endpoint({ method: 'POST', path: `${INQ}/publish`, body: inquiryIdBody, response: inquiryDetail }),
  /** Close quoting before the deadline: published | quoting → evaluating. */
  inquiryClose: endpoint({ method: 'POST', path: `${INQ}/close`, body: inquiryIdBody, response: inquiryDetail }),
  /** evaluating → awarded: the quote accepted, the others rejected, a draft purchase order made. */
  inquiryAward: endpoint({ method: 'POST', path: `${INQ}/award`, body: inquiryAwardBody, response: inquiryDetail }),
  /** evaluating → failed (流标), with a reason. */
  inquiryFail: endpoint({ method: 'POST', path: `${INQ}/fail`, body: inquiryReasonBody, response: inquiryDetail }),
  /** draft | published | quoting → cancelled, with a reason. */
  inquiryCancel: endpoint({ method: 'POST', path: `${INQ}/cancel`, body: inquiryReasonBody, response: inquiryDetail }),
  /** evaluating → quoting: a new round with a new deadline (the earlier round's quotes stay, read-only). */
  inquiryNewRound: endpoint({
    method: 'POST',
    path: `${INQ}/new-round`,
    body: inquiryRoundBody,
    response: inquiryDetail,
  }),
  // ---- the supplier's side (manufacturers and distributors invited) ----
  supplierInquiryList: endpoint({
    method: 'POST',
    path: `${SUP}/list`,
    body: supplierInquiryListBody,
    response: supplierInquiryListData,
  }),
  supplierInquiryDetail: endpoint({
    method: 'GET',
    path: `${SUP}/detail`,
    query: inquiryIdQuery,
    response: supplierInquiryDetail,
  }),
  /** Save the supplier's quote of the current round (a draft; a withdrawn quote becomes a draft again). */
  quoteSave: endpoint({
    method: 'POST',
    path: `${SUP}/quote/save`,
    body: quoteSaveBody,
    response: supplierInquiryDetail,
  }),
  /** draft → submitted, before the deadline. */
  quoteSubmit: endpoint({
    method: 'POST',
    path: `${SUP}/quote/submit`,
    body: quoteIdBody,
    response: supplierInquiryDetail,
  }),
  /** submitted → withdrawn, before the deadline. */
  quoteWithdraw: endpoint({
    method: 'POST',
    path: `${SUP}/quote/withdraw`,
    body: quoteIdBody,
    response: supplierInquiryDetail,
  }),
} satisfies Record<string, EndpointDef>;
