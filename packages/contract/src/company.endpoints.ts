import { companyByNameBody, companyCityData, companyIdParams, companyInfoList, companyWordQuery } from './company.ts';
import { endpoint } from './endpoint.ts';

/** The materials service's company calls (spec §7 bm-company). */
export const companyEndpoints = {
  getCompanyInfoByName: endpoint({
    method: 'POST',
    path: '/materials/bm-company/getCompanyInfoByName',
    body: companyByNameBody,
    response: companyInfoList,
  }),
  getCityIdByCompanyId: endpoint({
    method: 'GET',
    path: '/materials/bm-company/getCityIdByCompanyId/{companyId}',
    params: companyIdParams,
    response: companyCityData,
  }),
  /** The application form (.docx), parameters in the signed JSON body. */
  downWordInfoByCompanyId: endpoint({
    method: 'POST',
    path: '/materials/bm-company/downWordInfoByCompanyId',
    body: companyWordQuery,
  }),
  /** The same form, parameters in the (signed) query. */
  downWordInfoByCompanyIdGet: endpoint({
    method: 'GET',
    path: '/materials/bm-company/downWordInfoByCompanyId',
    query: companyWordQuery,
  }),
};
