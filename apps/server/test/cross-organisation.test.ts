import {
  accountEndpoints,
  allEndpoints,
  authEndpoints,
  basicMaterialEndpoints,
  businessCardEndpoints,
  catalogueEndpoints,
  certificateEndpoints,
  companyEndpoints,
  constructionEndpoints,
  diskEndpoints,
  distributionEndpoints,
  type EndpointDef,
  elementEndpoints,
  endpointKey,
  enterpriseInspectionEndpoints,
  evidenceReadingEndpoints,
  fileEndpoints,
  governmentFilingEndpoints,
  governmentRiskEndpoints,
  governmentStatisticsEndpoints,
  ledgerEndpoints,
  listingEndpoints,
  materialListEndpoints,
  messageEndpoints,
  organizationEndpoints,
  procurementEndpoints,
  procurementPolicyEndpoints,
  procurementSummaryEndpoints,
  productEndpoints,
  projectEndpoints,
  publicRecordEndpoints,
  ResponseCode,
  revisionEndpoints,
  samplingEndpoints,
  sourcingEndpoints,
  traceEndpoints,
} from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueOrders,
  procurementFilings,
  riskAlerts,
  salesContracts,
  siteInspections,
  users,
} from '../src/db/schema/index.ts';
import { externalLotHeldForRetest, sampleInput } from '../src/modules/construction/construction.sample.test-support.ts';
import { creditCode, SMALL_PDF, uploadFile } from '../src/modules/organization/test-support.ts';
import { addOrder } from '../src/modules/procurement/procurement.order.test-support.ts';
import { projectInput } from '../src/modules/project/test-support.ts';
import { callEndpoint, inputNames } from './endpoint-call.ts';
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
  ownerOrg: 0,
  ownerUpload: 0,
  reportUpload: 0,
  diskFolder: 0,
  diskFile: 0,
  diskShare: 0,
  division: 0,
  message: 0,
  revision: 0,
  revisionProduct: 0,
  ownerUser: 0,
  ownerStaff: 0,
  project: 0,
  developerOrg: 0,
  developerUser: 0,
  address: 0,
  lot: 0,
  lotSpec: 0,
  lotProduct: 0,
  shipment: 0,
  receipt: 0,
  siteProject: 0,
  delivery: 0,
  inspection: 0,
  siteLot: 0,
  issueOrder: 0,
  siteInspection: 0,
  sample: 0,
  spotCheck: 0,
  salesContract: 0,
  authorisation: 0,
  purchaseOrder: 0,
  filing: 0,
  alert: 0,
  inspectionRecord: 0,
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
  // Product 1's test report (a file that is read on upload: docs/evidence-reading.md).
  const docs = await callEndpoint(server, productEndpoints.documentList, { productId: 1 }, owner);
  ids.reportUpload = (docs.body.data as { kind: number; file: { id: number } | null }[]).find(
    (d) => d.kind === 4 && d.file !== null,
  )?.file?.id as number;
  const listing = await firstOf('POST', '/materials/products-settled-in-cities/list', {});
  ids.listing = listing.id;
  ids.listingProduct = listing.productId;
  ids.certificate = (await firstOf('GET', '/api/certificate/certificates')).id;
  ids.application = (await firstOf('GET', '/api/certificate/applications')).id;
  // A record of a product document (the enterprise disk's records name no product).
  const records = await server.call(
    ledgerEndpoints.storageList.method,
    ledgerEndpoints.storageList.path,
    { pageNum: 1, pageSize: 50 },
    owner,
  );
  const record = (records.body.data.list as { id: number; productId: number; productDocumentId: number | null }[]).find(
    (r) => r.productDocumentId !== null,
  );
  if (!record) throw new Error('the demo ledger has a product document on record');
  ids.ledgerRecord = record.id;
  ids.ledgerProduct = record.productId;
  ids.ledgerDocument = record.productDocumentId as number;
  const sampling = await firstOf('POST', '/materials/supervisionProductSampling/latestPage', {});
  ids.sampling = sampling.id;
  ids.samplingProduct = sampling.productId;
  const viewer = await server.call('GET', '/api/user/viewer', {}, owner);
  ids.ownerOrg = viewer.body.data.organization.id;
  ids.ownerUser = viewer.body.data.id;
  // A demo project of the developer 13800000005: nobody of 苏州 takes part in it.
  const developer = await server.login('13800000005');
  const developerViewer = (await server.call('GET', '/api/user/viewer', {}, developer)).body.data;
  ids.developerOrg = developerViewer.organization.id;
  ids.developerUser = developerViewer.id;
  const projects = await server.call(
    'POST',
    '/dolphin/api/project/user/project/list',
    { take: 9, skip: 0, type: 1, orgType: 1 },
    developer,
  );
  ids.project = projects.body.data.list[0]?.id;
  expect(ids.project, projects.raw).toBeGreaterThan(0);
  const staff = await server.login('13800000009');
  ids.ownerStaff = (await server.call('GET', '/api/user/viewer', {}, staff)).body.data.id;
  ids.ownerUpload = (await uploadFile(server, owner, '自有文件.pdf', SMALL_PDF, 'application/pdf')).body.data.id;
  const inbox = await server.call('POST', '/notice/bmMessage/getMessageList', { pageNum: 1, pageSize: 5 }, owner);
  ids.message = inbox.body.data.list.list[0]?.id;
  expect(ids.message, inbox.raw).toBeGreaterThan(0);
  // A change of a listed product's approved facts: a revision waiting for the platform.
  const listed = await firstOf('POST', '/materials/products-settled-in-cities/list', { status: 3 });
  const revised = (await server.call('GET', `/materials/bmProduct/getProductInfoById/${listed.productId}`, {}, owner))
    .body.data;
  const saved = await server.call(
    'POST',
    '/materials/bmProduct/addOrUpdateProductInfo',
    {
      id: revised.id,
      name: `${revised.name}（改）`,
      classifyCode: revised.classifyCode,
      materialType: revised.materialType,
      images: revised.images.map((i: { id: number }) => i.id),
    },
    owner,
  );
  expect(saved.body.data.revisionId, saved.raw).toBeGreaterThan(0);
  ids.revision = saved.body.data.revisionId;
  ids.revisionProduct = revised.id;
  // Traceability: the owner's address, a lot, a shipment with a receipt (demo-trace*.ts).
  ids.address = (await firstOf('POST', '/api/track/address/list', {})).id;
  const lot = await firstOf('POST', '/api/track/lot/list', {});
  ids.lot = lot.id;
  ids.lotSpec = lot.specId;
  ids.lotProduct = lot.productId;
  const shipments = await server.call('POST', '/api/track/shipment/list', { direction: 'out', take: 50 }, owner);
  for (const s of shipments.body.data.list) {
    const detail = await server.call('GET', `/api/track/shipment/${s.id}`, {}, owner);
    if (detail.body.data.receipts.length > 0) {
      ids.shipment = s.id;
      ids.receipt = detail.body.data.receipts[0].id;
      break;
    }
  }
  expect(ids.receipt, shipments.raw.slice(0, 300)).toBeGreaterThan(0);
  // The demo school's site (demo-construction.ts): a delivery, its first lot's inspection.
  const [site] = await server.database.db
    .select({
      projectId: siteInspections.projectId,
      deliveryId: siteInspections.deliveryId,
      id: siteInspections.id,
      lotId: siteInspections.lotId,
    })
    .from(siteInspections)
    .where(eq(siteInspections.state, 'released'))
    .limit(1);
  ids.siteProject = site?.projectId as number;
  ids.delivery = site?.deliveryId as number;
  ids.inspection = site?.id as number;
  ids.siteLot = site?.lotId as number;
  expect(ids.inspection).toBeGreaterThan(0);
  // An issue order of that site by its construction unit, written straight into the database.
  const [builder] = await server.database.db.select().from(users).where(eq(users.mobile, '13800000003'));
  const [order] = await server.database.db
    .insert(issueOrders)
    .values({
      number: 'LY202611200001',
      projectId: ids.siteProject,
      orgId: builder?.orgId as number,
      kind: 'issue',
      team: '木工班组',
      receivedBy: '王建国',
      issuedOn: '2026-11-20',
      issuedBy: builder?.id as number,
    })
    .returning({ id: issueOrders.id });
  ids.issueOrder = order?.id as number;
  // Witness sampling and spot checks: a lot of the school held for its retest, a witnessed sample and a spot check.
  const people = { builder: await server.login('13800000003'), supervisor: await server.login('13800000004') };
  ids.siteInspection = (await externalLotHeldForRetest(server, people, ids.siteProject)).inspectionId;
  ids.sample = (
    await callEndpoint(server, constructionEndpoints.sampleCreate, sampleInput(ids.siteInspection), people.supervisor)
  ).body.data.id;
  expect(ids.sample).toBeGreaterThan(0);
  const spot = {
    projectId: ids.siteProject,
    kind: 'patrol',
    checkedOn: '2026-11-20',
    items: [{ name: '堆放', result: 'pass' }],
  };
  ids.spotCheck = (
    await callEndpoint(server, constructionEndpoints.spotCheckCreate, spot, people.supervisor)
  ).body.data.id;
  expect(ids.spotCheck).toBeGreaterThan(0);
  // Distribution: 南京恒通's demo contract with the developer (demo-distribution-sales.ts).
  ids.salesContract = (await salesContractOf('HT-2026-001')) as number;
  // Distribution: the demo maker's letter in force to 南京恒通 (demo-distribution.ts).
  ids.authorisation = (
    await callEndpoint(server, distributionEndpoints.authorisationList, { status: 'active' }, owner)
  ).body.data.list[0]?.id;
  expect(ids.authorisation).toBeGreaterThan(0);
  // Procurement — orders: an order of the developer's project sent to the owner, written straight in (the sourcing
  // part's createPurchaseOrder makes it in the product).
  ids.purchaseOrder = (
    await addOrder(server.database.db, {
      projectId: ids.project,
      buyerOrgId: ids.developerOrg,
      supplierOrgId: ids.ownerOrg,
      createdBy: ids.developerUser,
      status: 'sent',
      lines: [{ productId: ids.lotProduct, specId: ids.lotSpec, quantity: '5' }],
    })
  ).id;
  // Government filing: a demo filing (demo-government-filings.ts) of the developer's school.
  ids.filing = (await server.database.db.select({ id: procurementFilings.id }).from(procurementFilings).limit(1))[0]
    ?.id as number;
  expect(ids.filing).toBeGreaterThan(0);
  // Government — risk: one of the demo's Nanjing alerts (demo-government-risk.ts), naming the demo developer.
  const [alert] = await server.database.db
    .select({ id: riskAlerts.id })
    .from(riskAlerts)
    .where(eq(riskAlerts.cityCode, '320100'))
    .orderBy(riskAlerts.id);
  ids.alert = alert?.id as number;
  expect(ids.alert).toBeGreaterThan(0);
  // Enterprise disk: a folder, a file in it and a share link of the owner's.
  ids.diskFolder = (await callEndpoint(server, diskEndpoints.createFolder, { name: '越权测试' }, owner)).body.data.id;
  ids.diskFile = (
    await callEndpoint(server, diskEndpoints.addFile, { uploadId: ids.ownerUpload, folderId: ids.diskFolder }, owner)
  ).body.data.id;
  ids.diskShare = (
    await callEndpoint(
      server,
      diskEndpoints.createShare,
      { fileIds: [ids.diskFile], audience: 'anyone', expiresInDays: 1 },
      owner,
    )
  ).body.data.id;
  expect(ids.diskShare).toBeGreaterThan(0);
  // Enterprise inspection: the committee's open spot check of 南京绿筑 (demo data), with its evidence file.
  ids.inspectionRecord = (await firstOf('GET', enterpriseInspectionEndpoints.list.path, { state: 'open' })).id;
  // Account centre: a division of the owner's (its staff member is ids.ownerStaff).
  ids.division = (
    await callEndpoint(server, accountEndpoints.createDivision, { name: '越权测试部' }, owner)
  ).body.data.id;
  expect(ids.division).toBeGreaterThan(0);
});
afterAll(() => server?.stop());

/** A demo sales contract's id by its number. */
async function salesContractOf(number: string) {
  const [row] = await server.database.db
    .select({ id: salesContracts.id })
    .from(salesContracts)
    .where(eq(salesContracts.number, number));
  return row?.id;
}

interface Attempt {
  /** The endpoint tried; its method and path come from the contract. */
  endpoint: EndpointDef;
  name: string;
  input?: () => Record<string, unknown>;
  /** Lists filtered by another organisation's product: 404, or an empty answer (nothing of the owner's shows). */
  filter?: boolean;
  /** Batch calls answer per item: 404, or every item refused as not found, without the product's name. */
  batch?: boolean;
  /** A body that refers to the record: 404, or 400 on this field, as for an id that does not exist at all. */
  reference?: string;
  /** A call the other organisation may not make at all (an auditor's or the platform's): 403 rather than 404. */
  refused?: true;
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
const reason = { reason: '越权驳回' };

const P = productEndpoints;
const L = listingEndpoints;
const C = certificateEndpoints;
const G = ledgerEndpoints;
const S = samplingEndpoints;
const M = messageEndpoints;
const R = revisionEndpoints;
const GR = governmentRiskEndpoints;
const B = basicMaterialEndpoints;
const E = elementEndpoints;
const O = organizationEndpoints;
const T = traceEndpoints;
const K = constructionEndpoints;
const D = distributionEndpoints;
const PS = sourcingEndpoints;
const W = diskEndpoints;
const EI = enterpriseInspectionEndpoints;
const receiptBody = () => ({
  shipmentId: ids.shipment,
  arrivedOn: '2026-11-20',
  lines: [{ shipmentLineId: 1, received: 1, accepted: 1, rejected: 0 }],
});

const ATTEMPTS: Attempt[] = [
  // Products
  { name: 'product type', endpoint: P.getProductTypeById, input: () => ({ id: ids.product }) },
  {
    name: 'product enable status',
    endpoint: P.setProductEnableStatus,
    input: () => ({ id: ids.product, enableStatus: 2 }),
  },
  { name: 'product update', endpoint: P.addOrUpdateProductInfo, input: productBody },
  { name: 'product update again', endpoint: P.againUpdate, input: productBody },
  { name: 'product delete', endpoint: P.deleteProductInfo, input: () => ({ id: ids.product }) },
  {
    name: 'products by name of their company',
    endpoint: P.selectProductByNameAndCompanyId,
    input: () => ({ name: '蒸压加气混凝土砌块', companyId: ids.ownerOrg }),
    filter: true,
  },
  // Specifications
  { name: 'spec list', endpoint: P.specList, input: () => ({ productId: 1 }), filter: true },
  { name: 'spec details', endpoint: P.specDetails, input: () => ({ id: ids.spec }) },
  { name: 'spec relation info', endpoint: P.specRelationInfo, input: () => ({ id: ids.spec }) },
  { name: 'spec update', endpoint: P.specUpdate, input: specBody },
  { name: 'spec batch update', endpoint: P.specBatchUpdate, input: () => ({ ids: [ids.spec], status: 2 }) },
  { name: 'specs by product', endpoint: P.detailsByProductInfoId, input: () => ({ productId: 1 }), filter: true },
  { name: 'spec delete', endpoint: P.specDelete, input: () => ({ id: ids.spec }) },
  // Documents
  { name: 'document list', endpoint: P.documentList, input: () => ({ productId: 1 }), filter: true },
  {
    name: 'document add',
    endpoint: P.addDocument,
    input: () => ({ productId: 1, kind: 1, name: '越权文件', uploadId: 2 }),
  },
  { name: 'document delete', endpoint: P.deleteDocument, input: () => ({ id: ids.document }) },
  // Listings
  { name: 'listing list', endpoint: L.list, input: () => ({ productId: ids.listingProduct }), filter: true },
  { name: 'listing export', endpoint: L.exportData, input: () => ({ productId: ids.listingProduct }), filter: true },
  {
    name: 'listing details',
    endpoint: L.getDynamicProductsSettledInCitiesDetails,
    input: () => ({ id: ids.listing }),
  },
  {
    name: 'listing save',
    endpoint: L.addOrUpdateProductsSettledInCitiesDynamic,
    input: () => ({ productId: ids.listingProduct, cityCode: '320100', values: [] }),
  },
  {
    name: 'listing batch',
    endpoint: L.batchProductsSettledInCities2,
    input: () => ({ productIds: [ids.listingProduct], cityCodes: ['320100'] }),
    batch: true,
  },
  {
    name: 'listing check',
    endpoint: L.checkData,
    input: () => ({ productIds: [ids.listingProduct], cityCodes: ['320100'] }),
    batch: true,
  },
  { name: 'listing delist', endpoint: L.delist, input: () => ({ id: ids.listing }) },
  { name: 'listing delete', endpoint: L.delete, input: () => ({ id: ids.listing }) },
  { name: 'listing file', endpoint: L.downloadFile, input: () => ({ id: ids.listing, uploadId: 1 }) },
  ...(
    [
      'getSettledInCitiesAuditLog',
      'getPlatformLastRejectAuditLog',
      'getCityLastRejectAuditLog',
      'getCCNoGreenAuditLog',
    ] as const
  ).map((name): Attempt => ({ name: `listing ${name}`, endpoint: L[name], input: () => ({ id: ids.listing }) })),
  { name: 'listing platform approve', endpoint: L.platformApprove, input: () => ({ id: ids.listing }), refused: true },
  {
    name: 'listing platform reject',
    endpoint: L.platformReject,
    input: () => ({ id: ids.listing, ...reason }),
    refused: true,
  },
  { name: 'listing city approve', endpoint: L.cityApprove, input: () => ({ id: ids.listing }), refused: true },
  { name: 'listing city reject', endpoint: L.cityReject, input: () => ({ id: ids.listing, ...reason }), refused: true },
  {
    name: 'listing city not green',
    endpoint: L.cityNotGreen,
    input: () => ({ id: ids.listing, ...reason }),
    refused: true,
  },
  // Certificates
  { name: 'application read', endpoint: C.application, input: () => ({ id: ids.application }) },
  {
    name: 'application edit',
    endpoint: C.updateApplication,
    input: () => ({ id: ids.application, type: 2, productId: ids.product, starRating: 1 }),
  },
  { name: 'application submit', endpoint: C.submitApplication, input: () => ({ id: ids.application }) },
  { name: 'application withdraw', endpoint: C.withdrawApplication, input: () => ({ id: ids.application }) },
  {
    name: 'application for their product',
    endpoint: C.createApplication,
    input: () => ({ type: 2, productId: ids.product, starRating: 1 }),
    reference: 'productId',
  },
  {
    name: 'application approve',
    endpoint: C.approveApplication,
    input: () => ({ id: ids.application, certNo: 'CERT-X-1', starRating: 1 }),
    refused: true,
  },
  {
    name: 'application reject',
    endpoint: C.rejectApplication,
    input: () => ({ id: ids.application, ...reason }),
    refused: true,
  },
  { name: 'certificate read', endpoint: C.certificate, input: () => ({ id: ids.certificate }) },
  { name: 'certificate pdf', endpoint: C.certificatePdf, input: () => ({ id: ids.certificate }) },
  {
    name: 'certificate revoke',
    endpoint: C.revokeCertificate,
    input: () => ({ id: ids.certificate, ...reason }),
    refused: true,
  },
  // Ledger records
  { name: 'ledger record', endpoint: G.storageDetail, input: () => ({ id: ids.ledgerRecord }) },
  {
    name: 'ledger documents of product',
    endpoint: G.storageDocuments,
    input: () => ({ productId: ids.ledgerProduct }),
    filter: true,
  },
  {
    name: 'ledger add for their document',
    endpoint: G.addStorage,
    input: () => ({ productDocumentId: ids.ledgerDocument }),
  },
  {
    name: 'ledger list of product',
    endpoint: G.storageList,
    input: () => ({ pageNum: 1, pageSize: 10, productId: ids.ledgerProduct }),
    filter: true,
  },
  { name: 'ledger check of their upload', endpoint: G.check, input: () => ({ uploadId: ids.ownerUpload }) },
  // Samplings
  { name: 'sampling read', endpoint: S.samplingDetail, input: () => ({ id: ids.sampling }) },
  {
    name: 'sampling objects',
    endpoint: S.checkStateObjects,
    input: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
  { name: 'sampling count', endpoint: S.count, input: () => ({ productId: ids.samplingProduct }), filter: true },
  { name: 'sampling page', endpoint: S.latestPage, input: () => ({ productId: ids.samplingProduct }), filter: true },
  {
    name: 'upgrade page',
    endpoint: B.upGradationPage,
    input: () => ({ productId: ids.samplingProduct }),
    filter: true,
  },
  // Messages: another user's inbox does not exist for the caller
  { name: 'message read', endpoint: M.getMessageDetails, input: () => ({ id: ids.message }) },
  { name: 'message delete', endpoint: M.deleteMessage, input: () => ({ ids: [ids.message] }) },
  {
    name: 'message list of their company',
    endpoint: M.getMessageList,
    input: () => ({ companyId: ids.ownerOrg }),
  },
  { name: 'mark their inbox read', endpoint: M.updateReadPoint, input: () => ({ companyId: ids.ownerOrg }) },
  { name: 'empty their inbox', endpoint: M.deleteAllMessage, input: () => ({ companyId: ids.ownerOrg }) },
  // Revisions of approved facts
  { name: 'revision read', endpoint: R.detail, input: () => ({ id: ids.revision }) },
  { name: 'revision withdraw', endpoint: R.withdraw, input: () => ({ id: ids.revision }) },
  { name: 'revisions of their product', endpoint: R.ofProduct, input: () => ({ productId: ids.revisionProduct }) },
  {
    name: 'revision list of their product',
    endpoint: R.list,
    input: () => ({ productId: ids.revisionProduct }),
    filter: true,
  },
  { name: 'revision approve', endpoint: R.approve, input: () => ({ id: ids.revision }), refused: true },
  { name: 'revision reject', endpoint: R.reject, input: () => ({ id: ids.revision, ...reason }), refused: true },
  // Organisations, members and files
  {
    name: 'their organisation’s modules',
    endpoint: authEndpoints.getAuthorizedOrg,
    input: () => ({ orgId: ids.ownerOrg }),
  },
  {
    name: 'their company’s city',
    endpoint: companyEndpoints.getCityIdByCompanyId,
    input: () => ({ companyId: ids.ownerOrg }),
  },
  { name: 'their file', endpoint: fileEndpoints.download, input: () => ({ id: ids.ownerUpload }) },
  // Evidence as read: their product's report, on their product and on their listing.
  {
    name: 'their report as read',
    endpoint: evidenceReadingEndpoints.reading,
    input: () => ({ subject: 'product', id: 1, uploadId: ids.reportUpload }),
  },
  {
    name: 'their listing’s report as read',
    endpoint: evidenceReadingEndpoints.reading,
    input: () => ({ subject: 'listing', id: ids.listing, uploadId: ids.reportUpload }),
  },
  {
    name: 'a page of their report',
    endpoint: evidenceReadingEndpoints.page,
    input: () => ({ subject: 'product', id: 1, uploadId: ids.reportUpload, page: 0 }),
  },
  {
    name: 'a correction of their report',
    endpoint: evidenceReadingEndpoints.review,
    input: () => ({ subject: 'listing', id: ids.listing, uploadId: ids.reportUpload, key: 'reportNo', value: '越权' }),
  },
  { name: 'their user’s organisation', endpoint: O.getUserOrganization, input: () => ({ id: ids.ownerUser }) },
  { name: 'their member’s status', endpoint: O.setMemberStatus, input: () => ({ id: ids.ownerStaff, status: 2 }) },
  { name: 'their member’s password', endpoint: O.resetMemberPassword, input: () => ({ id: ids.ownerStaff }) },
  { name: 'certification review', endpoint: O.adminCertification, input: () => ({ id: 1 }), refused: true },
  { name: 'certification licence', endpoint: O.adminCertificationLicense, input: () => ({ id: 1 }), refused: true },
  { name: 'certification approve', endpoint: O.approveCertification, input: () => ({ id: 1 }), refused: true },
  {
    name: 'certification reject',
    endpoint: O.rejectCertification,
    input: () => ({ id: 1, ...reason }),
    refused: true,
  },
  // Projects: a manufacturer is no member of any; the calls of the project organisations refuse it outright (403)
  { name: 'project read', endpoint: projectEndpoints.projectDetail, input: () => ({ id: ids.project }) },
  { name: 'project organisations', endpoint: projectEndpoints.projectOrgs, input: () => ({ projectId: ids.project }) },
  {
    name: 'project update',
    endpoint: projectEndpoints.updateProject,
    input: () => ({ id: ids.project, ...projectInput('X-CROSS-1') }),
    refused: true,
  },
  {
    name: 'project organisation search',
    endpoint: projectEndpoints.searchOrgs,
    input: () => ({ projectId: ids.project, keyword: '南京' }),
    refused: true,
  },
  {
    name: 'project invite',
    endpoint: projectEndpoints.inviteOrg,
    input: () => ({ projectId: ids.project, orgId: ids.ownerOrg }),
    refused: true,
  },
  {
    name: 'project invitation answer',
    endpoint: projectEndpoints.respondInvitation,
    input: () => ({ projectId: ids.project, accept: true }),
    refused: true,
  },
  {
    name: 'project organisation removal',
    endpoint: projectEndpoints.removeOrg,
    input: () => ({ projectId: ids.project, orgId: ids.developerOrg }),
    refused: true,
  },
  {
    name: 'project people',
    endpoint: projectEndpoints.addMembers,
    input: () => ({ projectId: ids.project, members: [{ userId: ids.ownerUser, role: 'member' }] }),
    refused: true,
  },
  {
    name: 'project leader',
    endpoint: projectEndpoints.setLeader,
    input: () => ({ projectId: ids.project, userId: ids.developerUser }),
    refused: true,
  },
  {
    name: 'project person removal',
    endpoint: projectEndpoints.removeMember,
    input: () => ({ projectId: ids.project, userId: ids.developerUser }),
    refused: true,
  },
  {
    name: 'project candidates',
    endpoint: projectEndpoints.candidates,
    input: () => ({ id: ids.project }),
    refused: true,
  },
  {
    name: 'their organisation’s users',
    endpoint: projectEndpoints.orgUsers,
    input: () => ({ orgId: ids.developerOrg }),
  },
  // The platform's own records: a manufacturer may not act on them at all
  { name: 'basic material review', endpoint: B.adminDetail, input: () => ({ id: 1 }), refused: true },
  { name: 'basic material approve', endpoint: B.approve, input: () => ({ id: 1 }), refused: true },
  { name: 'basic material reject', endpoint: B.reject, input: () => ({ id: 1, ...reason }), refused: true },
  { name: 'element group', endpoint: E.adminGroup, input: () => ({ id: 1 }), refused: true },
  { name: 'element group update', endpoint: E.updateGroup, input: () => ({ id: 1, name: '越权' }), refused: true },
  {
    name: 'element group status',
    endpoint: E.setGroupUseStatus,
    input: () => ({ id: 1, useStatus: 2 }),
    refused: true,
  },
  { name: 'element group delete', endpoint: E.deleteGroup, input: () => ({ id: 1 }), refused: true },
  {
    name: 'element create',
    endpoint: E.createElement,
    input: () => ({ groupId: 1, name: '越权', displayType: 1 }),
    refused: true,
  },
  {
    name: 'element update',
    endpoint: E.updateElement,
    input: () => ({ id: 1, name: '越权', displayType: 1 }),
    refused: true,
  },
  { name: 'element status', endpoint: E.setElementUseStatus, input: () => ({ id: 1, useStatus: 2 }), refused: true },
  { name: 'element delete', endpoint: E.deleteElement, input: () => ({ id: 1 }), refused: true },
  // Traceability: addresses, lots and codes, shipments, receipts, stock of 南京绿筑
  {
    name: 'address save',
    endpoint: T.addressSave,
    input: () => ({
      id: ids.address,
      kind: 'factory',
      name: '越权地址',
      regionCode: '320505',
      detail: '越权路 1 号',
      contactName: '越权',
      contactPhone: '13900000000',
    }),
  },
  { name: 'address delete', endpoint: T.addressDelete, input: () => ({ id: ids.address }) },
  {
    name: 'lot list by their product',
    endpoint: T.lotList,
    input: () => ({ productId: ids.lotProduct }),
    filter: true,
  },
  { name: 'lot list by their spec', endpoint: T.lotList, input: () => ({ specId: ids.lotSpec }), filter: true },
  { name: 'lot read', endpoint: T.lotDetail, input: () => ({ id: ids.lot }) },
  {
    name: 'lot of their spec',
    endpoint: T.lotCreate,
    input: () => ({ specId: ids.lotSpec, batchNo: 'X1', productionDate: '2026-11-01', quantity: 1 }),
    reference: 'specId',
  },
  { name: 'codes for their lot', endpoint: T.codeGenerate, input: () => ({ lotId: ids.lot, count: 1 }) },
  { name: 'codes of their lot', endpoint: T.codeList, input: () => ({ lotId: ids.lot }) },
  { name: 'code export of their lot', endpoint: T.codeExport, input: () => ({ lotId: ids.lot }) },
  { name: 'labels of their lot', endpoint: T.labelSheet, input: () => ({ lotId: ids.lot }) },
  { name: 'shipment read', endpoint: T.shipmentDetail, input: () => ({ id: ids.shipment }) },
  { name: 'shipment ship', endpoint: T.shipmentShip, input: () => ({ id: ids.shipment }) },
  { name: 'shipment cancel', endpoint: T.shipmentCancel, input: () => ({ id: ids.shipment }) },
  { name: 'shipment void', endpoint: T.shipmentVoid, input: () => ({ id: ids.shipment, ...reason }) },
  { name: 'shipment close', endpoint: T.shipmentClose, input: () => ({ id: ids.shipment, ...reason }) },
  { name: 'receipt of their shipment', endpoint: T.receiptCreate, input: () => receiptBody() },
  { name: 'receipt read', endpoint: T.receiptDetail, input: () => ({ id: ids.receipt }) },
  { name: 'return of their receipt', endpoint: T.returnPrefill, input: () => ({ receiptId: ids.receipt }) },
  {
    name: 'shipments of a project',
    endpoint: T.shipmentList,
    input: () => ({ direction: 'in', projectId: ids.project }),
    filter: true,
  },
  { name: 'stock of a project', endpoint: T.stockList, input: () => ({ projectId: ids.project }) },
  { name: 'stock of their product', endpoint: T.stockList, input: () => ({ productId: ids.lotProduct }), filter: true },
  { name: 'stock card of their spec', endpoint: T.stockCard, input: () => ({ specId: ids.lotSpec }), filter: true },
  { name: 'product dashboard', endpoint: T.productDashboard, input: () => ({ id: ids.lotProduct }) },
  // Site construction: the other manufacturer is on no project (reads 404); writes are the construction unit's or
  // the supervisor's (403 by organisation type); construction.routes.test.ts tries another construction unit (404).
  { name: 'site: expected shipments', endpoint: K.expectedList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'site: deliveries', endpoint: K.deliveryList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'site: a delivery', endpoint: K.deliveryDetail, input: () => ({ id: ids.delivery }) },
  {
    name: 'site: a file of a delivery',
    endpoint: K.deliveryFile,
    input: () => ({ id: ids.delivery, uploadId: ids.ownerUpload }),
  },
  {
    name: 'site: receive at their project',
    endpoint: K.deliveryReceive,
    input: () => ({
      projectId: ids.siteProject,
      shipmentId: ids.shipment,
      arrivedOn: '2026-11-20',
      lines: [{ shipmentLineId: 1, received: 1 }],
    }),
    refused: true,
  },
  {
    name: 'site: external delivery at their project',
    endpoint: K.deliveryExternal,
    input: () => ({
      projectId: ids.siteProject,
      supplierName: '越权供应商',
      supplierCreditCode: creditCode('91320100MA1MEQ7X9'),
      arrivedOn: '2026-11-20',
      lines: [
        {
          classifyCode: '0212',
          materialName: '石材',
          specName: '越权',
          unitName: '平方米',
          batchNo: 'X-1',
          quantity: 1,
        },
      ],
    }),
    refused: true,
  },
  {
    name: 'site: papers of their delivery',
    endpoint: K.deliveryPapers,
    input: () => ({ id: ids.delivery }),
    refused: true,
  },
  { name: 'site: inspections', endpoint: K.inspectionList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'site: an inspection', endpoint: K.inspectionDetail, input: () => ({ id: ids.inspection }) },
  {
    name: 'site: submit their inspection',
    endpoint: K.inspectionDecide,
    input: () => ({ id: ids.inspection, checks: [], visualResult: 'ok', verdict: 'fail', reason: '越权判定' }),
    refused: true,
  },
  {
    name: 'site: save their inspection’s checklist',
    endpoint: K.inspectionChecks,
    input: () => ({ id: ids.inspection, checks: [] }),
    refused: true,
  },
  {
    name: 'site: confirm their inspection',
    endpoint: K.inspectionConfirm,
    input: () => ({ id: ids.inspection, approve: true }),
    refused: true,
  },
  {
    name: 'site: dispose of their lot',
    endpoint: K.inspectionDispose,
    input: () => ({ id: ids.inspection, disposal: 'destroyed' }),
    refused: true,
  },
  { name: 'site: stock', endpoint: K.stockList, input: () => ({ projectId: ids.siteProject }) },
  {
    name: 'site: a lot’s moves',
    endpoint: K.stockPutDetail,
    input: () => ({ projectId: ids.siteProject, lotId: ids.siteLot }),
  },
  {
    name: 'site: issue from their stock',
    endpoint: K.retrievalCreate,
    input: () => ({
      projectId: ids.siteProject,
      team: '越权班组',
      receivedBy: '越权',
      issuedOn: '2026-11-20',
      lines: [{ lotId: ids.siteLot, quantity: 1 }],
    }),
    refused: true,
  },
  {
    name: 'site: return of their issue',
    endpoint: K.retrievalReturn,
    input: () => ({
      id: ids.issueOrder,
      returnedOn: '2026-11-20',
      reason: '越权退库',
      lines: [{ lineId: 1, quantity: 1 }],
    }),
    refused: true,
  },
  { name: 'site: issue orders', endpoint: K.retrievalList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'site: an issue order', endpoint: K.retrievalDetail, input: () => ({ id: ids.issueOrder }) },
  {
    name: 'site: a lot’s issuable codes',
    endpoint: K.retrievalCodes,
    input: () => ({ projectId: ids.siteProject, lotId: ids.siteLot }),
  },
  { name: 'site: issued lines', endpoint: K.retrievalSearch, input: () => ({ projectId: ids.siteProject }) },
  { name: 'site: issued totals', endpoint: K.retrievalSearchAll, input: () => ({ projectId: ids.siteProject }) },
  // Site construction: witnessed samples and spot checks of the developer's project (a manufacturer is on no site;
  // the calls of the developer, supervision and construction units refuse it outright, 403)
  { name: 'samples of a site', endpoint: K.sampleList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'sample read', endpoint: K.sampleDetail, input: () => ({ id: ids.sample }) },
  {
    name: 'sample of their lot',
    endpoint: K.sampleCreate,
    input: () => sampleInput(ids.siteInspection),
    refused: true,
  },
  {
    name: 'sample send',
    endpoint: K.sampleSend,
    input: () => ({ id: ids.sample, sentOn: '2026-11-20' }),
    refused: true,
  },
  {
    name: 'sample report',
    endpoint: K.sampleReport,
    input: () => ({
      id: ids.sample,
      reportNo: 'X-1',
      reportDate: '2026-11-20',
      result: 'fail',
      reportUploadId: ids.ownerUpload,
    }),
    refused: true,
  },
  { name: 'witness ratio of a site', endpoint: K.witnessRatio, input: () => ({ projectId: ids.siteProject }) },
  { name: 'sample file', endpoint: K.sampleFile, input: () => ({ id: ids.sample, uploadId: ids.ownerUpload }) },
  { name: 'spot checks of a site', endpoint: K.spotCheckList, input: () => ({ projectId: ids.siteProject }) },
  { name: 'spot check read', endpoint: K.spotCheckDetail, input: () => ({ id: ids.spotCheck }) },
  {
    name: 'spot check of a site',
    endpoint: K.spotCheckCreate,
    input: () => ({
      projectId: ids.siteProject,
      inspectionId: ids.siteInspection,
      kind: 'patrol',
      checkedOn: '2026-11-20',
      items: [{ name: '越权', result: 'pass' }],
    }),
    refused: true,
  },
  {
    name: 'spot check rectify',
    endpoint: K.spotCheckRectify,
    input: () => ({ id: ids.spotCheck, rectification: '越权整改' }),
    refused: true,
  },
  { name: 'spot check close', endpoint: K.spotCheckClose, input: () => ({ id: ids.spotCheck }), refused: true },
  { name: 'spot check report', endpoint: K.spotCheckFile, input: () => ({ id: ids.spotCheck }) },
  // Site construction: the stock import is the construction unit's (403 by organisation type); the exports are for
  // the project's readers (404 for anyone else)
  {
    name: 'stock import template',
    endpoint: constructionEndpoints.importTemplate,
    input: () => ({ projectId: ids.project }),
    refused: true,
  },
  {
    name: 'stock import commit',
    endpoint: constructionEndpoints.importCommit,
    input: () => ({ projectId: ids.project, uploadId: ids.ownerUpload }),
    refused: true,
  },
  ...(['stock', 'deliveries', 'issues', 'green_ledger'] as const).map((kind) => ({
    name: `site export ${kind}`,
    endpoint: constructionEndpoints.exportXlsx,
    input: () => ({ projectId: ids.project, kind }),
  })),
  // ---- Distribution: the distributor console (records, licensed products, sales contracts) ----
  // Its calls are a distributor's (403 by organisation type for this manufacturer); a contract's detail answers its
  // distributor and buyer only (404). Another distributor's 404s: distribution.product/contract.routes.test.ts.
  ...(
    [
      ['product record', D.productDetail, () => ({ id: 1 })],
      ['product record save', D.productSave, () => ({ id: 1, productId: ids.product })],
      ['product record delete', D.productDelete, () => ({ id: 1 })],
      ['licensed letter', D.licensedDetail, () => ({ id: 1 })],
      [
        'sales contract save',
        D.contractSave,
        () => ({
          id: ids.salesContract,
          number: '越权',
          buyerOrgId: ids.developerOrg,
          projectId: ids.project,
          validFrom: '2026-11-01',
          validUntil: '2026-12-01',
          lines: [{ specId: ids.spec, quantity: 1, unit: '吨', unitPriceFen: 1 }],
          signedFileId: ids.ownerUpload,
        }),
      ],
      ['sales contract sign', D.contractSign, () => ({ id: ids.salesContract })],
      ['sales contract activate', D.contractActivate, () => ({ id: ids.salesContract })],
      ['sales contract complete', D.contractComplete, () => ({ id: ids.salesContract })],
      ['sales contract terminate', D.contractTerminate, () => ({ id: ids.salesContract, reason: '越权' })],
      [
        'sales contract ship',
        D.contractShip,
        () => ({
          id: ids.salesContract,
          fromAddressId: ids.address,
          shipDate: '2026-11-28',
          lines: [{ contractLineId: 1, lotId: ids.lot, quantity: 1 }],
        }),
      ],
      ['a buyer’s projects', D.buyerProjects, () => ({ orgId: ids.developerOrg })],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  { name: 'sales contract', endpoint: D.contractDetail, input: () => ({ id: ids.salesContract }) },
  // ---- Procurement — orders: purchase orders and alternates ----
  // The order's supplier sees it; another manufacturer (a supplier too) gets 404. The buyer's calls and the
  // alternates are buyers' (403 by organisation type for a manufacturer); other buyers' 404s:
  // procurement.order.routes.test.ts and procurement.alternate.routes.test.ts.
  { name: 'purchase order', endpoint: procurementEndpoints.orderDetail, input: () => ({ id: ids.purchaseOrder }) },
  {
    name: 'purchase order confirm',
    endpoint: procurementEndpoints.orderConfirm,
    input: () => ({ id: ids.purchaseOrder }),
  },
  {
    name: 'purchase order decline',
    endpoint: procurementEndpoints.orderDecline,
    input: () => ({ id: ids.purchaseOrder, reason: '越权' }),
  },
  {
    name: 'purchase order ship',
    endpoint: procurementEndpoints.orderShip,
    input: () => ({
      id: ids.purchaseOrder,
      fromAddressId: ids.address,
      shipDate: '2026-11-28',
      lines: [{ orderLineId: 1, lotId: ids.lot, quantity: 1 }],
    }),
  },
  {
    name: 'purchase orders of a project',
    endpoint: procurementEndpoints.orderList,
    input: () => ({ projectId: ids.project }),
    filter: true,
  },
  ...(
    [
      ['purchase order send', procurementEndpoints.orderSend, () => ({ id: ids.purchaseOrder })],
      ['purchase order cancel', procurementEndpoints.orderCancel, () => ({ id: ids.purchaseOrder, reason: '越权' })],
      ['purchase order close', procurementEndpoints.orderClose, () => ({ id: ids.purchaseOrder, reason: '越权' })],
      ['alternates of a project', procurementEndpoints.alternateList, () => ({ projectId: ids.project })],
      [
        'alternate save',
        procurementEndpoints.alternateSave,
        () => ({ listLineId: 1, supplierOrgId: ids.ownerOrg, specId: ids.spec, reason: '越权' }),
      ],
      ['alternates from an inquiry', procurementEndpoints.alternateFromInquiry, () => ({ inquiryId: 1 })],
      ['alternate move', procurementEndpoints.alternateMove, () => ({ id: 1, direction: 'up' })],
      ['alternate dismiss', procurementEndpoints.alternateDismiss, () => ({ id: 1, reason: '越权' })],
      ['alternate switch', procurementEndpoints.alternateSwitch, () => ({ id: 1 })],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  // Distribution: another manufacturer on the demo maker's letter (only the two parties see it); accepting is a
  // distributor's call (403 by organisation type).
  ...(
    [
      'authorisationDetail',
      'authorisationDelete',
      'authorisationIssue',
      'authorisationRenew',
      'authorisationResume',
    ] as const
  ).map((name) => ({
    name: `authorisation: ${name}`,
    endpoint: distributionEndpoints[name],
    input: () => ({ id: ids.authorisation }),
  })),
  ...(['authorisationSuspend', 'authorisationRevoke'] as const).map((name) => ({
    name: `authorisation: ${name}`,
    endpoint: distributionEndpoints[name],
    input: () => ({ id: ids.authorisation, reason: '越权' }),
  })),
  {
    name: 'authorisation: letter PDF',
    endpoint: distributionEndpoints.authorisationLetter,
    input: () => ({ id: ids.authorisation }),
  },
  {
    name: 'authorisation: accept',
    endpoint: distributionEndpoints.authorisationAccept,
    input: () => ({ id: ids.authorisation }),
    refused: true,
  },
  {
    name: 'authorisation: save over their letter',
    endpoint: distributionEndpoints.authorisationSave,
    input: () => ({
      id: ids.authorisation,
      distributorOrgId: 2,
      kind: 'general',
      regionCodes: ['320000'],
      items: [{ productId: ids.product }],
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      signatoryName: '越权',
      signatoryTitle: '越权',
    }),
  },
  // ---- Procurement: sourcing (p-sourcing) ----
  // The buyer's calls are a developer's or construction unit's (403 by organisation type for this manufacturer; a
  // buyer of another project gets 404: procurement.sourcing.routes.test.ts). The supplier's calls on an inquiry it
  // was not invited to, and on another supplier's quote, answer 404.
  ...(
    [
      ['selection overview', PS.selectionOverview, () => ({ projectId: ids.project })],
      ['selection candidates', PS.selectionCandidates, () => ({ lineId: 1 })],
      ['selection choose', PS.selectionChoose, () => ({ lineId: 1, specId: ids.spec, supplierOrgId: ids.ownerOrg })],
      ['selection unchoose', PS.selectionUnchoose, () => ({ lineId: 1 })],
      [
        'direct purchase',
        PS.directPurchase,
        () => ({
          projectId: ids.project,
          supplierOrgId: ids.ownerOrg,
          reason: '越权',
          lines: [{ listLineId: 1, specId: ids.spec, quantity: '1' }],
        }),
      ],
      ['inquiry supplier options', PS.inquirySupplierOptions, () => ({ projectId: ids.project, lineIds: '1' })],
      ['inquiry list', PS.inquiryList, () => ({ projectId: ids.project })],
      ['inquiry detail', PS.inquiryDetail, () => ({ id: 1 })],
      [
        'inquiry save',
        PS.inquirySave,
        () => ({
          id: 1,
          projectId: ids.project,
          title: '越权',
          deadline: '2099-01-01 10:00',
          lines: [{ listLineId: 1, quantity: '1' }],
          supplierOrgIds: [ids.ownerOrg],
        }),
      ],
      ['inquiry publish', PS.inquiryPublish, () => ({ id: 1 })],
      ['inquiry close', PS.inquiryClose, () => ({ id: 1 })],
      ['inquiry award', PS.inquiryAward, () => ({ id: 1, quoteId: 1, reason: '越权' })],
      ['inquiry fail', PS.inquiryFail, () => ({ id: 1, reason: '越权' })],
      ['inquiry cancel', PS.inquiryCancel, () => ({ id: 1, reason: '越权' })],
      ['inquiry new round', PS.inquiryNewRound, () => ({ id: 1, deadline: '2099-01-01 10:00' })],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  { name: 'supplier inquiry detail', endpoint: PS.supplierInquiryDetail, input: () => ({ id: 1 }) },
  {
    name: 'quote save',
    endpoint: PS.quoteSave,
    input: () => ({
      inquiryId: 1,
      lines: [{ inquiryLineId: 1, specId: ids.spec, unitPriceFen: 1, deliveryDate: '2099-01-01' }],
    }),
  },
  { name: 'quote submit', endpoint: PS.quoteSubmit, input: () => ({ id: 1 }) },
  { name: 'quote withdraw', endpoint: PS.quoteWithdraw, input: () => ({ id: 1 }) },
  // ---- Procurement — list (p-list): a project's material list is its buyers' (developer, joined construction units;
  // this manufacturer 403 by organisation type); another developer or a construction unit not on the project 404:
  // procurement.list.routes.test.ts. The policy data is the platform operator's (403).
  ...(
    [
      ['material list', materialListEndpoints.materialList, () => ({ projectId: ids.project })],
      [
        'material list save',
        materialListEndpoints.materialListSave,
        () => ({ projectId: ids.project, lines: [], removedLineIds: [1] }),
      ],
      ['material list confirm', materialListEndpoints.materialListConfirm, () => ({ projectId: ids.project })],
      [
        'material list reopen',
        materialListEndpoints.materialListReopen,
        () => ({ projectId: ids.project, reason: '越权' }),
      ],
      [
        'material list version',
        materialListEndpoints.materialListVersion,
        () => ({ projectId: ids.project, version: 1 }),
      ],
      ['material list template', materialListEndpoints.materialListImportTemplate, () => ({ projectId: ids.project })],
      [
        'material list import',
        materialListEndpoints.materialListImportCommit,
        () => ({
          projectId: ids.project,
          lines: [{ classifyCode: '0106', commonName: '越权', unitId: 32, quantity: 1, requiredBy: '2026-12-01' }],
        }),
      ],
      ['material list copy sources', materialListEndpoints.materialListCopySources, () => ({ projectId: ids.project })],
      [
        'material list copy',
        materialListEndpoints.materialListCopy,
        () => ({ projectId: ids.project, fromProjectId: ids.project }),
      ],
      [
        'policy category',
        procurementPolicyEndpoints.policyCategorySave,
        () => ({ id: 1, name: '越权', kind: 'optional', confidence: 'primary' }),
      ],
      [
        'policy category classes',
        procurementPolicyEndpoints.policyCategoryClasses,
        () => ({ id: 1, classifyCodes: [] }),
      ],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  // ---- Procurement — summary: a manufacturer buys for no project (403); another developer's 404 is in
  // procurement.summary.routes.test.ts ----
  {
    name: 'procurement summary: their project',
    endpoint: procurementSummaryEndpoints.materialsSummary,
    input: () => ({ projectId: ids.project }),
    refused: true,
  },
  {
    name: 'procurement summary detail: their project',
    endpoint: procurementSummaryEndpoints.materialsSummaryDetail,
    input: () => ({ projectId: ids.project, categoryKey: '0106' }),
    refused: true,
  },
  // ---- Government statistics: a manufacturer reads no statistics (403); a project outside a committee's city or a
  // filer's projects answers 404 in government.statistics.routes.test.ts ----
  {
    name: 'statistics lines: their project',
    endpoint: governmentStatisticsEndpoints.statisticsLines,
    input: () => ({ projectId: ids.project, supplierOrgId: ids.ownerOrg }),
    refused: true,
  },
  // ---- Government filing: a manufacturer files nothing and is no committee (403 by organisation type); another
  // developer, a committee of another city and a supervision unit's changes: government.filing.routes.test.ts ----
  ...(
    [
      ['filing list', governmentFilingEndpoints.filingList, () => ({})],
      ['filing', governmentFilingEndpoints.filingDetail, () => ({ id: ids.filing })],
      ['filing open', governmentFilingEndpoints.filingOpen, () => ({ projectId: ids.project, period: '2026-Q3' })],
      ['filing save', governmentFilingEndpoints.filingSave, () => ({ id: ids.filing })],
      ['filing prefill', governmentFilingEndpoints.filingPrefill, () => ({ id: ids.filing })],
      ['filing submit', governmentFilingEndpoints.filingSubmit, () => ({ id: ids.filing })],
      ['filing return', governmentFilingEndpoints.filingReturn, () => ({ id: ids.filing, reason: '越权' })],
      ['filing confirm', governmentFilingEndpoints.filingConfirm, () => ({ id: ids.filing })],
      ['filing correct', governmentFilingEndpoints.filingCorrect, () => ({ id: ids.filing, reason: '越权' })],
      ['filing close a quarter', governmentFilingEndpoints.filingClosePeriod, () => ({ period: '2026-Q2' })],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  // ---- Government — risk alerts (government.risk.routes.test.ts: another city's committee 404, the wrong side 403) ----
  // The alert names the demo developer on its project: another manufacturer reads nothing of it (404); the
  // committee's steps and subscriptions are a committee's (403 by role).
  { name: 'risk alert', endpoint: GR.alertDetail, input: () => ({ id: ids.alert }) },
  { name: 'risk alert attachment', endpoint: GR.alertAttachment, input: () => ({ id: ids.alert, uploadId: 1 }) },
  { name: 'risk alert explain', endpoint: GR.alertExplain, input: () => ({ id: ids.alert, explanation: '越权' }) },
  {
    name: 'risk alerts of a project',
    endpoint: GR.alertList,
    input: () => ({ projectId: ids.project }),
    filter: true,
  },
  ...(
    [
      ['risk alert acknowledge', GR.alertAcknowledge, () => ({ id: ids.alert })],
      ['risk alert dismiss', GR.alertDismiss, () => ({ id: ids.alert, reason: '越权' })],
      ['risk alert confirm', GR.alertConfirm, () => ({ id: ids.alert, reason: '越权' })],
      ['risk alert close', GR.alertClose, () => ({ id: ids.alert, reason: '越权' })],
      [
        'risk subscription of their project',
        GR.subscriptionSave,
        () => ({ subjectKind: 'project', subjectId: ids.project }),
      ],
      ['risk subscription delete', GR.subscriptionDelete, () => ({ id: 1 })],
    ] as const
  ).map(([name, endpoint, input]) => ({ name, endpoint, input, refused: true as const })),
  // ---- enterprise disk ----
  { name: 'disk folder listing', endpoint: W.list, input: () => ({ folderId: ids.diskFolder }) },
  {
    name: 'disk folder inside theirs',
    endpoint: W.createFolder,
    input: () => ({ parentId: ids.diskFolder, name: 'x' }),
  },
  { name: 'disk folder rename', endpoint: W.renameFolder, input: () => ({ id: ids.diskFolder, name: '越权' }) },
  { name: 'disk folder delete', endpoint: W.deleteFolder, input: () => ({ id: ids.diskFolder }) },
  {
    name: 'disk file into their folder',
    endpoint: W.addFile,
    input: () => ({ uploadId: 1, folderId: ids.diskFolder }),
    reference: 'uploadId',
  },
  {
    name: 'disk file of their upload',
    endpoint: W.addFile,
    input: () => ({ uploadId: ids.ownerUpload }),
    reference: 'uploadId',
  },
  { name: 'disk file', endpoint: W.file, input: () => ({ id: ids.diskFile }) },
  {
    name: 'disk file save',
    endpoint: W.saveFile,
    input: () => ({ id: ids.diskFile, name: '越权.pdf', docType: 'other', tags: [] }),
  },
  { name: 'disk file version', endpoint: W.addVersion, input: () => ({ id: ids.diskFile, uploadId: ids.ownerUpload }) },
  { name: 'disk file delete', endpoint: W.deleteFile, input: () => ({ id: ids.diskFile }) },
  { name: 'disk file content', endpoint: W.content, input: () => ({ id: ids.diskFile }) },
  { name: 'disk file on the ledger', endpoint: W.recordOnLedger, input: () => ({ id: ids.diskFile }) },
  {
    name: 'disk share of their files',
    endpoint: W.createShare,
    input: () => ({ fileIds: [ids.diskFile], audience: 'anyone', expiresInDays: 1 }),
    reference: 'fileIds.0',
  },
  {
    name: 'disk share of their folder',
    endpoint: W.createShare,
    input: () => ({ folderId: ids.diskFolder, audience: 'orgs', orgIds: [ids.ownerOrg], expiresInDays: 1 }),
  },
  { name: 'disk share revoke', endpoint: W.revokeShare, input: () => ({ id: ids.diskShare }) },
  { name: 'disk share access log', endpoint: W.shareLog, input: () => ({ id: ids.diskShare }) },
  // ---- enterprise inspection (another manufacturer is neither the subject nor an inspector) ----
  {
    name: 'inspection records of theirs',
    endpoint: EI.list,
    input: () => ({ subjectOrgId: ids.ownerOrg }),
    filter: true,
  },
  { name: 'inspection record', endpoint: EI.detail, input: () => ({ id: ids.inspectionRecord }) },
  { name: 'inspection record file', endpoint: EI.file, input: () => ({ id: ids.inspectionRecord, uploadId: 1 }) },
  {
    name: 'inspection rectification',
    endpoint: EI.submit,
    input: () => ({ id: ids.inspectionRecord, rectification: '越权' }),
  },
  { name: 'inspection close', endpoint: EI.close, input: () => ({ id: ids.inspectionRecord }) },
  { name: 'inspection reopen', endpoint: EI.reopen, input: () => ({ id: ids.inspectionRecord, reason: '越权' }) },
  {
    name: 'inspection record about them',
    endpoint: EI.create,
    input: () => ({
      subjectOrgId: ids.ownerOrg,
      kind: 'random',
      inspectedOn: '2026-01-05',
      inspectorName: '越权',
      result: 'fail',
      findings: '越权',
    }),
    refused: true,
  },
  // ---- account centre ----
  {
    name: 'profile avatar of their upload',
    endpoint: accountEndpoints.saveProfile,
    input: () => ({ avatarUploadId: ids.ownerUpload }),
    reference: 'avatarUploadId',
  },
  {
    name: 'division under theirs',
    endpoint: accountEndpoints.createDivision,
    input: () => ({ name: '越权子部门', parentId: ids.division }),
  },
  {
    name: 'division led by their member',
    endpoint: accountEndpoints.createDivision,
    input: () => ({ name: '越权部门', leaderId: ids.ownerStaff }),
  },
  {
    name: 'division rename',
    endpoint: accountEndpoints.updateDivision,
    input: () => ({ id: ids.division, name: '越权' }),
  },
  { name: 'division delete', endpoint: accountEndpoints.deleteDivision, input: () => ({ id: ids.division }) },
  {
    name: 'division of their member',
    endpoint: accountEndpoints.assignDivision,
    input: () => ({ id: ids.ownerStaff, divisionId: null }),
  },
  // ---- business card (the owner's staff member: ids.ownerStaff) ----
  {
    name: 'business card of their member',
    endpoint: businessCardEndpoints.card,
    input: () => ({ userId: ids.ownerStaff }),
  },
  {
    name: 'business card save for their member',
    endpoint: businessCardEndpoints.save,
    input: () => ({ userId: ids.ownerStaff, displayName: '越权' }),
  },
  {
    name: 'business card featuring their product',
    endpoint: businessCardEndpoints.save,
    input: () => ({ displayName: '越权', productIds: [ids.product] }),
    reference: 'productIds',
  },
  {
    name: 'business card with their upload as WeChat QR',
    endpoint: businessCardEndpoints.save,
    input: () => ({ displayName: '越权', wechatQrUploadId: ids.ownerUpload }),
    reference: 'wechatQrUploadId',
  },
  {
    name: 'business card statistics of their member',
    endpoint: businessCardEndpoints.stats,
    input: () => ({ userId: ids.ownerStaff }),
  },
  {
    name: 'business card leads of their member',
    endpoint: businessCardEndpoints.leads,
    input: () => ({ userId: ids.ownerStaff }),
  },
];

/**
 * Declared endpoints that take an id but are not tried above, each with the reason. The coverage test below fails
 * when an id-taking endpoint is neither tried nor listed here: a new module's calls join one or the other.
 */
const EXEMPT: { endpoint: EndpointDef; reason: string }[] = [
  {
    endpoint: P.openGetProductInfoById,
    reason: 'Public by design: a published product’s public view (catalogue tests).',
  },
  { endpoint: P.getProductInfoById, reason: 'Another organisation gets the public view or 404: tested below.' },
  { endpoint: P.getBusinessBuildingByCityId, reason: 'The id is a city’s: reference data, no organisation’s record.' },
  { endpoint: P.getTreeProductType, reason: 'The id is a city’s: reference data, no organisation’s record.' },
  { endpoint: B.getFormatByCommonNameAndUnit, reason: 'unitId names one of the 37 units: reference data.' },
  { endpoint: C.verify, reason: 'Public by design: anyone checks a certificate by its number (certificate tests).' },
  { endpoint: C.publicPdf, reason: 'Public by design: a certificate’s public PDF by its number (certificate tests).' },
  {
    endpoint: catalogueEndpoints.productImage,
    reason: 'Public by design: images of published products only (catalogue tests: anything else 404).',
  },
  {
    endpoint: E.selectHtmlByGroupId,
    reason: 'A city’s form for manufacturers: the platform’s configuration, not an organisation’s record.',
  },
  { endpoint: L.exportXls, reason: 'The rows of exportData (tried above) as a spreadsheet.' },
  {
    endpoint: T.receiverAddresses,
    reason: 'A receiving organisation’s enabled delivery addresses, shown to any shipper choosing it (trace tests).',
  },
  {
    endpoint: T.shipmentSave,
    reason: 'Lots, codes, addresses and drafts of others are refused per field: trace.shipment.routes.test.ts.',
  },
  {
    endpoint: T.publicTrace,
    reason: 'Public by design: anyone who scans a code sees its chain, without personal data (trace.public tests).',
  },
  { endpoint: T.publicEpcis, reason: 'Public by design: the code’s EPCIS events without personal data (trace tests).' },
  {
    endpoint: O.submitCertification,
    reason: 'Another organisation’s licence upload is refused (400 licenseUploadId): certification.test.ts.',
  },
  {
    endpoint: constructionEndpoints.importPreview,
    reason:
      'A multipart upload signed through its query, which these JSON calls cannot send: another kind of organisation 403, one not on the project 404 and no session 401 are tried in construction.xlsx.routes.test.ts.',
  },
  {
    endpoint: O.submitCertification,
    reason: 'Another organisation’s licence upload is refused (400 licenseUploadId): certification.test.ts.',
  },
  // ---- distribution: the scope check (d-gate) ----
  {
    endpoint: distributionEndpoints.scopeCheck,
    reason:
      'Distributors only (a manufacturer 403); another distributor’s contractId answers 404: distribution.scope.routes.test.ts.',
  },
  {
    endpoint: distributionEndpoints.authorisationVerify,
    reason: 'Public by design: anyone checks a letter from its QR code (distribution.authorisation.routes.test.ts).',
  },
  // ---- Procurement — list (p-list) ----
  {
    endpoint: materialListEndpoints.materialListImportPreview,
    reason:
      'A multipart upload signed through its query, which these JSON calls cannot send: another kind of organisation 403, another developer 404 and no session 401 are tried in procurement.list.routes.test.ts.',
  },
  // ---- the public record (docs/public-pages.md) ----
  {
    endpoint: publicRecordEndpoints.productSnapshot,
    reason:
      'Public by design: a product’s public record at a moment, without session; a product not listed then (a draft, a rejection, another city’s audit) answers 404: public-record.routes.test.ts.',
  },
  {
    endpoint: publicRecordEndpoints.orgSnapshot,
    reason:
      'Public by design: a company’s public record (its listed products) at a moment; a company without a listed product then answers 404: public-record.routes.test.ts.',
  },
  // ---- account centre ----
  {
    endpoint: accountEndpoints.avatar,
    reason:
      'Public by design: a user’s current avatar for the top bar’s <img>, only for the pair of a user and their current avatar; any other pair 404 (account.routes.test.ts).',
  },
  // ---- enterprise disk ----
  {
    endpoint: diskEndpoints.linkFile,
    reason:
      'A share link’s file, reached by its token without a session: only through an open link, and a file outside the link answers 404 (disk.routes.test.ts).',
  },
  // ---- business card: its public page, reached by the card's random public id without a session ----
  {
    endpoint: businessCardEndpoints.publicCard,
    reason:
      'Public by design: a published card by its random public id, unpublished 404 (business-card.routes.test.ts).',
  },
  {
    endpoint: businessCardEndpoints.publicWechat,
    reason: 'Public by design: the WeChat QR image a published card shows (business-card.routes.test.ts).',
  },
  {
    endpoint: businessCardEndpoints.publicClick,
    reason: 'A visitor’s click on a product the card features; any other product answers 404 (business-card tests).',
  },
  {
    endpoint: businessCardEndpoints.publicContact,
    reason: 'The public contact form of a published card: consent required, throttled (business-card.routes.test.ts).',
  },
];

/** An answer that shows nothing: an empty list or page, zero counts, null. */
function isEmptyAnswer(res: TestResponse): boolean {
  const data = res.body.data;
  if (data === null) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (Array.isArray(data?.list)) return data.list.length === 0;
  if (Array.isArray(data?.rows)) return data.rows.length === 0;
  if (typeof data === 'object') return Object.values(data).every((v) => v === 0 || v === null);
  return data === 0;
}

describe('another organisation’s records', () => {
  it.each(ATTEMPTS)('$name: 404 for another manufacturer', async (a) => {
    const res = await callEndpoint(server, a.endpoint, a.input?.() ?? {}, other);
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
    } else if (a.refused) {
      expect([403, 404], said).toContain(res.status);
    } else {
      expect(res.status, said).toBe(404);
      expect(res.body.code, said).toBe(ResponseCode.NOT_FOUND);
    }
  });

  it.each(ATTEMPTS)('$name: 401 without a session', async (a) => {
    const res = await callEndpoint(server, a.endpoint, a.input?.() ?? {}, null);
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

  it('tries every declared endpoint that takes an id, or says why not', () => {
    const ID = /^(id|ids)$|Ids?$/;
    const tried = new Set(ATTEMPTS.map((a) => endpointKey(a.endpoint)));
    const exempt = new Set(EXEMPT.map((e) => endpointKey(e.endpoint)));
    const untried = allEndpoints()
      .filter(({ endpoint }) => inputNames(endpoint).some((n) => ID.test(n)))
      .map(({ endpoint }) => endpointKey(endpoint))
      .filter((key) => !tried.has(key) && !exempt.has(key));
    expect(untried).toEqual([]);
    for (const e of EXEMPT) expect(e.reason.length, endpointKey(e.endpoint)).toBeGreaterThan(20);
    for (const key of exempt) expect(tried.has(key), `${key} is both tried and exempt`).toBe(false);
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
