import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import type { ContractDetail } from '../sales-api.ts';
import { contract, line, renderSales, signInDealer } from '../sales-testing.tsx';
import { ContractDetailPage } from './ContractDetailPage.tsx';

let sent: Sent[];
let current: ContractDetail;

beforeEach(() => {
  signInDealer();
  current = contract();
  sent = fakeServer(
    answer(api.contractDetail, ({ body }) => (body.id === '5' ? current : failure(404, 40400, '合同不存在'))),
    answer(api.contractSign, () => {
      current = { ...current, status: 'signed', leafIndex: 42, actions: ['activate', 'terminate'] };
      return { id: 5 };
    }),
    answer(api.contractActivate, () =>
      failure(409, 40900, '第 2 行（干混砌筑砂浆 DM M10 袋装）未获授权：目的地不在授权区域内'),
    ),
    answer(api.contractTerminate, () => ({ id: 5 })),
  );
});
afterEach(() => session.setUser(null));

const open = (id = 5) => renderSales(<ContractDetailPage />, `/productionManagement/contractDetail?id=${id}`);
const confirmModal = async () => {
  const dialog = (await screen.findByRole('dialog')) as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
};

describe('a sales contract’s page', () => {
  it('shows each line’s check against the letters: the covering letter, or why none covers it', async () => {
    current = contract({
      lines: [
        line(),
        line({
          id: 32,
          lineNo: 2,
          productName: '干混砌筑砂浆',
          specName: 'DM M10 袋装',
          coverage: { covered: false, authorisationId: 10, number: null, publicId: null, refusal: 'region' },
        }),
      ],
    });
    open();
    expect(await screen.findByText('已授权：AU20261128-0001')).toBeTruthy();
    expect(screen.getByText('目的地不在授权区域内')).toBeTruthy();
    expect(screen.getByText('¥14,550.00', { selector: 'strong' })).toBeTruthy();
  });

  it('signs a draft after asking, and then offers to put it in force', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '签订（上链存证）' }));
    await confirmModal();
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.contractSign && s.body.id === 5)).toBe(true));
    expect(await screen.findByRole('button', { name: '生 效' })).toBeTruthy();
    expect(screen.getByText('第 42 条')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '签订（上链存证）' })).toBeNull();
  });

  it('stays signed when putting it in force is refused for a line no letter covers', async () => {
    current = contract({ status: 'signed', actions: ['activate', 'terminate'] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '生 效' }));
    await confirmModal();
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.contractActivate)).toBe(true));
    expect(sent.filter((s) => s.endpoint === api.contractDetail)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '生 效' })).toBeTruthy();
  });

  it('terminates with a reason', async () => {
    current = contract({ status: 'active', actions: ['complete', 'terminate', 'ship'] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '终 止' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '买方项目取消' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '终 止' }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.contractTerminate)?.body).toMatchObject({
        id: 5,
        reason: '买方项目取消',
      }),
    );
  });

  it('shows the buyer the contract without a button', async () => {
    current = contract({ status: 'signed', side: 'buyer', actions: [] });
    open();
    expect(await screen.findByText('您是本合同的买方，可查看合同内容。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /签订|生\s*效|终\s*止|编\s*辑/ })).toBeNull();
  });

  it('says so for a contract that is not there, and for an id that cannot be one', async () => {
    const view = open(6);
    expect(await screen.findByText('合同不存在')).toBeTruthy();
    view.unmount();
    sent.length = 0;
    renderSales(<ContractDetailPage />, '/productionManagement/contractDetail?id=x');
    expect(await screen.findByText('合同不存在')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
