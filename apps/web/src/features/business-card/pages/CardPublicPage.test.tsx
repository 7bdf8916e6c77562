import { businessCardEndpoints } from '@jcbb/contract/business-card.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import type { CardPublic } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CardPublicView } from './CardPublicPage.tsx';

afterEach(() => vi.restoreAllMocks());

const ID = 'lvzhu-card-demo-2026-zhangwei';
const card: CardPublic = {
  publicId: ID,
  displayName: '张伟',
  title: '销售总监',
  phone: '138****0001',
  phoneShown: false,
  email: 'zhangwei@example.com',
  introduction: '专注绿色建材',
  hasWechatQr: false,
  org: { name: '南京绿筑新型建材有限公司', typeName: '生产企业', certified: true },
  products: [{ id: 3, name: '岩棉板', url: '/product/details/external?id=3' }],
  certificates: [
    {
      certNo: 'CGBM-2026-000001',
      typeName: '绿色建材认证',
      productName: '石膏基自流平砂浆',
      validUntil: '2026-12-01',
      state: 'expiring',
      stateName: '即将到期',
      url: '/free/certificate?no=CGBM-2026-000001',
    },
  ],
  listings: [{ cityName: '南京市', productName: '岩棉板', url: '/cities?city=320100' }],
  authorisations: [],
  checkedOn: '2026-11-29',
};

describe('/free/card', { timeout: 20_000 }, () => {
  it('shows the card with its masked number and live credentials, and sends the form only with consent', async () => {
    const sent = fakeServer(
      answer(businessCardEndpoints.publicCard, () => card),
      answer(businessCardEndpoints.publicContact, () => null),
    );
    renderWithProviders(<CardPublicView />, { path: `/free/card?id=${ID}&from=qr` });
    expect(await screen.findByText('张伟')).toBeInTheDocument();
    expect(screen.getByTestId('card-phone')).toHaveTextContent('138****0001');
    expect(screen.getByText('即将到期')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /石膏基自流平砂浆/ })).toHaveAttribute(
      'href',
      '/free/certificate?no=CGBM-2026-000001',
    );
    const opened = sent.find((s) => s.endpoint === businessCardEndpoints.publicCard);
    expect(opened?.query.get('from')).toBe('qr');

    fireEvent.change(screen.getByLabelText('您的姓名'), { target: { value: '李工' } });
    fireEvent.change(screen.getByLabelText('手机号或邮箱'), { target: { value: '13900000000' } });
    fireEvent.change(screen.getByLabelText('合作意向'), { target: { value: '想了解报价' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请勾选同意后再提交')).toBeInTheDocument();
    expect(sent.filter((s) => s.endpoint === businessCardEndpoints.publicContact)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('已提交，对方会尽快与您联系。')).toBeInTheDocument();
    await waitFor(() => expect(sent.filter((s) => s.endpoint === businessCardEndpoints.publicContact)).toHaveLength(1));
  });

  it('shows a plain 404 for an unknown or unpublished card', async () => {
    fakeServer(answer(businessCardEndpoints.publicCard, () => failure(404, 40400, '名片不存在或未发布')));
    renderWithProviders(<CardPublicView />, { path: `/free/card?id=${ID}` });
    expect(await screen.findByText('名片不存在或未发布')).toBeInTheDocument();
  });
});
