import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import type { AuthorisationView } from '../api.ts';
import { PendingAuthorisations } from '../public.ts';
import { authorisation } from '../test-data.ts';
import { renderWithProviders } from '../testing.tsx';

let sent: Sent[];
let issued: AuthorisationView[];

beforeEach(() => {
  signInAs(7, { orgId: 20, name: '南京恒通建材贸易有限公司' });
  issued = [authorisation({ status: 'issued', state: 'issued', actions: ['accept'], acceptedAt: null })];
  sent = fakeServer(
    answer(api.authorisationList, ({ body }) => {
      const list = body.status === 'issued' ? issued : [];
      return { list, total: list.length };
    }),
    answer(api.authorisationAccept, ({ body }) => {
      const accepted = { ...(issued[0] as AuthorisationView), status: 'active' as const, state: 'active' as const };
      issued = issued.filter((a) => a.id !== Number(body.id));
      return accepted;
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <PendingAuthorisations />
    </Suspense>,
  );

describe('PendingAuthorisations (the distributor’s letters to accept)', () => {
  it('lists the issued letters and accepts one after asking, then shows nothing', async () => {
    render();
    const card = await screen.findByTestId('pending-authorisations');
    expect(within(card).getByText('南京绿筑新型建材有限公司 · AU20261128-0001')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /确认接受/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/接受 南京绿筑新型建材有限公司 的授权书 AU20261128-0001/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认接受/ }));
    await waitFor(() => expect(screen.queryByTestId('pending-authorisations')).not.toBeInTheDocument());
    expect(sent.find((s) => s.endpoint === api.authorisationAccept)?.body).toMatchObject({ id: 1 });
  });
});
