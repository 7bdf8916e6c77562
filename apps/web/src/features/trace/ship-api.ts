import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { OrgType } from '@jcbb/contract/enums';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { traceEndpoints as api } from '@jcbb/contract/trace.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';
import { projectQueries } from '../project/public.ts';

/**
 * The shipment screens' calls (sendProduct, trackList, sources, sourceDetail, the receipt form) as TanStack Query
 * options over the contract's endpoints: shipments, receipts, receivers and their addresses, the caller's own
 * addresses, lots, stock and codes to ship from, and the projects a supplier may ship to. No URL and no answer type
 * is written here.
 */

export type ShipmentListInput = EndpointInput<typeof api.shipmentList>;
export type ShipmentRow = EndpointData<typeof api.shipmentList>['list'][number];
export type ShipmentDetail = EndpointData<typeof api.shipmentDetail>;
export type ShipmentLine = ShipmentDetail['lines'][number];
export type ShipmentReceipt = ShipmentDetail['receipts'][number];
export type ShipmentEvent = ShipmentDetail['events'][number];
export type ShipmentAction = ShipmentDetail['actions'][number];
export type ShipmentSaveInput = EndpointInput<typeof api.shipmentSave>;
export type ReceiptCreateInput = EndpointInput<typeof api.receiptCreate>;
export type Receiver = EndpointData<typeof api.receiverList>['list'][number];
export type ReceiverAddress = EndpointData<typeof api.receiverAddresses>[number];
export type OwnAddress = EndpointData<typeof api.addressList>['list'][number];
export type TrackProject = EndpointData<typeof projectEndpoints.trackProjectList>['list'][number];
export type Lot = EndpointData<typeof api.lotList>['list'][number];
export type StockRow = EndpointData<typeof api.stockList>['list'][number];
export type TraceCode = EndpointData<typeof api.codeList>['list'][number];
export type ProductSpecs = EndpointData<typeof productEndpoints.productDetailList>[number];

/** Pickers list at most this many rows; the receiver and project pickers search by name beyond it. */
const PICK = { receivers: 20, projects: 20, addresses: 200, lots: 100, stock: 100, codes: 500 } as const;

export const SHIPMENT_PAGE_SIZE = 10;

/**
 * A shipment list's first queries, as ShipmentListPages asks for them and as the lists' route data starts them
 * (shipment-list-data.ts): the first page of what the organisation shipped (`out`) or receives (`in`), and for a
 * construction or supervision unit's incoming list its projects, the list's project filter.
 */
export const shipmentListQueries = {
  firstPage: (direction: 'out' | 'in') => ({ take: SHIPMENT_PAGE_SIZE, skip: 0, direction }),
  projects: (orgType: number | null) =>
    projectQueries.mine({ take: 100, skip: 0, type: 1, orgType: orgType ?? undefined }),
  /** Whether the organisation's incoming list is by project (construction and supervision units). */
  onProjects: (orgType: number | null) => orgType === OrgType.CONSTRUCTION || orgType === OrgType.SUPERVISION,
};

export const shipQueries = {
  list: (input: ShipmentListInput) => queryOf(api.shipmentList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.shipmentDetail, { id }), retry: retryUnlessNotFound }),
  receivers: (name?: string) => queryOf(api.receiverList, { take: PICK.receivers, skip: 0, name }),
  receiverAddresses: (orgId: number) => queryOf(api.receiverAddresses, { orgId }),
  /** The caller's own enabled addresses (where goods leave from). */
  ownAddresses: () => queryOf(api.addressList, { take: PICK.addresses, skip: 0, enabledOnly: true }),
  /** Projects a supplier may ship to (the project module serves POST /api/track/project/list). */
  projects: (name?: string) => queryOf(projectEndpoints.trackProjectList, { take: PICK.projects, skip: 0, name }),
  /** The manufacturer's products with their specifications. */
  productSpecs: () => queryOf(productEndpoints.productDetailList),
  /** The manufacturer's lots of one specification. */
  lots: (specId: number) => queryOf(api.lotList, { take: PICK.lots, skip: 0, specId }),
  /** The caller's own stock (a distributor ships from what it holds). */
  stock: () => queryOf(api.stockList, { take: PICK.stock, skip: 0 }),
  /** Top-level codes of a lot in one state (a manufacturer's in stock: active; a distributor's: held). */
  codes: (lotId: number, status: TraceCode['status']) =>
    queryOf(api.codeList, { take: PICK.codes, skip: 0, lotId, status, topLevelOnly: true }),
};

// Calls whose failures the screens show under their fields are silent (no toast on top of the field message).
export const shipMutations = {
  save: mutationOf(api.shipmentSave, { silent: true }),
  ship: mutationOf(api.shipmentShip, { silent: true }),
  cancel: mutationOf(api.shipmentCancel),
  void: mutationOf(api.shipmentVoid, { silent: true }),
  close: mutationOf(api.shipmentClose, { silent: true }),
  receive: mutationOf(api.receiptCreate, { silent: true }),
  returnPrefill: mutationOf(api.returnPrefill),
};

/** A receipt photo: uploaded at once (the form keeps the id), opened through the file call. */
export const shipFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number) => download(fileEndpoints.download, { id }),
};

/** After a change to a shipment: lists, details, stock and codes may all differ. */
export function invalidateShipments(queryClient: QueryClient) {
  return Promise.all(
    [api.shipmentList, api.shipmentDetail, api.stockList, api.codeList, api.lotList].map((e) =>
      queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
}
