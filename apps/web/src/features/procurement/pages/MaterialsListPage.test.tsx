import { materialListEndpoints as api } from '@jcbb/contract/procurement-list.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import { userProject } from '../../project/test-data.ts';
import { listPickers, materialLine, materialList, renderList, SPORTS } from '../components/list/testing.tsx';
import { MaterialsListPage } from './MaterialsListPage.tsx';

const projects = {
  list: [userProject(SPORTS, { name: '建邺区青少年体育中心' }), userProject(1, { name: '天妃宫小学' })],
  total: 2,
};

afterEach(() => {
  session.setUser(null);
});

const green = materialLine(1, {
  green: true,
  chosen: {
    specId: 5,
    specName: 'C30 泵送',
    productId: 3,
    productName: '绿筑商品混凝土',
    supplierName: '南京绿筑新材料有限公司',
    reason: '中选报价',
  },
  evidence: {
    kind: 'certificate',
    name: 'LZ-2026-001',
    certNo: 'LZ-2026-001',
    validFrom: '2026-01-01',
    validUntil: '2027-01-31',
    revokedOn: null,
    platform: true,
  },
});
const curtain = materialLine(2, {
  classifyCode: '0202',
  classifyName: '建筑幕墙',
  commonName: '玻璃幕墙',
  unitId: 31,
  unitName: '平方米',
  kind: 'optional',
  categoryCode: '0202',
  categoryName: '建筑幕墙',
});

describe('材料清单', { timeout: 60_000 }, () => {
  it('shows each line’s kind and green, and recomputes the compliance as a line is edited', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(
      ...listPickers(projects),
      answer(api.materialList, () => materialList({ lines: [green, curtain] })),
      answer(api.materialListSave, () =>
        materialList({ lines: [{ ...green, requiredBy: '2027-03-01', green: false }, curtain] }),
      ),
    );
    renderList(<MaterialsListPage />, `/buildMaterialProcurement/materialsList?projectId=${SPORTS}`);

    const kind1 = await screen.findByTestId('kind-1');
    expect(within(kind1).getByText('必选类')).toBeInTheDocument();
    expect(within(screen.getByTestId('kind-2')).getByText('可选类')).toBeInTheDocument();
    const greenCell = document.querySelector('[data-green]') as HTMLElement;
    expect(greenCell.textContent).toBe('✓ 绿色 · 绿筑商品混凝土');
    const mandatory = screen.getByTestId('mandatory');
    expect(within(mandatory).getByText('全部为绿色')).toBeInTheDocument();
    const optional = screen.getByTestId('optional');
    expect(within(optional).getByText('0/1 类有绿色产品')).toBeInTheDocument();
    expect(within(optional).getByText('不符合')).toBeInTheDocument();
    expect(within(optional).getByText(/建筑幕墙/)).toBeInTheDocument();

    // Needed after the certificate ends: no longer green, the mandatory rule fails — before saving.
    fireEvent.change(screen.getByLabelText('需用日期 1'), { target: { value: '2027-03-01' } });
    await waitFor(() => expect(within(mandatory).getByText('0/1 行为绿色')).toBeInTheDocument());
    expect(within(mandatory).getByText(/未达标：1\. 预拌混凝土/)).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    // Removing the curtain wall leaves no optional kind.
    await userEvent.click(screen.getByRole('button', { name: '删除 2' }));
    await waitFor(() => expect(within(optional).getByText('未使用可选类材料')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: /保存清单/ }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.materialListSave)).toHaveLength(1));
    expect(sent.find((s) => s.endpoint === api.materialListSave)?.body).toMatchObject({
      projectId: SPORTS,
      lines: [{ id: 1, requiredBy: '2027-03-01', budgetUnitPriceFen: 52_000, quantity: '120' }],
      removedLineIds: [2],
    });
  });

  it('shows the server’s messages under the cells of the rows it refused', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    fakeServer(
      ...listPickers(projects),
      answer(api.materialList, () => materialList({ lines: [green] })),
      answer(api.materialListSave, () => fieldErrors({ 'lines.0.quantity': '数量必须大于 0' })),
    );
    renderList(<MaterialsListPage />, `/buildMaterialProcurement/materialsList?projectId=${SPORTS}`);
    await screen.findByTestId('kind-1');
    fireEvent.change(screen.getByLabelText('数量 1'), { target: { value: '0' } });
    await userEvent.click(screen.getByRole('button', { name: /保存清单/ }));
    expect(await screen.findByText('数量必须大于 0')).toBeInTheDocument();
    expect(screen.getByText('有 1 处需要修改，请查看标红的单元格')).toBeInTheDocument();
  });

  it('locks a confirmed list and reopens it with a reason', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 13 });
    const confirmed = materialList({
      status: 'confirmed',
      lines: [green],
      actions: { save: true, confirm: false, reopen: true },
      versions: [
        {
          version: 1,
          lineCount: 1,
          budgetFen: 6_240_000,
          confirmedAt: '2026-11-28 10:00:00',
          confirmedByName: '王强',
          reopenReason: null,
          reopenedAt: null,
          reopenedByName: null,
        },
      ],
    });
    const sent = fakeServer(
      ...listPickers(projects),
      answer(api.materialList, () => confirmed),
      answer(api.materialListReopen, () => materialList({ version: 2, lines: [green] })),
    );
    renderList(<MaterialsListPage />, `/buildMaterialProcurement/materialsList?projectId=${SPORTS}`);
    expect(await screen.findByText(/只能修改材料名称/)).toBeInTheDocument();
    expect(screen.getByLabelText('数量 1')).toBeDisabled();
    expect(screen.getByRole('button', { name: '删除 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '添加一行' })).toBeNull();
    expect(screen.getByText(/王强 于 2026-11-28 10:00:00 确认，1 行/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '重新编制' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), '设计变更：增加地下室');
    await userEvent.click(within(dialog).getByRole('button', { name: /重新编制/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.materialListReopen)?.body).toEqual({
        projectId: SPORTS,
        reason: '设计变更：增加地下室',
      }),
    );
  });
});
