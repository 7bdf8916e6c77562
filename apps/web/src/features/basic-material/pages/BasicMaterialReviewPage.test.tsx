import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classificationApi } from '../../../components/ClassificationSelect.tsx';
import { screenWidth } from '../../../test/screen-width.ts';
import { basicMaterialApi } from '../api.ts';
import { application, classificationTree } from '../test-data.ts';
import { renderWithProviders } from '../testing.tsx';
import { BasicMaterialReviewPage } from './BasicMaterialReviewPage.tsx';

afterEach(() => vi.restoreAllMocks());

const pendingPage = {
  list: [application(), application({ id: 8, commonName: '石墨聚苯板', orgName: '苏州新材科技有限公司' })],
  total: 2,
};

describe('BasicMaterialReviewPage', { timeout: 30_000 }, () => {
  it('lists pending applications in a table on wide screens, and filters by status and name', async () => {
    screenWidth(1280);
    const list = vi.spyOn(basicMaterialApi, 'applications').mockResolvedValue(pendingPage);
    renderWithProviders(<BasicMaterialReviewPage />);
    const row = (await screen.findByText('发泡陶瓷保温板')).closest('tr') as HTMLElement;
    expect(within(row).getByText('南京绿筑新材料有限公司')).toBeInTheDocument();
    expect(within(row).getByText('张伟')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-01 09:30:00')).toBeInTheDocument();
    expect(within(row).getByText('待审核')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /审\s*核/ })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ take: 10, skip: 0, status: 2 });

    await userEvent.click(screen.getByText('已通过'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ take: 10, skip: 0, status: 1 }));
    await userEvent.click(screen.getByText('未通过'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ take: 10, skip: 0, status: 3 }));

    const search = screen.getByRole('searchbox', { name: '搜索通用名称' });
    fireEvent.change(search, { target: { value: ' 保温 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ take: 10, skip: 0, status: 3, commonName: '保温' }));
  });

  it('shows cards on phones, pages, and says so when there is nothing', async () => {
    const list = vi
      .spyOn(basicMaterialApi, 'applications')
      .mockResolvedValueOnce({ list: pendingPage.list, total: 12 })
      .mockResolvedValue({ list: [], total: 0 });
    renderWithProviders(<BasicMaterialReviewPage />);
    const item = (await screen.findByText('石墨聚苯板')).closest('li') as HTMLElement;
    expect(within(item).getByText(/苏州新材科技有限公司/)).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    await userEvent.click(document.querySelector('.ant-pagination-next button, .ant-pagination-next') as HTMLElement);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ take: 10, skip: 10, status: 2 }));
    expect(await screen.findByText('暂无申请')).toBeInTheDocument();
  });

  it('opens an application with what was applied for, and the decision once made', async () => {
    vi.spyOn(classificationApi, 'tree').mockResolvedValue(classificationTree);
    const decided = application({
      id: 9,
      commonName: '再生骨料砌块',
      status: 3,
      rejectReason: '与已有名称重复',
      decidedAt: '2026-03-02 10:00:00',
      decidedBy: { id: 1, realName: '平台审核员' },
    });
    vi.spyOn(basicMaterialApi, 'applications').mockResolvedValue({ list: [decided], total: 1 });
    const detail = vi.spyOn(basicMaterialApi, 'application').mockResolvedValue(decided);
    renderWithProviders(<BasicMaterialReviewPage />);
    await userEvent.click(await screen.findByRole('button', { name: /查\s*看/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('50mm')).toBeInTheDocument();
    expect(within(drawer).getByText('新产品线')).toBeInTheDocument();
    expect(within(drawer).getByText('张伟 13800000001')).toBeInTheDocument();
    expect(within(drawer).getByText('与已有名称重复')).toBeInTheDocument();
    expect(within(drawer).getByText('平台审核员')).toBeInTheDocument();
    // A decided application offers no decision.
    expect(within(drawer).queryByRole('button', { name: /驳\s*回/ })).not.toBeInTheDocument();
    await waitFor(() => expect(detail).toHaveBeenCalledWith(9));
  });
});
