import type { EndpointData } from '@jcbb/contract/endpoint';
import type { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { configure, fireEvent, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../../../test/render.tsx';
import shipZh from '../../locales/ship.zh-CN.ts';
import type { Lot, ShipmentDetail, ShipmentLine, ShipmentRow } from '../../ship-api.ts';

/**
 * Test support of the shipment screens: fixtures (every answer is checked against the contract by lib/api.ts in
 * tests, so they are whole) and helpers for antd's selects. The fake server and `signInAs` are the console's
 * (test/fake-server.ts).
 */

// antd forms render slowly on the shared 2-core machine (several engineers' suites at once): waits get 15 s.
configure({ asyncUtilTimeout: 15_000 });

export const render = (ui: ReactNode, path: string) => renderWithProviders(ui, { traceShip: shipZh }, { path });

/**
 * Role queries walk the whole accessibility tree and compute styles: on the wizard (five steps in the DOM) under
 * load they take seconds each. These helpers find controls by attribute and text instead.
 */
const visible = (e: Element) => !e.closest('[hidden]') && !e.closest('.ant-select-dropdown-hidden');

/** The visible element matching `selector` whose text (spaces ignored: antd spaces out 2-character buttons) is `text`. */
export async function findByText(selector: string, text: string | RegExp, within: ParentNode = document) {
  return waitFor(() => {
    const found = [...within.querySelectorAll(selector)].find((e) => {
      const content = (e.textContent ?? '').replace(/\s/g, '');
      return visible(e) && (typeof text === 'string' ? content === text : text.test(content));
    });
    if (!found) throw new Error(`no ${selector} "${text}"`);
    return found as HTMLElement;
  });
}

export const findButton = (text: string | RegExp, within: ParentNode = document) =>
  findByText('button', text, within) as Promise<HTMLButtonElement>;

/**
 * Open the antd select labelled `label` (its aria-label) and pick the option whose text contains `option`: once the
 * select is enabled (a lot's select waits for its specification) and its options have loaded.
 */
export async function choose(label: string, option: string) {
  const item = await waitFor(() => {
    const box = [...document.querySelectorAll(`[role="combobox"][aria-label="${label}"]`)].find(visible) as
      | HTMLInputElement
      | undefined;
    if (!box || box.disabled) throw new Error(`no enabled select ${label}`);
    if (box.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(box);
    const found = [
      ...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].find((o) => o.textContent?.includes(option));
    if (!found) throw new Error(`no option ${option} in ${label}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

// ---- fixtures ----

export const evidence = (over: Partial<ShipmentLine['evidence']> = {}): ShipmentLine['evidence'] => ({
  kind: 'certificate',
  name: '绿色建材产品认证证书',
  certNo: 'GB-2026-0001',
  valid: true,
  validUntil: '2028-12-31',
  leafIndex: 12,
  asOf: '2026-05-10',
  ...over,
});

export const lot = (id: number, over: Partial<Lot> = {}): Lot => ({
  id,
  productId: 3,
  productName: '蒸压加气混凝土砌块',
  specId: 31,
  specName: 'A5.0 B06 600×240×200',
  unitName: '块',
  batchNo: `L2026050${id}`,
  productionDate: '2026-05-01',
  expiryDate: null,
  quantity: 1000,
  codedQuantity: 100,
  codeCount: 10,
  evidence: evidence({ asOf: '2026-05-01' }),
  massPerUnitKg: 25,
  classifyCode: '0203',
  createTime: '2026-05-01 09:00:00',
  ...over,
});

const progress = (shipped: number, over: Partial<ShipmentRow['progress']> = {}) => ({
  shipped,
  accepted: 0,
  rejected: 0,
  cancelled: 0,
  outstanding: shipped,
  ...over,
});

export const line = (id: number, over: Partial<ShipmentLine> = {}): ShipmentLine => ({
  id,
  lineNo: id,
  productId: 3,
  productName: '蒸压加气混凝土砌块',
  specId: 31,
  specName: 'A5.0 B06 600×240×200',
  unitName: '块',
  lotId: 5,
  batchNo: 'L20260505',
  quantity: 100,
  codeCount: 0,
  codes: [],
  massKg: 2500,
  evidence: evidence(),
  progress: progress(100),
  ...over,
});

export const summary = (id: number, over: Partial<ShipmentRow> = {}): ShipmentRow => ({
  id,
  number: `FH20260510000${id}`,
  status: 2,
  statusName: '运输中',
  from: { kind: 'org', orgId: 11, projectId: null, name: '南京绿筑新材料有限公司', cityName: '南京市' },
  to: { kind: 'org', orgId: 12, projectId: null, name: '南京恒通建材贸易有限公司', cityName: '南京市' },
  shipDate: '2026-05-10',
  plannedArrival: null,
  transportType: 8,
  transportTypeName: '重型柴油货车运输（载重18t）',
  lineCount: 1,
  codeCount: 0,
  progress: progress(100),
  carbon: {
    distanceKm: 500,
    distanceSource: 'default_500',
    factor: '0.129',
    massKg: 2500,
    kgCO2e: 161.25,
    missingMassLines: 0,
  },
  returnOfReceiptId: null,
  createTime: '2026-05-10 08:00:00',
  shippedTime: '2026-05-10 09:00:00',
  ...over,
});

export const detail = (id: number, over: Partial<ShipmentDetail> = {}): ShipmentDetail => ({
  ...summary(id),
  fromAddress: '江苏省南京市江宁区 秣陵街道 1 号',
  toAddress: '江苏省南京市鼓楼区 中山路 2 号',
  fromAddressId: 1,
  toAddressId: 2,
  distanceKm: null,
  vehiclePlate: '苏A12345',
  remarks: null,
  closeReason: null,
  lines: [line(1)],
  receipts: [],
  events: [],
  side: 'shipper',
  actions: [],
  blockers: [],
  ...over,
});

export type ShipmentListData = EndpointData<typeof traceEndpoints.shipmentList>;
