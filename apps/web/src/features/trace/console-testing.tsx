import type { AddressView, EvidenceSnapshot, LotView } from '@jcbb/contract';
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import traceZh from './locales/zh-CN.ts';

// antd forms, drawers and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a trace page with its strings at `path`. */
export const renderTrace = (ui: ReactNode, path = '/') => renderWithProviders(ui, { trace: traceZh }, { path });

export const page = <T,>(list: T[], total = list.length) => ({ list, total });

export const evidence = (over: Partial<EvidenceSnapshot> = {}): EvidenceSnapshot => ({
  kind: 'certificate',
  name: '绿色建材产品认证证书',
  certNo: 'GC-2026-0001',
  valid: true,
  validUntil: '2028-12-31',
  leafIndex: 3,
  asOf: '2026-03-01',
  ...over,
});

export const address = (id: number, over: Partial<AddressView> = {}): AddressView => ({
  id,
  kind: 'warehouse',
  name: `仓库${id}`,
  regionCode: '320115',
  regionName: '江苏省 南京市 江宁区',
  detail: '秣陵街道胜太路 88 号',
  contactName: '王强',
  contactPhone: '13800000001',
  isDefault: false,
  enabled: true,
  inUse: false,
  ...over,
});

export const lot = (id: number, over: Partial<LotView> = {}): LotView => ({
  id,
  productId: 5,
  productName: '透水砖',
  specId: 11,
  specName: '200×100×60',
  unitName: '块',
  batchNo: `B2026-${id}`,
  productionDate: '2026-03-01',
  expiryDate: null,
  quantity: 1000,
  codedQuantity: 0,
  codeCount: 0,
  evidence: evidence(),
  massPerUnitKg: 2.5,
  classifyCode: '0301',
  createTime: '2026-03-01 09:00:00',
  ...over,
});

/** The maker's product list (productDetailList): one product with one specification. */
export const products = () => [
  {
    id: 5,
    name: '透水砖',
    enableStatus: 1,
    specs: [
      {
        id: 11,
        productId: 5,
        name: '200×100×60',
        model: 'TS-60',
        unitId: 3,
        unitName: '块',
        price: null,
        minOrder: null,
        massPerUnitKg: null,
        status: 1,
        statusName: '上架',
        createdAt: '2026-01-01 00:00:00',
        updatedAt: '2026-01-01 00:00:00',
      },
    ],
  },
];
