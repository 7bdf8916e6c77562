import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import type { AuthorisationView } from '../api.ts';
import { authorisation, draft } from '../test-data.ts';
import { renderWithProviders, screenWidth } from '../testing.tsx';
import { AgentIndexPage } from './AgentIndexPage.tsx';

let sent: Sent[];
let rows: AuthorisationView[];

const byId = (id: unknown) => rows.find((r) => r.id === Number(id));

beforeEach(() => {
  screenWidth(1366);
  signInAs(6, { orgId: 10, name: '南京绿筑新型建材有限公司' });
  rows = [
    authorisation(),
    authorisation({
      id: 3,
      publicId: 'pub-3',
      number: 'AU20261001-0007',
      distributor: { id: 21, name: '苏州安居建材有限公司' },
      exclusive: false,
      validUntil: '2026-12-20',
      expiresInDays: 22,
      items: [],
      scopeSummary: '2 个产品（全部型号）· 苏州市',
    }),
    draft(),
  ];
  sent = fakeServer(
    answer(api.authorisationList, ({ body }) => {
      const list = rows.filter(
        (r) =>
          (!body.status || r.state === body.status) &&
          (body.expiringWithinDays === undefined ||
            (r.expiresInDays !== null && r.expiresInDays <= Number(body.expiringWithinDays))),
      );
      return { list, total: list.length };
    }),
    answer(api.authorisationDetail, ({ body }) => byId(body.id) ?? failure(404, 40400, '授权不存在')),
    answer(api.authorisationRevoke, ({ body }) =>
      String(body.reason).length < 2
        ? fieldErrors({ reason: '原因至少 2 个字' })
        : { ...(byId(body.id) as AuthorisationView), status: 'revoked' as const, state: 'revoked' as const },
    ),
    answer(api.authorisationIssue, () =>
      failure(409, 40900, '与独家授权书 AU20260101-0001 的范围重叠：同一产品、区域和期限'),
    ),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const render = (path = '/agent/index') => renderWithProviders(<AgentIndexPage />, { path });
/** Opens a row's 更多 and answers its entries. */
async function menuOf(row: HTMLElement): Promise<string[]> {
  fireEvent.click(within(row).getByRole('button', { name: /更多/ }));
  const menus = await screen.findAllByRole('menu');
  const menu = menus.at(-1) as HTMLElement;
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => (i.textContent ?? '').trim());
}
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('/agent/index', () => {
  it('lists the letters with their distributor, scope, state and caps, and highlights the one ending within 60 days', async () => {
    render();
    const active = await rowOf('AU20261128-0001');
    expect(within(active).getByText('南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(within(active).getByText('生效中')).toBeInTheDocument();
    expect(within(active).getByText('独家授权')).toBeInTheDocument();
    expect(within(active).getByText('1 个产品（1 个型号）· 江苏省')).toBeInTheDocument();
    expect(active.className).not.toContain('au-expiring');

    const ending = await rowOf('苏州安居建材有限公司');
    expect(ending.className).toContain('au-expiring');
    expect(within(ending).getByTestId('days-left')).toHaveTextContent('剩 22 天');
    // The draft: no number yet, the draft's own actions only.
    const drafted = (await screen.findAllByText('草稿'))[0]?.closest('tr') as HTMLElement;
    expect(within(drafted).getByRole('button', { name: /签\s*发/ })).toBeInTheDocument();
    expect(await menuOf(drafted)).toEqual(['编辑', '删除']);
    // An active letter: renew at hand; the letter, its public page, suspension and revocation under 更多.
    expect(within(active).getByRole('button', { name: '续签' })).toBeInTheDocument();
    expect(await menuOf(active)).toEqual(['下载授权书', '公开核验页', '暂停', '撤销']);
  });

  it('filters by state and by ending within 60 days, asking the server', async () => {
    render();
    await rowOf('苏州安居建材有限公司');
    fireEvent.click(screen.getByRole('checkbox', { name: '60 天内到期' }));
    await waitFor(() => expect(screen.queryByText('AU20261128-0001')).not.toBeInTheDocument());
    expect(screen.getByText('苏州安居建材有限公司')).toBeInTheDocument();
    const lists = sent.filter((s) => s.endpoint === api.authorisationList);
    expect(lists.at(-1)?.body).toMatchObject({ expiringWithinDays: 60, skip: 0 });
  });

  it('revokes with a reason, which it sends', async () => {
    render();
    const active = await rowOf('AU20261128-0001');
    await menuOf(active);
    fireEvent.click(screen.getByRole('menuitem', { name: /撤销/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('撤销授权 AU20261128-0001')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '经销商违规跨区销售' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.authorisationRevoke)?.body).toMatchObject({
        id: 1,
        reason: '经销商违规跨区销售',
      }),
    );
  });

  it('asks before issuing a draft, naming whether it is exclusive, and shows the refusal of an overlapping letter', async () => {
    render();
    const drafted = (await screen.findAllByText('草稿'))[0]?.closest('tr') as HTMLElement;
    fireEvent.click(within(drafted).getByRole('button', { name: /签\s*发/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/这是一份独家授权/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: /签\s*发/ }));
    expect(await screen.findByText(/与独家授权书 AU20260101-0001 的范围重叠/)).toBeInTheDocument();
    expect(sent.filter((s) => s.endpoint === api.authorisationIssue)).toHaveLength(1);
  });

  it('opens ?id= in the drawer with its caps and its versions, and another version from the chain', async () => {
    rows[0] = authorisation({
      id: 4,
      version: 2,
      number: 'AU20261128-0002',
      versions: [
        {
          ...authorisation().versions[0],
          id: 1,
          version: 1,
          status: 'superseded',
          state: 'superseded',
        } as AuthorisationView['versions'][number],
        {
          ...authorisation().versions[0],
          id: 4,
          version: 2,
          number: 'AU20261128-0002',
        } as AuthorisationView['versions'][number],
      ],
    });
    rows.push(authorisation({ status: 'superseded', state: 'superseded', actions: [] }));
    render('/agent/index?id=4');
    const drawer = (await screen.findByText('授权书 AU20261128-0002')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('380 平方米')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByText(/第 1 版 · AU20261128-0001/));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent/index?id=1'));
    expect(await screen.findByText('授权书 AU20261128-0001')).toBeInTheDocument();
  });

  it('shows cards on a phone, the ending one with its days left', async () => {
    screenWidth(390);
    render();
    const card = (await screen.findByText('苏州安居建材有限公司')).closest('li') as HTMLElement;
    expect(within(card).getByTestId('days-left')).toHaveTextContent('剩 22 天');
    expect(document.querySelector('table')).toBeNull();
  });

  it('says so when ?id= is not the organisation’s', async () => {
    render('/agent/index?id=99');
    expect(await screen.findByText('授权不存在，或不属于您的企业')).toBeInTheDocument();
  });
});
