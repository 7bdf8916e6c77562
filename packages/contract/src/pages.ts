/**
 * The console's and the public site's pages that other code links to: the server's messages (`targetUrl`), the
 * links printed on labels and certificates, and the web features that open another feature's page. Declared once:
 * the web's route table takes these paths for its entries, the server and the features build addresses with
 * `pageUrl`. A page that shows one record names the query parameter it reads (`?id=`, `?code=`, `?no=`).
 *
 * A renamed route breaks `apps/web/src/app/pages.test.ts`, which checks that every page here is a route of each
 * console (or the public pages) that is sent to it. Pages only their own feature links to stay in that feature.
 * No dependency: the web's shell (the route table) and the light public entry import this file alone
 * (`@jcbb/contract/pages`).
 */

/** One page: its absolute path and, for a page showing one record, the query parameter naming the record. */
export interface PageDef {
  readonly path: `/${string}`;
  readonly query?: string;
}

export const pages = {
  // ---- every organisation's console ----
  /** Home of every console. */
  home: { path: '/home' },
  /** The organisation's certification (spec §2): the uncertified banner, home, and the platform's decision. */
  verification: { path: '/organization/orgnizationVerification' },
  /** The account centre's profile (no external account site): the user menu's 个人中心. */
  accountProfile: { path: '/account/profile' },
  /** The account centre's organisation page (information, certification, personnel, divisions). */
  accountOrganization: { path: '/account/organization' },

  // ---- product centre (manufacturers) ----
  /** A product: a revision's decision, a certificate about to expire. */
  productDetails: { path: '/product/details', query: 'id' },
  /** The manufacturer's listings (入库管理): where a deleted listing's message leads. */
  listingList: { path: '/productCenter/productManagement' },
  /** One listing: its audit decisions. */
  listingDetails: { path: '/warehousing/details', query: 'id' },
  /** The manufacturer's products, specifications and sampling results: the inspection health page's figures. */
  productList: { path: '/product/list' },
  specsList: { path: '/specs/list' },
  productSpotCheck: { path: '/product/spotCheck' },

  // ---- marketing (manufacturers, distributors) ----
  /** The smart business card's dashboard: a lead from a card's contact form. */
  marketingDashboard: { path: '/marketing/dashboard' },

  // ---- evidence and certificates (manufacturers, distributors, certification bodies) ----
  /** The applicant's application: a self-declaration published, an application rejected. */
  myApplicationDetail: { path: '/blockchain/myApplys/detail', query: 'id' },
  /** The certification body's view of an application: a new one, one withdrawn. */
  approvalDetail: { path: '/blockchain/approval/detail', query: 'id' },
  /** The holder's certificates: one issued, one revoked. */
  certificates: { path: '/blockchain/certificate/index' },

  // ---- projects (developers, construction and supervision units, city committees) ----
  /** One project: invitations, answers to them, removals. */
  projectDetail: { path: '/project/detail', query: 'id' },

  // ---- traceability (manufacturers, distributors, construction and supervision units) ----
  /** One shipment: sent, received, returned, an alert of codes on two sites. */
  shipmentDetail: { path: '/productionManagement/sourceDetail', query: 'id' },
  /** The traceability overview with its alerts: a code scanned after it was installed. */
  traceDashboard: { path: '/productionManagement/dashboard' },

  // ---- distribution (docs/distribution.md) ----
  /** The manufacturer's authorisations, opening one (`?id=`): a letter accepted, a renewal due, an expiry reminder. */
  authorisationManage: { path: '/agent/index', query: 'id' },
  /** The distributor's view of one letter (`?id=` authorisation): issued to it, suspended, revoked, expiring. */
  licensedProductDetail: { path: '/distributor/licensedProductDetails', query: 'id' },

  // ---- site construction (construction and supervision units: docs/construction.md) ----
  /** One delivery with its lots' inspections: goods arrived, a verdict to confirm, a verdict confirmed or sent back. */
  siteDeliveryDetail: { path: '/projectConstruction/receiveDetail', query: 'id' },
  /**
   * One lot's inspection on its delivery's page (the page finds the delivery and opens the lot's drawer): a verdict
   * to confirm, a verdict confirmed or sent back, a witnessed retest's result.
   */
  siteInspection: { path: '/projectConstruction/receiveDetail', query: 'inspection' },
  /** A project's import of off-platform deliveries (.xlsx): the project's detail links it for its construction unit. */
  siteStockImport: { path: '/project/stockImport', query: 'projectId' },
  /** A project's exports (stock, deliveries, issues, the green-material ledger): for everyone who reads the site. */
  siteStockExport: { path: '/project/stockExport', query: 'projectId' },
  /** A spot check (one detail page with the samples): a failure to rectify by its deadline, its rectification, closed. */
  spotCheckDetail: { path: '/projectConstruction/spotCheckDetail', query: 'id' },
  /** A witnessed sample on the same page: its report passed (the lot released) or failed (the lot rejected). */
  sampleDetail: { path: '/projectConstruction/spotCheckDetail', query: 'sample' },

  // ---- distribution: sales contracts ----
  /** The send wizard on a draft shipment (a sales contract's shipment hands over to it: contractSendProduct). */
  shipmentDraft: { path: '/productionManagement/sendProduct', query: 'id' },

  // ---- procurement (docs/procurement.md) ----
  /** A project's material list: confirmed, or reopened with a reason, by the other buyer on the project. */
  procurementMaterialsList: { path: '/buildMaterialProcurement/materialsList', query: 'projectId' },
  /** The buyer's request for quotation: quotes in, the deadline passed, awarded. */
  procurementInquiry: { path: '/buildMaterialProcurement/inquiryDetail', query: 'id' },
  /** The buyer's purchase order: confirmed by the supplier, shipped, delivered. */
  procurementOrder: { path: '/buildMaterialProcurement/orderDetail', query: 'id' },
  /** A list line's alternates: its primary supplier flagged (certificate lapses, authorisation lost, lot failed). */
  procurementAlternates: { path: '/buildMaterialProcurement/alternateSuppliers', query: 'lineId' },
  /** A supplier's view of an inquiry sent to it, where it quotes: invited, a new round, awarded or not. */
  supplierInquiry: { path: '/procurementSales/inquiryDetail', query: 'id' },
  /** A supplier's view of an order: sent to it, cancelled, closed. */
  supplierOrder: { path: '/procurementSales/orderDetail', query: 'id' },

  // ---- government procurement information (docs/government.md) ----
  /** The quarterly filings a filer keeps and a committee reviews: a reminder before the deadline, an overdue one. */
  governmentFilings: { path: '/govProcurementInfo/materialFill' },
  /** One filing: submitted, returned with its reason, resubmitted, confirmed, locked, corrected. */
  governmentFiling: { path: '/govProcurementInfo/materialFill/detail', query: 'id' },
  /** The statistics dashboard (the committee's city; a filer's own projects). */
  governmentStatistics: { path: '/govProcurementInfo/statisticsList' },
  /** One risk alert: raised, explained, decided; a subscription's message. */
  governmentAlert: { path: '/govProcurementInfo/riskAlerts/detail', query: 'id' },

  // ---- enterprise inspection (docs/enterprise-inspection.md) ----
  /** The manufacturer's compliance health, calendar and inspection records. */
  inspectionHealth: { path: '/enterpriseInspection/info' },
  /** A certification body's or city committee's inspection records of the organisations it oversees. */
  inspectionRecords: { path: '/enterpriseInspection/records' },
  /** One inspection record: entered (to its subject), rectification submitted (to its inspector), closed, reopened. */
  inspectionRecord: { path: '/enterpriseInspection/detail', query: 'id' },

  // ---- the platform administrator's and the city committees' reviews ----
  /** The platform's certification queue: an organisation asked to be certified. */
  certificationReview: { path: '/admin/certification' },
  /** The platform's review of new common names. */
  basicMaterialReview: { path: '/admin/basic-materials' },
  /** A listing in the platform's audit. */
  platformListingAudit: { path: '/admin/listings/detail', query: 'id' },
  /** A listing in the city committee's audit. */
  cityListingAudit: { path: '/gov/listings/detail', query: 'id' },
  /** A change of a listed product's facts in the platform's review. */
  platformRevisionDetail: { path: '/admin/revisions/detail', query: 'id' },
  /** A change of a listed product's facts in the city committee's review. */
  cityRevisionDetail: { path: '/gov/revisions/detail', query: 'id' },

  // ---- public pages (no sign-in; the light entry serves them: docs/architecture.md) ----
  /** Scan or type a trace code. */
  scanIndex: { path: '/mobile/index' },
  /** What a label's QR code opens: one trace code's story and proof. */
  scanDetail: { path: '/mobile/detail', query: 'code' },
  /** What a certificate's QR code opens: the certificate checked against the ledger. */
  certificateVerify: { path: '/free/certificate', query: 'no' },
  /** What an authorisation letter's QR code opens: the letter checked against the ledger, its live state. */
  authorisationVerify: { path: '/free/authorisation', query: 'id' },
  /** A city's catalogue (the site map, /sitemap.xml). */
  cityCatalogue: { path: '/cities', query: 'city' },
  /** A city committee's page (the site map, /sitemap.xml). */
  cityCommittee: { path: '/cities/committee', query: 'city' },
  /** A published product's page for links from other sites (the site map, /sitemap.xml, the snapshot). */
  productPublic: { path: '/product/details/external', query: 'id' },
  /** Every public page (robots.txt's neighbour for people). */
  sitemaps: { path: '/sitemaps' },
  /** The printable snapshot of a product's public record (`&at=` a moment): the product's public page links it. */
  productSnapshot: { path: '/snapshot', query: 'product' },
  /** The printable snapshot of a company's public record: the site map's companies, a product's snapshot. */
  orgSnapshot: { path: '/snapshot', query: 'org' },
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof pages;

/** The query parameter of a page, or never for a page without one. */
type QueryOf<P extends PageDef> = P extends { query: infer Q extends string } ? Q : never;

/** The values `pageUrl` needs: none for a page without a query parameter, else that one. */
type PageValues<P extends PageDef> = [QueryOf<P>] extends [never] ? [] : [values: Record<QueryOf<P>, string | number>];

/**
 * The address of a page, relative to the site: `pageUrl(pages.shipmentDetail, { id: 7 })` is
 * `/productionManagement/sourceDetail?id=7`; `pageUrl(pages.home)` is `/home`. The value is URL-encoded.
 */
export function pageUrl<P extends PageDef>(page: P, ...[values]: PageValues<P>): string {
  if (!page.query) return page.path;
  const value = (values as Record<string, string | number> | undefined)?.[page.query];
  if (value === undefined) throw new Error(`pageUrl: ${page.path} needs ?${page.query}=`);
  return `${page.path}?${page.query}=${encodeURIComponent(String(value))}`;
}
