import { procurementEndpoints as api } from '@jcbb/contract/procurement.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import type { AlternateList } from '../orders-api.ts';
import { alternateLine, renderOrders, signInDeveloper } from '../orders-testing.tsx';
import { AlternateSuppliersPage } from './AlternateSuppliersPage.tsx';

let sent: Sent[];
let current: AlternateList;

beforeEach(() => {
  signInDeveloper();
  current = { lines: [alternateLine()], awardedInquiries: [] };
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({
      list: [userProject(1, { name: '南京市鼓楼区天妃宫小学新建工程' })],
      total: 1,
    })),
    answer(api.alternateList, () => current),
    answer(api.alternateSwitch, () => {
      const l = alternateLine({ flags: [], proposedId: null });
      current = {
        ...current,
        lines: [{ ...l, alternates: l.alternates.map((a) => ({ ...a, status: 'switched' as const })) }],
      };
      return { lineId: 9, projectId: 1 };
    }),
  );
});
afterEach(() => session.setUser(null));

describe('the alternates page', () => {
  it('shows a flagged line with its reason and proposed alternate, and switches to it in one click', async () => {
    renderOrders(<AlternateSuppliersPage />, '/buildMaterialProcurement/alternateSuppliers');
    expect(await screen.findByText('经销商授权已失效')).toBeTruthy();
    expect(screen.getByText('建议启用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '切换为首选' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.alternateSwitch && s.body.id === 41)).toBe(true));
    const next = await screen.findByRole('link', { name: '去目录直购' });
    expect(next.getAttribute('href')).toBe(
      '/buildMaterialProcurement/selectionAndPurchase?projectId=1&lineId=9&mode=direct',
    );
    expect(await screen.findByText('已启用')).toBeTruthy();
  });
});
