import { type EndpointDef, endpoint } from './endpoint.ts';
import {
  alternateDismissBody,
  alternateFromInquiryBody,
  alternateFromInquiryData,
  alternateIdBody,
  alternateListData,
  alternateListQuery,
  alternateMoveBody,
  alternateSaveBody,
  alternateSwitchData,
  orderCloseBody,
  orderDetail,
  orderDone,
  orderIdBody,
  orderIdQuery,
  orderListBody,
  orderListData,
  orderReasonBody,
  orderShipBody,
  orderShipData,
} from './procurement-order.ts';

/** Procurement's order calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const purchaseOrderEndpoints = {
  // ---- purchase orders: the buyer's (developer, construction unit) and the supplier's (manufacturer, distributor) ----
  orderList: endpoint({
    method: 'POST',
    path: '/api/procurement/order/list',
    body: orderListBody,
    response: orderListData,
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: '/api/procurement/order/detail',
    query: orderIdQuery,
    response: orderDetail,
  }),
  orderSend: endpoint({ method: 'POST', path: '/api/procurement/order/send', body: orderIdBody, response: orderDone }),
  orderCancel: endpoint({
    method: 'POST',
    path: '/api/procurement/order/cancel',
    body: orderReasonBody,
    response: orderDone,
  }),
  orderClose: endpoint({
    method: 'POST',
    path: '/api/procurement/order/close',
    body: orderCloseBody,
    response: orderDone,
  }),
  orderConfirm: endpoint({
    method: 'POST',
    path: '/api/procurement/order/confirm',
    body: orderIdBody,
    response: orderDone,
  }),
  orderDecline: endpoint({
    method: 'POST',
    path: '/api/procurement/order/decline',
    body: orderReasonBody,
    response: orderDone,
  }),
  orderShip: endpoint({
    method: 'POST',
    path: '/api/procurement/order/ship',
    body: orderShipBody,
    response: orderShipData,
  }),
  // ---- alternate suppliers of a project's list lines (buyer) ----
  alternateList: endpoint({
    method: 'GET',
    path: '/api/procurement/alternate/list',
    query: alternateListQuery,
    response: alternateListData,
  }),
  alternateSave: endpoint({
    method: 'POST',
    path: '/api/procurement/alternate/save',
    body: alternateSaveBody,
    response: orderDone,
  }),
  alternateFromInquiry: endpoint({
    method: 'POST',
    path: '/api/procurement/alternate/fromInquiry',
    body: alternateFromInquiryBody,
    response: alternateFromInquiryData,
  }),
  alternateMove: endpoint({
    method: 'POST',
    path: '/api/procurement/alternate/move',
    body: alternateMoveBody,
    response: orderDone,
  }),
  alternateDismiss: endpoint({
    method: 'POST',
    path: '/api/procurement/alternate/dismiss',
    body: alternateDismissBody,
    response: orderDone,
  }),
  alternateSwitch: endpoint({
    method: 'POST',
    path: '/api/procurement/alternate/switch',
    body: alternateIdBody,
    response: alternateSwitchData,
  }),
} satisfies Record<string, EndpointDef>;
