import { OrgType } from '@jcbb/contract';
import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, type Failure, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import {
  choose,
  findButton,
  findByText,
  inspectionDetail,
  page,
  projects,
  render,
  sampleRow,
  siteLot,
  spotCheckRow,
  typeInto,
  uploaded,
} from '../components/spot-check/spot-check-testing.tsx';
import { SpotCheckPage } from './SpotCheckPage.tsx';

const api = constructionEndpoints;
let sent: Sent[];
let failures: Failure[];

beforeEach(() => {
  failures = [];
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => projects()),
    answer(api.witnessRatio, () => ({
      goal: 0.3,
      rows: [
        { classifyCode: '0104', materialName: '砌块', lots: 4, witnessed: 2, ratio: 0.5, belowGoal: false },
        { classifyCode: '0107', materialName: '预拌砂浆', lots: 5, witnessed: 1, ratio: 0.2, belowGoal: true },
      ],
    })),
    answer(api.sampleList, () => page([sampleRow(1), sampleRow(2, { state: 'sent', sampleNo: 'QY202611200002' })])),
    answer(api.inspectionList, ({ body }) =>
      page(body.state === 'pending_retest' ? [siteLot(1)] : [siteLot(1), siteLot(2, { state: 'released' })]),
    ),
    answer(api.inspectionDetail, () => inspectionDetail(1)),
    answer(api.sampleCreate, () => failures.shift() ?? { id: 9 }),
    answer(api.sampleSend, () => ({ id: 1 })),
    // The one report of these tests fails a lot already released: the answer says what that recalled.
    answer(api.sampleReport, () => ({ id: 2, recall: { rejected: 25.5, issued: 3, installedCodes: ['A1', 'A2'] } })),
    answer(api.spotCheckList, () =>
      page([
        spotCheckRow(1),
        spotCheckRow(2, {
          result: 'fail',
          state: 'rectifying',
          rectificationDeadline: '2026-11-01',
          overdue: true,
        }),
      ]),
    ),
    answer(api.spotCheckCreate, () => ({ id: 3 })),
    answer(fileEndpoints.upload, () => uploaded(501, '检测报告.pdf')),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const bodies = (e: (typeof api)[keyof typeof api]) => sent.filter((s) => s.endpoint === e).map((s) => s.body);
const supervisor = () =>
  signInAs(OrgType.SUPERVISION, { name: '南京正衡工程监理有限公司', user: { realName: '赵磊' } });

describe('witness sampling', () => {
  it('opens on the first project, shows each material’s witness ratio and marks those below 30 %', async () => {
    supervisor();
    render(<SpotCheckPage />, '/projectConstruction/spotCheck');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('projectId=7'));
    const ratio = (await findByText('.ant-card-head-title', '见证取样比例')).closest('.ant-card') as HTMLElement;
    expect(await within(ratio).findByText('预拌砂浆')).toBeInTheDocument();
    expect(within(ratio).getByText('低于 30%')).toBeInTheDocument();
    // Only the material below the goal is marked.
    expect(within(ratio).getAllByText(/低于/)).toHaveLength(1);
    expect(bodies(api.sampleList)[0]).toMatchObject({ projectId: 7 });
    expect(await screen.findByText('QY20261120001')).toBeInTheDocument();
  });

  it('records a sample of a lot held for its retest, the tests filled in from its category', async () => {
    supervisor();
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7');
    fireEvent.click(await findButton('记录取样'));
    await findByText('.ant-drawer-title', '见证取样记录');
    await choose('取样批次', 'SJ-1');
    // The lot's rule: its tests, and its quantity as the quantity represented.
    await waitFor(() => expect(screen.getByText('抗压强度（试块）')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('代表数量')).toHaveValue('20'));
    expect((screen.getByLabelText('见证人') as HTMLInputElement).value).toBe('赵磊');
    typeInto('代表数量', '10');
    typeInto('取样部位', '1#楼 3 层砌筑');
    typeInto('取样人（施工单位）', '刘洋');
    typeInto('检测机构', '南京市建筑工程质量检测中心');
    // The server refuses the date: its words go under the field.
    failures = [fieldErrors({ sampledOn: '取样日期不能早于到货日期 2026-11-20' })];
    fireEvent.click(await findButton('保存'));
    expect(await findByText('.ant-form-item-explain-error', '取样日期不能早于到货日期2026-11-20')).toBeInTheDocument();
    fireEvent.click(await findButton('保存'));
    await waitFor(() => expect(bodies(api.sampleCreate)).toHaveLength(2));
    expect(bodies(api.sampleCreate)[1]).toEqual({
      inspectionId: 1,
      representedQuantity: 10,
      location: '1#楼 3 层砌筑',
      sampledOn: shanghaiToday(),
      samplerName: '刘洋',
      labName: '南京市建筑工程质量检测中心',
      testItems: ['稠度', '抗压强度（试块）'],
      photoUploadIds: [],
    });
    expect(await screen.findByText('见证取样已记录')).toBeInTheDocument();
  });

  it('warns a person who is not the project’s witness before they fill the form in', async () => {
    supervisor();
    fakeServer(
      answer(projectEndpoints.userProjectList, () => projects()),
      answer(api.witnessRatio, () => ({ goal: 0.3, rows: [] })),
      answer(api.sampleList, () => page([])),
      answer(api.inspectionList, () => page([siteLot(1)])),
      answer(api.inspectionDetail, () => inspectionDetail(1, { actions: [] })),
    );
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7&inspectionId=1');
    await findByText('.ant-drawer-title', '见证取样记录');
    expect(await screen.findByText(/您不是本项目指定的见证人/)).toBeInTheDocument();
    expect(await findButton('保存')).toBeDisabled();
  });

  it('sends a sample, and enters a failing report with its file after saying what a failure does', async () => {
    supervisor();
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7');
    fireEvent.click(await findButton('送检'));
    await findByText('.ant-modal-title', '送检QY20261120001');
    fireEvent.click(await findButton('提交'));
    await waitFor(() => expect(bodies(api.sampleSend)).toEqual([{ id: 1, sentOn: shanghaiToday() }]));

    fireEvent.click(await findButton('录入报告'));
    const modal = (await findByText('.ant-modal-title', '录入检测报告QY202611200002')).closest(
      '.ant-modal',
    ) as HTMLElement;
    typeInto('报告编号', 'BG-2026-0107');
    fireEvent.click(within(modal).getByRole('radio', { name: '不合格' }));
    expect(await within(modal).findByText(/判定不合格后/)).toBeInTheDocument();
    fireEvent.click(await findButton('提交', modal));
    expect(await within(modal).findByText('请上传检测报告')).toBeInTheDocument();
    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], '检测报告.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(modal).findByText('检测报告.pdf')).toBeInTheDocument();
    fireEvent.click(await findButton('提交', modal));
    await waitFor(() => expect(bodies(api.sampleReport)).toHaveLength(1));
    expect(bodies(api.sampleReport)[0]).toEqual({
      id: 2,
      reportNo: 'BG-2026-0107',
      reportDate: shanghaiToday(),
      result: 'fail',
      reportUploadId: 501,
    });
    expect(
      await screen.findByText(/现场剩余 25\.5 已转入不合格库存；已领用 3（2 个追溯码已安装）仍在使用部位/),
    ).toBeInTheDocument();
  }, 60_000);

  it('shows the construction unit the samples, without the witness’s buttons', async () => {
    signInAs(OrgType.CONSTRUCTION, { name: '江苏筑安建设工程有限公司' });
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7');
    expect(await screen.findByText('QY202611200002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /记录取样/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /送\s*检/ })).toBeNull();
  });
});

describe('spot checks', () => {
  it('lists the checks with an overdue deadline marked', async () => {
    signInAs(OrgType.CONSTRUCTION, { name: '江苏筑安建设工程有限公司' });
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7&tab=checks');
    expect(await screen.findByText('CJ20261120002')).toBeInTheDocument();
    expect(screen.getByText('已逾期')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /记录抽检/ })).toBeNull();
  });

  it('records a failing check: the deadline is asked for once an item fails', async () => {
    supervisor();
    render(<SpotCheckPage />, '/projectConstruction/spotCheck?projectId=7&tab=checks');
    fireEvent.click(await findButton('记录抽检'));
    await findByText('.ant-drawer-title', '记录抽检');
    await choose('检查类型', '平行检验');
    await choose('抽检批次', 'SJ-2');
    typeInto('项目 1', '钢筋保护层厚度');
    fireEvent.click(await findButton('添加检查项目'));
    typeInto('项目 2', '钢筋间距');
    const second = screen.getByRole('radiogroup', { name: '结果 2' });
    fireEvent.click(within(second).getByRole('radio', { name: '不合格' }));
    typeInto('说明 2', '间距 230 mm');
    expect((await screen.findAllByText(/有不合格项目/)).length).toBeGreaterThan(0);
    fireEvent.click(await findButton('保存'));
    expect(await findByText('.ant-form-item-explain-error', '检查不合格须填写整改期限')).toBeInTheDocument();
    expect(bodies(api.spotCheckCreate)).toEqual([]);
    typeInto('整改期限', '2099-01-31');
    fireEvent.click(await findButton('保存'));
    await waitFor(() => expect(bodies(api.spotCheckCreate)).toHaveLength(1));
    expect(bodies(api.spotCheckCreate)[0]).toEqual({
      projectId: 7,
      kind: 'parallel',
      inspectionId: 2,
      checkedOn: shanghaiToday(),
      items: [
        { name: '钢筋保护层厚度', result: 'pass' },
        { name: '钢筋间距', result: 'fail', remark: '间距 230 mm' },
      ],
      rectificationDeadline: '2099-01-31',
    });
  }, 60_000);
});
