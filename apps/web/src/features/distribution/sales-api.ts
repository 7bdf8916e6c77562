import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The distributor console's calls (docs/distribution.md, "The distributor console" and "Sales contracts") as
 * TanStack Query options over the contract's endpoints: product records, licensed products, sales contracts and
 * shipping against them. No URL and no answer type is written here.
 */

export type ProductRecord = EndpointData<typeof api.productDetail>;
export type ProductListInput = EndpointInput<typeof api.productList>;
export type LicensedItem = EndpointData<typeof api.licensedList>['list'][number];
export type LicensedListInput = EndpointInput<typeof api.licensedList>;
export type LicensedLetter = EndpointData<typeof api.licensedDetail>;
export type ContractRow = EndpointData<typeof api.contractList>['list'][number];
export type ContractListInput = EndpointInput<typeof api.contractList>;
export type ContractDetail = EndpointData<typeof api.contractDetail>;
export type ContractLine = ContractDetail['lines'][number];
export type ContractInput = EndpointInput<typeof api.contractSave>;

/** The list pages' page size. */
export const SALES_PAGE_SIZE = 10;

export const salesQueries = {
  products: (input: ProductListInput) => queryOf(api.productList, input),
  product: (id: number) => queryOptions({ ...queryOf(api.productDetail, { id }), retry: retryUnlessNotFound }),
  licensed: (input: LicensedListInput) => queryOf(api.licensedList, input),
  /** Every licensed item (the record form's product picker): at most 200. */
  allLicensed: () => queryOf(api.licensedList, { take: 200, skip: 0 }),
  letter: (id: number) => queryOptions({ ...queryOf(api.licensedDetail, { id }), retry: retryUnlessNotFound }),
  contracts: (input: ContractListInput) => queryOf(api.contractList, input),
  contract: (id: number) => queryOptions({ ...queryOf(api.contractDetail, { id }), retry: retryUnlessNotFound }),
  buyers: (keyword: string) => queryOf(api.buyerSearch, { keyword }),
  buyerProjects: (orgId: number) => queryOf(api.buyerProjects, { orgId }),
  /** The caller's own addresses (supply addresses, where a shipment leaves from). */
  addresses: () => queryOf(traceEndpoints.addressList, { enabledOnly: true, take: 200, skip: 0 }),
  /** The receiving organisation's addresses (a contract's buyer without a platform project). */
  receiverAddresses: (orgId: number) => queryOf(traceEndpoints.receiverAddresses, { orgId }),
  /** What the distributor holds of one product, by specification and lot (a shipment line's lot). */
  stockOf: (productId: number) => queryOf(traceEndpoints.stockList, { productId, take: 100, skip: 0 }),
};

export const salesMutations = {
  saveProduct: mutationOf(api.productSave, { silent: true }),
  deleteProduct: mutationOf(api.productDelete),
  saveContract: mutationOf(api.contractSave, { silent: true }),
  sign: mutationOf(api.contractSign),
  activate: mutationOf(api.contractActivate),
  complete: mutationOf(api.contractComplete),
  terminate: mutationOf(api.contractTerminate, { silent: true }),
  ship: mutationOf(api.contractShip, { silent: true }),
  accept: mutationOf(api.authorisationAccept),
};

export const salesFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number) => download(fileEndpoints.download, { id }),
  letterPdf: (id: number) => download(api.authorisationLetter, { id }),
};

/** After a change to a record: its lists and itself. */
export const invalidateProducts = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.productList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.productDetail) }),
  ]);
/** After a contract changed: its lists and its detail. */
export const invalidateContracts = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.contractList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.contractDetail) }),
  ]);
/** After a letter was accepted: the licensed views. */
export const invalidateLicensed = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.licensedList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.licensedDetail) }),
  ]);
