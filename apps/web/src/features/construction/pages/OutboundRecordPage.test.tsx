import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import {
  findButton,
  findByText,
  issuedLine,
  render,
  screenWidth,
  typeInto,
} from '../components/outbound/outbound-testing.tsx';
import { OutboundRecordPage } from './OutboundRecordPage.tsx';

let sent: Sent[];

beforeEach(() => {
  signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 3 });
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({ list: [userProject(7, { name: '天妃宫小学' })], total: 1 })),
    answer(api.retrievalSearch, () => ({
      list: [issuedLine(1), issuedLine(2, { floor: '1F', part: '门厅', quantity: 12, netQuantity: 12 })],
      total: 2,
    })),
    answer(api.retrievalSearchAll, () => [
      { materialName: '陶瓷地砖', specName: '800×800', unitName: '平方米', netQuantity: 17 },
    ]),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const asked = (endpoint: typeof api.retrievalSearch | typeof api.retrievalSearchAll) =>
  sent.filter((s) => s.endpoint === endpoint).map((s) => s.body);

describe('出库记录 (issue record)', () => {
  it('lists the issued lines net of returns, each linked to its order, and totals them per material', async () => {
    screenWidth(1366);
    render(<OutboundRecordPage />, '/project/outboundRecord');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?projectId=7'));
    const row = (await screen.findByText('卫生间', { exact: false })).closest('tr') as HTMLElement;
    expect(within(row).getByText('8 平方米')).toBeInTheDocument();
    expect(within(row).getByText('5 平方米')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'LY202611280041' })).toHaveAttribute(
      'href',
      '/project/outboundOrderDetail?id=41',
    );
    expect(await screen.findByText('17 平方米')).toBeInTheDocument();
    expect(asked(api.retrievalSearch)[0]).toEqual({ take: '10', skip: '0', projectId: '7' });
    expect(asked(api.retrievalSearchAll)[0]).toEqual({ projectId: '7' });
  }, 60_000);

  it('searches by material, place and dates, the totals with the same filters', async () => {
    screenWidth(1366);
    render(<OutboundRecordPage />, '/project/outboundRecord?projectId=7');
    await screen.findByText('17 平方米');
    typeInto('materialName', ' 陶瓷 ');
    typeInto('location', '2#综合楼');
    typeInto('结束日期', '2026-11-01');
    typeInto('开始日期', '2026-11-20');
    fireEvent.click(await findButton('查询'));
    expect(await findByText('.ant-form-item-explain-error', '结束日期不能早于开始日期')).toBeInTheDocument();
    typeInto('结束日期', '2026-11-28');
    fireEvent.click(await findButton('查询'));
    const filters = { materialName: '陶瓷', location: '2#综合楼', from: '2026-11-20', to: '2026-11-28' };
    await waitFor(() =>
      expect(asked(api.retrievalSearch).at(-1)).toEqual({ take: '10', skip: '0', projectId: '7', ...filters }),
    );
    await waitFor(() => expect(asked(api.retrievalSearchAll).at(-1)).toEqual({ projectId: '7', ...filters }));
    fireEvent.click(await findButton('重置'));
    await waitFor(() => expect(asked(api.retrievalSearch).at(-1)).toEqual({ take: '10', skip: '0', projectId: '7' }));
  }, 120_000);

  it('shows the lines as cards on a phone', async () => {
    render(<OutboundRecordPage />, '/project/outboundRecord?projectId=7');
    expect(await screen.findAllByText('陶瓷地砖 800×800 · TL-01')).toHaveLength(2);
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'LY202611280041' })).toBeInTheDocument();
  }, 60_000);
});
