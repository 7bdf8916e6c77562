import type { CertificateVerifyData } from '@jcbb/contract';
import {
  bytesToHex,
  canonicalEntryJson,
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
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scanApi } from '../../trace/public.ts';
import { CertificateLookup, certificateApi } from './CertificateLookup.tsx';

afterEach(() => vi.restoreAllMocks());

const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A certificate record on a real small ledger (contract functions), as the server publishes it. */
function certificate(record: Record<string, unknown>) {
  const secretKey = new Uint8Array(32).map((_, i) => (i * 7 + 3) % 256);
  const content = canonicalEntryJson(record as never);
  const contents = [hex('file 0'), hex('file 1'), hex(content)];
  const entries = contents.map((contentSha256, i) =>
    encodeLedgerEntry({
      v: 1,
      kind: i === 2 ? 'certificate' : 'document',
      orgId: 1,
      contentSha256,
      timestamp: i,
      meta: {},
    }),
  );
  const leaves = entries.map(leafHash);
  const sth = signTreeHead(
    { treeSize: 3, rootHash: bytesToHex(merkleRootFromLeafHashes(leaves)), timestamp: 1_780_000_100_000 },
    secretKey,
  );
  const data: CertificateVerifyData = {
    certNo: 'CGBM-2026-000001',
    publicId: 'abc',
    type: 1,
    typeName: '认证',
    holder: '南京绿筑新型建材有限公司',
    product: { id: 5, name: '岩棉保温板' },
    issuer: '华夏绿色建材认证中心有限公司',
    starRating: 3,
    validFrom: '2026-01-01',
    validUntil: '2030-12-31',
    state: 'valid',
    stateName: '有效',
    revokedAt: null,
    revokeReason: null,
    checkedOn: '2026-11-28',
    certificate: {
      kind: 'certificate',
      leafIndex: 2,
      entry: toBase64(entries[2] as Uint8Array),
      leafHash: bytesToHex(leaves[2] as Uint8Array),
      contentSha256: contents[2] as string,
      content,
      inclusionProof: inclusionProof(leaves, 2).map((p) => bytesToHex(p)),
      sth,
    },
    revocation: null,
    publicKeyUrl: '/.well-known/jcbb-ledger-key.json',
    verifyUrl: '/free/certificate?no=CGBM-2026-000001',
  };
  return { data, publicKey: bytesToHex(ledgerPublicKey(secretKey)) };
}

const RECORD = {
  format: 'jcbb-certificate/v1',
  type: 1,
  certNo: 'CGBM-2026-000001',
  publicId: 'abc',
  holderOrgId: 1,
  holder: '南京绿筑新型建材有限公司',
  productId: 5,
  product: '岩棉保温板',
  issuerOrgId: 7,
  issuer: '华夏绿色建材认证中心有限公司',
  starRating: 3,
  validFrom: '2026-01-01',
  validUntil: '2030-12-31',
  issuedAt: '2026-01-01T02:00:00.000Z',
};

function mock(data: CertificateVerifyData, publicKey: string) {
  vi.spyOn(scanApi, 'key').mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey,
    hashAlgorithm: 'SHA-256',
    treeHeadFormat: TREE_HEAD_FORMAT,
    fingerprint: 'ab12',
  });
  return vi.spyOn(certificateApi, 'verify').mockResolvedValue(data);
}

const WAIT = { timeout: 15_000 };

describe('/free/certificate (light)', { timeout: 30_000 }, () => {
  it('marks every shown fact 已验证 from the checked record and names what the proof does not cover', async () => {
    const { data, publicKey } = certificate(RECORD);
    const verify = mock(data, publicKey);
    render(<CertificateLookup initialNo=" cgbm-2026-000001 " />);
    const badge = await screen.findByTestId('certificate-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('已验证'), WAIT);
    expect(verify).toHaveBeenCalledWith('CGBM-2026-000001');
    const holder = screen.getByText('南京绿筑新型建材有限公司').closest('dd') as HTMLElement;
    expect(within(holder).getByText('✓ 已验证')).toBeInTheDocument();
    expect(screen.getByTestId('certificate-not-covered')).toHaveTextContent(
      '不在核验范围内：证书当前状态（按有效期和撤销记录推算；“未被撤销”无法由存证证明）、查验日期。',
    );
  });

  it('says 验证失败 when a shown field is not the record’s, and marks nothing 已验证', async () => {
    const { data, publicKey } = certificate(RECORD);
    mock({ ...data, validUntil: '2035-12-31' }, publicKey);
    render(<CertificateLookup initialNo="CGBM-2026-000001" />);
    const badge = await screen.findByTestId('certificate-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('验证失败'), WAIT);
    expect(screen.queryByText('✓ 已验证')).not.toBeInTheDocument();
  });

  it('names a shown fact the record does not hold as not covered', async () => {
    const { starRating: _, ...withoutStars } = RECORD;
    const { data, publicKey } = certificate(withoutStars);
    mock(data, publicKey);
    render(<CertificateLookup initialNo="CGBM-2026-000001" />);
    const badge = await screen.findByTestId('certificate-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('已验证'), WAIT);
    expect(screen.getByTestId('certificate-not-covered')).toHaveTextContent('不在核验范围内：星级、');
  });

  it('says 验证失败 under a wrong key', async () => {
    const { data } = certificate(RECORD);
    mock(data, bytesToHex(new Uint8Array(32).fill(7)));
    render(<CertificateLookup initialNo="CGBM-2026-000001" />);
    const badge = await screen.findByTestId('certificate-verify-badge');
    await vi.waitFor(() => expect(badge).toHaveTextContent('验证失败'), WAIT);
  });
});
