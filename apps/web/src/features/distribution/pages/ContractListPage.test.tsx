import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { contract, renderSales, signInDealer } from '../sales-testing.tsx';
import { ContractListPage } from './ContractListPage.tsx';

let sent: Sent[];

beforeEach(() => {
  signInDealer();
  sent = fakeServer(
    answer(api.contractList, ({ body }) => {
      const { lines, ...row } = contract({ status: 'active' });
      const rows = body.side === 'buyer' ? [] : [{ ...row, lineCount: lines.length }];
      return { list: rows, total: rows.length };
    }),
  );
});
afterEach(() => session.setUser(null));

describe('the contract list', () => {
  it('lists the distributor’s contracts with amount and state, and switches to those naming it as buyer', async () => {
    renderSales(<ContractListPage />, '/productionManagement/contractList');
    expect((await screen.findByRole('link', { name: 'HT-2026-001' })).getAttribute('href')).toBe(
      '/productionManagement/contractDetail?id=5',
    );
    expect(screen.getByText('履行中')).toBeTruthy();
    expect(screen.getByText(/¥14,550\.00/)).toBeTruthy();
    fireEvent.click(screen.getByText('我方采购'));
    await waitFor(() =>
      expect(sent.some((s) => s.endpoint === api.contractList && s.body.side === 'buyer')).toBe(true),
    );
    expect(await screen.findByText('还没有经销合同。')).toBeTruthy();
  });
});
