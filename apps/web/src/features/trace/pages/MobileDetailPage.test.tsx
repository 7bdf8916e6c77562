import type { PublicTraceData } from '@jcbb/contract';
import { fillPath } from '@jcbb/contract/endpoint';
import { eventHash } from '@jcbb/contract/epcis';
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
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import mobileZh from '../locales/mobile.zh-CN.ts';
import { ScanError, scanApi } from '../scan/scan-api.ts';
import { MobileDetail } from './MobileDetailPage.tsx';

afterEach(() => vi.restoreAllMocks());

const CODE = 'ABCDEFGHIJKLMNOPQRST';
const URN = `urn:jcbb:code:${CODE}`;
const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
type Json = Record<string, unknown>;

/** The code's three events as the server publishes them (EPCIS 2.0 with the jcbb: extensions a reader is shown). */
const commissioning: Json = {
  type: 'ObjectEvent',
  eventTime: '2026-11-01T10:00:00.000+08:00',
  eventTimeZoneOffset: '+08:00',
  epcList: [URN, 'urn:jcbb:code:OTHERCODEAAAAAAAAAAA'],
  action: 'ADD',
  bizStep: 'commissioning',
  disposition: 'active',
  readPoint: { id: 'urn:jcbb:region:320115' },
  ilmd: {
    'jcbb:specName': 'TR10 50 厚',
    'jcbb:unitName': '平方米',
    'jcbb:makerName': '南京绿筑新型建材有限公司',
    'cbvmda:lotNumber': 'YM20261101',
    'jcbb:productName': '岩棉保温板',
    'jcbb:unitsPerCode': '10',
    'jcbb:productionDate': '2026-11-01',
  },
  'jcbb:actorName': '南京绿筑新型建材有限公司',
  'jcbb:placeName': '南京市',
};
const line = {
  'jcbb:lot': 'urn:jcbb:lot:1',
  'jcbb:batchNo': 'YM20261101',
  'jcbb:quantity': '600',
  'jcbb:specName': 'TR10 50 厚',
  'jcbb:unitName': '平方米',
  'jcbb:codeCount': '60',
  'jcbb:productName': '岩棉保温板',
};
const shipping: Json = {
  type: 'ObjectEvent',
  eventTime: '2026-11-16T09:30:00.000+08:00',
  eventTimeZoneOffset: '+08:00',
  epcList: [URN],
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  readPoint: { id: 'urn:jcbb:region:320115' },
  bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:jcbb:shipment:FH202611280001' }],
  sourceList: [{ type: 'owning_party', source: 'urn:jcbb:org:1' }],
  destinationList: [{ type: 'owning_party', destination: 'urn:jcbb:org:2' }],
  'jcbb:lines': [line],
  'jcbb:actorName': '南京绿筑新型建材有限公司',
  'jcbb:placeName': '南京市',
  'jcbb:transport': {
    'jcbb:mode': '8',
    'jcbb:kgCO2e': '17.879',
    'jcbb:massKg': '3600',
    'jcbb:modeName': '重型柴油货车运输（载重18t）',
    'jcbb:distanceKm': '38.5',
    'jcbb:distanceSource': 'measured',
  },
  'jcbb:sourceName': '南京绿筑新型建材有限公司',
  'jcbb:destinationName': '南京恒通建材贸易有限公司',
};
const receiving: Json = {
  type: 'ObjectEvent',
  eventTime: '2026-11-17T15:20:00.000+08:00',
  eventTimeZoneOffset: '+08:00',
  epcList: [URN],
  action: 'OBSERVE',
  bizStep: 'receiving',
  disposition: 'in_progress',
  readPoint: { id: 'urn:jcbb:region:320113' },
  bizTransactionList: [
    { type: 'desadv', bizTransaction: 'urn:jcbb:shipment:FH202611280001' },
    { type: 'recadv', bizTransaction: 'urn:jcbb:receipt:SH202611280001' },
  ],
  sourceList: [{ type: 'owning_party', source: 'urn:jcbb:org:1' }],
  destinationList: [{ type: 'owning_party', destination: 'urn:jcbb:org:2' }],
  'jcbb:lines': [line],
  'jcbb:actorName': '南京恒通建材贸易有限公司',
  'jcbb:placeName': '南京市',
  'jcbb:sourceName': '南京绿筑新型建材有限公司',
  'jcbb:destinationName': '南京恒通建材贸易有限公司',
};

const withId = (event: Json): Json => ({ ...event, eventID: eventHash(event as never).id });

const CERT_CONTENT = JSON.stringify({
  certNo: 'CGBM-2026-000001',
  holder: '南京绿筑新型建材有限公司',
  product: '岩棉保温板',
  validFrom: '2026-01-01',
  validUntil: '2030-12-31',
});

/**
 * A real signed proof (contract functions, as features/ledger/test-tree.ts builds a ledger): two unrelated entries,
 * one trace-event entry per event (the hash recomputed from the event), the certificate's entry, one signed head.
 */
function buildProof(events: Json[], withCertificate: boolean) {
  const secretKey = new Uint8Array(32).map((_, i) => (i * 11 + 5) % 256);
  const published = events.map(withId);
  const contents = [
    hex('file 0'),
    hex('file 1'),
    ...published.map((e) => eventHash(e as never).sha256),
    ...(withCertificate ? [hex(CERT_CONTENT)] : []),
  ];
  const entries = contents.map((contentSha256, i) =>
    encodeLedgerEntry({
      v: 1,
      kind: i < 2 ? 'document' : i >= 2 + events.length ? 'certificate' : 'trace-event',
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
  const leaf = (i: number) => ({
    leafIndex: i,
    entry: toBase64(entries[i] as Uint8Array),
    leafHash: bytesToHex(leaves[i] as Uint8Array),
    inclusionProof: inclusionProof(leaves, i).map((p) => bytesToHex(p)),
  });
  const proof: PublicTraceData['proof'] = {
    sth,
    events: published.map((event, i) => ({ ...leaf(2 + i), event })),
    certificate: withCertificate ? { ...leaf(2 + events.length), content: CERT_CONTENT } : null,
  };
  return { proof, publicKey: bytesToHex(ledgerPublicKey(secretKey)) };
}

function answer(overrides: Partial<PublicTraceData> = {}, events = [commissioning, shipping, receiving]) {
  const { proof, publicKey } = buildProof(events, true);
  const data: PublicTraceData = {
    code: CODE,
    level: 'item',
    quantity: 10,
    unitName: '平方米',
    parentCode: null,
    childCount: 0,
    product: { id: 3, name: '岩棉保温板', specName: 'TR10 50 厚', imageUploadId: null },
    maker: { name: '南京绿筑新型建材有限公司', cityName: '南京市' },
    lot: { batchNo: 'YM20261101', productionDate: '2026-11-01', expiryDate: null },
    certificate: {
      kind: 'certificate',
      name: '绿色建材产品认证证书',
      certNo: 'CGBM-2026-000001',
      valid: true,
      validUntil: '2030-12-31',
      leafIndex: proof.certificate?.leafIndex ?? null,
      asOf: '2026-11-28',
    },
    certificateState: 'valid',
    listings: [{ cityCode: '320100', cityName: '南京市', listed: true, stateName: '已入库' }],
    status: 'held',
    statusName: '已收货',
    proof,
    alerts: [],
    scanCount: 7,
    letters: [],
    ...overrides,
  };
  return { data, publicKey };
}

function mockCalls({ data, publicKey }: { data: PublicTraceData; publicKey: string }) {
  const key = vi.spyOn(scanApi, 'key').mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey,
    hashAlgorithm: 'SHA-256',
    treeHeadFormat: TREE_HEAD_FORMAT,
    fingerprint: 'ab12 cd34',
  });
  const trace = vi.spyOn(scanApi, 'trace').mockResolvedValue(data);
  return { trace, key };
}

/** The same answer with one event of the proof replaced (its ledger entry and proof untouched). */
function tamper(data: PublicTraceData, at: number, change: Json, recomputeId: boolean): PublicTraceData {
  const events = data.proof.events.map((e, i) => {
    if (i !== at) return e;
    const event: Json = { ...e.event, ...change };
    if (recomputeId) event.eventID = eventHash(event as never).id;
    return { ...e, event };
  });
  return { ...data, proof: { ...data.proof, events } };
}

/** Ed25519 and SHA-256 in jsdom on a busy machine: give the browser-side check time. */
const WAIT = { timeout: 15_000 };

const render = (path: string) => renderWithProviders(<MobileDetail />, { traceMobile: mobileZh }, { path });
const badge = async (text: string) => {
  const el = await screen.findByTestId('trace-verify-badge');
  await vi.waitFor(() => expect(el).toHaveTextContent(text), WAIT);
  return el;
};
const steps = () => screen.getAllByTestId('trace-step');

describe('/mobile/detail', { timeout: 30_000 }, () => {
  it('verifies the proof in the browser and draws the chain of custody from the checked events', async () => {
    const { trace, key } = mockCalls(answer());
    render(`/mobile/detail?code=abcd-efgh-ijkl-mnop-qrst`);

    expect(await badge('已验证')).not.toHaveTextContent('部分');
    // One answer and the key: the code as the label prints it, no per-leaf ledger calls.
    expect(trace).toHaveBeenCalledTimes(1);
    expect(trace).toHaveBeenCalledWith(CODE);
    expect(key).toHaveBeenCalledTimes(1);
    expect(screen.getByText('ABCD EFGH IJKL MNOP QRST')).toBeInTheDocument();
    expect(screen.getByText(/这件材料的记录|已在您的手机上逐条核对/)).toBeInTheDocument();

    // The chain: step names, organisations, places, dates, quantities with units and code counts, transport carbon.
    expect(steps()).toHaveLength(3);
    const [made, shipped, received] = steps() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(made).getByText('生产赋码')).toBeInTheDocument();
    expect(within(made).getByText('2026-11-01')).toBeInTheDocument();
    expect(within(shipped).getByText('发货')).toBeInTheDocument();
    expect(within(shipped).getByText('南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(within(shipped).getByText('FH202611280001')).toBeInTheDocument();
    expect(within(shipped).getByText('17.879', { exact: false })).toHaveTextContent('运输碳排放 17.879 kgCO₂e');
    expect(within(shipped).getByText(/38\.5 km（实测距离）/)).toBeInTheDocument();
    expect(within(received).getByText('收货')).toBeInTheDocument();
    expect(within(received).getByText('2026-11-17')).toBeInTheDocument();
    expect(
      within(received).getByText('岩棉保温板 TR10 50 厚 · 批号 YM20261101 · 600 平方米（60 个追溯码）'),
    ).toBeInTheDocument();
    for (const s of steps()) expect(within(s).getByText('✓ 已验证')).toBeInTheDocument();

    // The lot's facts from the commissioning event's ILMD, each marked as checked.
    const lot = screen.getByTestId('trace-lot');
    expect(within(screen.getByTestId('lot-productionDate')).getByText('2026-11-01')).toBeInTheDocument();
    expect(within(screen.getByTestId('lot-quantity')).getByText('10 平方米')).toBeInTheDocument();
    expect(within(lot).queryByText('平台记录')).not.toBeInTheDocument();
    // The certificate's ledger record.
    expect(screen.getByText('2026-01-01 ~ 2030-12-31')).toBeInTheDocument();

    // What the proof does not cover is named, and shown apart as the platform's current record.
    expect(screen.getByTestId('trace-not-covered')).toHaveTextContent(
      '不在核验范围内：追溯码当前状态、证书当前状态、入库城市、查询次数。',
    );
    const platform = screen.getByTestId('trace-platform');
    expect(
      within(platform).getByText('以下是平台此刻的记录，会随时间变化，不在上面的核验范围内。'),
    ).toBeInTheDocument();
    expect(within(platform).getByTestId('trace-certificate-state')).toHaveTextContent('有效');
    expect(within(platform).getByText('共被查询 7 次')).toBeInTheDocument();
    expect(within(platform).getByText('南京市 · 已入库')).toBeInTheDocument();

    // Event ids, leaves, head and key fingerprint wait folded under 技术细节.
    const technical = screen.getByTestId('trace-verify-technical');
    expect(technical).not.toBeVisible();
    await userEvent.click(screen.getByText('技术细节'));
    expect(technical).toBeVisible();
    expect(within(technical).getAllByText('通过')).toHaveLength(4);
    expect(screen.getByText(/公钥指纹: ab12 cd34/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '证明文件（JSON）' })).toHaveAttribute(
      'href',
      fillPath(traceEndpoints.publicTraceProof.path, { code: CODE }),
    );
  });

  const changes: Record<string, { change: Json; altered: RegExp; kept: string }> = {
    receiver: {
      change: { 'jcbb:destinationName': '别的建材公司' },
      altered: /别的建材公司/,
      kept: '2026-11-17',
    },
    date: { change: { eventTime: '2026-11-20T15:20:00.000+08:00' }, altered: /2026-11-20/, kept: 'SH202611280001' },
    quantity: {
      change: { 'jcbb:lines': [{ ...line, 'jcbb:quantity': '6000', 'jcbb:codeCount': '600' }] },
      altered: /6000/,
      kept: 'SH202611280001',
    },
  };
  for (const [what, { change, altered, kept }] of Object.entries(changes)) {
    for (const recomputeId of [false, true]) {
      it(`shows no 已验证 for a receiving event whose ${what} was altered (id ${recomputeId ? 'recomputed' : 'kept'})`, async () => {
        const good = answer();
        mockCalls({ ...good, data: tamper(good.data, 2, change, recomputeId) });
        render(`/mobile/detail?code=${CODE}`);

        expect(await badge('验证失败')).not.toHaveTextContent('已验证');
        expect(screen.getByText('有 1 条记录没有通过核对，请勿轻信这些记录，并向供货单位核实。')).toBeInTheDocument();
        const received = steps()[2] as HTMLElement;
        expect(within(received).getByText('✕ 未通过验证')).toBeInTheDocument();
        expect(within(received).queryByText(/已验证/)).not.toBeInTheDocument();
        expect(
          within(received).getByText(recomputeId ? /存证日志里记的是另一份内容/ : /记录内容被改动过/),
        ).toBeInTheDocument();
        // Nothing of the altered event is shown as a fact: neither the altered value nor the rest of its content.
        expect(screen.queryByText(altered)).not.toBeInTheDocument();
        expect(screen.queryByText(kept)).not.toBeInTheDocument();
        // The other events still checked.
        expect(within(steps()[1] as HTMLElement).getByText('✓ 已验证')).toBeInTheDocument();
      });
    }
  }

  it('says 验证失败 under a wrong key and shows no step as fact', async () => {
    const good = answer();
    mockCalls({ ...good, publicKey: bytesToHex(new Uint8Array(32).fill(7)) });
    render(`/mobile/detail?code=${CODE}`);
    await badge('验证失败');
    expect(screen.getByText(/存证日志的签名不成立，本页没有一条记录可以核对/)).toBeInTheDocument();
    expect(steps()).toHaveLength(3);
    for (const s of steps()) expect(within(s).getByText('✕ 未通过验证')).toBeInTheDocument();
    expect(screen.queryByText('南京恒通建材贸易有限公司')).not.toBeInTheDocument();
    expect(screen.queryByText(/已验证/)).not.toBeInTheDocument();
  });

  it('shows the event’s lot facts when the answer’s own fields disagree, and flags the difference', async () => {
    mockCalls(answer({ lot: { batchNo: 'YM20261101', productionDate: '2026-10-01', expiryDate: null } }));
    render(`/mobile/detail?code=${CODE}`);
    await badge('已验证');
    const row = screen.getByTestId('lot-productionDate');
    expect(within(row).getByText('2026-11-01')).toBeInTheDocument();
    expect(within(row).getByRole('note')).toHaveTextContent(
      '平台当前记录为“2026-10-01”，与存证记录不一致，以存证记录为准',
    );
  });

  it('says which facts are not covered when no checked event states them (部分已验证)', async () => {
    mockCalls(answer({}, [shipping, receiving]));
    render(`/mobile/detail?code=${CODE}`);
    await badge('部分已验证');
    expect(within(screen.getByTestId('lot-productionDate')).getByText('平台记录')).toBeInTheDocument();
    expect(screen.getByTestId('trace-not-covered')).toHaveTextContent('生产日期');
    expect(screen.getByTestId('trace-not-covered')).toHaveTextContent('生产批号');
  });

  it('puts alerts on top as the platform’s record and shows a revoked certificate in red words', async () => {
    mockCalls(
      answer({
        alerts: [
          { kind: 'after_installed', message: '此码对应的材料已安装使用，又被扫描，请核实是否为重复使用的标签' },
        ],
        certificateState: 'revoked',
      }),
    );
    render(`/mobile/detail?code=${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('此码对应的材料已安装使用');
    expect(screen.getByTestId('trace-certificate-state')).toHaveTextContent('已撤销');
    expect(screen.getByText('该产品的认证证书已被撤销，请谨慎使用。')).toBeInTheDocument();
    await badge('已验证');
    expect(screen.getByTestId('trace-not-covered')).toHaveTextContent('预警');
  });

  it('shows the letter a distributor shipped under, linked to its own verification page, apart from the proof', async () => {
    mockCalls(
      answer({
        letters: [
          {
            makerName: '南京绿筑新型建材有限公司',
            distributorName: '南京恒通建材贸易有限公司',
            letterNumber: 'AU20261101-0001',
            letterPublicId: 'pUb-1d_x',
          },
        ],
      }),
    );
    render(`/mobile/detail?code=${CODE}`);
    const row = await screen.findByTestId('trace-letters');
    expect(row).toHaveTextContent(
      '南京绿筑新型建材有限公司 授权 南京恒通建材贸易有限公司 销售，授权书 AU20261101-0001',
    );
    expect(within(row).getByRole('link', { name: '查看并核验授权书' })).toHaveAttribute(
      'href',
      '/free/authorisation?id=pUb-1d_x',
    );
    expect(row).toHaveTextContent('不在上面的追溯核验范围内');
    await badge('已验证');
  });

  it('shows no letter row for a delivery the maker shipped itself', async () => {
    mockCalls(answer());
    render(`/mobile/detail?code=${CODE}`);
    await badge('已验证');
    expect(screen.queryByTestId('trace-letters')).toBeNull();
  });

  it('shows a not-found state for a code nobody issued', async () => {
    vi.spyOn(scanApi, 'trace').mockRejectedValue(new ScanError('未找到该追溯码', 404));
    vi.spyOn(scanApi, 'key').mockResolvedValue({
      algorithm: 'Ed25519',
      publicKey: '00',
      hashAlgorithm: 'SHA-256',
      treeHeadFormat: TREE_HEAD_FORMAT,
      fingerprint: '',
    });
    render(`/mobile/detail?code=${CODE}`);
    expect(await screen.findByText('未找到该追溯码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新查询' })).toHaveAttribute('href', '/mobile/index');
  });

  it('does not even ask for something that cannot be a code', async () => {
    const trace = vi.spyOn(scanApi, 'trace');
    render('/mobile/detail?code=<script>');
    expect(await screen.findByText('未找到该追溯码')).toBeInTheDocument();
    expect(trace).not.toHaveBeenCalled();
  });
});
