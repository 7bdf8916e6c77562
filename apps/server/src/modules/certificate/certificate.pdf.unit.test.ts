import { describe, expect, it } from 'vitest';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import type { CertificateView } from './certificate.service.ts';

const cert: CertificateView = {
  id: 1,
  certNo: 'CGBM-2026-000001',
  publicId: 'AbCdEfGhIjKlMnOpQrStUv',
  type: 3,
  typeName: '认证申请',
  holder: { id: 1, name: '南京绿筑新型建材有限公司' },
  product: { id: 9, name: '石膏基自流平砂浆' },
  issuer: { id: 7, name: '华夏绿色建材认证中心有限公司' },
  starRating: 2,
  validFrom: '2026-11-22',
  validUntil: '2031-11-21',
  state: 'valid',
  stateName: '有效',
  revokedAt: null,
  revokeReason: null,
  leafIndex: 12,
  applicationId: 1,
  issuedAt: '2026-11-22 10:00:00',
  verifyUrl: 'https://jcbb.example.cn/free/certificate?no=CGBM-2026-000001',
};

/** Read the PDF back as bytes: header, info dictionary, link annotation, embedded font, page count. */
function inspect(pdf: Buffer) {
  const text = pdf.toString('latin1');
  return {
    header: text.slice(0, 5),
    trailer: text.trimEnd().endsWith('%%EOF'),
    pages: (text.match(/\/Type \/Page\b/g) ?? []).length,
    uri: /\/URI \(([^)]*)\)/.exec(text)?.[1],
    /** The info dictionary's Subject, an indirect string object: `/Subject 18 0 R` … `18 0 obj\n(…)`. */
    subject: (() => {
      const ref = /\/Subject (\d+) 0 R/.exec(text)?.[1];
      return ref ? new RegExp(`\\b${ref} 0 obj\\s*\\(([^)]*)\\)`).exec(text)?.[1] : undefined;
    })(),
    fonts: [...text.matchAll(/\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]),
  };
}

describe('certificate PDF', () => {
  it('is one A4 page carrying the number and the QR code’s verification link (Chinese layout)', async () => {
    const font = findCjkFont(null);
    if (!font) return; // without a CJK font the English layout below is what the server produces
    const pdf = await renderCertificatePdf(cert, { font });
    const seen = inspect(pdf);
    expect(seen.header).toBe('%PDF-');
    expect(seen.trailer).toBe(true);
    expect(seen.pages).toBe(1);
    expect(seen.subject).toBe(cert.certNo);
    expect(seen.uri).toBe(cert.verifyUrl);
    // The CJK font is embedded as a subset (ABCDEF+Name).
    expect(seen.fonts.some((f) => /^[A-Z]{6}\+WenQuanYi/.test(f as string))).toBe(true);
  });

  it('falls back to an English-only layout in Helvetica without a CJK font, revoked stamp included', async () => {
    const pdf = await renderCertificatePdf(
      { ...cert, state: 'revoked', stateName: '已撤销', revokeReason: '监督抽检不合格' },
      { font: null },
    );
    const seen = inspect(pdf);
    expect(seen.header).toBe('%PDF-');
    expect(seen.pages).toBe(1);
    expect(seen.uri).toBe(cert.verifyUrl);
    expect(seen.fonts).toContain('Helvetica');
    expect(seen.fonts.some((f) => (f as string).includes('WenQuanYi'))).toBe(false);
  });
});
