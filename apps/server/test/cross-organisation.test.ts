import { ResponseCode } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCode, SMALL_PDF, uploadFile } from '../src/modules/organization/test-support.ts';
import { startTestServer, type TestResponse, type TestServer } from './harness.ts';

/**
 * Another organisation's data answers 404 (never 403, never the data), and no session answers 401: every route of
 * products, specifications, documents, listings, certificates, ledger records and samplings that takes an id of a
 * record, called by another manufacturer (13800000008, 苏州) on records of 南京绿筑 (13800000001), read from the
 * demo data. 苏州 gets certified first, so that no "certify first" precondition answers before the object check. Afterwards the owner still has every record unchanged: none of the changes went through.
 */

let server: TestServer;
let owner: string;
let other: string;
const ids = {
  product: 0,
  spec: 0,
  document: 0,
  listing: 0,
  listingProduct: 0,
  certificate: 0,
  application: 0,
  ledgerRecord: 0,
  ledgerProduct: 0,
  ledgerDocument: 0,
  sampling: 0,
  samplingProduct: 0,
};

/** 苏州 applies for certification and the platform approves it, as in the certification flow. */
async function certifyOtherManufacturer() {
  const license = await uploadFile(server, other, '营业执照.pdf', SMALL_PDF, 'application/pdf');
  const applied = await server.call(
    'POST',
    '/api/organization/certification',
    {
      name: '苏州新材科技有限公司',
      nature: 4,
      regionCode: '320505',
      creditCode: creditCode('91320505MA1W9E4F7'),
      address: '江苏省苏州市虎丘区科灵路 78 号',
      legalPerson: '吴芳',
      contactName: '吴昊',
      contactPhone: '13800000008',
      licenseUploadId: license.body.data.id,
    },
    other,
  );
  expect(applied.status, applied.raw).toBe(200);
  const admin = await server.login('13800000000');
  const pending = await server.call('GET', '/api/admin/certification/list', { take: 10 }, admin);
  const id = pending.body.data.list[0].id;
  const approved = await server.call('POST', `/api/admin/certification/${id}/approve`, {}, admin);
  expect(approved.status, approved.raw).toBe(200);
}

async function firstOf(method: string, url: string, params: Record<string, unknown> = {}) {
  const res = await server.call(method, url, params, owner);
  expect(res.status, `${url}: ${res.raw.slice(0, 200)}`).toBe(200);
  const data = res.body.data;
  const list = Array.isArray(data) ? data : data.list;
  expect(list.length, `${url} has demo records`).toBeGreaterThan(0);
  return list[0];
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login('13800000001');
  other = await server.login('13800000008');
  await certifyOtherManufacturer();
  const product = await firstOf('POST', '/materials/bmProduct/getProdutInfoList', { take: 10 });
  ids.product = product.id;
  // Specifications and documents of any of the owner's products (the demo gives them to product 1 at least).
  const spec = await firstOf('POST', '/materials/productSpecificationsModel/list', { productId: 1 });
  ids.spec = spec.id;
  const doc = await firstOf('POST', '/materials/productInfo/documentList', { productId: 1 });
  ids.document = doc.id;
  const listing = await firstOf('POST', '/materials/products-settled-in-cities/list', {});
  ids.listing = listing.id;
  ids.listingProduct = listing.productId;
  ids.certificate = (await firstOf('GET', '/api/certificate/certificates')).id;
  ids.application = (await firstOf('GET', '/api/certificate/applications')).id;
  const record = await firstOf('POST', '/api/blockchain/storage/list', { pageNum: 1, pageSize: 10 });
  ids.ledgerRecord = record.id;
  ids.ledgerProduct = record.productId;
  ids.ledgerDocument = record.productDocumentId;
  const sampling = await firstOf('POST', '/materials/supervisionProductSampling/latestPage', {});
  ids.sampling = sampling.id;
  ids.samplingProduct = sampling.productId;
});
afterAll(() => server?.stop());

interface Attempt {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  params?: () => Record<string, unknown>;
  /** Lists filtered by another organisation's product: 404, or an empty answer (nothing of the owner's shows). */
  filter?: boolean;
  /** Batch calls answer per item: 404, or every item refused as not found, without the product's name. */
  batch?: boolean;
  /** A body that refers to the record: 404, or 400 on this field, as for an id that does not exist at all. */
  reference?: string;
}

const productBody = () => ({ id: ids.product, name: '越权修改', classifyCode: '0101', materialType: 1 });
const specBody = () => ({
  id: ids.spec,
  productId: 1,
  name: '越权',
  model: 'X',
  unitId: 32,
  price: 1,
  minOrder: 1,
  status: 1,
});

const ATTEMPTS: Attempt[] = [
  // Products
  { name: 'product type', method: 'GET', url: () => `/materials/bmProduct/getProductTypeById/${ids.product}` },
  {
    name: 'product enable status',
    method: 'POST',
    url: () => '/materials/bmProduct/setProductEnableStatus',
    params: () => ({ id: ids.product, enableStatus: 2 }),
  },
  {
    name: 'product update',
    method: 'POST',
    url: () => '/materials/bmProduct/addOrUpdateProductInfo',
    params: productBody,
  },
  {
    name: 'product update again',
    method: 'POST',
    url: () => '/materials/productInfo/againUpdate',
    params: productBody,
  },
  {
    name: 'product delete',
    method: 'POST',
    url: () => '/materials/bmProduct/deleteProductInfo',
    params: () => ({ id: ids.product }),
  },
  // Specifications
  {
    name: 'spec list',
    method: 'POST',
    url: () => '/materials/productSpecificationsModel/list',
    params: () => ({ productId: 1 }),
    filter: true,
  },
  {
    name: 'spec details',
    method: 'POST',
    url: () => '/materials/productSpecificationsModel/details',
    params: () => ({ id: ids.spec }),
  },
  {
    name: 'spec relation info',
    method: 'GET',
    url: () => `/materials/productSpecificationsModel/relationInfo/${ids.spec}`,
  },
  { name: 'spec update', method: 'POST', url: () => '/materials/productSpecificationsModel/update', params: specBody },
  {
    name: 'spec batch update',
    method: 'POST',
    url: () => '/materials/productSpecificationsModel/batchUpdate',
    params: () => ({ ids: [ids.spec], status: 2 }),
  },
  {
    name: 'specs by product',
    method: 'POST',
    url: () => '/materials/productSpecificationsModel/detailsByProductInfoId',
    params: () => ({ productId: 1 }),
    filter: true,
  },
  { name: 'spec delete', method: 'GET', url: () => `/materials/productSpecificationsModel/delete/${ids.spec}` },
  // Documents
  {
    name: 'document list',
    method: 'POST',
    url: () => '/materials/productInfo/documentList',
    params: () => ({ productId: 1 }),
    filter: true,
  },
  {
    name: 'document add',
    method: 'POST',
    url: () => '/materials/productInfo/addDocument',
    params: () => ({ productId: 1, kind: 1, name: '越权文件', uploadId: 2 }),
  },
  {
    name: 'document delete',
    method: 'POST',
    url: () => '/materials/productInfo/deleteDocument',
    params: () => ({ id: ids.document }),
  },
  // Listings
  {
    name: 'listing list',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/list',
    params: () => ({ productId: ids.listingProduct }),
    filter: true,
  },
  {
    name: 'listing details',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/getDynamicProductsSettledInCitiesDetails',
    params: () => ({ id: ids.listing }),
  },
  {
    name: 'listing save',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/addOrUpdateProductsSettledInCitiesDynamic',
    params: () => ({ productId: ids.listingProduct, cityCode: '320100', values: [] }),
  },
  {
    name: 'listing batch',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/batchProductsSettledInCities2',
    params: () => ({ productIds: [ids.listingProduct], cityCodes: ['320100'] }),
    batch: true,
  },
  {
    name: 'listing check',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/checkData',
    params: () => ({ productIds: [ids.listingProduct], cityCodes: ['320100'] }),
    batch: true,
  },
  {
    name: 'listing delist',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/delist',
    params: () => ({ id: ids.listing }),
  },
  {
    name: 'listing delete',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/delete',
    params: () => ({ id: ids.listing }),
  },
  {
    name: 'listing file',
    method: 'POST',
    url: () => '/materials/products-settled-in-cities/downloadFile',
    params: () => ({ id: ids.listing, uploadId: 1 }),
  },
  ...[
    'getSettledInCitiesAuditLog',
    'getPlatformLastRejectAuditLog',
    'getCityLastRejectAuditLog',
    'getCCNoGreenAuditLog',
  ].map(
    (name): Attempt => ({
      name: `listing ${name}`,
      method: 'POST',
      url: () => `/materials/bm-product-audit-log/${name}`,
      params: () => ({ id: ids.listing }),
    }),
  ),
  // Certificates
  {
    name: 'application read',
    method: 'GET',
    url: () => `/api/certificate/applications/${ids.application}`,
  },
  {
    name: 'application edit',
    method: 'PUT',
    url: () => `/api/certificate/applications/${ids.application}`,
    params: () => ({ type: 2, productId: ids.product, starRating: 1 }),
  },
  {
    name: 'application submit',
    method: 'POST',
    url: () => `/api/certificate/applications/${ids.application}/submit`,
  },
  {
    name: 'application withdraw',
    method: 'POST',
    url: () => `/api/certificate/applications/${ids.application}/withdraw`,
  },
  {
    name: 'application for their product',
    method: 'POST',
    url: () => '/api/certificate/applications',
    params: () => ({ type: 2, productId: ids.product, starRating: 1 }),
    reference: 'productId',
  },
  { name: 'certificate read', method: 'GET', url: () => `/api/certificate/certificates/${ids.certificate}` },
  { name: 'certificate pdf', method: 'GET', url: () => `/api/certificate/certificates/${ids.certificate}/pdf` },
  // Ledger records
  {
    name: 'ledger record',
    method: 'GET',
    url: () => '/api/blockchain/storage/detail',
    params: () => ({ id: ids.ledgerRecord }),
  },
  {
    name: 'ledger documents of product',
    method: 'GET',
    url: () => '/api/blockchain/storage/documents',
    params: () => ({ productId: ids.ledgerProduct }),
    filter: true,
  },
  {
    name: 'ledger add for their document',
    method: 'POST',
    url: () => '/api/blockchain/storage/add',
    params: () => ({ productDocumentId: ids.ledgerDocument }),
  },
  {
    name: 'ledger list of product',
    method: 'POST',
    url: () => '/api/blockchain/storage/list',
    params: () => ({ pageNum: 1, pageSize: 10, productId: ids.ledgerProduct }),
    filter: true,
  },
  // Samplings
  { name: 'sampling read', method: 'GET', url: () => `/materials/supervisionProductSampling/${ids.sampling}` },
  {
    name: 'sampling objects',
    method: 'GET',
    url: () => '/materials/supervisionProductSampling/checkStateObjects',
    params: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
  {
    name: 'sampling count',
    method: 'POST',
    url: () => '/materials/supervisionProductSampling/count',
    params: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
  {
    name: 'sampling page',
    method: 'POST',
    url: () => '/materials/supervisionProductSampling/latestPage',
    params: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
  {
    name: 'upgrade page',
    method: 'POST',
    url: () => '/materials/bmUpGradation/page',
    params: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
];

/** An answer that shows nothing: an empty list or page, zero counts, null. */
function isEmptyAnswer(res: TestResponse): boolean {
  const data = res.body.data;
  if (data === null) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (Array.isArray(data?.list)) return data.list.length === 0;
  if (typeof data === 'object') return Object.values(data).every((v) => v === 0 || v === null);
  return data === 0;
}

describe('another organisation’s records', () => {
  it.each(ATTEMPTS)('$name: 404 for another manufacturer', async (a) => {
    const res = await server.call(a.method, a.url(), a.params?.() ?? {}, other);
    const said = `${res.status} ${res.raw.slice(0, 300)}`;
    if (a.filter && res.status === 200) {
      expect(isEmptyAnswer(res), said).toBe(true);
    } else if (a.batch && res.status === 200) {
      for (const item of res.body.data.list) {
        expect(item.ok ?? item.canList, said).toBe(false);
        expect(item.reasons, said).toEqual(['产品不存在']);
        expect(item.productName ?? null, said).toBeNull();
      }
    } else if (a.reference && res.status === 400) {
      expect(
        res.body.data.fields.map((f: { field: string }) => f.field),
        said,
      ).toEqual([a.reference]);
    } else {
      expect(res.status, said).toBe(404);
      expect(res.body.code, said).toBe(ResponseCode.NOT_FOUND);
    }
  });

  it.each(ATTEMPTS)('$name: 401 without a session', async (a) => {
    const res = await server.call(a.method, a.url(), a.params?.() ?? {}, null);
    expect(res.status, res.raw.slice(0, 300)).toBe(401);
    expect(res.body.code).toBe(ResponseCode.NO_SESSION);
  });

  it('shows another manufacturer only the public view of a product, never the owner’s', async () => {
    for (const url of [
      `/materials/bmProduct/getProductInfoById/${ids.product}`,
      `/materials/bmProduct/getProductInfoById/${ids.listingProduct}`,
    ]) {
      const res = await server.call('GET', url, {}, other);
      if (res.status === 200) expect(res.body.data.view, res.raw.slice(0, 300)).toBe('public');
      else expect(res.status).toBe(404);
    }
  });

  it('left every record of the owner as it was', async () => {
    const product = await server.call('GET', `/materials/bmProduct/getProductInfoById/${ids.product}`, {}, owner);
    expect(product.status).toBe(200);
    expect(product.body.data.view).toBe('full');
    expect(product.body.data.name).not.toBe('越权修改');
    const spec = await server.call('POST', '/materials/productSpecificationsModel/details', { id: ids.spec }, owner);
    expect(spec.status).toBe(200);
    expect(spec.body.data.name).not.toBe('越权');
    const docs = await server.call('POST', '/materials/productInfo/documentList', { productId: 1 }, owner);
    expect(docs.body.data.map((d: { id: number }) => d.id)).toContain(ids.document);
    expect(docs.body.data.map((d: { name: string }) => d.name)).not.toContain('越权文件');
    const listing = await server.call(
      'POST',
      '/materials/products-settled-in-cities/getDynamicProductsSettledInCitiesDetails',
      { id: ids.listing },
      owner,
    );
    expect(listing.status).toBe(200);
    const app = await server.call('GET', `/api/certificate/applications/${ids.application}`, {}, owner);
    expect(app.status).toBe(200);
  });
});
