import {
  cityProductList,
  cityProductSearchBody,
  productImageParams,
  regionDetailsBody,
  regionDetailsData,
  regionTreeData,
} from './catalogue.ts';
import { endpoint } from './endpoint.ts';

const SHOW = '/open/materials/show';

/**
 * The public city catalogue (spec §2 /cities, §7 `/open/materials/show/*`): signed, no session. A published
 * product's own page is `productEndpoints.openGetProductInfoById`.
 */
export const catalogueEndpoints = {
  getRegionTree: endpoint({ method: 'POST', path: `${SHOW}/getRegionTree`, response: regionTreeData }),
  getOpenRegionDetails: endpoint({
    method: 'POST',
    path: `${SHOW}/getOpenRegionDetails`,
    body: regionDetailsBody,
    response: regionDetailsData,
  }),
  getCityProductList: endpoint({
    method: 'POST',
    path: `${SHOW}/getCityProductList`,
    body: cityProductSearchBody,
    response: cityProductList,
  }),
  /** An image file, neither signed nor in a session, so that a plain <img> loads it. */
  productImage: endpoint({
    method: 'GET',
    path: `${SHOW}/productImage/{productId}/{uploadId}`,
    params: productImageParams,
  }),
};
