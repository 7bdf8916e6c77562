import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signInAs } from '../../test/fake-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ordersZh from './locales/orders.zh-CN.ts';
import type { AlternateLine, OrderDetail, OrderLine } from './orders-api.ts';

// antd forms and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** The demo developer (南京城建置业) and the demo manufacturer (南京绿筑). */
export const signInDeveloper = () => signInAs(1, { name: '南京城建置业有限公司', orgId: 5 });
export const signInMaker = () => signInAs(6, { name: '南京绿筑新材料有限公司', orgId: 2 });

/** Render an order or alternate page with its strings at `path`. */
export const renderOrders = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { procurementOrders: ordersZh }, { path });

export const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  id: 71,
  lineNo: 1,
  listLineId: 9,
  productId: 3,
  productName: '岩棉保温板',
  specId: 5,
  specName: 'TR10 50 厚',
  unit: '平方米',
  unitPriceFen: 4850,
  amountFen: 485_000,
  requiredBy: '2026-12-20',
  quantity: '100',
  shipped: '60',
  delivered: '50',
  rejected: '2',
  outstanding: '40',
  ...over,
});

export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 7,
  number: 'PO20261128001',
  projectId: 1,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  buyerName: '南京城建置业有限公司',
  supplierOrgId: 2,
  supplierName: '南京绿筑新材料有限公司',
  origin: 'direct',
  status: 'partly_delivered',
  amountFen: 485_000,
  lineCount: 1,
  deliveredPct: 50,
  createdAt: '2026-11-20 09:00:00',
  buyerOrgId: 5,
  inquiryId: null,
  reason: '目录直购：证书覆盖需用日期，运距最短',
  deliveryAddress: null,
  statusReason: null,
  sentAt: '2026-11-20 09:10:00',
  confirmedAt: '2026-11-20 10:00:00',
  closedAt: null,
  lines: [orderLine()],
  shipments: [{ id: 31, number: 'FH202611200001', status: 3, shipDate: '2026-11-21' }],
  side: 'buyer',
  actions: ['close'],
  ...over,
});

export const alternateLine = (over: Partial<AlternateLine> = {}): AlternateLine => ({
  lineId: 9,
  lineNo: 1,
  commonName: '岩棉板',
  spec: '50 厚',
  unit: '平方米',
  quantity: '100',
  requiredBy: '2026-12-20',
  primary: {
    supplierOrgId: 12,
    supplierName: '南京恒通建材贸易有限公司',
    productId: 3,
    productName: '岩棉保温板',
    specId: 5,
    specName: 'TR10 50 厚',
    orderId: null,
    orderNumber: null,
  },
  flags: [{ flag: 'authorisation_lost', detail: '授权书未生效（待确认、已暂停、已撤销或已被取代）' }],
  proposedId: 41,
  alternates: [
    {
      id: 41,
      rank: 1,
      supplierOrgId: 2,
      supplierName: '南京绿筑新材料有限公司',
      productId: 3,
      productName: '岩棉保温板',
      specId: 5,
      specName: 'TR10 50 厚',
      quoteId: null,
      quotedUnitPriceFen: 4700,
      reason: '厂家直供',
      notPrimaryReason: '起订量较大',
      validUntil: null,
      status: 'proposed',
      expired: false,
    },
  ],
  ...over,
});
