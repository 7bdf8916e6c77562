import { certificateEndpoints } from '@jcbb/contract/certificate.endpoints';
import { ListingStatus } from '@jcbb/contract/enums';
import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import { listingEndpoints } from '@jcbb/contract/listing.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { screen } from '@testing-library/react';
import { Row } from 'antd';
import { describe, expect, it } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { homeZhCN } from '../locales/zh-CN.ts';
import { LiveFigureCols } from './LiveFigures.tsx';

function renderFor(consoleKey: 'manufacturer' | 'admin' | 'certification' | 'distributor') {
  return renderWithProviders(
    <Row>
      <LiveFigureCols consoleKey={consoleKey} />
    </Row>,
    { home: homeZhCN },
  );
}

/** A page's answer when only its total is read (each figure asks for one row). */
const total = (n: number) => ({ list: [], total: n });

describe('the home page’s live business figures', () => {
  it('counts a manufacturer’s products, listed cities and green products from the server', async () => {
    const sent = fakeServer(
      answer(productEndpoints.getProdutInfoList, (req) => total(req.body.isGreen ? 9 : 12)),
      answer(listingEndpoints.list, () => total(11)),
    );
    renderFor('manufacturer');
    expect(await screen.findByText('12')).toBeTruthy();
    expect(await screen.findByText('11')).toBeTruthy();
    expect(await screen.findByText('9')).toBeTruthy();
    expect(screen.getByText('绿色建材产品')).toBeTruthy();
    expect(sent.filter((s) => s.endpoint === listingEndpoints.list).map((s) => s.body.status)).toEqual([
      ListingStatus.LISTED,
    ]);
    expect(sent.some((s) => s.endpoint === certificateEndpoints.approvals)).toBe(false);
  });

  it('shows the platform its listing queue and the ledger’s size, and a dash when a figure fails', async () => {
    const sent = fakeServer(
      answer(listingEndpoints.list, () => total(2)),
      answer(ledgerEndpoints.latestTreeHead, () => failure(503, 50300, '服务暂不可用')),
    );
    renderFor('admin');
    expect(await screen.findByText('2')).toBeTruthy();
    expect(sent.filter((s) => s.endpoint === listingEndpoints.list).map((s) => s.body.status)).toEqual([
      ListingStatus.PLATFORM_AUDIT,
    ]);
    expect(await screen.findByText('—')).toBeTruthy();
  });

  it('shows a certification body its approval queue and issued certificates', async () => {
    fakeServer(
      answer(certificateEndpoints.approvals, () => total(1)),
      answer(certificateEndpoints.issuedCertificates, () => total(4)),
    );
    renderFor('certification');
    expect(await screen.findByText('1')).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();
    expect(screen.getByText('待审批证书申请')).toBeTruthy();
  });

  it('counts a distributor’s evidence records (a working page, not 即将上线)', async () => {
    const sent = fakeServer(answer(ledgerEndpoints.storageList, () => total(3)));
    renderFor('distributor');
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByText('存证记录')).toBeTruthy();
    expect(sent.some((s) => s.endpoint === productEndpoints.getProdutInfoList)).toBe(false);
  });
});
