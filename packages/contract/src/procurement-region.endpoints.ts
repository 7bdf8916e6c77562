import type { EndpointDef } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  regionDistrictDetailsBody,
  regionDistrictDetailsData,
  regionDistrictsBody,
  regionDistrictsData,
} from './procurement-region.ts';

const SHOW = '/open/materials/show';

/**
 * Procurement's region calls (docs/procurement.md, "Region"): public, signed, no session, like the catalogue's
 * /open/materials/show calls. Spec §7's getRegionTree and getOpenRegionDetails already serve the catalogue's cities
 * (catalogueEndpoints); the districts of one city are these two, in the same style (docs/decisions.md).
 */
export const procurementRegionEndpoints = {
  /** A city's districts with counts of qualifying listed products and their suppliers. */
  getRegionDistrictTree: endpoint({
    method: 'POST',
    path: `${SHOW}/getRegionDistrictTree`,
    body: regionDistrictsBody,
    response: regionDistrictsData,
  }),
  /** One district's suppliers and their qualifying products. */
  getOpenRegionDistrictDetails: endpoint({
    method: 'POST',
    path: `${SHOW}/getOpenRegionDistrictDetails`,
    body: regionDistrictDetailsBody,
    response: regionDistrictDetailsData,
  }),
} satisfies Record<string, EndpointDef>;
