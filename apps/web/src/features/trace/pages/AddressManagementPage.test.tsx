import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { address, page, renderTrace } from '../console-testing.tsx';
import { AddressManagementPage } from './AddressManagementPage.tsx';

const { addressList: LIST, addressSave: SAVE, addressDelete: DELETE } = traceEndpoints;
/** The region cascader's first level (the drawer's 所在地区); the tests pick no region. */
const regions = answer(referenceEndpoints.divisionChildren, () => []);

let sent: Sent[];
let rows = [address(1, { name: '江宁一号仓库', isDefault: true }), address(2, { name: '老厂区', kind: 'factory' })];

beforeEach(() => {
  rows = [address(1, { name: '江宁一号仓库', isDefault: true }), address(2, { name: '老厂区', kind: 'factory' })];
  signInAs(6);
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const render = () => renderTrace(<AddressManagementPage />, '/productionManagement/addressManagement');
const saves = () => sent.filter((s) => s.endpoint === SAVE);

// antd drawers and forms are slow in jsdom on a shared machine: each test gets 60 s (the default is 20).
describe('the address page', { timeout: 60_000 }, () => {
  it('lists the addresses with their default tag, and filters by kind', async () => {
    sent = fakeServer(
      regions,
      answer(LIST, () => page(rows)),
    );
    render();
    const row = (await screen.findByText('江宁一号仓库')).closest('li') as HTMLElement;
    expect(within(row).getByText('默认')).toBeInTheDocument();
    expect(within(row).getByText('仓库')).toBeInTheDocument();
    expect(within(row).getByText('江苏省 南京市 江宁区 秣陵街道胜太路 88 号')).toBeInTheDocument();
    expect(within(screen.getByText('老厂区').closest('li') as HTMLElement).queryByText('默认')).toBeNull();
    expect(sent.find((s) => s.endpoint === LIST)?.body).toMatchObject({ take: 20, skip: 0 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '地址类型' }));
    fireEvent.click(await screen.findByTitle('工厂'));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === LIST).at(-1)?.body).toMatchObject({ kind: 'factory' }),
    );
  });

  it('tells a newcomer to add the first address', async () => {
    sent = fakeServer(
      regions,
      answer(LIST, () => page([])),
    );
    render();
    expect(await screen.findByText(/还没有地址。发货前请先添加/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /添加第一个地址/ }));
    expect(await screen.findByText('新增地址', { selector: '.ant-drawer-title' })).toBeInTheDocument();
  });

  it('puts the server’s per-field refusal under the field it concerns', async () => {
    sent = fakeServer(
      regions,
      answer(LIST, () => page(rows)),
      answer(SAVE, () =>
        failure(400, 40000, '参数错误', {
          fields: [{ field: 'contactPhone', message: '该手机号已停机，请换一个号码' }],
        }),
      ),
    );
    render();
    const row = (await screen.findByText('江宁一号仓库')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const drawer = (await screen.findByText('编辑地址')).closest('[role="dialog"]') as HTMLElement;
    await waitFor(() => expect(within(drawer).getByLabelText('地址名称')).toHaveValue('江宁一号仓库'));
    fireEvent.change(within(drawer).getByLabelText('地址名称'), { target: { value: '江宁二号仓库' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));

    expect(await within(drawer).findByText('该手机号已停机，请换一个号码')).toBeInTheDocument();
    const phoneItem = within(drawer).getByLabelText('联系电话').closest('.ant-form-item') as HTMLElement;
    expect(within(phoneItem).getByText('该手机号已停机，请换一个号码')).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toMatchObject({
      id: 1,
      kind: 'warehouse',
      name: '江宁二号仓库',
      regionCode: '320115',
      contactPhone: '13800000001',
      isDefault: true,
      enabled: true,
    });
  });

  it('checks the fields with the contract’s rules before sending anything', async () => {
    sent = fakeServer(
      regions,
      answer(LIST, () => page(rows)),
    );
    render();
    await screen.findByText('江宁一号仓库');
    fireEvent.click(screen.getByRole('button', { name: /新增地址/ }));
    const drawer = (await screen.findByText('新增地址', { selector: '.ant-drawer-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('联系电话'), { target: { value: '12345' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(within(drawer).getByText('请选择地址类型')).toBeInTheDocument();
    expect(within(drawer).getByText('请输入地址名称')).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  it('explains that an address in use cannot be deleted, and disables it instead', async () => {
    sent = fakeServer(
      regions,
      answer(LIST, () => page(rows)),
      answer(DELETE, () => failure(409, 40900, '该地址已被发货单使用，不能删除')),
      answer(SAVE, () => ({ id: 1 })),
    );
    render();
    const row = (await screen.findByText('江宁一号仓库')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('删除地址“江宁一号仓库”？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));

    const [title] = await screen.findAllByText('“江宁一号仓库”已被发货单使用，不能删除');
    const dialog = title?.closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText(/可以停用它/)).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === DELETE)?.body).toMatchObject({ id: 1 });
    fireEvent.click(within(dialog).getByRole('button', { name: '停用此地址' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ id: 1, name: '江宁一号仓库', enabled: false, isDefault: false });
  });
});
