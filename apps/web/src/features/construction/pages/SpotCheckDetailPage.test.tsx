import { OrgType } from '@jcbb/contract';
import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import {
  byId,
  findButton,
  findByText,
  render,
  sampleDetail,
  spotCheckDetail,
  typeInto,
} from '../components/spot-check/spot-check-testing.tsx';
import { SpotCheckDetailPage } from './SpotCheckDetailPage.tsx';

const api = constructionEndpoints;

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const rectifying = spotCheckDetail(4, {
  kind: 'parallel',
  result: 'fail',
  state: 'rectifying',
  inspectionId: 1,
  materialName: '预拌砂浆',
  batchNo: 'SJ-1',
  rectificationDeadline: '2026-12-01',
  items: [
    { name: '钢筋保护层厚度', result: 'fail', remark: '实测 12 mm' },
    { name: '钢筋间距', result: 'pass', remark: null },
  ],
  report: { uploadId: 77, name: '平行检验报告.pdf' },
});

describe('a spot check', () => {
  it('shows its items and report, and takes the construction unit’s rectification', async () => {
    signInAs(OrgType.CONSTRUCTION, { name: '江苏筑安建设工程有限公司' });
    const sent: Sent[] = fakeServer(
      answer(api.spotCheckDetail, byId({ 4: () => ({ ...rectifying, actions: ['rectify' as const] }) })),
      answer(api.spotCheckRectify, () => ({ id: 4 })),
    );
    render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?id=4');
    expect(await screen.findByText('钢筋保护层厚度')).toBeInTheDocument();
    expect(screen.getByText('平行检验报告.pdf')).toBeInTheDocument();
    expect(screen.getByText('施工单位尚未报告整改')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /闭\s*合/ })).toBeNull();
    fireEvent.click(await findButton('报告整改'));
    const modal = (await findByText('.ant-modal-title', '报告整改情况')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(await findButton('提交', modal));
    expect(await within(modal).findByText('请输入整改情况')).toBeInTheDocument();
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '已凿除重新绑扎' } });
    fireEvent.click(await findButton('提交', modal));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.spotCheckRectify).map((s) => s.body)).toEqual([
        { id: 4, rectification: '已凿除重新绑扎' },
      ]),
    );
    expect(await screen.findByText('整改情况已报告')).toBeInTheDocument();
  });

  it('lets the supervisor close a rectified check with a remark', async () => {
    signInAs(OrgType.SUPERVISION, { name: '南京正衡工程监理有限公司' });
    const sent: Sent[] = fakeServer(
      answer(
        api.spotCheckDetail,
        byId({
          4: () => ({
            ...rectifying,
            rectification: '已凿除重新绑扎',
            rectifiedByName: '王强',
            rectifiedAt: '2026-11-21 09:00:00',
            actions: ['close' as const],
          }),
        }),
      ),
      answer(api.spotCheckClose, () => ({ id: 4 })),
    );
    render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?id=4');
    expect(await screen.findByText('已凿除重新绑扎')).toBeInTheDocument();
    expect(screen.getByText(/王强/)).toBeInTheDocument();
    fireEvent.click(await findButton('闭合'));
    const modal = (await findByText('.ant-modal-title', '闭合抽检')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '复查合格' } });
    fireEvent.click(await findButton('提交', modal));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.spotCheckClose).map((s) => s.body)).toEqual([
        { id: 4, remark: '复查合格' },
      ]),
    );
  });

  it('says so when the check does not exist, or the address names none', async () => {
    signInAs(OrgType.SUPERVISION);
    fakeServer(answer(api.spotCheckDetail, () => failure(404, 40400, '抽检记录不存在')));
    const view = render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?id=99');
    expect(await screen.findByText('抽检记录不存在')).toBeInTheDocument();
    view.unmount();
    render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?id=abc');
    expect(await screen.findByText('抽检记录不存在')).toBeInTheDocument();
  });
});

describe('a witnessed sample', () => {
  it('shows the record, its report on the ledger, and offers its witness the next step', async () => {
    signInAs(OrgType.SUPERVISION, { name: '南京正衡工程监理有限公司' });
    fakeServer(
      answer(
        api.sampleDetail,
        byId({
          2: () =>
            sampleDetail(2, {
              state: 'reported',
              result: 'pass',
              sentOn: '2026-11-20',
              reportNo: 'BG-2026-0107',
              reportDate: '2026-11-22',
              report: { uploadId: 88, name: '检测报告.pdf' },
              reportLeafIndex: 12,
              lotState: 'released',
              photos: [{ uploadId: 89, name: '封样.jpg' }],
            }),
          3: () => sampleDetail(3, { state: 'sent', sentOn: '2026-11-20', actions: ['report' as const] }),
        }),
      ),
    );
    const view = render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?sample=2');
    expect(await screen.findByText('BG-2026-0107')).toBeInTheDocument();
    expect(screen.getByText('存证序号 #12')).toBeInTheDocument();
    expect(screen.getByText('已放行')).toBeInTheDocument();
    expect(screen.getByText('封样.jpg')).toBeInTheDocument();
    expect(screen.getByText('抗压强度（试块）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /录入报告/ })).toBeNull();
    view.unmount();
    render(<SpotCheckDetailPage />, '/projectConstruction/spotCheckDetail?sample=3');
    fireEvent.click(await findButton('录入报告'));
    expect(await findByText('.ant-modal-title', '录入检测报告QY20261120003')).toBeInTheDocument();
    typeInto('报告编号', 'BG-1');
    expect(screen.getByLabelText('报告日期')).toHaveAttribute('min', '2026-11-20');
  });
});
