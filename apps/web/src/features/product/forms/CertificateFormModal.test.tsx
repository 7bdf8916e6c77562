import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CertificateFormModal } from './CertificateFormModal.tsx';

beforeEach(() => {
  vi.spyOn(productApi, 'qualificationDropDatas').mockResolvedValue({
    documentKinds: [],
    starRatings: [],
    issuers: ['华夏绿色建材认证中心有限公司'],
    materialTypes: [],
  });
});
afterEach(() => vi.restoreAllMocks());

function typeDate(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('CertificateFormModal', { timeout: 60_000 }, () => {
  it('asks for every particular: number, issuer, stars, validity and the file', async () => {
    const add = vi.spyOn(productApi, 'addDocument');
    renderWithProviders(<CertificateFormModal open productId={1} onClose={vi.fn()} onSaved={vi.fn()} />);
    save();
    expect(await screen.findByText('请输入证书编号')).toBeInTheDocument();
    expect(screen.getByText('请输入发证机构')).toBeInTheDocument();
    expect(screen.getByText('请选择星级')).toBeInTheDocument();
    expect(screen.getByText('请选择有效期起始日期')).toBeInTheDocument();
    expect(screen.getByText('请选择有效期截止日期')).toBeInTheDocument();
    expect(screen.getByText('请上传证书文件')).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it('refuses a validity that ends before (or on) the day it starts', async () => {
    const add = vi.spyOn(productApi, 'addDocument');
    renderWithProviders(<CertificateFormModal open productId={1} onClose={vi.fn()} onSaved={vi.fn()} />);
    typeDate('有效期起', '2026-05-11');
    typeDate('有效期止', '2026-05-11');
    save();
    expect(await screen.findByText('有效期截止日期应晚于起始日期')).toBeInTheDocument();
    typeDate('有效期止', '2025-05-10');
    save();
    expect(await screen.findByText('有效期截止日期应晚于起始日期')).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it('offers one to three stars only', () => {
    renderWithProviders(<CertificateFormModal open productId={1} onClose={vi.fn()} onSaved={vi.fn()} />);
    const stars = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value);
    expect(stars).toEqual(['1', '2', '3']);
  });

  it('sends a complete certificate as a green-certificate document of the product', async () => {
    const add = vi.spyOn(productApi, 'addDocument').mockResolvedValue({ id: 40 });
    vi.spyOn(productApi, 'upload').mockResolvedValue({
      id: 9,
      name: '证书.pdf',
      mime: 'application/pdf',
      size: 1000,
      sha256: 'a'.repeat(64),
    } as never);
    const onSaved = vi.fn();
    renderWithProviders(<CertificateFormModal open productId={3} onClose={vi.fn()} onSaved={onSaved} />);
    type('证书编号', 'LJC-2025-0104-00318');
    type('发证机构', '华夏绿色建材认证中心有限公司');
    fireEvent.click(screen.getByRole('radio', { name: /2 星/ }));
    typeDate('有效期起', '2026-05-11');
    typeDate('有效期止', '2029-05-10');
    const file = new File(['%PDF-1.4'], '证书.pdf', { type: 'application/pdf' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByText('证书.pdf');
    save();
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith({
        productId: 3,
        kind: 3,
        name: '证书.pdf',
        uploadId: 9,
        certNo: 'LJC-2025-0104-00318',
        issuer: '华夏绿色建材认证中心有限公司',
        starRating: 2,
        validFrom: '2026-05-11',
        validUntil: '2029-05-10',
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
