import { endpoint } from './endpoint.ts';
import {
  auditTypeList,
  classifyCityParams,
  classifyCodeParams,
  classifyCountTree,
  documentAddBody,
  documentList,
  documentListBody,
  productByNameBody,
  productEnableStatusBody,
  productIdBody,
  productInfoData,
  productItem,
  productList,
  productPathIdParams,
  productPublicView,
  productRecordIdBody,
  productSaveBody,
  productSavedId,
  productSearchBody,
  productSpecsGroupList,
  productTypePath,
  qualificationDropData,
  specBatchUpdateBody,
  specBatchUpdateData,
  specItem,
  specList,
  specListBody,
  specSaveBody,
  specWithProduct,
} from './product.ts';
import { classificationTreeData } from './reference.ts';
import { z } from './zod.ts';

const SPEC = '/materials/productSpecificationsModel';

/**
 * The product centre's calls (spec §7 materials service): products (`bmProduct`, `productInfo`), the classification
 * calls, specification models (`productSpecificationsModel`) and product documents (`productInfo/*Document*`, not in
 * spec §7). Specification and document calls carry a `spec`/`document` prefix where the spec's name alone ("list",
 * "update") would be ambiguous.
 */
export const productEndpoints = {
  // ---- Products ----
  addOrUpdateProductInfo: endpoint({
    method: 'POST',
    path: '/materials/bmProduct/addOrUpdateProductInfo',
    body: productSaveBody,
    response: productSavedId,
  }),
  getProdutInfoList: endpoint({
    method: 'POST',
    path: '/materials/bmProduct/getProdutInfoList',
    body: productSearchBody,
    response: productList,
  }),
  getProductInfoById: endpoint({
    method: 'GET',
    path: '/materials/bmProduct/getProductInfoById/{id}',
    params: productPathIdParams,
    response: productInfoData,
  }),
  /** The public one (spec §7 "open getProductInfoById"): a published product, for anyone. */
  openGetProductInfoById: endpoint({
    method: 'GET',
    path: '/open/materials/bmProduct/getProductInfoById/{id}',
    params: productPathIdParams,
    response: productPublicView,
  }),
  setProductEnableStatus: endpoint({
    method: 'POST',
    path: '/materials/bmProduct/setProductEnableStatus',
    body: productEnableStatusBody,
    response: productSavedId,
  }),
  getProductTypeById: endpoint({
    method: 'GET',
    path: '/materials/bmProduct/getProductTypeById/{id}',
    params: productPathIdParams,
    response: productTypePath,
  }),
  getProductAuditTypes: endpoint({
    method: 'GET',
    path: '/materials/bmProduct/getProductAuditTypes',
    response: auditTypeList,
  }),
  deleteProductInfo: endpoint({
    method: 'POST',
    path: '/materials/bmProduct/deleteProductInfo',
    body: productRecordIdBody,
    response: productSavedId,
  }),
  againUpdate: endpoint({
    method: 'POST',
    path: '/materials/productInfo/againUpdate',
    body: productSaveBody,
    response: productSavedId,
  }),
  selectProductByNameAndCompanyId: endpoint({
    method: 'POST',
    path: '/materials/productInfo/selectProductByNameAndCompanyId',
    body: productByNameBody,
    response: z.array(productItem),
  }),

  // ---- Classification ----
  getBuildingMaterialsClassifyList: endpoint({
    method: 'POST',
    path: '/materials/show/getBuildingMaterialsClassifyList',
    response: classificationTreeData,
  }),
  getBusinessBuildingByCityId: endpoint({
    method: 'GET',
    path: '/materials/bm-business-type-classify/getBusinessBuildingByCityId/{id}',
    params: classifyCityParams,
    response: classifyCountTree,
  }),
  getTreeProductType: endpoint({
    method: 'GET',
    path: '/materials/bm-business-type-classify/getTreeProductType/{id}',
    params: classifyCodeParams,
    response: classificationTreeData,
  }),
  getQualificationDropDatas: endpoint({
    method: 'GET',
    path: '/materials/show/getQualificationDropDatas',
    response: qualificationDropData,
  }),

  // ---- Specification models ----
  specList: endpoint({ method: 'POST', path: `${SPEC}/list`, body: specListBody, response: specList }),
  specDetails: endpoint({ method: 'POST', path: `${SPEC}/details`, body: productRecordIdBody, response: specItem }),
  specRelationInfo: endpoint({
    method: 'GET',
    path: `${SPEC}/relationInfo/{id}`,
    params: productPathIdParams,
    response: specWithProduct,
  }),
  /** GET, as the spec has it. */
  specDelete: endpoint({
    method: 'GET',
    path: `${SPEC}/delete/{id}`,
    params: productPathIdParams,
    response: productSavedId,
  }),
  specUpdate: endpoint({ method: 'POST', path: `${SPEC}/update`, body: specSaveBody, response: productSavedId }),
  specBatchUpdate: endpoint({
    method: 'POST',
    path: `${SPEC}/batchUpdate`,
    body: specBatchUpdateBody,
    response: specBatchUpdateData,
  }),
  detailsByProductInfoId: endpoint({
    method: 'POST',
    path: `${SPEC}/detailsByProductInfoId`,
    body: productIdBody,
    response: z.array(specItem),
  }),
  productDetailList: endpoint({
    method: 'POST',
    path: `${SPEC}/productDetailList`,
    response: productSpecsGroupList,
  }),

  // ---- Documents (manuals and qualification documents) ----
  addDocument: endpoint({
    method: 'POST',
    path: '/materials/productInfo/addDocument',
    body: documentAddBody,
    response: productSavedId,
  }),
  documentList: endpoint({
    method: 'POST',
    path: '/materials/productInfo/documentList',
    body: documentListBody,
    response: documentList,
  }),
  deleteDocument: endpoint({
    method: 'POST',
    path: '/materials/productInfo/deleteDocument',
    body: productRecordIdBody,
    response: productSavedId,
  }),
};
