import { type PageDef, pages, pageUrl } from '@jcbb/contract/pages';
import type { AlertEvidence } from '../../risk-api.ts';

/** The public pages every reader may open, whatever the console. */
const PUBLIC = new Set<string>([pages.certificateVerify.path, pages.authorisationVerify.path, pages.scanDetail.path]);

/** Where an evidence item's record is shown, by its kind (null: no page of its own). */
function addressOf(e: AlertEvidence): { page: PageDef; url: string } | null {
  const id = e.id;
  const numeric = /^[0-9]+$/.test(id);
  switch (e.kind) {
    case 'project':
      return numeric ? { page: pages.projectDetail, url: pageUrl(pages.projectDetail, { id }) } : null;
    case 'filing':
      return numeric ? { page: pages.governmentFiling, url: pageUrl(pages.governmentFiling, { id }) } : null;
    case 'shipment':
      return numeric ? { page: pages.shipmentDetail, url: pageUrl(pages.shipmentDetail, { id }) } : null;
    case 'site_delivery':
      return numeric ? { page: pages.siteDeliveryDetail, url: pageUrl(pages.siteDeliveryDetail, { id }) } : null;
    case 'site_inspection':
      return numeric ? { page: pages.siteInspection, url: pageUrl(pages.siteInspection, { inspection: id }) } : null;
    case 'sample':
      return numeric ? { page: pages.sampleDetail, url: pageUrl(pages.sampleDetail, { sample: id }) } : null;
    case 'certificate':
      return id ? { page: pages.certificateVerify, url: pageUrl(pages.certificateVerify, { no: id }) } : null;
    case 'authorisation':
      return id ? { page: pages.authorisationVerify, url: pageUrl(pages.authorisationVerify, { id }) } : null;
    case 'trace_code':
      return id ? { page: pages.scanDetail, url: pageUrl(pages.scanDetail, { code: id }) } : null;
    default:
      return null;
  }
}

/**
 * The link of an evidence item for this reader: its record's page when the reader's console has that page (a
 * committee has no site pages, a supplier no project pages), a public page (certificate, letter, trace code) always;
 * else none, and the item is shown as text.
 */
export function evidenceLink(e: AlertEvidence, consolePaths: ReadonlySet<string>): string | null {
  const address = addressOf(e);
  if (!address) return null;
  return PUBLIC.has(address.page.path) || consolePaths.has(address.page.path) ? address.url : null;
}
