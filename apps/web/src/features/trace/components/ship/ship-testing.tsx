import type { EndpointData } from '@jcbb/contract/endpoint';
import type { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { configure, fireEvent, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { type SessionUser, session } from '../../../../lib/session.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import shipZh from '../../locales/ship.zh-CN.ts';
import type { Lot, ShipmentDetail, ShipmentLine, ShipmentRow } from '../../ship-api.ts';

/**
 * Test support of the shipment screens: a fake server answering the contract's paths (every answer is checked
 * against the contract by lib/api.ts in tests, so the fixtures below are whole), a signed-in organisation, and
 * helpers for antd's selects.
 */

// antd forms render slowly on the shared 2-core machine (several engineers' suites at once): waits get 15 s.
configure({ asyncUtilTimeout: 15_000 });

export const render = (ui: ReactNode, path: string) => renderWithProviders(ui, { traceShip: shipZh }, { path });

export interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown>;
}
class Failure {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {}
}
/** A 400 with per-field messages, as the server's invalidInput answers. */
export const fieldErrors = (fields: Record<string, string>) =>
  new Failure(400, 40000, '请求参数有误', {
    fields: Object.entries(fields).map(([field, message]) => ({ field, message })),
  });

type Handler = (body: Record<string, unknown>) => unknown;

/** Answers `METHOD /path` from `routes`; anything else is a 404. Returns what was sent, in order. */
export function fakeServer(routes: Record<string, Handler>): Sent[] {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : Object.fromEntries(url.searchParams.entries());
    sent.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    let result: unknown;
    try {
      result = handler ? handler(body) : new Failure(404, 40400, '记录不存在');
    } catch (error) {
      // A broken fixture: say so (the client would only say 网络异常).
      console.error(`fake server: ${method} ${url.pathname}`, error);
      throw error;
    }
    const envelope =
      result instanceof Failure
        ? { status: result.status, json: { code: result.code, msg: result.msg, data: result.data } }
        : { status: 200, json: { code: 0, msg: 'success', data: result ?? null } };
    return new Response(JSON.stringify(envelope.json), {
      status: envelope.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

export function signInAs(orgType: number, name = '南京绿筑新材料有限公司') {
  session.setToken('t');
  const user: SessionUser = {
    id: 1,
    username: 'u',
    realName: '李明',
    mobile: '13800000001',
    headimgurl: null,
    roles: ['enterprise_admin'],
    org: { name },
    organization: { id: 11, type: orgType, type_enum: 'X', status: '已认证', certStatus: 2 },
    companyId: 11,
  };
  session.setUser(user, []);
}

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
