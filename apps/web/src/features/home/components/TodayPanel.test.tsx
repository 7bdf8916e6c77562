import type { HomeTodayData } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { homeEndpoints } from '@jcbb/contract/home.endpoints';
import { messageEndpoints } from '@jcbb/contract/message.endpoints';
import { pages } from '@jcbb/contract/pages';
import { screen, within } from '@testing-library/react';
import { Row } from 'antd';
import { describe, expect, it } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { homeZhCN } from '../locales/zh-CN.ts';
import { TodayFigureCols, TodayPanel } from './TodayPanel.tsx';

const inbox = { toUid: 2, companyId: 7, currentApp: null };
const unread = (n: number) =>
  answer(messageEndpoints.getMessageList, () => ({ list: { list: [], total: 0 }, unReadCount: n }));

function renderPanel(orgType: number) {
  return renderWithProviders(
    <>
      <TodayPanel orgType={orgType} inbox={inbox} />
      <Row>
        <TodayFigureCols />
      </Row>
    </>,
    { home: homeZhCN },
  );
}

describe('the home page’s 今日待办', () => {
  it('lists a manufacturer’s counts from the server, each a link to where it acts, with its figures', async () => {
    const sent = fakeServer(
      answer(
        homeEndpoints.today,
        (): HomeTodayData => ({
          todo: [
            { key: 'inquiriesToQuote', count: 2 },
            { key: 'ordersToConfirm', count: 1 },
            { key: 'expiringCertificates', count: 0 },
            { key: 'expiringAuthorisations', count: 5 },
          ],
          figures: [{ key: 'shipments', count: 4 }],
        }),
      ),
      unread(7),
    );
    renderPanel(OrgType.MANUFACTURER);
    const quote = await screen.findByRole('link', { name: /待报价询价\s*2/ });
    expect(quote).toHaveAttribute('href', '/procurementSales/inquiries');
    expect(screen.getByRole('link', { name: /待确认订单\s*1/ })).toHaveAttribute('href', '/procurementSales/orders');
    expect(screen.getByRole('link', { name: /90 天内到期证书\s*0/ })).toHaveAttribute(
      'href',
      '/blockchain/certificate/index',
    );
    expect(screen.getByRole('link', { name: /30 天内到期授权\s*5/ })).toHaveAttribute('href', '/agent/index');
    expect(await screen.findByRole('link', { name: /未读消息\s*7/ })).toHaveAttribute('href', '/message');
    // The figure: the traceability dashboard's 本月发货, no longer 即将上线.
    const shipments = screen.getByText('本月发货').closest('.jcbb-figure') as HTMLElement;
    expect(within(shipments).getByText('4')).toBeInTheDocument();
    expect(within(shipments).getByRole('link', { name: /查看/ })).toHaveAttribute(
      'href',
      '/productionManagement/dashboard',
    );
    expect(sent.filter((s) => s.endpoint === homeEndpoints.today)).toHaveLength(1);
  });

  it('sends a distributor to its licensed products for its expiring authorisations', async () => {
    fakeServer(
      answer(
        homeEndpoints.today,
        (): HomeTodayData => ({ todo: [{ key: 'expiringAuthorisations', count: 1 }], figures: [] }),
      ),
      unread(0),
    );
    renderPanel(OrgType.DISTRIBUTOR);
    expect(await screen.findByRole('link', { name: /30 天内到期授权\s*1/ })).toHaveAttribute(
      'href',
      '/distributor/productList',
    );
  });

  it('sends a developer to its inquiries for the quotes received and to its projects for shipments on the way', async () => {
    fakeServer(
      answer(
        homeEndpoints.today,
        (): HomeTodayData => ({
          todo: [
            { key: 'quotesReceived', count: 3 },
            { key: 'deliveriesOnTheWay', count: 2 },
          ],
          figures: [],
        }),
      ),
      unread(0),
    );
    renderPanel(OrgType.DEVELOPER);
    expect(await screen.findByRole('link', { name: /已收到报价（询价进行中）\s*3/ })).toHaveAttribute(
      'href',
      '/buildMaterialProcurement/selectionAndPurchase',
    );
    expect(screen.getByRole('link', { name: /发往项目的在途发货\s*2/ })).toHaveAttribute('href', '/project/list');
  });

  it('sends a committee to its risk alerts and a distributor to its letters to accept', async () => {
    fakeServer(
      answer(homeEndpoints.today, (): HomeTodayData => ({ todo: [{ key: 'openRiskAlerts', count: 4 }], figures: [] })),
      unread(0),
    );
    renderPanel(OrgType.GOVERNMENT);
    expect(await screen.findByRole('link', { name: /待处理风险预警\s*4/ })).toHaveAttribute(
      'href',
      '/govProcurementInfo/riskAlerts',
    );
  });

  it('sends a construction unit to its filings for the quarter it owes', async () => {
    fakeServer(
      answer(homeEndpoints.today, (): HomeTodayData => ({ todo: [{ key: 'filingsToFile', count: 2 }], figures: [] })),
      unread(0),
    );
    renderPanel(OrgType.CONSTRUCTION);
    expect(await screen.findByRole('link', { name: /待填报的政府采购信息\s*2/ })).toHaveAttribute(
      'href',
      pages.governmentFilings.path,
    );
  });

  it('sends a supervision unit to 抽检与见证 for the lots awaiting a witnessed sample', async () => {
    fakeServer(
      answer(homeEndpoints.today, (): HomeTodayData => ({ todo: [{ key: 'witnessToSample', count: 3 }], figures: [] })),
      unread(0),
    );
    renderPanel(OrgType.SUPERVISION);
    expect(await screen.findByRole('link', { name: /待见证取样的批次\s*3/ })).toHaveAttribute(
      'href',
      '/projectConstruction/spotCheck',
    );
  });

  it('shows a dash and says so when the counts cannot be had', async () => {
    fakeServer(
      answer(homeEndpoints.today, () => failure(503, 50300, '服务暂不可用')),
      unread(1),
    );
    renderPanel(OrgType.CONSTRUCTION);
    expect(await screen.findByText('暂时无法获取')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /未读消息\s*1/ })).toBeInTheDocument();
  });
});
