import { fireEvent } from '@testing-library/react';
import type { IssuedLineRow, IssueLine, IssueOrderDetail, IssueOrderRow, SiteStockRow } from '../../api.ts';

/**
 * Test support of the issue pages: the renderer with the feature's strings, helpers for antd's controls, and
 * fixtures (every answer is checked against the contract by lib/api.ts in tests, so they are whole). The fake server
 * and `signInAs` are the console's (test/fake-server.ts).
 */

export { choose, findButton, findByText, renderSite as render, screenWidth } from '../../testing.tsx';

/** Type into the input labelled `label`. */
export const typeInto = (label: string, value: string) => {
  const input = document.querySelector(`[aria-label="${label}"]`) ?? document.getElementById(label);
  if (!input) throw new Error(`no input ${label}`);
  fireEvent.change(input, { target: { value } });
};

// ---- fixtures ----

export const stockRow = (lotId: number, over: Partial<SiteStockRow> = {}): SiteStockRow => ({
  lotId,
  inspectionId: 100 + lotId,
  materialName: '花岗岩',
  specName: '600×600×20',
  batchNo: `GR-${lotId}`,
  unitName: '平方米',
  makerName: null,
  isGreen: false,
  quarantined: 0,
  usable: 70,
  rejected: 0,
  issued: 30,
  state: 'released',
  blockedReason: null,
  ...over,
});

export const orderRow = (id: number, over: Partial<IssueOrderRow> = {}): IssueOrderRow => ({
  id,
  number: `LY2026112800${String(id).padStart(2, '0')}`,
  kind: 'issue',
  team: '木工班组（王师傅）',
  building: '1#教学楼',
  floor: '3F',
  part: '走廊地面',
  receivedBy: '王建国',
  issuedOn: '2026-11-28',
  issuedByName: '李工',
  lineCount: 1,
  returned: false,
  returnOfId: null,
  returnOfNumber: null,
  ...over,
});

export const issueLine = (id: number, over: Partial<IssueLine> = {}): IssueLine => ({
  id,
  lotId: 7,
  inspectionId: 107,
  inspectionNumber: 'JC202611200001-1',
  deliveryId: 31,
  materialName: '花岗岩',
  specName: '600×600×20',
  batchNo: 'GR-7',
  unitName: '平方米',
  quantity: 20,
  returnable: 20,
  codes: [],
  returnableCodes: [],
  ...over,
});

export const orderDetail = (id: number, over: Partial<IssueOrderDetail> = {}): IssueOrderDetail => ({
  ...orderRow(id),
  projectId: 7,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  remarks: null,
  lines: [issueLine(1)],
  returns: [],
  canReturn: true,
  ...over,
});

export const issuedLine = (id: number, over: Partial<IssuedLineRow> = {}): IssuedLineRow => ({
  id,
  lotId: 7,
  inspectionId: 107,
  inspectionNumber: 'JC202611200001-1',
  deliveryId: 31,
  materialName: '陶瓷地砖',
  specName: '800×800',
  batchNo: 'TL-01',
  unitName: '平方米',
  quantity: 8,
  orderId: 40 + id,
  orderNumber: `LY2026112800${40 + id}`,
  issuedOn: '2026-11-28',
  team: '瓦工班组',
  building: '2#综合楼',
  floor: '2F',
  part: '卫生间',
  netQuantity: 5,
  ...over,
});
