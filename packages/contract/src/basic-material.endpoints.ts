import {
  adminBasicMaterialItem,
  adminBasicMaterialList,
  adminBasicMaterialListQuery,
  basicMaterialApplied,
  basicMaterialApplyBody,
  basicMaterialApproveBody,
  basicMaterialFormats,
  basicMaterialPage,
  basicMaterialPageBody,
  basicMaterialRejectBody,
  basicMaterialUnits,
  commonNameBody,
  commonNameClassify,
  commonNameUnitBody,
  upgradationPage,
  upgradationPageBody,
} from './basic-material.ts';
import { endpoint } from './endpoint.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

const BM = '/materials/basic-materials';
const ADMIN = '/api/admin/basic-materials';

/** An application's id in the path: a number that fits the `integer` column (a larger one is a 400). */
const applicationIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

/**
 * Basic materials (spec §7 `basic-materials/*`, `bmUpGradation/page`) and the platform's review of manufacturers'
 * applications for new common names (`/api/admin/basic-materials`, super_admin).
 */
export const basicMaterialEndpoints = {
  page: endpoint({ method: 'POST', path: `${BM}/page`, body: basicMaterialPageBody, response: basicMaterialPage }),
  getUnitByCommonName: endpoint({
    method: 'POST',
    path: `${BM}/getUnitByCommonName`,
    body: commonNameBody,
    response: basicMaterialUnits,
  }),
  getFormatByCommonNameAndUnit: endpoint({
    method: 'POST',
    path: `${BM}/getFormatByCommonNameAndUnit`,
    body: commonNameUnitBody,
    response: basicMaterialFormats,
  }),
  getClassifyIdByCommonName: endpoint({
    method: 'POST',
    path: `${BM}/getClassifyIdByCommonName`,
    body: commonNameBody,
    response: commonNameClassify,
  }),
  applyForAdd: endpoint({
    method: 'POST',
    path: `${BM}/applyForAdd`,
    body: basicMaterialApplyBody,
    response: basicMaterialApplied,
  }),
  upGradationPage: endpoint({
    method: 'POST',
    path: '/materials/bmUpGradation/page',
    body: upgradationPageBody,
    response: upgradationPage,
  }),

  // ---- The platform's review (super_admin) ----
  adminList: endpoint({
    method: 'GET',
    path: ADMIN,
    query: adminBasicMaterialListQuery,
    response: adminBasicMaterialList,
  }),
  adminDetail: endpoint({
    method: 'GET',
    path: `${ADMIN}/{id}`,
    params: applicationIdParams,
    response: adminBasicMaterialItem,
  }),
  approve: endpoint({
    method: 'POST',
    path: `${ADMIN}/{id}/approve`,
    params: applicationIdParams,
    body: basicMaterialApproveBody,
    response: adminBasicMaterialItem,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${ADMIN}/{id}/reject`,
    params: applicationIdParams,
    body: basicMaterialRejectBody,
    response: adminBasicMaterialItem,
  }),
};
