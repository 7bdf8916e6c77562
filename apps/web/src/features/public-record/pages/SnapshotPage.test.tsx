import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import {
  bytesToHex,
  encodeLedgerEntry,
  keyFingerprint,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  signTreeHead,
} from '@jcbb/contract/ledger-proof';
import { publicRecordEndpoints } from '@jcbb/contract/public-record.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, failure, fakeServer, fieldErrors } from '../../../test/fake-server.ts';
import type { OrgSnapshotData, ProductSnapshotData } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { Snapshot } from './SnapshotPage.tsx';

/** A real one-entry ledger signed with a test key: the page checks it with the contract's ledger-proof code. */
const secretKey = new Uint8Array(32).map((_, i) => (i * 11 + 5) % 256);
const publicKey = bytesToHex(ledgerPublicKey(secretKey));
const entryBytes = encodeLedgerEntry({
  v: 1,
  kind: 'document',
  orgId: 3,
  contentSha256: 'a'.repeat(64),
  timestamp: 1_750_000_000_000,
  meta: {},
});
const leaf = leafHash(entryBytes);
const head = signTreeHead(
  { treeSize: 1, rootHash: bytesToHex(merkleRootFromLeafHashes([leaf])), timestamp: 1_750_000_100_000 },
  secretKey,
);
const entry = {
  label: '检测报告',
  leafIndex: 0,
  kind: 'document',
  contentSha256: 'a'.repeat(64),
  entry: btoa(String.fromCharCode(...entryBytes)),
  leafHash: bytesToHex(leaf),
  content: null,
  timestamp: 1_750_000_000_000,
  inclusionProof: [],
  sth: head,
};

const product: ProductSnapshotData = {
  kind: 'product',
  at: '2025-06-30 23:59:59',
  atIso: '2025-06-30T23:59:59.999+08:00',
  generatedAt: '2026-11-28 10:00:00',
  product: {
    id: 7,
    name: { value: '陶瓷透水砖', current: false },
    brand: { value: '绿筑', current: true },
    classifyName: { value: '建筑陶瓷', current: false },
    materialTypeName: { value: '常规材料', current: false },
    maker: { id: 3, name: { value: '南京绿筑', current: false } },
    createdAt: '2025-01-10 10:00:00',
  },
  cities: [
    {
      cityCode: '320100',
      cityName: '南京市',
      status: 3,
      statusName: '已入库',
      since: '2025-01-15 10:00:00',
      current: false,
    },
    {
      cityCode: '330100',
      cityName: '杭州市',
      status: 6,
      statusName: '已下架',
      since: '2025-03-01 10:00:00',
      current: false,
    },
  ],
  tags: {
    isGreen: { value: true, current: false },
    starRating: { value: 2, current: false },
    isLowCarbon: { value: false, current: false },
    isPrefabricated: { value: false, current: false },
    isGovProcurement: { value: true, current: true },
  },
  certificates: [
    {
      certNo: 'CGBM-2025-000001',
      issuer: '江苏绿色建材认证中心',
      starRating: 2,
      validFrom: '2025-01-01',
      validUntil: '2026-12-31',
      stateName: '有效',
      revokedLater: '2026-02-01 09:00:00',
      platformIssued: true,
      productName: '陶瓷透水砖',
    },
  ],
  ledger: { head, entries: [entry], truncated: false },
};

const keyAnswer = answer(ledgerEndpoints.key, () => ({
  algorithm: 'Ed25519' as const,
  publicKey,
  hashAlgorithm: 'SHA-256' as const,
  treeHeadFormat: 'jcbb-ledger-tree-head/v1',
  fingerprint: keyFingerprint(publicKey),
}));

describe('the snapshot page', { timeout: 20_000 }, () => {
  it('shows the product as it stood, marks values without history, and checks the ledger head here', async () => {
    const sent = fakeServer(
      answer(publicRecordEndpoints.productSnapshot, () => product),
      keyAnswer,
    );
    renderWithProviders(<Snapshot />, { path: '/snapshot?product=7&at=2025-06-30' });
    expect(await screen.findByRole('heading', { name: /产品信息快照/ })).toBeInTheDocument();
    expect(screen.getByTestId('snapshot-at')).toHaveTextContent('2025-06-30 23:59:59');
    expect(sent[0]?.query.get('productId')).toBe('7');
    expect(sent[0]?.query.get('at')).toBe('2025-06-30');
    // The brand has no history: today's value, said so; the name is the moment's.
    expect(screen.getAllByText('当前值（平台未保存历史）')).toHaveLength(2);
    const cities = screen.getByTestId('snapshot-cities');
    expect(within(cities).getByText('已下架')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '南京绿筑' })).toHaveAttribute('href', '/snapshot?org=3&at=2025-06-30');
    const certs = screen.getByTestId('snapshot-certificates');
    expect(within(certs).getByText(/（2026-02-01 撤销）/)).toBeInTheDocument();
    expect(within(certs).getByRole('link', { name: '核验' })).toHaveAttribute(
      'href',
      '/free/certificate?no=CGBM-2025-000001',
    );
    const headBox = screen.getByTestId('ledger-head');
    expect(await within(headBox).findByText(/签名有效/)).toBeInTheDocument();
    expect(within(headBox).getByText(keyFingerprint(publicKey))).toBeInTheDocument();
    expect(within(screen.getByTestId('ledger-entries')).getByText(/通过/)).toBeInTheDocument();
  });

  it('says so when the server’s head does not verify under the key', async () => {
    const forged = { ...head, rootHash: 'b'.repeat(64) };
    fakeServer(
      answer(publicRecordEndpoints.productSnapshot, () => ({
        ...product,
        ledger: { head: forged, entries: [{ ...entry, sth: forged }], truncated: false },
      })),
      keyAnswer,
    );
    renderWithProviders(<Snapshot />, { path: '/snapshot?product=7' });
    expect(await within(await screen.findByTestId('ledger-head')).findByText(/签名无效/)).toBeInTheDocument();
    expect(within(screen.getByTestId('ledger-entries')).getByText(/未通过/)).toBeInTheDocument();
  });

  it('prints with the browser', async () => {
    fakeServer(
      answer(publicRecordEndpoints.productSnapshot, () => product),
      keyAnswer,
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<Snapshot />, { path: '/snapshot?product=7' });
    await userEvent.click(await screen.findByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows a company with its products listed then, each linking to its own snapshot at that moment', async () => {
    const org: OrgSnapshotData = {
      kind: 'org',
      at: product.at,
      atIso: product.atIso,
      generatedAt: product.generatedAt,
      org: {
        id: 3,
        name: { value: '南京绿筑', current: true },
        typeName: '生产企业',
        region: { value: '江苏省 南京市 江宁区', current: true },
        certified: { value: true, current: false },
      },
      products: [{ id: 7, name: '陶瓷透水砖', cities: ['南京市', '杭州市'] }],
      certificates: [],
      ledger: { head: null, entries: [], truncated: false },
    };
    fakeServer(
      answer(publicRecordEndpoints.orgSnapshot, () => org),
      keyAnswer,
    );
    renderWithProviders(<Snapshot />, { path: '/snapshot?org=3&at=2025-06-30' });
    expect(await screen.findByRole('heading', { name: /企业信息快照/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '陶瓷透水砖' })).toHaveAttribute(
      'href',
      '/snapshot?product=7&at=2025-06-30',
    );
    expect(screen.getByText('南京市、杭州市')).toBeInTheDocument();
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getByText('所选时点之前，存证账本尚无记录。')).toBeInTheDocument();
    expect(screen.getByText('所选时点没有有效的证书')).toBeInTheDocument();
  });

  it('404: no public record then; 400: the server’s word on the time; a bad address asks nothing', async () => {
    fakeServer(
      answer(publicRecordEndpoints.productSnapshot, (req) =>
        req.query.get('at') === 'nonsense'
          ? fieldErrors({ at: '时间格式不正确' })
          : failure(404, 40400, '产品不存在，或在该时间点未在任何城市入库公开'),
      ),
    );
    const first = renderWithProviders(<Snapshot />, { path: '/snapshot?product=7&at=2020-01-01' });
    expect(await screen.findByText('没有可公开的记录')).toBeInTheDocument();
    first.unmount();
    const second = renderWithProviders(<Snapshot />, { path: '/snapshot?product=7&at=nonsense' });
    expect(await screen.findByText('时间有误：时间格式不正确')).toBeInTheDocument();
    second.unmount();
    renderWithProviders(<Snapshot />, { path: '/snapshot?product=abc' });
    expect(screen.getByText(/地址有误/)).toBeInTheDocument();
  });

  it('moves to another date from the picker', async () => {
    const sent = fakeServer(
      answer(publicRecordEndpoints.productSnapshot, () => product),
      keyAnswer,
    );
    renderWithProviders(<Snapshot />, { path: '/snapshot?product=7' });
    const picker = await screen.findByLabelText('查看日期');
    await userEvent.clear(picker);
    await userEvent.type(picker, '2025-05-01');
    await userEvent.click(screen.getByRole('button', { name: /^查\s?看$/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/snapshot?product=7&at=2025-05-01'));
    await waitFor(() => expect(sent.some((s) => s.query.get('at') === '2025-05-01')).toBe(true));
  });
});
