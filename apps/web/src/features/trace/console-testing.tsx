import type { AddressView, EvidenceSnapshot, LotView } from '@jcbb/contract';
import { SIGNING_PARAM_KEYS } from '@jcbb/contract/signing';
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { type SessionUser, session } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import traceZh from './locales/zh-CN.ts';

// antd forms, drawers and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** One request the page sent: its path, its query (GET) and its JSON body (POST). */
export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** What a mocked call answers: its data (code 0), or a failure with its HTTP status, message and data. */
export type Answer = { data: unknown } | { status: number; msg: string; code?: number; data?: unknown } | Response;
export type Handler = (request: Sent) => Answer;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Mocks the server for a page: `handlers` by path answer the calls (the answers are still checked against the
 * contract by lib/api.ts, so a fixture that drifts from it fails the test); any other call answers an empty list.
 * Returns the list of requests sent, in order.
 */
export function mockServer(handlers: Record<string, Handler>): Sent[] {
  const sent: Sent[] = [];
  session.setToken('t');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    // The request signature (lib/http.ts) is not what the page sends: leave it out of what tests compare.
    for (const key of SIGNING_PARAM_KEYS) {
      delete body[key];
      url.searchParams.delete(key);
    }
    const request = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
    sent.push(request);
    const handler = handlers[url.pathname];
    const answer: Answer = handler ? handler(request) : { data: [] };
    if (answer instanceof Response) return answer;
    if ('status' in answer)
      return json(answer.status, { code: answer.code ?? 40000, msg: answer.msg, data: answer.data ?? null });
    return json(200, { code: 0, msg: 'success', data: answer.data });
  });
  return sent;
}

/** Signs in a user of an organisation of this type (6 manufacturer, 7 distributor, 4 construction, 3 supervision). */
export function signInAs(orgType: number) {
  const user: SessionUser = {
    id: 1,
    username: 'u',
    realName: '李明',
    mobile: '13800000001',
    headimgurl: null,
    roles: ['企业管理员'],
    org: { name: '南京绿筑新材料有限公司' },
    organization: { id: 1, type: orgType, type_enum: 'X', status: '已认证', certStatus: 2 },
    companyId: 1,
  };
  session.setUser(user, []);
}

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
