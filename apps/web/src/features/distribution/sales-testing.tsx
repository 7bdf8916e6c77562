import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answer, signInAs } from '../../test/fake-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import referenceZh from '../reference/locales/zh-CN.ts';
import salesZh from './locales/sales.zh-CN.ts';
import type { ContractDetail, ContractLine, LicensedItem, ProductRecord } from './sales-api.ts';

// antd forms and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Signs in 李娜 of 南京恒通 (the demo distributor, organisation 12). */
export const signInDealer = () => signInAs(7, { name: '南京恒通建材贸易有限公司', orgId: 12 });

/** Render a distributor console page with its strings (and the region picker's) at `path`. */
export const renderSales = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { distributionSales: salesZh, reference: referenceZh }, { path });

export const line = (over: Partial<ContractLine> = {}): ContractLine => ({
  id: 31,
  lineNo: 1,
  productId: 3,
  productName: '岩棉保温板',
  specId: 5,
  specName: 'TR10 50 厚',
  quantity: 300,
  unit: '平方米',
  unitPriceFen: 4850,
  amountFen: 1_455_000,
  shippedQuantity: 0,
  remainingQuantity: 300,
  coverage: { covered: true, authorisationId: 9, number: 'AU20261128-0001', publicId: 'demo', refusal: null },
  ...over,
});

export const contract = (over: Partial<ContractDetail> = {}): ContractDetail => ({
  id: 5,
  number: 'HT-2026-001',
  sellerName: '南京恒通建材贸易有限公司',
  buyerName: '南京城建置业发展有限公司',
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  regionName: '江苏省 南京市 鼓楼区',
  signedDate: null,
  validFrom: '2026-11-28',
  validUntil: '2027-11-28',
  amountFen: 1_455_000,
  status: 'draft',
  lineCount: 1,
  distributorOrgId: 12,
  buyerOrgId: 15,
  buyerCreditCode: null,
  projectId: 1,
  regionCode: '320106',
  statusReason: null,
  remarks: null,
  signedFile: { id: 40, name: '经销合同.pdf', sha256: 'ab'.repeat(32) },
  leafIndex: null,
  lines: [line()],
  shipments: [],
  side: 'seller',
  actions: ['edit', 'sign'],
  ...over,
});

export const licensedItem = (over: Partial<LicensedItem> = {}): LicensedItem => ({
  itemId: 1,
  authorisationId: 9,
  publicId: 'demo-lvzhu-hengtong',
  number: 'AU20261128-0001',
  makerOrgId: 11,
  makerName: '南京绿筑新材料有限公司',
  kind: 'general',
  projectName: null,
  productId: 3,
  productName: '岩棉保温板',
  specId: null,
  specName: null,
  specs: [{ id: 5, name: 'TR10 50 厚', unit: '平方米' }],
  regionCodes: ['320000'],
  regionNames: ['江苏省'],
  validFrom: '2026-01-01',
  validUntil: '2027-12-31',
  state: 'active',
  quantityCap: 20_000,
  shippedQuantity: 0,
  remainingQuantity: 20_000,
  ...over,
});

export const record = (over: Partial<ProductRecord> = {}): ProductRecord => ({
  id: 7,
  productId: 3,
  productName: '岩棉保温板',
  makerName: '南京绿筑新材料有限公司',
  specId: 5,
  specName: 'TR10 50 厚',
  priceFen: 4850,
  priceUnit: '平方米',
  supplyRegionCodes: ['320100'],
  supplyRegionNames: ['江苏省 南京市'],
  supplyAddresses: [{ id: 2, name: '恒通栖霞仓库' }],
  minOrderQuantity: 50,
  leadDays: 3,
  status: 'on_sale',
  remarks: null,
  coverage: 'in_force',
  coveredUntil: '2027-12-31',
  updatedAt: '2026-11-28 10:00:00',
  ...over,
});

/** What the record and contract forms ask first: the region picker's columns and the licensed products. */
export const formPickers = () => [
  answer(referenceEndpoints.divisionChildren, () => []),
  answer(api.licensedList, () => ({ list: [licensedItem()], total: 1 })),
];
