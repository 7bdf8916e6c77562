import { crc32, deflateSync } from 'node:zlib';
import { CERT_EXPIRY_NOTICE_DAYS, ProductDocumentKind } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { Config } from '../../config.ts';
import { createFileService } from '../../modules/file/index.ts';
import { recomputeProductTags, sendExpiryNotice } from '../../modules/product/index.ts';
import type { Db, Tx } from '../client.ts';
import { productDocuments, productSpecs, products } from '../schema/index.ts';
import { DEMO_GREENS, DEMO_REPORTS, demoEvidencePdf } from './demo-evidence.ts';

/**
 * A small but real one-page PDF (PDF 1.4, Helvetica, ASCII text): viewers open it, the file module recognises it
 * by its first bytes. The byte offsets of the cross-reference table are computed, so the file is well formed.
 */
export function tinyPdf(lines: readonly string[]): Buffer {
  const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${escapePdf(l)}) Tj ET`);
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A real PNG of one colour with a lighter band (a placeholder product photo): 8-bit RGB, built with zlib, so
 * browsers and the file module's type check both accept it.
 */
export function tinyPng(rgb: readonly [number, number, number], size = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    const light = y > size * 0.6 && y < size * 0.8;
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = rgb.map((c) => (light ? Math.min(255, c + 60) : c));
      row.set([r as number, g as number, b as number], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One colour per demo product, so the catalogue's cards are told apart at a glance. */
const PALETTE: [number, number, number][] = [
  [158, 158, 150],
  [120, 124, 130],
  [196, 170, 110],
  [70, 90, 110],
  [230, 226, 214],
  [150, 80, 60],
  [210, 205, 195],
  [170, 160, 140],
  [225, 220, 205],
  [30, 50, 90],
  [130, 130, 125],
  [90, 110, 120],
];

interface DemoSpec {
  name: string;
  model: string;
  unitId: number;
  price: string;
  minOrder: string;
}

interface DemoCert {
  certNo: string;
  stars: 1 | 2 | 3;
  /** Days from today: negative = already expired. */
  untilDays: number;
}

interface DemoProduct {
  name: string;
  en: string;
  brand: string;
  classifyCode: string;
  materialType: 1 | 2;
  description: string;
  recommended?: boolean;
  specs: DemoSpec[];
  carbonReport?: boolean;
  cert?: DemoCert;
}

export const ISSUER = '华夏绿色建材认证中心有限公司';

/** Units: 8 块, 9 张, 14 桶, 3 袋, 31 平方米, 32 立方米, 33 吨, 18 樘 (packages/contract/src/units.ts). */
export const demoProducts: DemoProduct[] = [
  {
    name: '蒸压加气混凝土砌块',
    en: 'Autoclaved aerated concrete block',
    brand: '绿筑',
    classifyCode: '0104',
    materialType: 1,
    description: 'B06 级蒸压加气混凝土砌块，干密度 ≤ 625 kg/m³，导热系数 ≤ 0.16 W/(m·K)，符合 GB/T 11968-2020。',
    recommended: true,
    specs: [
      { name: 'B06 A5.0', model: '600×240×200', unitId: 32, price: '320.00', minOrder: '20' },
      { name: 'B06 A3.5', model: '600×240×250', unitId: 32, price: '305.00', minOrder: '20' },
    ],
    carbonReport: true,
    cert: { certNo: 'LJC-2025-0104-00318', stars: 3, untilDays: 900 },
  },
  {
    name: '预制混凝土叠合板',
    en: 'Precast concrete composite slab',
    brand: '绿筑',
    classifyCode: '0101',
    materialType: 2,
    description: '钢筋桁架混凝土叠合板底板，厚 60 mm，按 15G366-1 图集生产，工厂预制、现场装配。',
    recommended: true,
    specs: [
      { name: 'DBS1-67-3620', model: '3600×2000×60', unitId: 32, price: '2850.00', minOrder: '10' },
      { name: 'DBS2-67-4218', model: '4200×1800×60', unitId: 32, price: '2920.00', minOrder: '10' },
    ],
    carbonReport: true,
    cert: { certNo: 'LJC-2025-0101-00107', stars: 2, untilDays: 720 },
  },
  {
    name: '岩棉保温板',
    en: 'Rock wool insulation board',
    brand: '绿筑',
    classifyCode: '0105',
    materialType: 1,
    description: '外墙外保温用岩棉板，燃烧性能 A1 级，导热系数 ≤ 0.040 W/(m·K)，垂直于表面抗拉强度 ≥ 10 kPa。',
    specs: [
      { name: 'TR10 50 厚', model: '1200×600×50', unitId: 31, price: '38.50', minOrder: '200' },
      { name: 'TR10 80 厚', model: '1200×600×80', unitId: 31, price: '59.80', minOrder: '200' },
      { name: 'TR15 100 厚', model: '1200×600×100', unitId: 31, price: '78.00', minOrder: '100' },
    ],
    // Expires within CERT_EXPIRY_NOTICE_DAYS: the manufacturer has been told.
    cert: { certNo: 'LJC-2023-0105-00562', stars: 2, untilDays: 45 },
  },
  {
    name: '断桥铝合金节能窗',
    en: 'Thermally broken aluminium window',
    brand: '绿筑门窗',
    classifyCode: '0201',
    materialType: 1,
    description: '70 系列断桥铝合金平开窗，5+12A+5+12A+5 三玻两腔中空玻璃，整窗传热系数 K ≤ 1.8 W/(m²·K)。',
    recommended: true,
    specs: [{ name: '70 系列平开窗', model: 'GR70-1518', unitId: 31, price: '980.00', minOrder: '10' }],
    cert: { certNo: 'LJC-2025-0201-00211', stars: 3, untilDays: 1000 },
  },
  {
    name: '水性建筑涂料（内墙）',
    en: 'Waterborne interior wall paint',
    brand: '绿筑',
    classifyCode: '0304',
    materialType: 1,
    description: '水性内墙乳胶漆，VOC ≤ 10 g/L，甲醛未检出，耐擦洗 ≥ 10000 次。',
    specs: [
      { name: '20 kg 装', model: 'NQ-20', unitId: 14, price: '420.00', minOrder: '5' },
      { name: '5 kg 装', model: 'NQ-5', unitId: 14, price: '118.00', minOrder: '10' },
    ],
    carbonReport: true,
    // Expired: the product shows no green tag any more.
    cert: { certNo: 'LJC-2022-0304-00095', stars: 1, untilDays: -20 },
  },
  {
    name: '陶瓷透水砖',
    en: 'Ceramic permeable paver',
    brand: '绿筑',
    classifyCode: '0208',
    materialType: 1,
    description: '烧结陶瓷透水砖，透水系数 ≥ 1.0×10⁻² cm/s，抗压强度 Cc40，适用于海绵城市人行道与广场。',
    specs: [{ name: '300×150 灰色', model: '300×150×55', unitId: 31, price: '68.00', minOrder: '100' }],
    cert: { certNo: 'LJC-2025-0208-00733', stars: 2, untilDays: 600 },
  },
  {
    name: '陶瓷薄板',
    en: 'Thin ceramic slab',
    brand: '绿筑',
    classifyCode: '0208',
    materialType: 1,
    description: '厚度 6 mm 陶瓷薄板，吸水率 ≤ 0.5%，单位面积原料消耗较常规瓷砖降低约 60%。',
    specs: [
      { name: '1200×2400 哑光', model: '1200×2400×6', unitId: 31, price: '260.00', minOrder: '50' },
      { name: '900×1800 亮光', model: '900×1800×6', unitId: 31, price: '198.00', minOrder: '50' },
    ],
    cert: { certNo: 'LJC-2025-0208-00741', stars: 3, untilDays: 800 },
  },
  {
    name: '干混砌筑砂浆',
    en: 'Dry-mixed masonry mortar',
    brand: '绿筑',
    classifyCode: '0107',
    materialType: 1,
    description: '预拌干混砌筑砂浆 DM M10，散装罐车或袋装供应，减少现场扬尘。',
    specs: [
      { name: 'DM M10 散装', model: 'DM M10', unitId: 33, price: '360.00', minOrder: '10' },
      { name: 'DM M10 袋装', model: 'DM M10-40kg', unitId: 3, price: '16.00', minOrder: '200' },
    ],
    carbonReport: true,
    cert: { certNo: 'LJC-2024-0107-00420', stars: 1, untilDays: 400 },
  },
  {
    name: '石膏基自流平砂浆',
    en: 'Gypsum-based self-levelling mortar',
    brand: '绿筑',
    classifyCode: '0211',
    materialType: 1,
    description: '石膏基地面自流平，利用工业副产石膏，24 h 抗压强度 ≥ 6 MPa，可上人时间约 4 h。',
    specs: [{ name: '25 kg 袋装', model: 'SL-25', unitId: 3, price: '58.00', minOrder: '40' }],
  },
  {
    name: '光伏一体化屋面板',
    en: 'Building-integrated photovoltaic roof panel',
    brand: '绿筑光能',
    classifyCode: '0505',
    materialType: 1,
    description: '单晶硅光伏建筑一体化屋面板，组件功率 450 W，兼作屋面防水层，适用于厂房与公共建筑。',
    specs: [{ name: '450 W 组件', model: 'BIPV-450M', unitId: 8, price: '1650.00', minOrder: '20' }],
    cert: { certNo: 'LJC-2025-0505-00058', stars: 2, untilDays: 700 },
  },
  {
    name: '再生骨料混凝土',
    en: 'Recycled aggregate concrete',
    brand: '绿筑',
    classifyCode: '0106',
    materialType: 1,
    description: 'C30 再生骨料预拌混凝土，再生粗骨料取代率 30%，骨料来自本地建筑垃圾资源化处置。',
    specs: [
      { name: 'C30 再生骨料', model: 'RAC-C30', unitId: 32, price: '455.00', minOrder: '20' },
      { name: 'C25 再生骨料', model: 'RAC-C25', unitId: 32, price: '430.00', minOrder: '20' },
    ],
    carbonReport: true,
    cert: { certNo: 'LJC-2025-0106-00189', stars: 1, untilDays: 500 },
  },
  {
    name: '钢筋桁架楼承板',
    en: 'Steel-bar truss floor deck',
    brand: '绿筑',
    classifyCode: '0102',
    materialType: 2,
    description: '钢筋桁架与镀锌底模焊接成型的装配式楼承板，免支模，施工速度快。',
    specs: [{ name: 'TD3-90', model: 'TD3-90 / 0.5 mm 底模', unitId: 31, price: '135.00', minOrder: '300' }],
    cert: { certNo: 'LJC-2025-0102-00276', stars: 2, untilDays: 650 },
  },
];

export interface DemoProductsOwner {
  orgId: number;
  /** The user who creates the products and uploads the files (the manufacturer's administrator). */
  userId: number;
}

/**
 * The demo manufacturer's product centre (issue 4 item 9): a dozen products across several classes, each with
 * specifications and documents, green certificates on most (one expiring within 90 days, whose notice has gone
 * out; one expired), and real PDF files stored through the file module so they download. Listings are seeded by
 * the listing module. Runs in the caller's transaction; files are written before their rows.
 */
export async function seedDemoProducts(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  owner: DemoProductsOwner,
  today: string = shanghaiToday(),
): Promise<number[]> {
  // The file service opens its own transaction: on a transaction handle that is a savepoint, so it stays in ours.
  const files = createFileService({ db: tx as Db, config: config as Config });
  const uploader = {
    userId: owner.userId,
    orgId: owner.orgId,
    sessionId: 0,
    appCode: 'jcbb',
    mobile: '',
    username: 'seed',
    realName: null,
    orgType: 6,
    roles: [],
  };
  const store = async (name: string, lines: string[]) => (await files.store(uploader, name, tinyPdf(lines))).id;

  const ids: number[] = [];
  for (const [i, p] of demoProducts.entries()) {
    const image = await files.store(uploader, `${p.name}.png`, tinyPng(PALETTE[i % PALETTE.length] ?? [128, 128, 128]));
    const [row] = await tx
      .insert(products)
      .values({
        orgId: owner.orgId,
        name: p.name,
        brand: p.brand,
        classifyCode: p.classifyCode,
        materialType: p.materialType,
        description: p.description,
        recommended: p.recommended ?? false,
        images: [image.id],
        createdBy: owner.userId,
      })
      .returning({ id: products.id });
    const productId = (row as { id: number }).id;
    ids.push(productId);
    for (const s of p.specs) await tx.insert(productSpecs).values({ productId, ...s });

    const manual = await store(`${p.name}-产品说明书.pdf`, [p.en, 'Product manual', `Brand: ${p.brand}`]);
    const docs: (typeof productDocuments.$inferInsert)[] = [
      {
        productId,
        kind: ProductDocumentKind.MANUAL,
        uploadId: manual,
        name: `${p.name}产品说明书`,
        createdBy: owner.userId,
      },
    ];
    if (p.carbonReport) {
      const report = await store(`${p.name}-碳足迹报告.pdf`, [
        p.en,
        'Product carbon footprint report (ISO 14067)',
        'Cradle-to-gate, functional unit as sold',
      ]);
      docs.push({
        productId,
        kind: ProductDocumentKind.CARBON_FOOTPRINT_REPORT,
        uploadId: report,
        name: `${p.name}碳足迹报告`,
        createdBy: owner.userId,
      });
    }
    // Every demo product has its type-test report: the listing forms require one (检测报告).
    // Its laboratory's report as the file (demo-evidence.ts), dated from today; a product without one gets a tiny PDF.
    const reportDoc = DEMO_REPORTS.find((r) => r.product === p.name);
    const testReport = reportDoc
      ? (await files.store(uploader, `${p.name}-检测报告.pdf`, demoEvidencePdf(reportDoc.id, today))).id
      : await store(`${p.name}-检测报告.pdf`, [p.en, 'Inspection and test report', 'Result: qualified']);
    docs.push({
      productId,
      kind: ProductDocumentKind.TEST_REPORT,
      uploadId: testReport,
      name: `${p.name}型式检验报告`,
      createdBy: owner.userId,
    });
    if (p.cert) {
      const validUntil = addDays(today, p.cert.untilDays);
      const validFrom = addDays(validUntil, -3 * 365);
      const greenDoc = DEMO_GREENS.find((g) => g.product === p.name);
      const scan = greenDoc
        ? (await files.store(uploader, `${p.name}-绿色建材认证证书.pdf`, demoEvidencePdf(greenDoc.id, today))).id
        : await store(`${p.name}-绿色建材认证证书.pdf`, [
            'Green Building Material Product Certificate',
            `No. ${p.cert.certNo}`,
            `Product: ${p.en}`,
            `Rating: ${p.cert.stars} star(s)`,
            `Valid: ${validFrom} to ${validUntil}`,
          ]);
      docs.push({
        productId,
        kind: ProductDocumentKind.GREEN_CERTIFICATE,
        uploadId: scan,
        name: '绿色建材产品认证证书',
        certNo: p.cert.certNo,
        issuer: ISSUER,
        starRating: p.cert.stars,
        validFrom,
        validUntil,
        createdBy: owner.userId,
      });
    }
    const inserted = await tx.insert(productDocuments).values(docs).returning({
      id: productDocuments.id,
      kind: productDocuments.kind,
      certNo: productDocuments.certNo,
      starRating: productDocuments.starRating,
      validUntil: productDocuments.validUntil,
    });
    await recomputeProductTags(tx, productId, today);
    // The expiring certificate's notice, sent here as the sweep would, so the demo inbox does not depend on timing.
    const cert = inserted.find((d) => d.kind === ProductDocumentKind.GREEN_CERTIFICATE);
    if (cert && p.cert && p.cert.untilDays >= 0 && p.cert.untilDays <= CERT_EXPIRY_NOTICE_DAYS) {
      await sendExpiryNotice(tx, { ...cert, productId, productName: p.name, orgId: owner.orgId });
    }
  }
  return ids;
}

/**
 * 苏州新材's one product (13800000008, a manufacturer not yet certified): a mortar whose test report carries the
 * number of 南京绿筑's 干混砌筑砂浆 report (demo-evidence.ts, the planted ER-07: the reader flags both products).
 */
export async function seedDemoOtherMakerProduct(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  owner: DemoProductsOwner,
  today: string = shanghaiToday(),
): Promise<number> {
  const files = createFileService({ db: tx as Db, config: config as Config });
  const uploader = {
    userId: owner.userId,
    orgId: owner.orgId,
    sessionId: 0,
    appCode: 'jcbb',
    mobile: '',
    username: 'seed',
    realName: null,
    orgType: 6,
    roles: [],
  };
  const report = DEMO_REPORTS.find((r) => r.id === 'xincai-mortar-report') as (typeof DEMO_REPORTS)[number];
  const image = await files.store(uploader, `${report.product}.png`, tinyPng([140, 140, 132]));
  const [row] = await tx
    .insert(products)
    .values({
      orgId: owner.orgId,
      name: report.product,
      brand: '新材',
      classifyCode: '0107',
      materialType: 1,
      description: '预拌干混砌筑砂浆 DM M7.5，袋装供应。',
      images: [image.id],
      createdBy: owner.userId,
    })
    .returning({ id: products.id });
  const productId = (row as { id: number }).id;
  await tx
    .insert(productSpecs)
    .values({ productId, name: 'DM M7.5 袋装', model: 'DM M7.5', unitId: 3, price: '15.00', minOrder: '200' });
  const file = await files.store(uploader, `${report.product}-检测报告.pdf`, demoEvidencePdf(report.id, today));
  await tx.insert(productDocuments).values({
    productId,
    kind: ProductDocumentKind.TEST_REPORT,
    uploadId: file.id,
    name: `${report.product}型式检验报告`,
    createdBy: owner.userId,
  });
  await recomputeProductTags(tx, productId, today);
  return productId;
}
