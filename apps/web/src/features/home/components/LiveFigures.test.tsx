import { ListingStatus } from '@jcbb/contract/enums';
import { screen } from '@testing-library/react';
import { Row } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { liveFigureApi } from '../api.ts';
import { homeZhCN } from '../locales/zh-CN.ts';
import { LiveFigureCols } from './LiveFigures.tsx';

vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  liveFigureApi: {
    products: vi.fn(),
    listings: vi.fn(),
    approvalQueue: vi.fn(),
    issuedCertificates: vi.fn(),
    ledgerSize: vi.fn(),
    evidenceRecords: vi.fn(),
  },
}));

const api = vi.mocked(liveFigureApi);

function renderFor(consoleKey: 'manufacturer' | 'admin' | 'certification' | 'distributor') {
  return renderWithProviders(
    <Row>
      <LiveFigureCols consoleKey={consoleKey} />
    </Row>,
    { home: homeZhCN },
  );
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the home page’s live business figures', () => {
  it('counts a manufacturer’s products, listed cities and green products from the server', async () => {
    api.products.mockImplementation(async (filter) => (filter?.isGreen ? 9 : 12));
    api.listings.mockResolvedValue(11);
    renderFor('manufacturer');
    expect(await screen.findByText('12')).toBeTruthy();
    expect(await screen.findByText('11')).toBeTruthy();
    expect(await screen.findByText('9')).toBeTruthy();
    expect(screen.getByText('绿色建材产品')).toBeTruthy();
    expect(api.listings).toHaveBeenCalledWith(ListingStatus.LISTED);
    expect(api.approvalQueue).not.toHaveBeenCalled();
  });

  it('shows the platform its listing queue and the ledger’s size, and a dash when a figure fails', async () => {
    api.listings.mockResolvedValue(2);
    api.ledgerSize.mockRejectedValue(new Error('offline'));
    renderFor('admin');
    expect(await screen.findByText('2')).toBeTruthy();
    expect(api.listings).toHaveBeenCalledWith(ListingStatus.PLATFORM_AUDIT);
    expect(await screen.findByText('—')).toBeTruthy();
  });

  it('shows a certification body its approval queue and issued certificates', async () => {
    api.approvalQueue.mockResolvedValue(1);
    api.issuedCertificates.mockResolvedValue(4);
    renderFor('certification');
    expect(await screen.findByText('1')).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();
    expect(screen.getByText('待审批证书申请')).toBeTruthy();
  });

  it('counts a distributor’s evidence records (a working page, not 即将上线)', async () => {
    api.evidenceRecords.mockResolvedValue(3);
    renderFor('distributor');
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByText('存证记录')).toBeTruthy();
    expect(api.products).not.toHaveBeenCalled();
  });
});
