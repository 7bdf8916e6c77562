import type { CertificateVerifyData } from '@jcbb/contract';
import { TREE_HEAD_FORMAT } from '@jcbb/contract/ledger-proof';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { publicLedgerApi } from '../../ledger/public.ts';
import { buildTestLedger } from '../../ledger/test-tree.ts';
import { publicCertificateApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { FreeCertificate } from './FreeCertificatePage.tsx';

afterEach(() => vi.restoreAllMocks());

function certificate(overrides: Partial<CertificateVerifyData> = {}): { data: CertificateVerifyData; key: string } {
  const { evidence, publicKey } = buildTestLedger(7, 4);
  return {
    key: publicKey,
    data: {
      certNo: 'CGBM-2026-000001',
      publicId: 'abc',
      type: 3,
      typeName: '认证申请',
      holder: '南京绿筑',
      product: { id: 5, name: '蒸压加气混凝土砌块' },
      issuer: '江苏绿色建材认证中心',
      starRating: 3,
      validFrom: '2026-01-01',
      validUntil: '2030-12-31',
      state: 'valid',
      stateName: '有效',
      revokedAt: null,
      revokeReason: null,
      checkedOn: '2026-11-22',
      certificate: {
        ...evidence,
        kind: 'certificate',
        content: evidence.content ?? '',
        inclusionProof: [...evidence.inclusionProof],
      },
      revocation: null,
      publicKeyUrl: '/open/ledger/key',
      verifyUrl: '/free/certificate?no=CGBM-2026-000001',
      ...overrides,
    },
  };
}

function mockKey(publicKey: string) {
  vi.spyOn(publicLedgerApi, 'key').mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey,
    hashAlgorithm: 'SHA-256',
    treeHeadFormat: TREE_HEAD_FORMAT,
    fingerprint: 'ab12 cd34',
  });
}

describe('/free/certificate', { timeout: 20_000 }, () => {
  it('looks a typed number up (trimmed, upper-case), shows the certificate and verifies it in the browser', async () => {
    const { data, key } = certificate();
    mockKey(key);
    const verify = vi.spyOn(publicCertificateApi, 'verify').mockResolvedValue(data);
    renderWithProviders(<FreeCertificate />, { path: '/free/certificate' });
    const input = screen.getByLabelText('证书编号');
    fireEvent.change(input, { target: { value: '  cgbm-2026-000001 ' } });
    await userEvent.setup().click(screen.getByRole('button', { name: /查\s*验/ }));
    await waitFor(() => expect(verify).toHaveBeenCalledWith('CGBM-2026-000001'));
    expect(await screen.findByText('南京绿筑')).toBeInTheDocument();
    expect(screen.getByText('蒸压加气混凝土砌块')).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 ~ 2030-12-31')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 星' })).toBeInTheDocument();
    expect(screen.getByText('有效')).toBeInTheDocument();
    // The buyer reads the outcome first; hashes, proof, tree head and key wait under 技术细节.
    expect(await screen.findByText('证书记录已在存证日志中核验，未被篡改')).toBeInTheDocument();
    expect(screen.queryByText(/存证记录包含在第 7 号树头中/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /技术细节/ }));
    expect(await screen.findByText(/存证记录包含在第 7 号树头中/)).toBeInTheDocument();
    expect(screen.getByText(/默克尔包含证明/)).toBeInTheDocument();
  });

  it('opens a certificate straight from the QR code’s ?no=', async () => {
    const { data, key } = certificate({
      state: 'revoked',
      stateName: '已撤销',
      revokedAt: '2026-11-01 09:00:00',
      revokeReason: '抽检不合格',
    });
    mockKey(key);
    const verify = vi.spyOn(publicCertificateApi, 'verify').mockResolvedValue(data);
    renderWithProviders(<FreeCertificate />, { path: '/free/certificate?no=CGBM-2026-000001' });
    await waitFor(() => expect(verify).toHaveBeenCalledWith('CGBM-2026-000001'));
    expect(await screen.findByText('证书已撤销')).toBeInTheDocument();
    expect(screen.getByText(/抽检不合格/)).toBeInTheDocument();
  });

  it('says plainly when the shown certificate does not match the ledger', async () => {
    const { data, key } = certificate();
    mockKey(key);
    vi.spyOn(publicCertificateApi, 'verify').mockResolvedValue({ ...data, certNo: 'CGBM-2026-999999' });
    renderWithProviders(<FreeCertificate />, { path: '/free/certificate?no=CGBM-2026-999999' });
    expect(await screen.findByText('核验未通过：这条记录与存证日志不一致，请勿采信')).toBeInTheDocument();
    // A failed check opens the technical details by itself.
    expect(screen.getByText(/证书内容与存证记录不一致/)).toBeInTheDocument();
  });

  it('says a number was not found', async () => {
    vi.spyOn(publicCertificateApi, 'verify').mockRejectedValue(new ApiError('证书不存在', 40400, 404));
    renderWithProviders(<FreeCertificate />, { path: '/free/certificate?no=NOPE-1' });
    expect(await screen.findByText('未找到证书 NOPE-1')).toBeInTheDocument();
  });

  it('sends nothing for an empty search', async () => {
    const verify = vi.spyOn(publicCertificateApi, 'verify');
    renderWithProviders(<FreeCertificate />, { path: '/free/certificate' });
    await userEvent.setup().click(screen.getByRole('button', { name: /查\s*验/ }));
    expect(verify).not.toHaveBeenCalled();
  });
});
