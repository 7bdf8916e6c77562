import { type AuthorisationStatusValue, authorisationKindLabels, authorisationStatusLabels } from '@jcbb/contract';
import type { AuthorisationLetterContent } from '@jcbb/contract/distribution-proof';
import { keyFingerprint } from '@jcbb/contract/ledger-proof';
import type { FontChoice } from '../../lib/cjk-font.ts';
import { drawQrCode } from '../../lib/pdf-qr.ts';
import { ledgerSigner } from '../ledger/index.ts';

/*
 * The authorisation letter (授权书) as a PDF (A4), drawn from the exact content that was signed and put on the
 * ledger, with what paper needs beside it (the signatory, kept off the public record) and a QR code of the public
 * verification page. Chinese text needs the CJK font the certificate uses (lib/cjk-font.ts); without one the letter
 * is printed in English with the names left to the verification page, as the certificate is.
 */

export interface LetterInput {
  content: AuthorisationLetterContent;
  signatoryName: string | null;
  signatoryTitle: string | null;
  leafIndex: number | null;
  /** The state read today: a letter no longer in force is stamped so. */
  state: AuthorisationStatusValue;
  statusReason: string | null;
  /** Absolute address of the public verification page (PUBLIC_BASE_URL + /free/authorisation?id=…). */
  verifyUrl: string;
}

const isAscii = (text: string) => /^[\x20-\x7E]*$/.test(text);
const STAMPED: AuthorisationStatusValue[] = ['suspended', 'revoked', 'superseded', 'expired'];

export async function renderAuthorisationLetter(input: LetterInput, font: FontChoice | null): Promise<Buffer> {
  const { content: c } = input;
  const cjk = font !== null;
  const s = c.credentialSubject;
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${cjk ? '授权书' : 'Authorisation letter'} ${c.number}`, Subject: c.number, Creator: 'jcbb' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font.path, font.family).font('body');
  else doc.font('Helvetica');
  const t = (text: string) => (cjk || isAscii(text) ? text : '(see the verification page)');
  const { width, height } = doc.page;
  const left = 64;
  const textWidth = width - 2 * left;

  doc
    .fillColor('#1b5e20')
    .fontSize(24)
    .text(cjk ? '产品授权书' : 'Product Authorisation Letter', left, 64, {
      width: textWidth,
      align: 'center',
    });
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor('#555')
    .text(`${cjk ? '编号' : 'No.'} ${c.number}  ·  ${cjk ? `第 ${c.version} 版` : `version ${c.version}`}`, {
      width: textWidth,
      align: 'center',
    });

  const distributor = `${t(s.distributor.name)}${s.distributor.creditCode ? `（${s.distributor.creditCode}）` : ''}`;
  const project = s.project
    ? [s.project.name, s.project.tenderNo ? `${cjk ? '招标编号' : 'tender'} ${s.project.tenderNo}` : null]
        .filter(Boolean)
        .join(' · ')
    : null;
  doc.moveDown(1.2).fontSize(12).fillColor('#000');
  doc.text(`${cjk ? '致' : 'To'}：${distributor}`, { width: textWidth });
  doc.moveDown(0.6);
  doc.text(
    cjk
      ? `兹授权贵单位为我公司下列产品的${s.exclusive ? '独家（唯一）' : ''}经销商，在下列区域和期限内销售、供应我公司产品${
          project ? `，用于「${project}」的投标、销售和供货` : ''
        }。`
      : `We authorise you as ${s.exclusive ? 'the sole' : 'a'} distributor of the products below, in the regions and period below${
          project ? `, for ${t(project)}` : ''
        }.`,
    { width: textWidth, lineGap: 4 },
  );

  // Scope table
  doc.moveDown(0.8);
  const cols = [left, left + 190, left + 360];
  const head = cjk ? ['产品', '规格型号', '数量上限'] : ['Product', 'Specification', 'Cap'];
  let y = doc.y;
  doc.fontSize(10).fillColor('#555');
  head.forEach((h, i) => {
    doc.text(h, cols[i] as number, y, { width: 170 });
  });
  y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + textWidth, y)
    .strokeColor('#999')
    .lineWidth(0.5)
    .stroke();
  doc.fillColor('#000');
  /** A new page when the next block would run into the verification footer. */
  const room = (needed: number) => {
    if (y + needed < height - 230) return;
    doc.addPage();
    y = 64;
  };
  for (const item of c.credentialSubject.items) {
    y += 6;
    room(30);
    const specs =
      item.specifications.length === 0
        ? cjk
          ? '全部型号'
          : 'all'
        : item.specifications.map((x) => t(x.name)).join('、');
    const cap =
      item.quantityCap === null ? (cjk ? '不限' : 'none') : `${item.quantityCap}${item.unit ? ` ${t(item.unit)}` : ''}`;
    const row = [t(item.product.name), specs, cap];
    let bottom = y;
    row.forEach((v, i) => {
      doc.text(v, cols[i] as number, y, { width: i === 2 ? textWidth - 360 : 165 });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom;
  }
  doc
    .moveTo(left, y + 4)
    .lineTo(left + textWidth, y + 4)
    .stroke();

  const rows: [string, string][] = [
    [cjk ? '授权区域' : 'Regions', s.regions.map((r) => (cjk ? r.name : r.code)).join('、')],
    [cjk ? '授权期限' : 'Period', `${c.validFrom} ${cjk ? '至' : 'to'} ${c.validUntil}`],
    [cjk ? '授权类型' : 'Kind', authorisationKindLabels[s.kind][cjk ? 'zh' : 'en']],
    [cjk ? '独家授权' : 'Exclusive', s.exclusive ? (cjk ? '是' : 'yes') : cjk ? '否' : 'no'],
    [cjk ? '售后服务承诺' : 'After-sales', t(s.commitments.afterSales ?? '—')],
    [cjk ? '供货承诺' : 'Supply', t(s.commitments.supply ?? '—')],
  ];
  y += 16;
  doc.fontSize(11);
  for (const [label, value] of rows) {
    room(40);
    doc.fillColor('#555').text(label, left, y, { width: 90 });
    doc.fillColor('#000').text(value, left + 95, y, { width: textWidth - 95 });
    y = Math.max(doc.y, y + 14) + 6;
  }

  // Issuer and signatory
  y += 10;
  room(110);
  doc.fontSize(12).fillColor('#000');
  doc.text(`${cjk ? '授权单位' : 'Manufacturer'}：${t(c.issuer.name)}`, left + textWidth / 2, y, {
    width: textWidth / 2,
  });
  if (input.signatoryName)
    doc.text(
      `${cjk ? '签署人' : 'Signed by'}：${t(input.signatoryName)}${input.signatoryTitle ? `（${t(input.signatoryTitle)}）` : ''}`,
      { width: textWidth / 2 },
    );
  doc.text(`${cjk ? '签发日期' : 'Issued'}：${c.issuedAt.slice(0, 10)}`, { width: textWidth / 2 });

  if (STAMPED.includes(input.state)) {
    const label = authorisationStatusLabels[input.state];
    doc
      .fontSize(26)
      .fillColor('#c62828')
      .text(cjk ? `${label.zh} ${label.en.toUpperCase()}` : label.en.toUpperCase(), left, doc.y + 14, {
        width: textWidth,
        align: 'center',
      });
    if (input.statusReason)
      doc
        .fontSize(10)
        .text(`${cjk ? '原因' : 'Reason'}：${t(input.statusReason)}`, { width: textWidth, align: 'center' });
  }

  // Verification: QR code bottom right, how to verify bottom left.
  const qrSize = 120;
  const qrX = width - left - qrSize;
  const qrY = height - 56 - qrSize - 20;
  drawQrCode(doc, input.verifyUrl, qrX, qrY, qrSize);
  doc
    .fontSize(9)
    .fillColor('#333')
    .text(cjk ? '扫码查验真伪与状态' : 'Scan to verify', qrX, qrY + qrSize + 2, { width: qrSize, align: 'center' });
  const footW = qrX - left - 16;
  doc.fontSize(9).fillColor('#555');
  doc.text(
    cjk
      ? `查验方法：扫描右侧二维码或访问下方地址。本授权书内容由建材帮帮平台以 Ed25519 签名，其 SHA-256 记录于存证链第 ${input.leafIndex ?? '—'} 号条目；查验页在您的浏览器中核对签名、默克尔证明和签名树头，并显示授权当前状态（生效、暂停、撤销或到期）。`
      : `To verify: scan the code or open the address below. The letter is signed (Ed25519) by the platform and its SHA-256 is entry #${input.leafIndex ?? '-'} of the evidence ledger; the page checks the signature and the Merkle proof in your browser and shows the live status.`,
    left,
    qrY,
    { width: footW, lineGap: 2 },
  );
  doc.moveDown(0.4).text(input.verifyUrl, { width: footW, link: input.verifyUrl });
  doc
    .moveDown(0.4)
    .text(`${cjk ? '账本公钥指纹' : 'Ledger key fingerprint'}：${keyFingerprint(ledgerSigner().publicKeyHex)}`, {
      width: footW,
    });

  doc.end();
  return done;
}
