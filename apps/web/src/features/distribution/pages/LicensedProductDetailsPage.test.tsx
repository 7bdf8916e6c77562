import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import type { LicensedLetter } from '../sales-api.ts';
import { licensedItem, renderSales, signInDealer } from '../sales-testing.tsx';
import { LicensedProductDetailsPage } from './LicensedProductDetailsPage.tsx';

let sent: Sent[];
let letter: LicensedLetter;

const issued = (): LicensedLetter => ({
  id: 10,
  publicId: 'pub-10',
  number: 'AU20261128-0004',
  version: 1,
  makerOrgId: 11,
  makerName: '南京绿筑新型建材有限公司',
  kind: 'project',
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  tenderNo: null,
  exclusive: true,
  regionCodes: ['320106'],
  regionNames: ['江苏省 南京市 鼓楼区'],
  validFrom: '2026-11-28',
  validUntil: '2027-11-27',
  state: 'issued',
  statusReason: null,
  afterSalesCommitment: '质保 5 年',
  supplyCommitment: null,
  signatoryName: '张伟',
  signatoryTitle: '总经理',
  issuedAt: '2026-11-28 10:00:00',
  acceptedAt: null,
  items: [licensedItem({ authorisationId: 10, state: 'issued' })],
  canAccept: true,
});

/** The letter as the authorisation call answers it once accepted (the page asks for its own view again). */
const accepted = () => ({
  id: 10,
  publicId: 'pub-10',
  number: 'AU20261128-0004',
  chainId: 10,
  version: 1,
  maker: { id: 11, name: '南京绿筑新型建材有限公司' },
  distributor: { id: 12, name: '南京恒通建材贸易有限公司' },
  kind: 'project' as const,
  projectId: 1,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  tenderNo: null,
  exclusive: true,
  regions: [{ code: '320106', name: '江苏省 南京市 鼓楼区' }],
  scopeSummary: '1 个产品 · 鼓楼区',
  items: [],
  validFrom: '2026-11-28',
  validUntil: '2027-11-27',
  status: 'active' as const,
  state: 'active' as const,
  expiresInDays: 364,
  autoAccept: false,
  statusReason: null,
  issuedAt: '2026-11-28 10:00:00',
  acceptedAt: '2026-11-28 11:00:00',
  actions: [],
  updatedAt: '2026-11-28 11:00:00',
  afterSalesCommitment: null,
  supplyCommitment: null,
  signatoryName: null,
  signatoryTitle: null,
  supersedesId: null,
  supersededById: null,
  versions: [],
  contentSha256: null,
  leafIndex: 3,
  statusChangedAt: null,
  statusLeafIndex: null,
  verifyUrl: '/free/authorisation?id=pub-10',
});

beforeEach(() => {
  signInDealer();
  letter = issued();
  sent = fakeServer(
    answer(api.licensedDetail, ({ body }) => (body.id === '10' ? letter : failure(404, 40400, '授权书不存在'))),
    answer(api.authorisationAccept, () => {
      letter = { ...letter, state: 'active', canAccept: false, acceptedAt: '2026-11-28 11:00:00' };
      return accepted();
    }),
  );
});
afterEach(() => session.setUser(null));

describe('one letter as the distributor sees it', () => {
  it('accepts a letter awaiting it, after asking, and then shows it in force', async () => {
    renderSales(<LicensedProductDetailsPage />, '/distributor/licensedProductDetails?id=10');
    expect(await screen.findByText('授权书 AU20261128-0004')).toBeTruthy();
    expect(screen.getByText('待经销商确认')).toBeTruthy();
    expect(screen.getByRole('link', { name: '公开核验页' }).getAttribute('href')).toBe('/free/authorisation?id=pub-10');
    fireEvent.click(screen.getByRole('button', { name: '确认接受授权' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.authorisationAccept)?.body).toMatchObject({ id: 10 }),
    );
    expect(await screen.findByText('生效中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认接受授权' })).toBeNull();
  });

  it('says so for a letter that is not the distributor’s', async () => {
    renderSales(<LicensedProductDetailsPage />, '/distributor/licensedProductDetails?id=11');
    expect(await screen.findByText('授权书不存在')).toBeTruthy();
  });
});
