import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classificationApi } from '../../../components/ClassificationSelect.tsx';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, only, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import { CODES, deliveryRow, expected, inspectionRow, PROJECT, shipment } from '../test-data.ts';
import { page, renderSite, screenWidth } from '../testing.tsx';
import { ReceivePage } from './ReceivePage.tsx';

const api = constructionEndpoints;
const PROJECTS = projectEndpoints.userProjectList;
const hospital = () => page([userProject(PROJECT, { name: '江宁区人民医院门急诊综合楼' })]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.setUser(null);
});

/** The receive page's lists, as the construction unit first sees them. */
const lists = () => [
  answer(PROJECTS, hospital),
  answer(api.expectedList, () => page([expected(4)])),
  answer(api.inspectionList, (req) =>
    req.body.state === 'pending' ? page([inspectionRow(1)]) : page([], req.body.state === 'submitted' ? 2 : 0),
  ),
  answer(api.deliveryList, () => page([deliveryRow(2)])),
  answer(
    traceEndpoints.shipmentDetail,
    only(4, () => shipment(4)),
  ),
];

const receiveDrawer = () => screen.findByRole('dialog', { name: '收货 FH20261128000004' });

describe('收货验收', { timeout: 90_000 }, () => {
  it('receives a shipment on its way: codes typed or pasted tick their lines, gate rejections, locations', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    const sent = fakeServer(
      ...lists(),
      answer(api.deliveryReceive, () => ({ id: 9, number: 'JC202611280009' })),
    );
    const { router } = renderSite(<ReceivePage />, '/projectConstruction/receive');
    const row = (await screen.findByRole('link', { name: 'FH20261128000004' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('南京绿筑新型建材有限公司')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '收货 FH20261128000004' }));
    const drawer = await receiveDrawer();
    await within(drawer).findByText('已扫 0 / 4 个追溯码');

    // A code typed (lower case, dashes) ticks the blocks' line and counts its quantity; a pasted list ticks the rest.
    const typed = within(drawer).getByRole('textbox', { name: '输入或粘贴追溯码' });
    await userEvent.type(typed, 'aaaa-bbbb-cccc-dddd-eeee{Enter}');
    expect(await within(drawer).findByRole('status')).toHaveTextContent(
      'AAAABBBBCCCCDDDDEEEE：1. 蒸压加气混凝土砌块 已扫 1 / 4',
    );
    expect(await within(drawer).findByText('已扫 1 / 4 个追溯码')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole('textbox', { name: '第 1 行实收数量' })).toHaveValue('5'));
    fireEvent.paste(typed, { clipboardData: { getData: () => `${CODES[1]}\nhello, ${CODES[0]}` } });
    expect(within(drawer).getByRole('status')).toHaveTextContent(`${CODES[0]} 已扫过（1. 蒸压加气混凝土砌块）`);
    expect(within(drawer).getByText('不是追溯码，已跳过：hello')).toBeInTheDocument();
    expect(await within(drawer).findByText('已扫 2 / 4 个追溯码')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole('textbox', { name: '第 1 行实收数量' })).toHaveValue('10'));
    await userEvent.type(typed, 'ZZZZZZZZZZZZZZZZZZZZ{Enter}');
    expect(within(drawer).getByRole('status')).toHaveTextContent('ZZZZZZZZZZZZZZZZZZZZ 不在这张发货单里');

    // The mortar: one tonne turned away as damaged, the rest into quarantine, used in the basement.
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 2 行拒收数量' }), '{Backspace}1');
    await userEvent.click(await within(drawer).findByRole('combobox', { name: '第 2 行拒收原因' }));
    await userEvent.click(await screen.findByTitle('破损'));
    expect(within(drawer).getByLabelText('第 2 行进场待验数量')).toHaveTextContent('9 吨');
    const parts = within(drawer).getAllByRole('textbox', { name: '部位' });
    await userEvent.type(parts[1] as HTMLElement, '地下室');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '发票号码' }), 'FP-0001');
    await userEvent.click(within(drawer).getByRole('button', { name: '确认收货' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projectConstruction/receiveDetail'));
    expect(router.state.location.search).toBe('?id=9');
    const body = sent.find((s) => s.endpoint === api.deliveryReceive)?.body;
    expect(body).toMatchObject({
      projectId: PROJECT,
      shipmentId: 4,
      invoiceNo: 'FP-0001',
      deliveryNoteUploadIds: [],
      lines: [
        { shipmentLineId: 1, received: 10, receivedCodes: [CODES[0], CODES[1]], rejectedCodes: [] },
        { shipmentLineId: 2, received: 10, rejected: 1, rejectReason: 'damaged', part: '地下室' },
      ],
    });
    expect(((body?.lines ?? []) as Record<string, unknown>[])[1]).not.toHaveProperty('receivedCodes');
  });

  it('ticks codes the camera reads one after another', async () => {
    screenWidth(390);
    signInAs(4);
    // A camera and a browser that reads QR codes itself; each frame shows the next label.
    const frames = [[`https://jcbb.example/mobile/detail?code=${CODES[2]}`], [CODES[2]], [CODES[3]]];
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: () => {} }] })) },
    });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = async () => (frames.shift() ?? []).map((rawValue) => ({ rawValue }));
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    fakeServer(...lists());
    renderSite(<ReceivePage />, `/projectConstruction/receive?projectId=${PROJECT}`);
    const card = (await screen.findByRole('link', { name: 'FH20261128000004' })).closest('li') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: '收货 FH20261128000004' }));
    const drawer = await receiveDrawer();
    await userEvent.click(await within(drawer).findByRole('button', { name: /扫码收货/ }));
    // A modal over the drawer (jsdom gives both the same title id, so it is found by its title's text).
    const camera = (await screen.findByText('扫描到货的追溯码')).closest('[role=dialog]') as HTMLElement;
    await within(camera).findByText(`${CODES[3]}：1. 蒸压加气混凝土砌块 已扫 2 / 4`);
    await userEvent.click(within(camera).getByRole('button', { name: '完成（本次扫了 2 个）' }));
    expect(await within(drawer).findByText('已扫 2 / 4 个追溯码')).toBeInTheDocument();
  });

  it('records a delivery from a supplier off the platform; the server’s refusals show under their fields', async () => {
    screenWidth(1366);
    signInAs(4);
    vi.spyOn(classificationApi, 'tree').mockResolvedValue([
      { code: '02', name: '门窗幕墙及装饰装修类', children: [{ code: '0212', name: '石材' }] },
    ]);
    let refused = false;
    const sent = fakeServer(
      ...lists(),
      answer(api.deliveryExternal, () => {
        if (!refused) {
          refused = true;
          return fieldErrors({ 'lines.0.batchNo': '批号已用过', arrivedOn: '到货日期不能晚于今天' });
        }
        return { id: 12, number: 'JC202611280012' };
      }),
    );
    const { router } = renderSite(<ReceivePage />, `/projectConstruction/receive?projectId=${PROJECT}`);
    await userEvent.click(await screen.findByRole('button', { name: /平台外到货/ }));
    const drawer = await screen.findByRole('dialog', { name: '平台外到货' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: '供应商名称' }), '南京江宁石材有限公司');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '统一社会信用代码' }), '91320115MA1XE2E0CG');
    await userEvent.click(within(drawer).getByRole('combobox', { name: '第 1 种材料的分类' }));
    await userEvent.type(within(drawer).getByRole('combobox', { name: '第 1 种材料的分类' }), '石材');
    await userEvent.click(await screen.findByTitle('石材'));
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的名称' }), '花岗岩');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的规格型号' }), '600×600×20');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的单位' }), '平方米');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的到货数量' }), '80');
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的批号' }), 'GR-01');
    // A green material needs its certificate's number.
    await userEvent.click(within(drawer).getByRole('switch', { name: '第 1 种材料是绿色建材' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '登记到货' }));
    expect(await within(drawer).findByText('绿色建材请填写证书或检测报告编号')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByRole('textbox', { name: '第 1 种材料的证书编号' }), 'LJC-2026-0001');
    await userEvent.click(within(drawer).getByRole('button', { name: '登记到货' }));
    expect(await within(drawer).findByText('批号已用过')).toBeInTheDocument();
    expect(within(drawer).getByText('到货日期不能晚于今天')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '登记到货' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));
    expect(sent.filter((s) => s.endpoint === api.deliveryExternal).at(-1)?.body).toMatchObject({
      projectId: PROJECT,
      supplierName: '南京江宁石材有限公司',
      supplierCreditCode: '91320115MA1XE2E0CG',
      lines: [
        {
          classifyCode: '0212',
          materialName: '花岗岩',
          specName: '600×600×20',
          unitName: '平方米',
          quantity: 80,
          batchNo: 'GR-01',
          isGreen: true,
          greenCertNo: 'LJC-2026-0001',
        },
      ],
    });
  });

  it('opens on 待验收 for the supervisor, awaiting its confirmation, and offers no receiving', async () => {
    screenWidth(1366);
    signInAs(3, { name: '南京正衡工程监理有限公司' });
    const sent = fakeServer(
      answer(PROJECTS, hospital),
      answer(api.expectedList, () => page([expected(4)])),
      answer(api.inspectionList, (req) =>
        req.body.state === 'submitted' ? page([inspectionRow(3, { state: 'submitted' })]) : page([], 1),
      ),
    );
    renderSite(<ReceivePage />, '/projectConstruction/receive');
    const row = (await screen.findByRole('link', { name: 'JC202611280002-3' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('待监理确认')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '办理' })).toHaveAttribute(
      'href',
      '/projectConstruction/receiveDetail?id=2&inspection=3',
    );
    expect(screen.getByRole('radio', { name: /待监理确认 1/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: /平台外到货/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^收\s?货$/ })).not.toBeInTheDocument();
    expect(sent.filter((s) => s.endpoint === api.inspectionList).map((s) => s.body.state)).toContain('submitted');
  });
});
