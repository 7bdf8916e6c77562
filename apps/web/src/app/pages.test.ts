import { Role } from '@jcbb/contract/enums';
import { type PageName, pages } from '@jcbb/contract/pages';
import { describe, expect, it } from 'vitest';
import { filterByRoles, findRoute, flattenRoutes } from '../lib/route-index.ts';
import type { ConsoleKey } from '../lib/route-types.ts';
import { consoleTree, framedPublicRoutes, publicRoutes } from './route-table.tsx';

/**
 * Every page the contract declares for other code to link to (`@jcbb/contract/pages`: the server's messages, the
 * printed links, other features) is a page of the route table in each console its links reach, for the roles of the
 * people they reach: a renamed or moved route fails here, not in a user's message centre.
 */

/** Who a page's links reach: a console with the roles of its readers (any member: STAFF), or the public pages. */
type Reach = { console: ConsoleKey; roles: string[] } | 'public';

const member = (console: ConsoleKey): Reach => ({ console, roles: [Role.STAFF] });
const platform: Reach = { console: 'admin', roles: [Role.SUPER_ADMIN] };
const committee: Reach = { console: 'government', roles: [Role.CITY_COMMITTEE] };
const organisations: ConsoleKey[] = [
  'manufacturer',
  'distributor',
  'construction',
  'supervision',
  'developer',
  'government',
  'certification',
  'design',
  'basic',
];

/** Typed by the contract's page names: a page added there does not compile here until its readers are named. */
const reach: Record<PageName, Reach[]> = {
  home: [...organisations.map(member), platform],
  // The platform's decision on a certification (government units are exempt from it).
  verification: organisations.filter((c) => c !== 'government').map(member),
  // The account centre (the user menu's 个人中心; the menu's 组织管理): every console, the platform's profile too.
  accountProfile: [...organisations.map(member), platform],
  accountOrganization: organisations.map(member),
  // A revision's decision, a certificate about to expire; a listing's decisions.
  productDetails: [member('manufacturer')],
  listingList: [member('manufacturer')],
  listingDetails: [member('manufacturer')],
  productList: [member('manufacturer')],
  specsList: [member('manufacturer')],
  productSpotCheck: [member('manufacturer')],
  // Enterprise inspection: the subject (a manufacturer) and the inspectors (certification bodies, city committees).
  inspectionHealth: [member('manufacturer')],
  inspectionRecords: [member('certification'), committee],
  inspectionRecord: [member('manufacturer'), member('certification'), committee],
  // A lead from a business card's contact form: the card's owner, a member of a manufacturer or distributor.
  marketingDashboard: [member('manufacturer'), member('distributor')],
  // Applicants (manufacturers, distributors) and certification bodies.
  myApplicationDetail: [member('manufacturer'), member('distributor')],
  approvalDetail: [member('certification')],
  certificates: [member('manufacturer'), member('distributor')],
  // A project's invited and member organisations (construction, supervision, design) and its developer.
  projectDetail: [member('construction'), member('supervision'), member('design'), member('developer'), committee],
  // The shipper and the receiver of a shipment: organisations, or a project's construction units.
  shipmentDetail: [member('manufacturer'), member('distributor'), member('construction')],
  // A code scanned after it was installed: its maker; a lot rejected at a site.
  traceDashboard: [member('manufacturer')],
  // The site's construction unit (goods arrived) and supervision unit (a verdict to confirm).
  siteDeliveryDetail: [member('construction'), member('supervision')],
  // An inspection's construction unit (confirmed, sent back) and supervision unit (a verdict to confirm).
  siteInspection: [member('construction'), member('supervision')],
  // A project's Excel pages, from its detail: the import for its construction unit, the exports for every reader.
  siteStockImport: [member('construction')],
  siteStockExport: [member('construction'), member('supervision'), member('developer'), committee],
  // A spot check's construction unit (to rectify, closed) and its supervision unit (rectified); a sample's
  // construction unit (its lot released or rejected). A developer that supervises has no site pages: its messages
  // carry no link.
  spotCheckDetail: [member('construction'), member('supervision')],
  sampleDetail: [member('construction'), member('supervision')],
  // Procurement: the buyer's pages (developer, construction unit); the supplier's (manufacturer, distributor).
  procurementMaterialsList: [member('developer'), member('construction')],
  procurementInquiry: [member('developer'), member('construction')],
  procurementOrder: [member('developer'), member('construction')],
  procurementAlternates: [member('developer'), member('construction')],
  supplierInquiry: [member('manufacturer'), member('distributor')],
  supplierOrder: [member('manufacturer'), member('distributor')],
  // Government procurement (docs/government.md): filers (developer, construction; supervision reads), the committee.
  governmentFilings: [member('developer'), member('construction'), member('supervision'), committee],
  governmentFiling: [member('developer'), member('construction'), member('supervision'), committee],
  governmentStatistics: [member('developer'), member('construction'), committee, platform],
  // An alert: the organisation asked to explain (a developer, a supplier), those on its project, the committee.
  governmentAlert: [
    member('developer'),
    member('construction'),
    member('supervision'),
    member('manufacturer'),
    member('distributor'),
    committee,
  ],
  certificationReview: [platform],
  basicMaterialReview: [platform],
  platformListingAudit: [platform],
  cityListingAudit: [committee],
  platformRevisionDetail: [platform],
  cityRevisionDetail: [committee],
  scanIndex: ['public'],
  scanDetail: ['public'],
  certificateVerify: ['public'],
  // Distribution: the send wizard a sales contract's shipment opens on.
  shipmentDraft: [member('manufacturer'), member('distributor')],
  // Distribution: the maker's list and the distributor's letter page (messages); the letter's QR code.
  authorisationManage: [member('manufacturer')],
  licensedProductDetail: [member('distributor')],
  authorisationVerify: ['public'],
  // The public record (docs/public-pages.md): the site map's and /sitemap.xml's links, the snapshots.
  cityCatalogue: ['public'],
  cityCommittee: ['public'],
  productPublic: ['public'],
  sitemaps: ['public'],
  productSnapshot: ['public'],
  orgSnapshot: ['public'],
};

const where = (r: Reach) => (r === 'public' ? 'the public pages' : `the ${r.console} console (${r.roles.join(', ')})`);

function routesOf(r: Reach) {
  if (r === 'public') return flattenRoutes([...publicRoutes, ...framedPublicRoutes]);
  return flattenRoutes(filterByRoles(consoleTree(r.console), r.roles));
}

describe('the pages other code links to', () => {
  it('name the readers of every declared page', () => {
    expect(Object.keys(reach).sort()).toEqual(Object.keys(pages).sort());
    for (const list of Object.values(reach)) expect(list.length).toBeGreaterThan(0);
  });

  const cases = Object.entries(reach).flatMap(([name, list]) =>
    list.map((r) => [name as PageName, where(r), r] as const),
  );
  it.each(cases)('%s is a page of %s', (name, _, r) => {
    const { path } = pages[name];
    const route = findRoute(routesOf(r), path);
    // A route with an optional last segment (/cities/:type?) is the page at its bare path too.
    expect(route?.fullPath.replace(/\/:\w+\?$/, '')).toBe(path);
    expect(route?.item.component).toBeDefined();
  });
});
