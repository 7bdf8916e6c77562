import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { procurementEndpoints as api } from '@jcbb/contract/procurement.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * Purchase orders and alternates (docs/procurement.md, "Purchase orders", "Alternate suppliers") as TanStack Query
 * options over the contract's endpoints. No URL and no answer type is written here.
 */

export type OrderRow = EndpointData<typeof api.orderList>['list'][number];
export type OrderListInput = EndpointInput<typeof api.orderList>;
export type OrderDetail = EndpointData<typeof api.orderDetail>;
export type OrderLine = OrderDetail['lines'][number];
export type AlternateList = EndpointData<typeof api.alternateList>;
export type AlternateLine = AlternateList['lines'][number];
export type Alternate = AlternateLine['alternates'][number];
export type AlternateInput = EndpointInput<typeof api.alternateSave>;

export const ORDERS_PAGE_SIZE = 10;

/**
 * An order's figures move with other organisations' steps and other pages (a shipment sent from traceability's
 * wizard, a receipt on site), which invalidate nothing here: its list and detail are read afresh whenever opened.
 */
const FRESH = { staleTime: 0 } as const;

export const orderQueries = {
  list: (input: OrderListInput) => queryOptions({ ...queryOf(api.orderList, input), ...FRESH }),
  detail: (id: number) => queryOptions({ ...queryOf(api.orderDetail, { id }), retry: retryUnlessNotFound, ...FRESH }),
  alternates: (projectId: number) => queryOf(api.alternateList, { projectId }),
  /** The projects the caller's organisation has joined (the buyer's project choice). */
  projects: () => queryOf(projectEndpoints.userProjectList, { take: 100, skip: 0, type: 1 }),
  /** The caller's own addresses (where a shipment leaves from). */
  addresses: () => queryOf(traceEndpoints.addressList, { enabledOnly: true, take: 200, skip: 0 }),
  /** What the supplier holds of one product, by specification and lot (a shipment line's lot). */
  stockOf: (productId: number) => queryOf(traceEndpoints.stockList, { productId, take: 100, skip: 0 }),
};

export const orderMutations = {
  send: mutationOf(api.orderSend),
  cancel: mutationOf(api.orderCancel, { silent: true }),
  close: mutationOf(api.orderClose, { silent: true }),
  confirm: mutationOf(api.orderConfirm),
  decline: mutationOf(api.orderDecline, { silent: true }),
  ship: mutationOf(api.orderShip, { silent: true }),
  saveAlternate: mutationOf(api.alternateSave, { silent: true }),
  fromInquiry: mutationOf(api.alternateFromInquiry),
  move: mutationOf(api.alternateMove),
  dismiss: mutationOf(api.alternateDismiss, { silent: true }),
  switchTo: mutationOf(api.alternateSwitch),
};

/** After an order changed: its lists and its detail. */
export const invalidateOrders = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.orderList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.orderDetail) }),
  ]);
/** After an alternate changed: the project's alternates. */
export const invalidateAlternates = (qc: QueryClient) => qc.invalidateQueries({ queryKey: keyOf(api.alternateList) });
