/** Where the issue pages live (the route table places them; routes.tsx builds them). */
export const OUTBOUND_PATHS = {
  /** 出库领用: the project's stock to issue from, the issue form and the issue orders. */
  outbound: '/projectConstruction/outbound',
  /** An issue order (or return) reached from 出库领用. */
  detail: '/projectConstruction/outboundDetail',
  /** The same detail reached from the project's records. */
  orderDetail: '/project/outboundOrderDetail',
  /** 出库记录 (领用记录): the search of issued lines and its per-material totals. */
  record: '/project/outboundRecord',
} as const;

/** The detail of an order, under the same menu as the page linking to it. */
export const orderPath = (id: number, fromProjectMenu = false) =>
  `${fromProjectMenu ? OUTBOUND_PATHS.orderDetail : OUTBOUND_PATHS.detail}?id=${id}`;

export const withProject = (path: string, projectId: number | null) =>
  projectId === null ? path : `${path}?projectId=${projectId}`;
