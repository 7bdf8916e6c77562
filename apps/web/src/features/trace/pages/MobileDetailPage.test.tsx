import type { PublicTraceData } from '@jcbb/contract';
import {
  bytesToHex,
  encodeLedgerEntry,
  inclusionProof,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  signTreeHead,
  TREE_HEAD_FORMAT,
} from '@jcbb/contract/ledger-proof';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { publicLedgerApi } from '../../ledger/public.ts';
import mobileZh from '../locales/mobile.zh-CN.ts';
import { mobileTraceApi } from '../mobile-api.ts';
import { MobileDetail } from './MobileDetailPage.tsx';

afterEach(() => vi.restoreAllMocks());

const CODE = 'ABCDEFGHIJKLMNOPQRST';
const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * A real small evidence ledger (contract functions, as features/ledger/test-tree.ts builds one): a few unrelated
 * entries, then one trace-event entry per event hash and the certificate's entry, under a head signed with a fresh
 * Ed25519 key.
 */
function buildLedger(eventHashes: string[]) {
  const secretKey = new Uint8Array(32).map((_, i) => (i * 11 + 5) % 256);
  const contents = [hex('file 0'), hex('file 1'), ...eventHashes, hex('certificate CGBM-2026-000001')];
  const entries = contents.map((contentSha256, i) =>
    encodeLedgerEntry({
      v: 1,
      kind: i < 2 ? 'document' : i === contents.length - 1 ? 'certificate' : 'trace-event',
      orgId: 1,
      contentSha256,
      timestamp: 1_780_000_000_000 + i,
      meta: {},
    }),
  );
  const leaves = entries.map(leafHash);
  const sth = signTreeHead(
    { treeSize: entries.length, rootHash: bytesToHex(merkleRootFromLeafHashes(leaves)), timestamp: 1_780_000_100_000 },
    secretKey,
  );
  return {
    publicKey: bytesToHex(ledgerPublicKey(secretKey)),
    firstEventLeaf: 2,
    certificateLeaf: contents.length - 1,
    entry: (leafIndex: number) => ({
      leafIndex,
      kind: leafIndex === contents.length - 1 ? 'certificate' : 'trace-event',
      contentSha256: contents[leafIndex] as string,
      entry: toBase64(entries[leafIndex] as Uint8Array),
      leafHash: bytesToHex(leaves[leafIndex] as Uint8Array),
      timestamp: 1_780_000_000_000 + leafIndex,
    }),
    proof: (leafIndex: number) => ({
      leafIndex,
      treeSize: entries.length,
      leafHash: bytesToHex(leaves[leafIndex] as Uint8Array),
      inclusionProof: inclusionProof(leaves, leafIndex).map((p) => bytesToHex(p)),
      sth,
    }),
  };
}

const steps = [
  {
    step: 'commissioning',
    stepName: '赋码',
    org: '南京绿筑新型建材有限公司',
    city: '南京市',
    at: '2026-01-10 09:00:00',
  },
  { step: 'shipping', stepName: '发货', org: '南京绿筑新型建材有限公司', city: '南京市', at: '2026-01-12 10:00:00' },
  { step: 'receiving', stepName: '收货', org: '南京恒通建材贸易有限公司', city: '南京市', at: '2026-01-13 15:30:00' },
];

function page(overrides: Partial<PublicTraceData> = {}) {
  const hashes = steps.map((s) => hex(`event ${s.step}`));
  const ledger = buildLedger(hashes);
  const data: PublicTraceData = {
    code: CODE,
    level: 'item',
    quantity: 1,
    unitName: '袋',
    parentCode: 'PACKAGEAAAAAAAAAAAAA',
    childCount: 0,
    product: { id: 5, name: '石膏基自流平砂浆', specName: '25 kg 袋装', imageUploadId: null },
    maker: { name: '南京绿筑新型建材有限公司', cityName: '南京市' },
    lot: { batchNo: 'B20260110', productionDate: '2026-01-10', expiryDate: '2026-07-10' },
    certificate: {
      kind: 'certificate',
      name: 'CGBM-2026-000001',
      certNo: 'CGBM-2026-000001',
      valid: true,
      validUntil: '2030-12-31',
      leafIndex: ledger.certificateLeaf,
      asOf: '2026-02-01',
    },
    certificateState: 'valid',
    listings: [{ cityCode: '320100', cityName: '南京市', listed: true, stateName: '已入库' }],
    status: 'held',
    statusName: '已收货',
    custody: steps.map((s) => ({
      step: s.step,
      stepName: s.stepName,
      orgName: s.org,
      cityName: s.city,
      date: s.at.slice(0, 10),
    })),
    carbon: [
      {
        shipmentNumber: 'FH20260112001',
        shipDate: '2026-01-12',
        kgCO2e: 1.63,
        distanceKm: 65,
        distanceSource: 'measured',
      },
      {
        shipmentNumber: 'FH20260115002',
        shipDate: '2026-01-15',
        kgCO2e: null,
        distanceKm: 500,
        distanceSource: 'default_500',
      },
    ],
    events: steps.map((s, i) => ({
      eventId: `ni:///sha-256;${hashes[i]}?ver=CBV2.0`,
      eventType: 'ObjectEvent',
      bizStep: s.step,
      disposition: null,
      eventTime: s.at,
      orgName: s.org,
      cityName: s.city,
      leafIndex: ledger.firstEventLeaf + i,
      contentSha256: hashes[i] as string,
    })),
    alerts: [],
    scanCount: 7,
    ...overrides,
  };
  return { data, ledger };
}

function mockCalls({ data, ledger }: ReturnType<typeof page>) {
  vi.spyOn(publicLedgerApi, 'key').mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey: ledger.publicKey,
    hashAlgorithm: 'SHA-256',
    treeHeadFormat: TREE_HEAD_FORMAT,
  });
  const trace = vi.spyOn(mobileTraceApi, 'trace').mockResolvedValue(data);
  const entry = vi.spyOn(mobileTraceApi, 'ledgerEntry').mockImplementation(async (i) => ledger.entry(i));
  vi.spyOn(mobileTraceApi, 'inclusionProof').mockImplementation(async (i) => ledger.proof(i));
  return { trace, entry };
}

/** Ed25519 and SHA-256 in jsdom on a busy machine: give the browser-side check time. */
const WAIT = { timeout: 15_000 };

const render = (path: string) => renderWithProviders(<MobileDetail />, { traceMobile: mobileZh }, { path });

describe('/mobile/detail', { timeout: 20_000 }, () => {
  it('shows the material, its chain of custody and carbon, and verifies every record in the browser', async () => {
    const fixture = page();
    const { trace, entry } = mockCalls(fixture);
    render(`/mobile/detail?code=abcd-efgh-ijkl-mnop-qrst`);

    expect(await screen.findByText('石膏基自流平砂浆')).toBeInTheDocument();
    // The code as typed (lower case, dashes) is asked for as the label prints it.
    expect(trace).toHaveBeenCalledWith(CODE);
    expect(screen.getByText('ABCD EFGH IJKL MNOP QRST')).toBeInTheDocument();
    expect(screen.getByText('B20260110')).toBeInTheDocument();
    expect(screen.getByText('共被查询 7 次')).toBeInTheDocument();
    expect(screen.getByTestId('trace-certificate-state')).toHaveTextContent('有效');

    // Chain of custody: step, organisation, city, date.
    for (const s of ['赋码', '发货', '收货']) expect(screen.getByText(s)).toBeInTheDocument();
    expect(screen.getByText('南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(screen.getByText('2026-01-13')).toBeInTheDocument();

    // Carbon per shipment: the figure and the distance's source; no figure without mass.
    expect(screen.getByText('1.63 kgCO₂e')).toBeInTheDocument();
    expect(screen.getByText('实测距离')).toBeInTheDocument();
    expect(screen.getByText('缺少质量数据')).toBeInTheDocument();
    expect(screen.getByText('标准默认距离')).toBeInTheDocument();
    expect(screen.getByText('南京市 · 已入库')).toBeInTheDocument();

    // The verdict: three events and the certificate checked against the signed ledger, each entry fetched.
    const badge = await screen.findByTestId('trace-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('已验证'), WAIT);
    expect(screen.getByText('这件材料的 4 条记录都已在平台的存证日志中核对，内容未被改动。')).toBeInTheDocument();
    expect(entry).toHaveBeenCalledTimes(4);

    // Leaf indexes and hashes wait under 技术细节.
    expect(screen.queryByText('叶子序号')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /技术细节/ }));
    const table = await screen.findByTestId('trace-verify-technical');
    expect(within(table).getByText(/叶子序号 2 · 事件哈希/)).toBeInTheDocument();
    expect(within(table).getAllByText('通过')).toHaveLength(4);
  });

  it('says 验证失败 and names the record when an event does not match the ledger', async () => {
    const fixture = page();
    // The page claims another hash for the shipping event than the ledger holds (its id made to agree with it).
    const forged = hex('a different shipping event');
    const events = fixture.data.events.map((e, i) =>
      i === 1 ? { ...e, contentSha256: forged, eventId: `ni:///sha-256;${forged}?ver=CBV2.0` } : e,
    );
    mockCalls({ ...fixture, data: { ...fixture.data, events } });
    render(`/mobile/detail?code=${CODE}`);

    const badge = await screen.findByTestId('trace-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('验证失败'), WAIT);
    expect(screen.getByText('发货 2026-01-12：内容与存证记录不一致')).toBeInTheDocument();
    expect(screen.queryByText(/都已在平台的存证日志中核对/)).not.toBeInTheDocument();
  });

  it('fails an event whose id does not carry its content hash, without asking the ledger for it', async () => {
    const fixture = page();
    const events = fixture.data.events.map((e, i) =>
      i === 0 ? { ...e, eventId: `ni:///sha-256;${hex('something else')}?ver=CBV2.0` } : e,
    );
    const { entry } = mockCalls({ ...fixture, data: { ...fixture.data, events } });
    render(`/mobile/detail?code=${CODE}`);
    await vi.waitFor(() => expect(screen.getByTestId('trace-verify-badge')).toHaveTextContent('验证失败'), WAIT);
    expect(screen.getByText('赋码 2026-01-10：内容与存证记录不一致')).toBeInTheDocument();
    expect(entry).not.toHaveBeenCalledWith(fixture.ledger.firstEventLeaf);
  });

  it('puts alerts on top and shows a revoked certificate in red words', async () => {
    const fixture = page({
      alerts: [{ kind: 'after_installed', message: '此码对应的材料已安装使用，又被扫描，请核实是否为重复使用的标签' }],
      certificateState: 'revoked',
      certificate: {
        kind: 'none',
        name: null,
        certNo: null,
        valid: false,
        validUntil: null,
        leafIndex: null,
        asOf: '2026-02-01',
      },
    });
    mockCalls(fixture);
    render(`/mobile/detail?code=${CODE}`);
    const alert = await screen.findByText('此码对应的材料已安装使用，又被扫描，请核实是否为重复使用的标签');
    expect(alert).toBeInTheDocument();
    expect(screen.getByTestId('trace-certificate-state')).toHaveTextContent('已撤销');
    expect(screen.getByText('该产品的认证证书已被撤销，请谨慎使用。')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('trace-verify-badge')).toHaveTextContent('已验证'), WAIT);
  });

  it('shows a not-found state for a code nobody issued', async () => {
    vi.spyOn(mobileTraceApi, 'trace').mockRejectedValue(new ApiError('未找到该追溯码', 40400, 404));
    render(`/mobile/detail?code=${CODE}`);
    expect(await screen.findByText('未找到该追溯码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新查询' })).toHaveAttribute('href', '/mobile/index');
  });

  it('does not even ask for something that cannot be a code', async () => {
    const trace = vi.spyOn(mobileTraceApi, 'trace');
    render('/mobile/detail?code=<script>');
    expect(await screen.findByText('未找到该追溯码')).toBeInTheDocument();
    expect(trace).not.toHaveBeenCalled();
  });
});
