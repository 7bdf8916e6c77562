import { OrgType } from '@jcbb/contract';
import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, type Failure, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import type { IssuableCode } from '../api.ts';
import {
  choose,
  findButton,
  findByText,
  orderRow,
  render,
  screenWidth,
  stockRow,
  typeInto,
} from '../components/outbound/outbound-testing.tsx';
import { OutboundPage } from './OutboundPage.tsx';

let sent: Sent[];
let created: Failure[];
let codes: IssuableCode[];

const STOCK = [
  stockRow(7),
  stockRow(8, {
    materialName: '预拌砂浆',
    specName: 'DM M10',
    batchNo: 'SJ-R',
    unitName: '吨',
    usable: 0,
    quarantined: 8,
    issued: 0,
    state: 'pending_retest',
    blockedReason: '待见证取样复试合格后方可出库',
  }),
  stockRow(9, {
    batchNo: 'GR-X',
    usable: 0,
    rejected: 5,
    issued: 0,
    state: 'rejected',
    blockedReason: '验收不合格，不能出库',
  }),
];

beforeEach(() => {
  created = [];
  codes = [];
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({
      list: [userProject(7, { name: '天妃宫小学' }), userProject(8, { name: '人民医院' })],
      total: 2,
    })),
    answer(api.stockList, ({ body }) =>
      body.projectId === 7 ? { list: STOCK, total: STOCK.length } : { list: [], total: 0 },
    ),
    answer(api.retrievalList, ({ body }) =>
      body.projectId === '7'
        ? {
            list: [orderRow(41), orderRow(42, { kind: 'return', returnOfId: 41, returnOfNumber: 'LY202611280041' })],
            total: 2,
          }
        : { list: [], total: 0 },
    ),
    answer(api.retrievalCodes, () => codes),
    answer(api.retrievalCreate, () => created.shift() ?? { id: 43, number: 'LY202611280043' }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const signIn = (orgType: number) => signInAs(orgType, { name: '江苏筑安建设工程有限公司', orgId: 3 });
const creates = () => sent.filter((s) => s.endpoint === api.retrievalCreate).map((s) => s.body);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('出库领用', () => {
  it('opens on the first project: its stock with why a lot cannot be issued, 领用 only where there is usable stock, and its orders', async () => {
    signIn(OrgType.CONSTRUCTION);
    screenWidth(1366);
    render(<OutboundPage />, '/projectConstruction/outbound');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?projectId=7'));
    expect(await screen.findByText('GR-7')).toBeInTheDocument();
    expect(within(rowOf('GR-7')).getByText('70 平方米')).toBeInTheDocument();
    expect(within(rowOf('SJ-R')).getByText('待见证取样复试合格后方可出库')).toBeInTheDocument();
    expect(within(rowOf('SJ-R')).getByText('待复试')).toBeInTheDocument();
    expect(within(rowOf('GR-X')).getByText('验收不合格，不能出库')).toBeInTheDocument();
    expect(within(rowOf('GR-7')).getByRole('button', { name: /领\s*用/ })).toBeInTheDocument();
    expect(within(rowOf('SJ-R')).queryByRole('button')).toBeNull();
    expect(within(rowOf('GR-X')).queryByRole('button')).toBeNull();
    // The orders, each linked to its detail; a return names the order it returns.
    const link = await screen.findByRole('link', { name: 'LY202611280041' });
    expect(link).toHaveAttribute('href', '/projectConstruction/outboundDetail?id=41');
    expect(screen.getByText('退 LY202611280041')).toBeInTheDocument();
    expect(screen.getAllByText('1#教学楼 3F 走廊地面')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /出库记录/ })).toHaveAttribute(
      'href',
      '/project/outboundRecord?projectId=7',
    );
    const stockAsked = sent.find((s) => s.endpoint === api.stockList)?.body;
    expect(stockAsked).toMatchObject({ projectId: 7, take: 10, skip: 0 });
  }, 60_000);

  it('issues a lot from its row: to whom, where and how much, and puts the server’s refusal under the line', async () => {
    signIn(OrgType.CONSTRUCTION);
    created = [fieldErrors({ 'lines.0.quantity': '库存不足：可用 70' })];
    screenWidth(1366);
    render(<OutboundPage />, '/projectConstruction/outbound?projectId=7');
    await screen.findByText('GR-7');
    fireEvent.click(within(rowOf('GR-7')).getByRole('button', { name: /领\s*用/ }));
    expect(await findByText('.ant-drawer-title', '新建领用单（出库）')).toBeInTheDocument();
    // The lot chosen is the row's.
    await waitFor(() =>
      expect(document.querySelector('[aria-label="第 1 行的批次"]')?.closest('.ant-select')).toHaveTextContent(
        '批号 GR-7',
      ),
    );
    fireEvent.click(await findButton('确认出库'));
    expect(await findByText('.ant-form-item-explain-error', '请输入领用班组或分包单位')).toBeInTheDocument();
    expect(creates()).toEqual([]);

    typeInto('team', '木工班组（王师傅）');
    typeInto('receivedBy', '王建国');
    typeInto('building', '1#教学楼');
    typeInto('part', '走廊地面');
    typeInto('第 1 行的领用数量', '80');
    fireEvent.click(await findButton('确认出库'));
    expect(await findByText('.ant-form-item-explain-error', '超过可用库存70平方米')).toBeInTheDocument();
    typeInto('第 1 行的领用数量', '30.5');
    fireEvent.click(await findButton('确认出库'));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toEqual({
      projectId: 7,
      team: '木工班组（王师傅）',
      receivedBy: '王建国',
      issuedOn: shanghaiToday(),
      building: '1#教学楼',
      part: '走廊地面',
      lines: [{ lotId: 7, quantity: 30.5, codes: [] }],
    });
    expect(await findByText('.ant-form-item-explain-error', '库存不足：可用70')).toBeInTheDocument();
    fireEvent.click(await findButton('确认出库'));
    await waitFor(() => expect(creates()).toHaveLength(2));
    expect(await screen.findByText('领用单 LY202611280043 已登记')).toBeInTheDocument();
  }, 120_000);

  it('asks for the codes of a coded lot and issues their sum', async () => {
    signIn(OrgType.CONSTRUCTION);
    codes = [
      { code: 'AAAAAAAAAAAAAAAAAAA2', level: 'item', quantity: 1.5, childCount: 0 },
      { code: 'BBBBBBBBBBBBBBBBBBB3', level: 'item', quantity: 1.5, childCount: 0 },
      { code: 'CCCCCCCCCCCCCCCCCCC4', level: 'item', quantity: 1.5, childCount: 0 },
    ];
    render(<OutboundPage />, '/projectConstruction/outbound?projectId=7');
    fireEvent.click(await findButton('新建领用单'));
    await findByText('.ant-drawer-title', '新建领用单（出库）');
    await choose('第 1 行的批次', '批号 GR-7');
    await choose('第 1 行的追溯码', 'AAAAAAAAAAAAAAAAAAA2');
    await choose('第 1 行的追溯码', 'CCCCCCCCCCCCCCCCCCC4');
    await waitFor(() => expect(screen.getByLabelText('第 1 行的领用数量')).toHaveValue('3'));
    typeInto('team', '砌筑班组');
    typeInto('receivedBy', '赵六');
    fireEvent.click(await findButton('确认出库'));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toMatchObject({
      lines: [{ lotId: 7, quantity: 3, codes: ['AAAAAAAAAAAAAAAAAAA2', 'CCCCCCCCCCCCCCCCCCC4'] }],
    });
    expect(sent.find((s) => s.endpoint === api.retrievalCodes)?.body).toMatchObject({ projectId: '7', lotId: '7' });
  }, 120_000);

  it('lets a supervision unit read the stock and the orders on a phone, as cards, without issuing', async () => {
    signIn(OrgType.SUPERVISION);
    render(<OutboundPage />, '/projectConstruction/outbound?projectId=7');
    expect(await screen.findByText('花岗岩 600×600×20 · GR-7')).toBeInTheDocument();
    expect(screen.getByText('待见证取样复试合格后方可出库')).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(await screen.findByRole('link', { name: 'LY202611280041' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /领\s*用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建领用单/ })).toBeNull();
  }, 60_000);
});
