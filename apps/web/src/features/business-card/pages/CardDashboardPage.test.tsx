import { OrgType } from '@jcbb/contract';
import { businessCardEndpoints as B } from '@jcbb/contract/business-card.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import type { CardData } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CardDashboardPage } from './CardDashboardPage.tsx';

afterEach(() => vi.restoreAllMocks());

const empty: CardData = {
  member: { userId: 10, name: '郑敏', mobile: '13800000009' },
  orgName: '南京绿筑新型建材有限公司',
  card: null,
};

describe('/marketing/dashboard', { timeout: 30_000 }, () => {
  it('makes a card from the form, shows the server’s field errors, and previews the masked number', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['员工'] });
    let attempt = 0;
    const sent = fakeServer(
      answer(B.members, () => ({ list: [{ userId: 10, name: '郑敏', hasCard: false, published: false }] })),
      answer(B.card, () => empty),
      answer(B.products, () => ({ list: [{ id: 3, name: '岩棉保温板' }] })),
      answer(B.save, ({ body }) => {
        attempt += 1;
        if (attempt === 1) return fieldErrors({ email: '请输入正确的邮箱' });
        return {
          ...empty,
          card: {
            id: 1,
            publicId: 'abcdefghijklmnopqrstuvwx',
            displayName: String(body.displayName),
            title: String(body.title ?? ''),
            email: '',
            introduction: '',
            showPhone: false,
            wechatQrUploadId: null,
            wechatQrName: null,
            products: [],
            published: true,
            updatedAt: '2026-11-29 09:00:00',
          },
        };
      }),
    );
    renderWithProviders(<CardDashboardPage />, { path: '/marketing/dashboard' });
    expect(await screen.findByText('还没有名片，填写下面的表单并保存即可创建。')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('郑敏')).toBeInTheDocument();
    expect(screen.getByTestId('card-phone')).toHaveTextContent('138****0009');
    fireEvent.change(screen.getByLabelText('职务'), { target: { value: '区域经理' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'x@y' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /发布名片/ }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入正确的邮箱')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === B.save)).toHaveLength(2));
    const body = sent.filter((s) => s.endpoint === B.save)[1]?.body;
    expect(body).toMatchObject({ displayName: '郑敏', title: '区域经理', published: true, showPhone: false });
    // Only one member: no member selector for a staff member.
    expect(screen.queryByLabelText('选择员工的名片')).toBeNull();
  });
});
