import type { AttributeGroupWithElements } from '@jcbb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuditDecision, listingApi } from '../api.ts';
import { renderWithProviders, testElement } from '../testing.tsx';
import { AuditActions, type AuditorKind } from './AuditActions.tsx';

const decision: AuditDecision = { id: 7, status: 4, statusName: '平台驳回', notGreen: false };
const platformActions = ['platform_approve', 'platform_reject'];
const cityActions = ['city_approve', 'city_reject', 'city_not_green'];

afterEach(() => vi.restoreAllMocks());

/** A nationwide approval form: a required radio and an optional note. */
const checklist: AttributeGroupWithElements[] = [
  {
    id: 30,
    cityCode: null,
    cityName: null,
    name: '平台审核要点',
    scenario: 2,
    useStatus: 1,
    sort: 0,
    elements: [
      testElement({
        id: 31,
        groupId: 30,
        name: '申报资料是否齐全',
        displayType: 3,
        required: 1,
        elementEnumList: [
          { enumId: 311, label: '齐全', meetsStandard: false, sort: 0 },
          { enumId: 312, label: '不齐全', meetsStandard: false, sort: 1 },
        ],
      }),
      testElement({ id: 32, groupId: 30, name: '审核意见', displayType: 2 }),
    ],
  },
];

function setup(
  kind: AuditorKind,
  allowedActions = kind === 'platform' ? platformActions : cityActions,
  approvalGroups: AttributeGroupWithElements[] = [],
) {
  const onDecided = vi.fn();
  renderWithProviders(
    <AuditActions
      kind={kind}
      listingId={7}
      productName="再生骨料透水砖"
      cityName="南京市"
      allowedActions={allowedActions}
      approvalGroups={approvalGroups}
      onDecided={onDecided}
    />,
  );
  return { onDecided, user: userEvent.setup() };
}

const button = (name: RegExp) => screen.getByRole('button', { name });

/** The open dialog whose text includes `text` (antd gives every dialog the same labelling id under test). */
function dialogWith(text: string) {
  return waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!dialog) throw new Error(`no dialog with ${text}`);
    return dialog;
  });
}

const dialogButton = (dialog: HTMLElement, label: string) =>
  Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === label) as HTMLElement;

describe('AuditActions', { timeout: 30_000 }, () => {
  it('the platform approves through its own call, after a confirmation', async () => {
    const approve = vi.spyOn(listingApi, 'platformApprove').mockResolvedValue({ ...decision, status: 2 });
    const cityApprove = vi.spyOn(listingApi, 'cityApprove');
    const { user, onDecided } = setup('platform');
    expect(screen.queryByRole('button', { name: /标记为非绿色/ })).not.toBeInTheDocument();
    await user.click(button(/通\s*过/));
    const dialog = await dialogWith('确定通过“再生骨料透水砖”在南京市的入库申请吗？');
    expect(approve).not.toHaveBeenCalled();
    await user.click(dialogButton(dialog, '通过'));
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(approve).toHaveBeenCalledWith(7, []);
    expect(cityApprove).not.toHaveBeenCalled();
  });

  it('refuses to reject without a reason', async () => {
    const reject = vi.spyOn(listingApi, 'platformReject');
    const { user, onDecided } = setup('platform');
    await user.click(button(/驳\s*回/));
    const dialog = await dialogWith('驳回“再生骨料透水砖”的入库申请');
    await user.click(dialogButton(dialog, '驳回'));
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '差' } });
    await user.click(dialogButton(dialog, '驳回'));
    expect(await screen.findByText('原因至少 2 个字')).toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('the platform rejects with the trimmed reason', async () => {
    const reject = vi.spyOn(listingApi, 'platformReject').mockResolvedValue(decision);
    const { user, onDecided } = setup('platform');
    await user.click(button(/驳\s*回/));
    const dialog = await dialogWith('驳回“再生骨料透水砖”的入库申请');
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '  检测报告已过期 ' } });
    await user.click(dialogButton(dialog, '驳回'));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith(decision));
    expect(reject).toHaveBeenCalledWith(7, '检测报告已过期', []);
  });

  it('the city rejects and marks not green through its own calls, each with its reason', async () => {
    const reject = vi.spyOn(listingApi, 'cityReject').mockResolvedValue({ ...decision, status: 5 });
    const notGreen = vi.spyOn(listingApi, 'cityNotGreen').mockResolvedValue({ ...decision, status: 3, notGreen: true });
    const platformReject = vi.spyOn(listingApi, 'platformReject');
    const { user, onDecided } = setup('city');

    await user.click(button(/驳\s*回/));
    let dialog = await dialogWith('驳回“再生骨料透水砖”的入库申请');
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '不符合本市标准' } });
    await user.click(dialogButton(dialog, '驳回'));
    await waitFor(() => expect(reject).toHaveBeenCalledWith(7, '不符合本市标准', []));

    await user.click(button(/标记为非绿色/));
    dialog = await dialogWith('认定“再生骨料透水砖”为非绿色建材');
    await user.click(dialogButton(dialog, '标记为非绿色'));
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    expect(notGreen).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('认定原因'), { target: { value: '绿色建材证书与产品型号不符' } });
    await user.click(dialogButton(dialog, '标记为非绿色'));
    await waitFor(() => expect(notGreen).toHaveBeenCalledWith(7, '绿色建材证书与产品型号不符', []));
    expect(onDecided).toHaveBeenCalledTimes(2);
    expect(platformReject).not.toHaveBeenCalled();
  });

  it('the city approves through its own call', async () => {
    const approve = vi.spyOn(listingApi, 'cityApprove').mockResolvedValue({ ...decision, status: 3 });
    const { user } = setup('city');
    await user.click(button(/通\s*过/));
    const dialog = await dialogWith('通过后该产品在南京市入库');
    await user.click(dialogButton(dialog, '通过'));
    await waitFor(() => expect(approve).toHaveBeenCalledWith(7, []));
  });

  it('asks for the checklist’s required items before approving, and sends the answers', async () => {
    const approve = vi.spyOn(listingApi, 'platformApprove').mockResolvedValue({ ...decision, status: 2 });
    const { user, onDecided } = setup('platform', platformActions, checklist);
    expect(screen.getByRole('form', { name: '审核要点' })).toBeInTheDocument();
    await user.click(button(/通\s*过/));
    expect(await screen.findByText('请选择申报资料是否齐全')).toBeInTheDocument();
    expect(screen.queryByText('确定通过“再生骨料透水砖”在南京市的入库申请吗？')).not.toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '齐全' }));
    fireEvent.change(screen.getByPlaceholderText('请输入审核意见'), { target: { value: '资料齐全 ' } });
    await user.click(button(/通\s*过/));
    const dialog = await dialogWith('确定通过“再生骨料透水砖”在南京市的入库申请吗？');
    await user.click(dialogButton(dialog, '通过'));
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(approve).toHaveBeenCalledWith(7, [
      expect.objectContaining({ elementId: 31, propertyValue: '311' }),
      expect.objectContaining({ elementId: 32, propertyValue: '资料齐全' }),
    ]);
  });

  it('rejects with the checklist as far as it was answered', async () => {
    const reject = vi.spyOn(listingApi, 'platformReject').mockResolvedValue(decision);
    const { user } = setup('platform', platformActions, checklist);
    await user.click(button(/驳\s*回/));
    const dialog = await dialogWith('驳回“再生骨料透水砖”的入库申请');
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    await user.click(dialogButton(dialog, '驳回'));
    await waitFor(() =>
      expect(reject).toHaveBeenCalledWith(7, '资料不全', [
        expect.objectContaining({ elementId: 31, propertyValue: null }),
        expect.objectContaining({ elementId: 32, propertyValue: null }),
      ]),
    );
  });

  it('shows nothing the server does not allow', () => {
    setup('city', []);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
