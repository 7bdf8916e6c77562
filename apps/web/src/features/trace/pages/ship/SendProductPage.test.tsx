import { Role } from '@jcbb/contract';
import type { EndpointDef } from '@jcbb/contract/endpoint';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { shanghaiToday } from '@jcbb/contract/time';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, only, type Sent, signInAs } from '../../../../test/fake-server.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import organizationZh from '../../../organization/locales/zh-CN.ts';
import { choose, detail, findButton, findByText, line, lot, render } from '../../components/ship/ship-testing.tsx';
import shipZh from '../../locales/ship.zh-CN.ts';
import { SendProductPage } from './SendProductPage.tsx';

const CODE_A = 'ABCDEFGHIJKLMNOPQRS2';
const CODE_B = 'ABCDEFGHIJKLMNOPQRS3';
const project = {
  id: 7,
  name: '天妃宫小学',
  type: 2,
  typeName: '学校',
  regionCode: '320106',
  regionName: '鼓楼区',
  cityCode: '320100',
  address: '中山北路 100 号',
  developerName: '南京城建置业发展有限公司',
};
const factory = {
  id: 1,
  kind: 'factory' as const,
  name: '江宁工厂',
  regionCode: '320115',
  regionName: '江苏省南京市江宁区',
  detail: '秣陵街道 1 号',
  contactName: '李明',
  contactPhone: '13800000001',
  isDefault: true,
  enabled: true,
  inUse: false,
};
const code = (c: string) => ({
  code: c,
  level: 'item' as const,
  quantity: 5,
  parentCode: null,
  childCount: 0,
  status: 'active' as const,
  holderName: '南京绿筑新材料有限公司',
  createTime: '2026-05-01 09:00:00',
});

let sent: Sent[];
let saves: number;
/** The lot's free codes, as /api/track/code/list answers them. */
let freeCodes: ReturnType<typeof code>[];

beforeEach(() => {
  saves = 0;
  freeCodes = [code(CODE_A), code(CODE_B), code('ABCDEFGHIJKLMNOPQRS4')];
  signInAs(6);
  sent = fakeServer(
    answer(projectEndpoints.trackProjectList, () => ({ list: [project], total: 1 })),
    answer(traceEndpoints.receiverList, () => ({ list: [], total: 0 })),
    answer(traceEndpoints.addressList, () => ({ list: [factory], total: 1 })),
    answer(productEndpoints.productDetailList, () => [
      {
        id: 3,
        name: '蒸压加气混凝土砌块',
        enableStatus: 1,
        specs: [
          {
            id: 31,
            productId: 3,
            name: 'A5.0 B06',
            model: '600×240×200',
            unitId: 1,
            unitName: '块',
            price: null,
            minOrder: null,
            massPerUnitKg: null,
            status: 1,
            statusName: '在售',
            createdAt: '2026-01-01 00:00:00',
            updatedAt: '2026-01-01 00:00:00',
          },
        ],
      },
    ]),
    answer(traceEndpoints.lotList, () => ({ list: [lot(5)], total: 1 })),
    answer(traceEndpoints.codeList, () => ({ list: freeCodes, total: freeCodes.length })),
    answer(traceEndpoints.shipmentSave, () => {
      saves += 1;
      return saves === 1
        ? fieldErrors({ 'lines.0.quantity': '库存不足：可用 8 块' })
        : { id: 41, number: 'FH2026051000041' };
    }),
    answer(
      traceEndpoints.shipmentDetail,
      only(41, () =>
        detail(41, {
          number: 'FH2026051000041',
          status: 1,
          statusName: '草稿',
          to: { kind: 'project', orgId: null, projectId: 7, name: '天妃宫小学', cityName: '南京市' },
          lines: [line(1, { quantity: 5, codeCount: 2, codes: [CODE_A, CODE_B], massKg: 125 })],
          actions: ['edit', 'ship', 'cancel'],
          blockers: [],
          shippedTime: null,
        }),
      ),
    ),
    answer(traceEndpoints.shipmentShip, () => ({ id: 41, number: 'FH2026051000041' })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

/**
 * 下一步, then wait until the wizard shows step `title`: the button validates the step asynchronously, so a second
 * click before the step changes would land on the same step's button again.
 */
const next = async (title: string) => {
  fireEvent.click(await findButton('下一步'));
  await findByText('.ant-steps-item-process .ant-steps-item-title', title);
};
const body = (endpoint: EndpointDef, nth = 0) => sent.filter((s) => s.endpoint === endpoint)[nth]?.body;
/** The shipment calls (list, save, detail, ship, cancel, void, close). */
const shipmentCalls = Object.entries(traceEndpoints)
  .filter(([name]) => name.startsWith('shipment'))
  .map(([, e]) => e as EndpointDef);
/** Every traceability call of the console, and its project list. */
const traceCalls: EndpointDef[] = [...Object.values(traceEndpoints), projectEndpoints.trackProjectList];

describe('the shipment wizard', () => {
  it.each(['abc', '0'])('says the link is wrong for ?id=%s and asks for no draft', async (id) => {
    render(<SendProductPage />, `/productionManagement/sendProduct?id=${id}`);
    expect(await screen.findByText('缺少发货单编号')).toBeInTheDocument();
    expect(sent.filter((s) => shipmentCalls.includes(s.endpoint))).toEqual([]);
  });

  it('ships to a project: destination, a line with scanned and pasted codes, a server field error on the line, ship', async () => {
    render(<SendProductPage />, '/productionManagement/sendProduct');

    // ① a project, found by name; its city and developer are shown.
    fireEvent.click(screen.getByLabelText('项目工地'));
    await choose('收货项目', '天妃宫小学');
    expect(await screen.findByText('鼓楼区 中山北路 100 号')).toBeInTheDocument();
    expect(await screen.findByText('鼓楼区 · 建设单位 南京城建置业发展有限公司')).toBeInTheDocument();
    await next('地址');

    // ② the default address is chosen; the project's site is its own.
    expect(await screen.findByText('江苏省南京市江宁区 秣陵街道 1 号 · 李明 13800000001')).toBeInTheDocument();
    expect(screen.getAllByText('鼓楼区 中山北路 100 号').length).toBeGreaterThan(0);
    await next('发货明细');

    // ③ specification, lot, quantity, and codes: a label URL scanned, a list pasted (lower case, one bad entry).
    await choose('第 1 行规格型号', 'A5.0 B06');
    await choose('第 1 行批次', 'L20260505');
    fireEvent.change(screen.getByLabelText('第 1 行发货数量'), { target: { value: '10' } });
    const box = screen.getByPlaceholderText('扫码或输入追溯码，回车添加');
    fireEvent.change(box, { target: { value: `https://jcbb.example/mobile/detail?code=${CODE_A}` } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    fireEvent.paste(box, { clipboardData: { getData: () => `${CODE_B.toLowerCase()}\nnot-a-code\n${CODE_A}` } });
    expect(await screen.findByText(CODE_A)).toBeInTheDocument();
    expect(screen.getByText(CODE_B)).toBeInTheDocument();
    expect(screen.getByText('1 项不是有效的追溯码，未加入：NOTACODE')).toBeInTheDocument();
    expect(await screen.findByText('已选码合计 10 / 发货数量 10 块')).toBeInTheDocument();
    await next('运输');

    // ④ transport: no distance typed → the standard's 500 km default, and the preview from the lot's mass.
    await choose('运输方式', '重型柴油货车运输（载重18t）');
    expect(screen.getByText('留空则按 GB/T 51366-2019 默认 500 km 计算')).toBeInTheDocument();
    // 10 × 25 kg = 0.25 t × 500 km × 0.129 = 16.125 kgCO₂e
    expect(await screen.findByText('16.125 kgCO₂e')).toBeInTheDocument();
    await next('核对发货');

    // ⑤ save: the server refuses the quantity → back on the lines, its message under the line's quantity.
    fireEvent.click(await findButton('保存草稿'));
    expect(await screen.findByText('库存不足：可用 8 块')).toBeVisible();
    const quantity = screen.getByLabelText('第 1 行发货数量');
    expect(quantity.closest('.ant-form-item')).toHaveTextContent('库存不足：可用 8 块');
    expect(body(traceEndpoints.shipmentSave)).toMatchObject({
      destination: { kind: 'project', projectId: 7 },
      fromAddressId: 1,
      transportType: 8,
      shipDate: shanghaiToday(),
      lines: [{ specId: 31, lotId: 5, quantity: 10, codes: [CODE_A, CODE_B] }],
    });
    expect(body(traceEndpoints.shipmentSave)).not.toHaveProperty('toAddressId');
    expect(body(traceEndpoints.shipmentSave)).not.toHaveProperty('distanceKm');

    // Fewer units; the draft saves, the server's check of it shows, and 确认发货 ships it.
    fireEvent.change(quantity, { target: { value: '5' } });
    await next('运输');
    await next('核对发货');
    fireEvent.click(await findButton('保存草稿'));
    expect(await screen.findByText('草稿 FH2026051000041 已通过核对，可以确认发货')).toBeInTheDocument();
    expect(body(traceEndpoints.shipmentSave, 1)).toMatchObject({ lines: [{ quantity: 5 }] });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sendProduct?id=41'),
    );
    const ship = await findButton('确认发货');
    await waitFor(() => expect(ship).toBeEnabled());
    fireEvent.click(ship);
    const dialog = await findByText('.ant-modal', /确认发货？/);
    fireEvent.click(await findButton('确认发货', dialog));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sourceDetail?id=41'),
    );
    expect(body(traceEndpoints.shipmentShip)).toMatchObject({ id: 41 });
  }, 180_000);

  it('says when the chosen lot has no code free to ship, and links to 生成追溯码 for that lot', async () => {
    freeCodes = [];
    render(<SendProductPage />, '/productionManagement/sendProduct');
    fireEvent.click(screen.getByLabelText('项目工地'));
    await choose('收货项目', '天妃宫小学');
    await next('地址');
    expect(await screen.findByText('江苏省南京市江宁区 秣陵街道 1 号 · 李明 13800000001')).toBeInTheDocument();
    await next('发货明细');
    await choose('第 1 行规格型号', 'A5.0 B06');
    await choose('第 1 行批次', 'L20260505');
    expect(
      await screen.findByText(
        '批次 L20260505 没有可发的追溯码：本行将不带码发货，扫码查不到。要带码发货，先为该批次生成追溯码。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /从批次中选择/ })).toBeDisabled();
    const link = screen.getByRole('link', { name: '生成追溯码' });
    expect(link).toHaveAttribute('href', '/productionManagement/productDashboard?id=3&lot=5');
    fireEvent.click(link);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/productDashboard?id=3&lot=5'),
    );
  }, 120_000);
});

describe('the shipment wizard for an organisation that is not certified', () => {
  /** The signed-in manufacturer's 企业管理员, its organisation 未认证 (the demo's 苏州新材, 13800000008). */
  function signInUncertified() {
    const user = session.get().user as SessionUser;
    const organization = user.organization as NonNullable<SessionUser['organization']>;
    session.setUser({
      ...user,
      roles: [Role.ENTERPRISE_ADMIN],
      organization: { ...organization, status: '未认证', certStatus: 0 },
    });
  }
  const renderPage = (path: string) =>
    renderWithProviders(<SendProductPage />, { traceShip: shipZh, organization: organizationZh }, { path });

  it('shows the console’s words for an uncertified organisation instead of the wizard, and asks the server nothing', async () => {
    signInUncertified();
    renderPage('/productionManagement/sendProduct');
    expect(await screen.findByText('贵单位尚未完成企业认证，部分功能受限。')).toBeInTheDocument();
    expect(screen.getByText('企业认证通过后才能使用此功能')).toBeInTheDocument();
    fireEvent.click(await findButton('去认证'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/organization/orgnizationVerification'),
    );
    expect(sent.filter((s) => traceCalls.includes(s.endpoint))).toEqual([]);
  });

  it('shows the same words for a draft it saved while it was certified', async () => {
    sent = fakeServer(
      answer(
        traceEndpoints.shipmentDetail,
        only(41, () => detail(41, { status: 1, statusName: '草稿', actions: ['cancel'] })),
      ),
    );
    signInUncertified();
    renderPage('/productionManagement/sendProduct?id=41');
    expect(await screen.findByText('企业认证通过后才能使用此功能')).toBeInTheDocument();
    expect(sent.map((s) => [s.endpoint, s.params])).toEqual([[traceEndpoints.shipmentDetail, { id: '41' }]]);
  });
});
