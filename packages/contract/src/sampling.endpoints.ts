import { endpoint } from './endpoint.ts';
import {
  samplingCount,
  samplingIdParams,
  samplingItem,
  samplingPage,
  samplingPageBody,
  samplingProductQuery,
  samplingStateObjects,
} from './sampling.ts';

const BASE = '/materials/supervisionProductSampling';

/** Supervision sampling of the manufacturer's products (spec §7 "supervision product sampling"). */
export const samplingEndpoints = {
  latestPage: endpoint({ method: 'POST', path: `${BASE}/latestPage`, body: samplingPageBody, response: samplingPage }),
  checkStateObjects: endpoint({
    method: 'GET',
    path: `${BASE}/checkStateObjects`,
    query: samplingProductQuery,
    response: samplingStateObjects,
  }),
  count: endpoint({ method: 'POST', path: `${BASE}/count`, body: samplingProductQuery, response: samplingCount }),
  samplingDetail: endpoint({ method: 'GET', path: `${BASE}/{id}`, params: samplingIdParams, response: samplingItem }),
};
