import type { LotView } from '@jcbb/contract';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { lot, page, products, renderTrace } from '../console-testing.tsx';
import productDashboardData from '../product-dashboard-data.ts';
import { ProductDashboardPage } from './ProductDashboardPage.tsx';

const PRODUCTS = productEndpoints.productDetailList;
const {
  productDashboard: DASHBOARD,
  lotList: LOTS,
  lotCreate: CREATE,
  lotDetail: DETAIL,
  codeList: CODES,
  codeGenerate: GENERATE,
  labelSheet: LABELS,
} = traceEndpoints;
/** An answer for the record `id` only; another id is not found. */
const only =
  <T,>(id: number, data: () => T) =>
  (request: Sent) =>
    request.params.id === String(id) ? data() : failure(404, 40400, '记录不存在');

const dashboard = (lots: LotView[] = []) => ({
  productId: 5,
  productName: '透水砖',
  lots,
  byDistrict: [
    { regionCode: '320115', regionName: '南京市江宁区', quantity: 300 },
    { regionCode: '320106', regionName: '南京市鼓楼区', quantity: 120 },
  ],
  byHolder: [{ holderName: '南京恒通建材贸易有限公司', kind: 'org' as const, quantity: 300 }],
  scanCount: 42,
});

const lotDetail = {
  ...lot(9, { quantity: 1000, codedQuantity: 200, codeCount: 2, batchNo: 'B2026-009' }),
  qualityDocs: [{ uploadId: 31, name: '合格证.pdf' }],
  holders: [{ holderName: '南京绿筑新材料有限公司', holderKind: 'org' as const, cityName: '南京市', quantity: 800 }],
};

const code = (n: number) => ({
  code: `ABCDEFGHIJKLMNOPQRS${n}`,
  level: 'package' as const,
  quantity: 100,
  parentCode: null,
  childCount: 100,
  status: 'active' as const,
  holderName: '南京绿筑新材料有限公司',
  createTime: '2026-03-02 10:00:00',
});

let sent: Sent[];

/** A second product of the maker, 植草砖, without specifications. */
const second = () => products().map((p) => ({ ...p, id: 6, name: '植草砖', specs: [] }));

beforeEach(() => {
  signInAs(6);
  sent = fakeServer(
    answer(PRODUCTS, () => products()),
    answer(
      DASHBOARD,
      only(5, () => dashboard([lot(9)])),
    ),
    answer(LOTS, () => page([lot(9, { batchNo: 'B2026-009', codeCount: 2 })])),
    answer(CREATE, () => ({ id: 9 })),
    answer(
      DETAIL,
      only(9, () => lotDetail),
    ),
    answer(CODES, () => page([code(2), code(3)])),
    answer(GENERATE, () => ({ codes: [], count: 10 })),
    answer(LABELS, () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const location = () => screen.getByTestId('location').textContent;
const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement;

// antd drawers, modals and forms are slow in jsdom on a shared machine: each test gets 60 s (the default is 20).
describe('the product dashboard', { timeout: 60_000 }, () => {
  it('starts with the navigation the queries the page first asks for (route data), with and without ?id=', async () => {
    sent = fakeServer(
      answer(PRODUCTS, () => [...products(), ...second()]),
      answer(
        DASHBOARD,
        only(5, () => dashboard([lot(9)])),
      ),
      answer(LOTS, () => page([lot(9)])),
    );
    const asked = () => sent.map((s) => `${s.method} ${s.path} ${JSON.stringify(s.body)}`).sort();
    for (const search of ['?id=5', '']) {
      sent.length = 0;
      await productDashboardData(new QueryClient(), { searchParams: new URLSearchParams(search) });
      const byData = asked();
      expect(byData).toHaveLength(search ? 3 : 2);
      sent.length = 0;
      const view = renderTrace(<ProductDashboardPage />, `/productionManagement/productDashboard${search}`);
      // Without ?id= the page goes on to the product it opens on: compare what it asked first.
      await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(byData.length));
      await waitFor(() => expect(asked().filter((a) => byData.includes(a))).toEqual(byData));
      view.unmount();
    }
  });

  it('opens on the first product and shows its lots, where it went and its scans', async () => {
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard');
    await waitFor(() => expect(location()).toBe('/productionManagement/productDashboard?id=5'));
    expect(await screen.findByText('B2026-009')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('南京市江宁区')).toBeInTheDocument();
    expect(screen.getByText('南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === LOTS)?.body).toMatchObject({ productId: 5, take: 10, skip: 0 });
    expect(screen.getByRole('link', { name: '库存卡' })).toHaveAttribute(
      'href',
      '/productionManagement/inventoryDetail?specId=11&lotId=9',
    );
  });

  it("opens on the product of the maker's latest lot, not the first of the list", async () => {
    sent = fakeServer(
      answer(PRODUCTS, () => [...products(), ...second()]),
      answer(LOTS, ({ body }) =>
        body.productId === undefined ? page([lot(12, { productId: 6, productName: '植草砖' })]) : page([]),
      ),
      answer(
        DASHBOARD,
        only(6, () => ({ ...dashboard(), productId: 6, productName: '植草砖' })),
      ),
    );
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard');
    await waitFor(() => expect(location()).toBe('/productionManagement/productDashboard?id=6'));
    expect(sent.find((s) => s.endpoint === LOTS)?.body).toMatchObject({ take: 1, skip: 0 });
  });

  it('opens on the first product when the latest lot cannot be read', async () => {
    sent = fakeServer(
      answer(PRODUCTS, () => [...products(), ...second()]),
      answer(LOTS, () => failure(500, 50000, '服务暂不可用')),
      answer(
        DASHBOARD,
        only(5, () => dashboard()),
      ),
    );
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard');
    await waitFor(() => expect(location()).toBe('/productionManagement/productDashboard?id=5'));
    expect(sent.filter((s) => s.endpoint === LOTS)[0]?.body).toEqual({ take: 1, skip: 0 });
  });

  it('creates a lot with the body the contract asks for, then opens it', async () => {
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard?id=5');
    await screen.findByText('B2026-009');
    fireEvent.click(screen.getByRole('button', { name: /新建批次/ }));
    const dialog = await dialogTitled('新建批次：透水砖');

    // The batch number follows GS1 AI 10 (the contract's rule), and the lot cannot expire before it is made:
    // both are checked before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('批号'), { target: { value: 'B 1/2' } });
    fireEvent.change(within(dialog).getByLabelText('生产日期'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('有效期至'), { target: { value: '2026-02-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText(`批号只能包含英文字母、数字和 ! " ' ( ) * + , - . : ; = _ 字符`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('请输入生产数量')).toBeInTheDocument();
    expect(within(dialog).getByText('有效期不能早于生产日期')).toBeInTheDocument();
    expect(sent.filter((s) => s.endpoint === CREATE)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('批号'), { target: { value: 'B2026-010' } });
    fireEvent.change(within(dialog).getByLabelText('生产数量'), { target: { value: '1200.5' } });
    fireEvent.change(within(dialog).getByLabelText('有效期至'), { target: { value: '2028-02-29' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(sent.filter((s) => s.endpoint === CREATE)).toHaveLength(1));
    expect(sent.find((s) => s.endpoint === CREATE)?.body).toEqual({
      specId: 11,
      batchNo: 'B2026-010',
      productionDate: '2026-03-01',
      expiryDate: '2028-02-29',
      quantity: 1200.5,
      qualityDocUploadIds: [],
    });
    await waitFor(() => expect(location()).toBe('/productionManagement/productDashboard?id=5&lot=9'));
  });

  it('shows a lot with its codes and generates package codes', async () => {
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard?id=5&lot=9');
    const drawer = await dialogTitled('批次 B2026-009');
    expect(await within(drawer).findByText('ABCDEFGHIJKLMNOPQRS2')).toBeInTheDocument();
    expect(within(drawer).getAllByText(/包装（含 100 个单品）/)).toHaveLength(2);
    expect(within(drawer).getByText('合格证.pdf')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === CODES)?.body).toMatchObject({ lotId: 9, topLevelOnly: true });

    fireEvent.click(within(drawer).getByRole('button', { name: /生成追溯码/ }));
    const dialog = await dialogTitled('生成追溯码：批次 B2026-009');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '码级别' }));
    fireEvent.click(await screen.findByTitle('包装'));
    fireEvent.change(await within(dialog).findByLabelText('包装码数量'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('每包单品数'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('每码数量'), { target: { value: '2' } });
    expect(
      await within(dialog).findByText('将生成 4 个包装码和其中的 200 个单品码，共代表 400 块'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('本批次尚未赋码的数量：800 块')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /生成追溯码/ }));

    await waitFor(() => expect(sent.filter((s) => s.endpoint === GENERATE)).toHaveLength(1));
    expect(sent.find((s) => s.endpoint === GENERATE)?.body).toEqual({
      lotId: 9,
      count: 4,
      level: 'package',
      unitsPerItem: 2,
      itemsPerPackage: 50,
    });
  });

  it('offers an uncertified manufacturer no new lot and no new codes, and keeps its lots and labels open', async () => {
    const user = session.get().user as SessionUser;
    const organization = user.organization as NonNullable<SessionUser['organization']>;
    session.setUser({ ...user, organization: { ...organization, status: '未认证', certStatus: 0 } });
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard?id=5&lot=9');
    const drawer = await dialogTitled('批次 B2026-009');
    expect(await within(drawer).findByText('ABCDEFGHIJKLMNOPQRS2')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /生成追溯码/ })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: /下载二维码标签/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /新建批次/, hidden: true })).toBeDisabled();
  });

  it('downloads the QR label sheet at the size chosen', async () => {
    const createObjectURL = vi.fn(() => 'blob:labels');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard?id=5&lot=9');
    const drawer = await dialogTitled('批次 B2026-009');
    fireEvent.click(await within(drawer).findByRole('button', { name: /下载二维码标签/ }));
    const dialog = await dialogTitled('下载二维码标签：批次 B2026-009');
    fireEvent.change(within(dialog).getByLabelText('标签宽度'), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText('标签高度'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /下\s*载/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = sent.find((s) => s.endpoint === LABELS);
    expect(request?.method).toBe('GET');
    expect(Object.fromEntries(request?.query ?? [])).toMatchObject({ lotId: '9', widthMm: '60', heightMm: '40' });
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('says how to start when the maker has no product yet', async () => {
    sent = fakeServer(answer(PRODUCTS, () => []));
    renderTrace(<ProductDashboardPage />, '/productionManagement/productDashboard');
    expect(await screen.findByText(/还没有产品。先在产品中心添加产品/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往产品中心' })).toHaveAttribute('href', '/product/list');
    expect(sent.filter((s) => Object.values<unknown>(traceEndpoints).includes(s.endpoint))).toEqual([]);
  });
});
