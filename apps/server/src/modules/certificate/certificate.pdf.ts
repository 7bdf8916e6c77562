import { ApplicationType } from '@jcbb/contract';
import { keyFingerprint } from '@jcbb/contract/ledger-proof';
import type { FontChoice } from '../../lib/cjk-font.ts';
import { drawQrCode } from '../../lib/pdf-qr.ts';
import { ledgerSigner } from '../ledger/index.ts';
import type { CertificateView } from './certificate.service.ts';

/*
 * The certificate as a PDF (A4) carrying a QR code of its public verification URL. Chinese text needs a CJK
 * font: the caller passes the one lib/cjk-font.ts found (CERTIFICATE_FONT or a Debian font), embedded as a
 * subset. Without any, the PDF falls back to an English-only layout in the built-in Helvetica, printing
 * names it cannot render as a pointer to the verification page (README, "Certificate PDF").
 */

/** Printable in Helvetica (WinAnsi): plain ASCII only, to be safe. */
const isAscii = (text: string) => /^[\x20-\x7E]*$/.test(text);

export interface PdfOptions {
  /** The CJK font (lib/cjk-font.ts findCjkFont); null forces the English-only layout. */
  font: FontChoice | null;
}

export async function renderCertificatePdf(cert: CertificateView, options: PdfOptions): Promise<Buffer> {
  const { font } = options;
  const cjk = font !== null;
  const declaration = cert.type === ApplicationType.SELF_DECLARED;
  // pdfkit is loaded on the first certificate, not at start-up (about 0.7 s of every server start).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: cjk
        ? `${declaration ? '绿色建材自我声明' : '绿色建材认证证书'} ${cert.certNo}`
        : `Certificate ${cert.certNo}`,
      Subject: cert.certNo,
      Keywords: cert.verifyUrl,
      Creator: 'jcbb',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (font) {
    doc.registerFont('body', font.path, font.family);
    doc.font('body');
  } else {
    doc.font('Helvetica');
  }
  const name = (text: string) => (cjk || isAscii(text) ? text : '(see the verification page)');
  const { width, height } = doc.page;

  // Frame
  doc
    .lineWidth(3)
    .strokeColor('#2e7d32')
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  // Title
  doc.fillColor('#1b5e20').fontSize(26);
  const title = cjk
    ? declaration
      ? '绿色建材自我声明'
      : '绿色建材认证证书'
    : declaration
      ? 'Green Building Material Self-Declaration'
      : 'Green Building Material Certificate';
  doc.text(title, 56, 90, { width: width - 112, align: 'center' });
  if (cjk) {
    doc
      .fontSize(11)
      .fillColor('#555')
      .text(declaration ? 'Green Building Material Self-Declaration' : 'Green Building Material Certificate', {
        width: width - 112,
        align: 'center',
      });
  }
  doc
    .moveDown(0.6)
    .fontSize(13)
    .fillColor('#000')
    .text(`${cjk ? '证书编号' : 'Certificate No.'}: ${cert.certNo}`, {
      width: width - 112,
      align: 'center',
    });

  // Fields
  const stars = cert.starRating ? `${'★'.repeat(cert.starRating)}（${cert.starRating} 星）` : '—';
  const rows: Array<[string, string]> = cjk
    ? [
        ['持证单位', cert.holder.name],
        ['产品名称', cert.product.name],
        ['星级', stars],
        ['有效期', `${cert.validFrom} 至 ${cert.validUntil}`],
        [declaration ? '声明单位' : '发证机构', cert.issuer.name],
        ['发证日期', cert.issuedAt.slice(0, 10)],
        ['状态', cert.stateName],
      ]
    : [
        ['Holder', name(cert.holder.name)],
        ['Product', name(cert.product.name)],
        ['Star rating', cert.starRating ? `${cert.starRating} of 3` : '-'],
        ['Valid', `${cert.validFrom} to ${cert.validUntil}`],
        [declaration ? 'Declared by' : 'Issued by', name(cert.issuer.name)],
        ['Issued on', cert.issuedAt.slice(0, 10)],
        ['Status', cert.state],
      ];
  let y = 230;
  for (const [label, value] of rows) {
    doc.fontSize(13).fillColor('#555').text(label, 90, y, { width: 110 });
    doc.fillColor('#000').text(value, 205, y, { width: width - 300 });
    y = Math.max(doc.y, y + 18) + 14;
  }
  if (cert.state === 'revoked') {
    doc
      .fontSize(30)
      .fillColor('#c62828')
      .text(cjk ? '已撤销 REVOKED' : 'REVOKED', 56, y + 10, {
        width: width - 112,
        align: 'center',
      });
    if (cert.revokeReason) {
      doc.fontSize(11).text(`${cjk ? '撤销原因' : 'Reason'}: ${name(cert.revokeReason)}`, { align: 'center' });
    }
  }

  // QR code of the public verification URL.
  const qrSize = 150;
  const qrX = width - 56 - 30 - qrSize;
  const qrY = height - 56 - 60 - qrSize;
  drawQrCode(doc, cert.verifyUrl, qrX, qrY, qrSize);
  doc
    .fontSize(10)
    .fillColor('#333')
    .text(cjk ? '扫码查验证书真伪' : 'Scan to verify', qrX, qrY + qrSize + 4, { width: qrSize, align: 'center' });

  // Ledger reference and the verification address, bottom left.
  const footX = 70;
  const footW = qrX - footX - 20;
  doc.fontSize(9).fillColor('#555');
  doc.text(
    cjk
      ? `存证链记录：第 ${cert.leafIndex ?? '—'} 号条目。在线查验可核对其默克尔证明与签名树头。`
      : `Evidence ledger entry #${cert.leafIndex ?? '-'}. The verification page checks its Merkle proof and signed tree head.`,
    footX,
    qrY + 40,
    { width: footW },
  );
  doc.moveDown(0.5).text(cert.verifyUrl, { width: footW, link: cert.verifyUrl });
  // The key that signs the ledger's heads, to compare with the one the verification page uses (docs/traceability.md,
  // "Verifying a code from outside").
  doc
    .moveDown(0.5)
    .text(`${cjk ? '账本公钥指纹' : 'Ledger key fingerprint'}: ${keyFingerprint(ledgerSigner().publicKeyHex)}`, {
      width: footW,
    });
  if (declaration) {
    doc
      .moveDown(0.5)
      .text(cjk ? '本文件为企业自我声明，非第三方认证证书。' : 'A self-declaration, not a third-party certificate.', {
        width: footW,
      });
  }

  doc.end();
  return done;
}
