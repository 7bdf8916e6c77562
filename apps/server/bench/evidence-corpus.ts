/**
 * `npm run corpus:evidence`: writes the labelled evidence corpus, apps/server/test/fixtures/evidence-corpus/
 * (its README.md says what is in it). Deterministic: the same files byte for byte on every run (seeded noise, fixed
 * PDF dates). Needs Debian's fonts-wqy-microhei; the committed files need nothing.
 *
 * Each document is laid out once through `Layout`, which draws into a pdfkit document and records every line of
 * text it draws (its box on the page) and which lines carry which field: the labels come from the same calls that
 * draw the page. The text PDF is then rendered (pdfjs-dist on @napi-rs/canvas) at 200 and 300 dpi and made into
 * "scans" (turned ±1.5°, grey paper, noise, blur, JPEG in an image-only PDF), and one page into a phone "photo"
 * (perspective, uneven light, blur, JPEG).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ItemVerdictValue, ReadDocumentKindValue, ReadFieldKeyValue } from '@jcbb/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  DEMO_EVIDENCE_ANCHOR,
  DEMO_EVIDENCE_DIR,
  DEMO_GREENS,
  DEMO_MEMBRANE_CARD,
  DEMO_REPORTS,
  type DemoCard,
  type DemoDateFormat,
  type DemoEvidenceManifest,
  type DemoGreen,
  type DemoReport,
  formatDemoDate,
} from '../src/db/seed/demo-evidence.ts';
import { demoProducts, ISSUER } from '../src/db/seed/demo-products.ts';

const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const FONT_FAMILY = 'WenQuanYiMicroHei';
const OUT = path.join(import.meta.dirname, '../test/fixtures/evidence-corpus');
const A4: [number, number] = [595.28, 841.89];
const CARD: [number, number] = [297.64, 419.53]; // A6

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32).

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (lo: number, hi: number) => lo + (hi - lo) * next() };
}

// ---------------------------------------------------------------------------------------------------------------
// Labels: what the corpus promises (apps/server/test/fixtures/evidence-corpus/README.md).

type Box = [number, number, number, number];
export interface CorpusLine {
  text: string;
  box: Box;
}
export interface CorpusField {
  key: ReadFieldKeyValue;
  value: string;
  page: number;
  box: Box;
}
export interface CorpusItem {
  name: string;
  requirement: string;
  bound?: { op: '>=' | '<=' | '>' | '<' | '='; value: number; unit?: string };
  measured: string;
  measuredValue?: number;
  unit?: string;
  verdict: ItemVerdictValue;
  page: number;
  box: Box;
}
export interface CorpusLabels {
  id: string;
  title: string;
  kind: ReadDocumentKindValue;
  layout: string;
  pageCount: number;
  /** Page size in points (the text PDF's and the scans'). */
  pageSize: [number, number];
  inputs: { text: string; scan200: string; scan300: string; photo: string };
  /** The page of the text PDF that the photo shows. */
  photoPage: number;
  /** Expected field values by key (several for a key that repeats, e.g. standards), normalised as the contract says. */
  fields: Partial<Record<ReadFieldKeyValue, string[]>>;
  /** Each field's place in the text PDF. */
  fieldBoxes: CorpusField[];
  items: CorpusItem[];
  /** Every line of text drawn, per page, in drawing order (the ground truth for line-text accuracy). */
  pages: CorpusLine[][];
}

// ---------------------------------------------------------------------------------------------------------------
// Layout: draws with pdfkit, records lines and fields.

interface TextOpts {
  size?: number;
  align?: 'left' | 'center' | 'right';
  /** The box's width for center/right alignment. */
  width?: number;
  color?: string;
  field?: [ReadFieldKeyValue, string];
  spacing?: number;
}

class Layout {
  readonly pdf: PDFKit.PDFDocument;
  readonly pages: CorpusLine[][] = [];
  readonly fieldBoxes: CorpusField[] = [];
  readonly items: CorpusItem[] = [];
  private readonly size: [number, number];
  /** Page streams left uncompressed (the demo documents: the seed writes the day's dates into them). */
  private readonly plainPages: boolean;

  constructor(size: [number, number], o: { title?: string; plainPages?: boolean } = {}) {
    this.size = size;
    this.plainPages = o.plainPages ?? false;
    this.pdf = new PDFDocument({
      size,
      margin: 0,
      autoFirstPage: false,
      info: {
        Title: o.title ?? 'corpus',
        Producer: 'evidence-corpus',
        Creator: 'evidence-corpus',
        CreationDate: new Date(0),
      },
    });
    this.pdf.registerFont('body', FONT, FONT_FAMILY);
  }

  get page() {
    return this.pages.length - 1;
  }

  addPage() {
    this.pdf.addPage({ size: this.size, margin: 0 });
    if (this.plainPages) {
      // The page's first line (its transform) is written already, and marked the stream Flate-encoded.
      const content = (this.pdf.page as unknown as { content: { compress: boolean; data: { Filter?: string } } })
        .content;
      content.compress = false;
      delete content.data.Filter;
    }
    this.pages.push([]);
    this.pdf.font('body');
  }

  frac([x0, y0, x1, y1]: Box): Box {
    const [w, h] = this.size;
    const r = (n: number) => Math.round(n * 10000) / 10000;
    return [r(x0 / w), r(y0 / h), r(x1 / w), r(y1 / h)];
  }

  /** Draws one line of text at (x, y) = its top-left (or its box's, aligned); returns its box in points. */
  text(s: string, x: number, y: number, o: TextOpts = {}): Box {
    const size = o.size ?? 10.5;
    const spacing = o.spacing ?? 0;
    this.pdf.font('body').fontSize(size);
    const w = this.pdf.widthOfString(s, { characterSpacing: spacing });
    let left = x;
    if (o.align === 'center' && o.width) left = x + (o.width - w) / 2;
    if (o.align === 'right' && o.width) left = x + o.width - w;
    this.pdf.fillColor(o.color ?? '#111').text(s, left, y, { lineBreak: false, characterSpacing: spacing });
    const box: Box = [left, y, left + w, y + size * 1.25];
    this.pages[this.page]?.push({ text: s, box: this.frac(box) });
    if (o.field) this.field(o.field[0], o.field[1], box);
    return box;
  }

  field(key: ReadFieldKeyValue, value: string, box: Box) {
    this.fieldBoxes.push({ key, value, page: this.page, box: this.frac(box) });
  }

  /** A ruled table; a cell is a string or a string with a field. Returns the row boxes. */
  table(
    x: number,
    y: number,
    cols: number[],
    rows: (string | [string, ReadFieldKeyValue, string])[][],
    o: { rowH?: number; size?: number; center?: boolean; header?: boolean } = {},
  ): Box[] {
    const rowH = o.rowH ?? 24;
    const size = o.size ?? 10;
    const width = cols.reduce((a, b) => a + b, 0);
    const boxes: Box[] = [];
    this.pdf.lineWidth(0.8).strokeColor('#222');
    rows.forEach((row, r) => {
      const top = y + r * rowH;
      if (o.header && r === 0) this.pdf.rect(x, top, width, rowH).fillColor('#e8e8e8').fill();
      let cx = x;
      row.forEach((cell, c) => {
        const [t, key, value] = typeof cell === 'string' ? [cell] : cell;
        const cw = cols[c] ?? 0;
        if (t) {
          let s = size;
          this.pdf.fontSize(s);
          while (this.pdf.widthOfString(t) > cw - 8 && s > 6) {
            s -= 0.5;
            this.pdf.fontSize(s);
          }
          const align = o.center || (o.header && r === 0) ? 'center' : 'left';
          this.text(t, cx + 4, top + (rowH - s * 1.25) / 2 + 1, {
            size: s,
            align,
            width: cw - 8,
            field: key && value !== undefined ? [key, value] : undefined,
          });
        }
        cx += cw;
      });
      boxes.push([x, top, x + width, top + rowH]);
    });
    this.pdf.strokeColor('#222');
    for (let r = 0; r <= rows.length; r++) {
      this.pdf
        .moveTo(x, y + r * rowH)
        .lineTo(x + width, y + r * rowH)
        .stroke();
    }
    let cx = x;
    for (let c = 0; c <= cols.length; c++) {
      this.pdf
        .moveTo(cx, y)
        .lineTo(cx, y + rows.length * rowH)
        .stroke();
      cx += cols[c] ?? 0;
    }
    return boxes;
  }

  image(png: Buffer, x: number, y: number, width: number) {
    this.pdf.image(png, x, y, { width });
  }

  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.pdf.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => this.pdf.on('end', () => resolve()));
    this.pdf.end();
    await done;
    return Buffer.concat(chunks);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Marks drawn as images: a red round seal (semi-transparent, over text) and the CMA mark.

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function sealPng(name: string, bottom: string, px = 420): Promise<Buffer> {
  const c = px / 2;
  const r = px / 2 - 10;
  const chars = [...name];
  const span = Math.min(250, chars.length * 19);
  const glyphs = chars
    .map((ch, i) => {
      const a = -90 - span / 2 + (span * (i + 0.5)) / chars.length;
      const rad = (a * Math.PI) / 180;
      const gx = c + (r - 46) * Math.cos(rad);
      const gy = c + (r - 46) * Math.sin(rad);
      return `<text x="${gx.toFixed(1)}" y="${gy.toFixed(1)}" font-size="${px * 0.085}" text-anchor="middle" dominant-baseline="central" transform="rotate(${(a + 90).toFixed(1)} ${gx.toFixed(1)} ${gy.toFixed(1)})">${esc(ch)}</text>`;
    })
    .join('');
  const star = Array.from({ length: 10 }, (_, i) => {
    const rr = i % 2 === 0 ? px * 0.13 : px * 0.052;
    const a = (-90 + i * 36) * (Math.PI / 180);
    return `${(c + rr * Math.cos(a)).toFixed(1)},${(c + rr * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}">
  <g fill="#d4161c" stroke="#d4161c" fill-opacity="0.72" stroke-opacity="0.72" font-family="WenQuanYi Micro Hei">
    <circle cx="${c}" cy="${c}" r="${r}" fill="none" stroke-width="${px * 0.03}"/>
    <polygon points="${star}" stroke="none"/>
    <g stroke="none">${glyphs}
    <text x="${c}" y="${c + px * 0.28}" font-size="${px * 0.07}" text-anchor="middle">${esc(bottom)}</text></g>
  </g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function cmaPng(px = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px * 0.6}">
  <text x="${px / 2}" y="${px * 0.47}" font-size="${px * 0.42}" font-family="DejaVu Serif" font-style="italic" font-weight="bold" text-anchor="middle" fill="#0b3d91" stroke="#0b3d91" stroke-width="2" letter-spacing="2">CMA</text>
  <path d="M ${px * 0.08} ${px * 0.52} Q ${px / 2} ${px * 0.6} ${px * 0.92} ${px * 0.52}" stroke="#0b3d91" stroke-width="${px * 0.03}" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function cnasPng(px = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px * 0.6}">
  <rect x="4" y="4" width="${px - 8}" height="${px * 0.6 - 8}" rx="10" fill="none" stroke="#1b5e20" stroke-width="5"/>
  <text x="${px / 2}" y="${px * 0.42}" font-size="${px * 0.3}" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#1b5e20">CNAS</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// The documents.

const FW = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

interface ItemSpec {
  name: string;
  unit: string;
  requirement: string;
  measured: string;
  verdict: '合格' | '符合' | '不合格';
  bound?: CorpusItem['bound'];
  measuredValue?: number;
}

const item = (
  name: string,
  unit: string,
  requirement: string,
  measured: string,
  verdict: ItemSpec['verdict'] = '合格',
): ItemSpec => {
  const m = /^([≤≥<>=])\s*(-?[\d.]+)$/.exec(requirement);
  const ops = { '≤': '<=', '≥': '>=', '<': '<', '>': '>', '=': '=' } as const;
  const bound = m ? { op: ops[m[1] as keyof typeof ops], value: Number(m[2]), ...(unit ? { unit } : {}) } : undefined;
  const v = /^-?\d+(\.\d+)?$/.test(measured) ? Number(measured) : undefined;
  return { name, unit, requirement, measured, verdict, bound, measuredValue: v };
};

interface ReportSpec {
  id: string;
  title: string;
  layout: 'A' | 'B' | 'C';
  lab: string;
  labShort: string;
  reportNo: string;
  cmaNo: string;
  cnasNo?: string;
  product: string;
  model: string;
  lot: string;
  client: string;
  maker: string;
  category: string;
  standards: [string, ...string[]];
  issue: [number, number, number];
  items: ItemSpec[];
  /** Items per results page (layout C splits them). */
  perPage?: number;
}

const REPORTS: ReportSpec[] = [
  {
    id: 'report-a-xps',
    title: 'XPS board test report, laboratory layout A (cover, info table, results), 3 pages',
    layout: 'A',
    lab: '苏建科检测技术（南京）有限公司',
    labShort: '苏建科检测',
    reportNo: 'SJK-2026-BW0315',
    cmaNo: '2019001234',
    cnasNo: 'L1234',
    product: '挤塑聚苯乙烯泡沫塑料板（XPS板）',
    model: 'X250 1200×600×50mm',
    lot: '20260218-03',
    client: '江苏苏保新材料科技有限公司',
    maker: '江苏苏保新材料科技有限公司',
    category: '委托检验',
    standards: ['GB/T 10801.2-2018', 'GB 8624-2012'],
    issue: [2026, 3, 5],
    items: [
      item('导热系数（平均温度25℃）', 'W/(m·K)', '≤0.030', '0.028'),
      item('压缩强度', 'kPa', '≥250', '286'),
      item('吸水率（浸水96h）', '%', '≤1.5', '0.8'),
      item('尺寸稳定性（70℃，48h）', '%', '≤1.5', '0.6'),
      item('透湿系数', 'ng/(m·s·Pa)', '≤3.5', '2.1'),
      item('燃烧性能等级', '—', 'B1(B)级', 'B1(B)级'),
    ],
  },
  {
    id: 'report-b-rockwool',
    title: 'Rock wool board test report, laboratory layout B (cover with info, results), 2 pages, full-width digits',
    layout: 'B',
    lab: '浙建质检（杭州）检测有限公司',
    labShort: '浙建质检',
    reportNo: 'ZJZJ(2026)WT-00587',
    cmaNo: '2020110056',
    product: '建筑外墙外保温用岩棉板',
    model: 'TR15 1200×600×100mm',
    lot: 'YM2602-117',
    client: '杭州恒筑节能建材有限公司',
    maker: '浙江岩盾保温材料有限公司',
    category: '委托检验',
    standards: ['GB/T 25975-2018'],
    issue: [2026, 3, 5],
    items: [
      item('导热系数（平均温度25℃）', 'W/(m·K)', '≤0.040', '0.038', '符合'),
      item('垂直于表面的抗拉强度', 'kPa', '≥15', '17.6', '符合'),
      item('短期吸水量（部分浸入）', 'kg/m²', '≤0.4', '0.21', '符合'),
      item('酸度系数', '—', '≥1.8', '2.1', '符合'),
      item('质量吸湿率', '%', '≤1.0', '0.4', '符合'),
      item('燃烧性能等级', '—', 'A(A1)级', 'A(A1)级', '符合'),
    ],
  },
  {
    id: 'report-c-paint',
    title:
      'Interior wall paint test report, laboratory layout C (cover, info, two results pages), 4 pages, one item fails',
    layout: 'C',
    lab: '岭南建设工程质量检测中心有限公司',
    labShort: '岭南质检',
    reportNo: 'LN-JC-2603-0042',
    cmaNo: '2018191903',
    cnasNo: 'L5678',
    product: '合成树脂乳液内墙涂料（面漆）',
    model: '白色 20kg/桶',
    lot: 'NQ260301A',
    client: '广州彩居装饰材料有限公司',
    maker: '佛山美涂化工有限公司',
    category: '监督抽检',
    standards: ['GB 18582-2020', 'GB/T 9756-2018'],
    issue: [2026, 3, 5],
    perPage: 4,
    items: [
      item('VOC含量', 'g/L', '≤50', '12'),
      item('甲醛含量', 'mg/kg', '≤50', '8'),
      item('苯、甲苯、乙苯和二甲苯总和', 'mg/kg', '≤100', '未检出'),
      item('可溶性铅', 'mg/kg', '≤90', '未检出'),
      item('对比率（白色和浅色）', '—', '≥0.93', '0.95'),
      item('耐洗刷性', '次', '≥5000', '3200', '不合格'),
      item('低温稳定性（3次循环）', '—', '不变质', '不变质'),
      item('干燥时间（表干）', 'h', '≤2', '1'),
    ],
  },
  {
    id: 'report-a-membrane',
    title: 'SBS waterproof membrane test report, laboratory layout A (another laboratory), 3 pages, no CNAS',
    layout: 'A',
    lab: '北方建设工程检测研究院有限公司',
    labShort: '北方建研',
    reportNo: 'BFJY-FS-2026-0219',
    cmaNo: '2017010289',
    product: '弹性体改性沥青防水卷材（SBS）',
    model: 'SBS I PY PE PE 4 10m²',
    lot: '2026-02-11',
    client: '天津宏宇防水工程有限公司',
    maker: '河北金盾防水材料有限公司',
    category: '委托检验',
    standards: ['GB 18242-2008'],
    issue: [2026, 2, 27],
    items: [
      item('可溶物含量', 'g/m²', '≥2900', '3120'),
      item('拉伸强度（最大峰拉力，纵向）', 'N/50mm', '≥500', '732'),
      item('拉伸强度（最大峰拉力，横向）', 'N/50mm', '≥500', '655'),
      item('最大峰时延伸率（纵向）', '%', '≥30', '41'),
      item('耐热性（90℃）', '—', '无流淌、滴落', '无流淌、滴落'),
      item('低温柔性（-20℃）', '—', '无裂缝', '无裂缝'),
      item('不透水性（0.3MPa，30min）', '—', '不透水', '不透水'),
    ],
  },
];

const iso = ([y, m, d]: [number, number, number]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const verdictOf = (v: ItemSpec['verdict']): ItemVerdictValue => (v === '不合格' ? 'fail' : 'pass');

async function drawReport(
  s: ReportSpec,
): Promise<{ layout: Layout; photoPage: number; fields: CorpusLabels['fields'] }> {
  const L = new Layout(A4);
  const [W] = A4;
  const passed = s.items.every((i) => i.verdict !== '不合格');
  const conclusion = passed ? 'pass' : 'fail';
  const cma = await cmaPng();
  const cnas = await cnasPng();
  const seal = await sealPng(s.lab.replace(/（.*?）/, ''), '检验检测专用章');
  const itemRows = (items: ItemSpec[], from: number) =>
    items.map((i, k) => [String(from + k + 1), i.name, i.unit, i.requirement, i.measured, i.verdict]);
  const resultsHeader = ['序号', '检验项目', '单位', '标准要求', '检验结果', '单项判定'];
  const cols = [36, 170, 70, 90, 80, 64];
  const conclusionText = passed
    ? `经检验，该样品所检项目符合${s.standards[0]}标准要求。`
    : `经检验，该样品所检项目中“耐洗刷性”不符合${s.standards[1] ?? s.standards[0]}标准要求，判定为不合格。`;
  const drawItems = (items: ItemSpec[], from: number, y: number) => {
    const boxes = L.table(40, y, cols, [resultsHeader, ...itemRows(items, from)], {
      rowH: 26,
      size: 9.5,
      header: true,
    });
    items.forEach((i, k) => {
      L.items.push({
        name: i.name,
        requirement: i.requirement,
        ...(i.bound ? { bound: i.bound } : {}),
        measured: i.measured,
        ...(i.measuredValue !== undefined ? { measuredValue: i.measuredValue } : {}),
        ...(i.unit && i.unit !== '—' ? { unit: i.unit } : {}),
        verdict: verdictOf(i.verdict),
        page: L.page,
        box: L.frac(boxes[k + 1] ?? [0, 0, 0, 0]),
      });
    });
    return y + boxes.length * 26;
  };
  const fields: CorpusLabels['fields'] = {
    reportNo: [s.reportNo],
    laboratory: [s.lab],
    cma: ['true'],
    cmaNo: [s.cmaNo],
    cnas: [s.cnasNo ? 'true' : 'false'],
    ...(s.cnasNo ? { cnasNo: [s.cnasNo] } : {}),
    client: [s.client],
    productName: [s.product],
    model: [s.model],
    sampleLot: [s.lot],
    manufacturer: [s.maker],
    standard: s.standards,
    conclusion: [conclusion],
    issueDate: [iso(s.issue)],
  };
  const [y, m, d] = s.issue;
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');

  if (s.layout === 'A') {
    // Cover: marks top-left, title, fields as label: value lines, laboratory at the foot.
    L.addPage();
    L.image(cma, 60, 60, 80);
    L.text(`CMA编号：${s.cmaNo}`, 52, 112, { size: 9, field: ['cmaNo', s.cmaNo] });
    if (s.cnasNo) {
      L.image(cnas, W - 140, 60, 80);
      L.text(`CNAS ${s.cnasNo}`, W - 136, 112, { size: 9, field: ['cnasNo', s.cnasNo] });
    }
    L.text(`报告编号：${s.reportNo}`, 360, 150, { size: 11, field: ['reportNo', s.reportNo] });
    L.text('检 验 检 测 报 告', 0, 230, { size: 30, align: 'center', width: W });
    const rows: [string, string, ReadFieldKeyValue][] = [
      ['产品名称', s.product, 'productName'],
      ['委托单位', s.client, 'client'],
      ['检验类别', s.category, 'conclusion'],
    ];
    rows.forEach(([label, value, key], k) => {
      const yy = 360 + k * 44;
      L.text(`${label}：`, 120, yy, { size: 14 });
      const b = L.text(value, 210, yy, { size: 14 });
      if (label !== '检验类别') L.field(key, value, b);
      L.pdf
        .moveTo(205, yy + 20)
        .lineTo(480, yy + 20)
        .lineWidth(0.6)
        .stroke();
    });
    L.text(s.lab, 0, 700, { size: 16, align: 'center', width: W, field: ['laboratory', s.lab] });
    L.text(`${y}年${m}月${d}日`, 0, 730, { size: 12, align: 'center', width: W });
    // Page 2: the notes and the info table, seal over the issue date.
    L.addPage();
    L.text(`报告编号：${s.reportNo}`, 40, 40, { size: 9 });
    L.text('第 2 页 共 3 页', W - 120, 40, { size: 9 });
    L.text('检验检测报告', 0, 70, { size: 18, align: 'center', width: W });
    const info: (string | [string, ReadFieldKeyValue, string])[][] = [
      ['样品名称', [s.product, 'productName', s.product], '规格型号', [s.model, 'model', s.model]],
      ['样品批号', [s.lot, 'sampleLot', s.lot], '检验类别', s.category],
      ['委托单位', [s.client, 'client', s.client], '样品数量', '6块'],
      ['生产单位', [s.maker, 'manufacturer', s.maker], '到样日期', `${y}年${m - 1 || 1}月20日`],
      ['检验依据', [s.standards.join('、'), 'standard', s.standards[0]], '检验日期', `${y}.${mm}.01-${y}.${mm}.04`],
    ];
    L.table(40, 110, [80, 180, 70, 180], info, { rowH: 30, size: 10 });
    const cited = L.fieldBoxes.find((f) => f.key === 'standard');
    for (const st of s.standards.slice(1)) if (cited) L.fieldBoxes.push({ ...cited, value: st });
    L.text('检验结论：', 50, 290, { size: 12 });
    L.text(conclusionText, 60, 315, { size: 11, field: ['conclusion', conclusion] });
    L.text(`签发日期：${y}年${m}月${d}日`, 340, 420, { size: 11, field: ['issueDate', iso(s.issue)] });
    L.text('（检验检测专用章）', 360, 440, { size: 9 });
    L.text('批准：王建国      审核：李敏      主检：张伟', 60, 500, { size: 10.5 });
    L.image(seal, 350, 360, 130);
    // Page 3: results.
    L.addPage();
    L.text(`报告编号：${s.reportNo}`, 40, 40, { size: 9 });
    L.text('第 3 页 共 3 页', W - 120, 40, { size: 9 });
    L.text('检 验 结 果', 0, 70, { size: 16, align: 'center', width: W });
    const end = drawItems(s.items, 0, 110);
    L.text('以下空白', 0, end + 14, { size: 9, align: 'center', width: W });
    return { layout: L, photoPage: 1, fields };
  }

  if (s.layout === 'B') {
    // Cover with the info block, report number split over two lines, full-width digits in the heading numbers.
    L.addPage();
    L.image(cma, 40, 40, 70);
    const cmaBox = L.text(FW(s.cmaNo), 40, 84, { size: 8.5 });
    L.field('cmaNo', s.cmaNo, cmaBox);
    L.text(s.lab, 130, 52, { size: 15, field: ['laboratory', s.lab] });
    L.text('地址：杭州市西湖区文三路１２８号  电话：0571-8888 6612', 130, 76, { size: 8.5 });
    L.pdf
      .moveTo(40, 104)
      .lineTo(W - 40, 104)
      .lineWidth(1.5)
      .stroke();
    L.text('检 测 报 告', 0, 140, { size: 28, align: 'center', width: W });
    const split = s.reportNo.indexOf('WT');
    L.text('报告编号', 400, 196, { size: 10 });
    const b1 = L.text(FW(s.reportNo.slice(0, split)), 400, 212, { size: 10 });
    const b2 = L.text(FW(s.reportNo.slice(split)), 400, 226, { size: 10 });
    L.field('reportNo', s.reportNo, [b1[0], b1[1], Math.max(b1[2], b2[2]), b2[3]]);
    const info: (string | [string, ReadFieldKeyValue, string])[][] = [
      ['样品名称', [s.product, 'productName', s.product]],
      ['规格型号', [s.model, 'model', s.model]],
      ['生产日期/批号', [s.lot, 'sampleLot', s.lot]],
      ['委托单位', [s.client, 'client', s.client]],
      ['生产单位', [s.maker, 'manufacturer', s.maker]],
      ['检测类别', s.category],
      ['检测依据', [s.standards.join('、'), 'standard', s.standards[0]]],
      ['检测结论', [conclusionText, 'conclusion', conclusion]],
      ['签发日期', [`${y}.${mm}.${dd}`, 'issueDate', iso(s.issue)]],
    ];
    L.table(60, 260, [110, 365], info, { rowH: 34, size: 11 });
    L.text('批准人：赵志刚        审核人：孙丽        检测人：周斌', 70, 600, { size: 10.5 });
    L.image(seal, 380, 520, 140);
    L.text(`第${FW('1')}页 共${FW('2')}页`, 0, 800, { size: 9, align: 'center', width: W });
    // Results.
    L.addPage();
    L.text(`报告编号：${FW(s.reportNo)}`, 40, 40, { size: 9 });
    L.text('检测结果', 0, 70, { size: 16, align: 'center', width: W });
    const end = drawItems(s.items, 0, 100);
    L.text('（以下空白）', 0, end + 14, { size: 9, align: 'center', width: W });
    L.text(`第${FW('2')}页 共${FW('2')}页`, 0, 800, { size: 9, align: 'center', width: W });
    return { layout: L, photoPage: 0, fields };
  }

  // Layout C: a framed cover, info page as a two-column ruled table, results over two pages.
  L.addPage();
  L.pdf
    .rect(30, 30, W - 60, 780)
    .lineWidth(2)
    .stroke();
  L.image(cma, 70, 70, 80);
  L.text(`CMA ${s.cmaNo}`, 66, 120, { size: 9, field: ['cmaNo', s.cmaNo] });
  if (s.cnasNo) {
    L.image(cnas, 170, 70, 80);
    L.text(`CNAS ${s.cnasNo}`, 180, 120, { size: 9, field: ['cnasNo', s.cnasNo] });
  }
  L.text('No.', 380, 90, { size: 11 });
  L.text(s.reportNo, 405, 90, { size: 11, field: ['reportNo', s.reportNo] });
  L.text('检 验 报 告', 0, 220, { size: 32, align: 'center', width: W });
  L.text('TEST REPORT', 0, 265, { size: 14, align: 'center', width: W });
  L.text(`样品名称：${s.product}`, 130, 380, { size: 13 });
  L.text(`委托单位：${s.client}`, 130, 415, { size: 13 });
  L.text(`检验类别：${s.category}`, 130, 450, { size: 13 });
  L.text(s.lab, 0, 680, { size: 15, align: 'center', width: W, field: ['laboratory', s.lab] });
  L.text(`${y}-${mm}-${dd}`, 0, 710, { size: 12, align: 'center', width: W });
  // Info page.
  L.addPage();
  L.text(`${s.labShort}  报告编号 ${s.reportNo}   共4页 第2页`, 40, 36, { size: 8.5 });
  const info: (string | [string, ReadFieldKeyValue, string])[][] = [
    ['样品名称', [s.product, 'productName', s.product]],
    ['规格型号', [s.model, 'model', s.model]],
    ['样品批号', [s.lot, 'sampleLot', s.lot]],
    ['委托单位', [s.client, 'client', s.client]],
    ['生产单位', [s.maker, 'manufacturer', s.maker]],
    ['抽样地点', '广州市白云区彩居仓库'],
    ['检验依据', [s.standards[0], 'standard', s.standards[0]]],
    ['', [s.standards[1] ?? '', 'standard', s.standards[1] ?? '']],
    ['检验项目', 'VOC含量、甲醛含量等共8项'],
    ['检验结论', [conclusionText, 'conclusion', conclusion]],
    ['签发日期', [`${y}-${mm}-${dd}`, 'issueDate', iso(s.issue)]],
    ['备注', '—'],
  ];
  L.table(50, 70, [100, 395], info, { rowH: 32, size: 10.5 });
  L.image(seal, 360, 330, 130);
  L.text('批准：陈志强   审核：黄晓燕   编制：林涛', 60, 480, { size: 10.5 });
  const per = s.perPage ?? s.items.length;
  for (let p = 0; p * per < s.items.length; p++) {
    L.addPage();
    L.text(`${s.labShort}  报告编号 ${s.reportNo}   共4页 第${p + 3}页`, 40, 36, { size: 8.5 });
    const end = drawItems(s.items.slice(p * per, (p + 1) * per), p * per, 80);
    if ((p + 1) * per >= s.items.length) L.text('——以下空白——', 0, end + 14, { size: 9, align: 'center', width: W });
  }
  return { layout: L, photoPage: 1, fields };
}

interface GreenSpec {
  id: string;
  title: string;
  certNo: string;
  body: string;
  holder: string;
  maker?: string;
  product: string;
  models: [string, ...string[]];
  standard: string;
  stars: 1 | 2 | 3;
  issue: [number, number, number];
  expiry: [number, number, number];
}

const GREENS: GreenSpec[] = [
  {
    id: 'green-xps',
    title: 'Green building material certificate, XPS, three stars, CTC-style number',
    certNo: 'CTC-GBM-2025-00123',
    body: '国建绿色产品认证中心有限公司',
    holder: '江苏苏保新材料科技有限公司',
    product: '挤塑聚苯乙烯泡沫塑料板（XPS）',
    models: ['X150', 'X250', 'X300'],
    standard: 'GB/T 35608-2017',
    stars: 3,
    issue: [2025, 6, 18],
    expiry: [2028, 6, 17],
  },
  {
    id: 'green-tile',
    title: 'Green building material certificate, ceramic tiles, two stars, opaque number, holder ≠ maker',
    certNo: 'GBMC2025CT0417886',
    body: '华信绿建认证有限公司',
    holder: '佛山宏陶建材销售有限公司',
    maker: '江西高安宏陶陶瓷有限公司',
    product: '陶瓷砖（抛釉砖、岩板）',
    models: ['800×800mm', '600×1200mm', '750×1500mm'],
    standard: 'GB/T 35610-2017',
    stars: 2,
    issue: [2025, 11, 3],
    expiry: [2028, 11, 2],
  },
];

const STAR_WORDS = ['', '一星级', '二星级', '三星级'];

async function drawGreen(s: GreenSpec) {
  const L = new Layout(A4);
  const [W, H] = A4;
  L.addPage();
  L.pdf
    .rect(24, 24, W - 48, H - 48)
    .lineWidth(6)
    .strokeColor('#2e7d32')
    .stroke();
  L.pdf
    .rect(34, 34, W - 68, H - 68)
    .lineWidth(1)
    .strokeColor('#2e7d32')
    .stroke();
  L.pdf.strokeColor('#222');
  L.text('绿色建材产品认证证书', 0, 110, { size: 30, align: 'center', width: W, color: '#1b5e20' });
  L.text('GREEN BUILDING MATERIAL PRODUCT CERTIFICATION', 0, 155, { size: 11, align: 'center', width: W });
  L.text(`证书编号：${s.certNo}`, 80, 200, { size: 12, field: ['certNo', s.certNo] });
  const stars = '★'.repeat(s.stars) + '☆'.repeat(3 - s.stars);
  const rows: [string, string, ReadFieldKeyValue | null, string][] = [
    ['获证企业', s.holder, 'holder', s.holder],
    ...(s.maker
      ? ([['生产企业', s.maker, 'manufacturer', s.maker]] as [string, string, ReadFieldKeyValue, string][])
      : []),
    ['产品名称', s.product, 'productName', s.product],
    ['规格型号', s.models.join('、'), 'model', s.models[0]],
    ['认证依据', `${s.standard}《绿色产品评价》`, 'standard', s.standard],
    ['认证星级', `${stars}  ${STAR_WORDS[s.stars]}`, 'starRating', String(s.stars)],
  ];
  let yy = 250;
  for (const [label, value, key, v] of rows) {
    L.text(`${label}：`, 90, yy, { size: 13 });
    const b = L.text(value, 175, yy, { size: 13 });
    if (key) L.field(key, v, b);
    if (key === 'model') for (const m of s.models.slice(1)) L.field('model', m, b);
    yy += 40;
  }
  L.text('经认证，上述产品符合绿色建材产品认证实施规则的要求，特发此证。', 90, yy + 10, { size: 11 });
  const [iy, im, id] = s.issue;
  const [ey, em, ed] = s.expiry;
  L.text(`发证日期：${iy}年${im}月${id}日`, 90, yy + 60, { size: 12, field: ['issueDate', iso(s.issue)] });
  L.text(`有效期至：${ey}年${em}月${ed}日`, 90, yy + 88, { size: 12, field: ['expiryDate', iso(s.expiry)] });
  L.text(s.body, 300, yy + 180, { size: 14, field: ['body', s.body] });
  L.text('本证书信息可在全国认证认可信息公共服务平台查询', 0, H - 80, { size: 9, align: 'center', width: W });
  L.image(await sealPng(s.body, '认证专用章'), 330, yy + 110, 140);
  const fields: CorpusLabels['fields'] = {
    certNo: [s.certNo],
    body: [s.body],
    holder: [s.holder],
    ...(s.maker ? { manufacturer: [s.maker] } : {}),
    productName: [s.product],
    model: s.models,
    standard: [s.standard],
    starRating: [String(s.stars)],
    issueDate: [iso(s.issue)],
    expiryDate: [iso(s.expiry)],
  };
  return { layout: L, photoPage: 0, fields };
}

interface CardSpec {
  id: string;
  title: string;
  maker: string;
  product: string;
  model: string;
  lot: string;
  standard: string;
  date: [number, number, number];
  dateStyle: 'cn' | 'dash';
  inspector: string;
}

const CARDS: CardSpec[] = [
  {
    id: 'conformity-mortar',
    title: 'Factory certificate of conformity, ready-mixed dry mortar, A6 card',
    maker: '常州金砼建材有限公司',
    product: '干混砌筑砂浆',
    model: 'DM M10',
    lot: 'DM20260305-02',
    standard: 'GB/T 25181-2019',
    date: [2026, 3, 5],
    dateStyle: 'cn',
    inspector: '检07',
  },
  {
    id: 'conformity-glass',
    title: 'Factory certificate of conformity, insulating glass, A6 card',
    maker: '安徽明晶玻璃制品有限公司',
    product: '中空玻璃',
    model: '6Low-E+12A+6',
    lot: 'ZK2602187',
    standard: 'GB/T 11944-2012',
    date: [2026, 2, 18],
    dateStyle: 'dash',
    inspector: '质检03',
  },
];

async function drawCard(s: CardSpec) {
  const L = new Layout(CARD);
  const [W, H] = CARD;
  L.addPage();
  L.pdf
    .rect(12, 12, W - 24, H - 24)
    .lineWidth(1.5)
    .stroke();
  L.text('产品合格证', 0, 34, { size: 22, align: 'center', width: W });
  L.text('CERTIFICATE OF QUALITY', 0, 64, { size: 8, align: 'center', width: W });
  const [y, m, d] = s.date;
  const date = s.dateStyle === 'cn' ? `${y}年${m}月${d}日` : iso(s.date);
  const rows: (string | [string, ReadFieldKeyValue, string])[][] = [
    ['产品名称', [s.product, 'productName', s.product]],
    ['规格型号', [s.model, 'model', s.model]],
    ['生产批号', [s.lot, 'sampleLot', s.lot]],
    ['生产日期', [date, 'productionDate', iso(s.date)]],
    ['执行标准', [s.standard, 'standard', s.standard]],
    ['检验结果', ['合格', 'conclusion', 'pass']],
    ['检验员', s.inspector],
  ];
  L.table(26, 92, [70, 175], rows, { rowH: 26, size: 10 });
  L.text(s.maker, 0, 300, { size: 11, align: 'center', width: W, field: ['manufacturer', s.maker] });
  L.text('地址：工业园区创业路18号', 0, 320, { size: 8, align: 'center', width: W });
  const stamp = await sealPng('检验合格', 'QC PASSED', 260);
  L.image(stamp, W - 110, 250, 80);
  L.text('合格', W - 90, H - 52, { size: 14, color: '#c62828' });
  const fields: CorpusLabels['fields'] = {
    productName: [s.product],
    model: [s.model],
    sampleLot: [s.lot],
    productionDate: [iso(s.date)],
    standard: [s.standard],
    conclusion: ['pass'],
    manufacturer: [s.maker],
  };
  return { layout: L, photoPage: 0, fields };
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering and degrading.

/** The part of a 2D canvas context used here (@napi-rs/canvas's, as pdfjs-dist creates it). */
interface Canvas2D {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number };
}

async function renderPages(pdf: Buffer, dpi: number): Promise<{ data: Buffer; width: number; height: number }[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const out: { data: Buffer; width: number; height: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: unknown; context: Canvas2D };
    };
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    context.fillStyle = '#fff';
    context.fillRect(0, 0, Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvasContext: context, canvas, viewport } as unknown as RenderParameters).promise;
    const img = context.getImageData(0, 0, Math.round(viewport.width), Math.round(viewport.height));
    out.push({ data: Buffer.from(img.data.buffer), width: img.width, height: img.height });
    page.cleanup();
  }
  await doc.destroy();
  return out;
}

/** A scan of one page: grey paper, noise, a small turn, a little blur, JPEG. */
async function scanPage(
  page: { data: Buffer; width: number; height: number },
  r: ReturnType<typeof rng>,
  quality: number,
): Promise<Buffer> {
  const { width, height } = page;
  const px = Buffer.alloc(width * height * 3);
  const tone = [r.range(226, 240), r.range(224, 236), r.range(218, 230)];
  for (let i = 0, j = 0; i < page.data.length; i += 4, j += 3) {
    const n = (r.next() + r.next() - 1) * 18;
    for (let c = 0; c < 3; c++) {
      const v = ((page.data[i + c] as number) / 255) * (tone[c] as number) + n + 8;
      px[j + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  const angle = r.range(-1.5, 1.5);
  const turned = await sharp(px, { raw: { width, height, channels: 3 } })
    .rotate(angle, { background: { r: 232, g: 230, b: 224 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.floor((turned.info.width - width) / 2);
  const top = Math.floor((turned.info.height - height) / 2);
  return sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 3 } })
    .extract({ left, top, width, height })
    .blur(0.55)
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}

async function imagePdf(jpegs: Buffer[], size: [number, number]): Promise<Buffer> {
  const pdf = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'scan', Producer: 'evidence-corpus', Creator: 'scanner', CreationDate: new Date(0) },
  });
  for (const j of jpegs) {
    pdf.addPage({ size, margin: 0 });
    pdf.image(j, 0, 0, { width: size[0], height: size[1] });
  }
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => pdf.on('end', () => resolve()));
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

/** Solves the 3×3 homography mapping the unit square's corners (0,0),(1,0),(1,1),(0,1) onto `q`. */
type M3 = [number, number, number, number, number, number, number, number, number];
type Quad = [[number, number], [number, number], [number, number], [number, number]];

function squareToQuad(q: Quad): M3 {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const dy3 = y0 - y1 + y2 - y3;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert3(m: M3): M3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** A phone photo of one page: on a desk, seen at a slant, light falling off to one side, a little blur. */
async function photoOf(page: { data: Buffer; width: number; height: number }, r: ReturnType<typeof rng>) {
  const W = 1800;
  const H = 2400;
  const aspect = page.width / page.height;
  const ph = H * r.range(0.78, 0.86);
  const pw = ph * aspect;
  const cx = W / 2 + r.range(-60, 60);
  const cy = H / 2 + r.range(-40, 40);
  const j = () => r.range(-70, 70);
  const quad: Quad = [
    [cx - pw / 2 + j() + 40, cy - ph / 2 + j()],
    [cx + pw / 2 + j() - 40, cy - ph / 2 + j()],
    [cx + pw / 2 + j(), cy + ph / 2 + j()],
    [cx - pw / 2 + j(), cy + ph / 2 + j()],
  ];
  const inv = invert3(squareToQuad(quad));
  const out = Buffer.alloc(W * H * 3);
  const lx = r.range(-1, 1);
  const ly = r.range(-1, 1);
  const desk = [r.range(90, 130), r.range(75, 100), r.range(55, 75)];
  const { data, width: sw, height: sh } = page;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      // Light: brighter toward (lx, ly), a shadow band across one corner.
      const nx = x / W - 0.5;
      const ny = y / H - 0.5;
      let light = 0.9 + 0.22 * (nx * lx + ny * ly);
      if (nx + ny > 0.35) light *= 0.72 + 0.28 * Math.min(1, Math.max(0, (0.55 - (nx + ny)) / 0.2));
      const noise = (r.next() - 0.5) * 10;
      const den = inv[6] * x + inv[7] * y + inv[8];
      const u = ((inv[0] * x + inv[1] * y + inv[2]) / den) * (sw - 1);
      const v = ((inv[3] * x + inv[4] * y + inv[5]) / den) * (sh - 1);
      if (u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        const u0 = u | 0;
        const v0 = v | 0;
        const fu = u - u0;
        const fv = v - v0;
        const i00 = (v0 * sw + u0) * 4;
        const i10 = i00 + 4;
        const i01 = i00 + sw * 4;
        const i11 = i01 + 4;
        for (let c = 0; c < 3; c++) {
          const s =
            (data[i00 + c] as number) * (1 - fu) * (1 - fv) +
            (data[i10 + c] as number) * fu * (1 - fv) +
            (data[i01 + c] as number) * (1 - fu) * fv +
            (data[i11 + c] as number) * fu * fv;
          const val = (s * 0.93 + 6) * light + noise;
          out[o + c] = val < 0 ? 0 : val > 255 ? 255 : val;
        }
      } else {
        for (let c = 0; c < 3; c++) {
          const val = (desk[c] as number) * light + noise * 2;
          out[o + c] = val < 0 ? 0 : val > 255 ? 255 : val;
        }
      }
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(0.9)
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const docs: {
    id: string;
    title: string;
    kind: ReadDocumentKindValue;
    layoutName: string;
    make: () => ReturnType<typeof drawReport>;
  }[] = [
    ...REPORTS.map((s) => ({
      id: s.id,
      title: s.title,
      kind: 'test_report' as const,
      layoutName: `report-${s.layout}`,
      make: () => drawReport(s),
    })),
    ...GREENS.map((s) => ({
      id: s.id,
      title: s.title,
      kind: 'green_certificate' as const,
      layoutName: 'green',
      make: () => drawGreen(s),
    })),
    ...CARDS.map((s) => ({
      id: s.id,
      title: s.title,
      kind: 'conformity_certificate' as const,
      layoutName: 'card',
      make: () => drawCard(s),
    })),
  ];
  let seed = 29;
  let total = 0;
  for (const d of docs) {
    const started = Date.now();
    const r = rng(seed++);
    const { layout: L, photoPage, fields } = await d.make();
    const size: [number, number] = d.kind === 'conformity_certificate' ? CARD : A4;
    const text = await L.bytes();
    const dir = path.join(OUT, d.id);
    mkdirSync(dir, { recursive: true });
    const write = (name: string, b: Buffer | string) => {
      writeFileSync(path.join(dir, name), b);
      total += Buffer.byteLength(b);
    };
    write('text.pdf', text);
    const p200 = await renderPages(text, 200);
    write('scan-200.pdf', await imagePdf(await Promise.all(p200.map((p) => scanPage(p, r, 55))), size));
    const p300 = await renderPages(text, 300);
    write('scan-300.pdf', await imagePdf(await Promise.all(p300.map((p) => scanPage(p, r, 45))), size));
    const forPhoto = d.kind === 'conformity_certificate' ? await renderPages(text, 400) : p200;
    const shown = forPhoto[photoPage];
    if (!shown) throw new Error(`${d.id}: no page ${photoPage}`);
    write('photo.jpg', await photoOf(shown, r));
    const labels: CorpusLabels = {
      id: d.id,
      title: d.title,
      kind: d.kind,
      layout: d.layoutName,
      pageCount: L.pages.length,
      pageSize: size,
      inputs: { text: 'text.pdf', scan200: 'scan-200.pdf', scan300: 'scan-300.pdf', photo: 'photo.jpg' },
      photoPage,
      fields,
      fieldBoxes: L.fieldBoxes,
      items: L.items,
      pages: L.pages,
    };
    write('labels.json', `${JSON.stringify(labels, null, 1)}\n`);
    console.log(`${d.id}: ${L.pages.length} pages in ${Date.now() - started} ms`);
  }
  console.log(`evidence corpus: ${docs.length} documents, ${(total / 1024 / 1024).toFixed(1)} MB in ${OUT}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The demo's documents (`--demo`): text PDFs only, into apps/server/src/db/seed/demo-evidence/ (demo-evidence.ts).

/** Dates drawn as of the anchor; the seed writes the seeding day's over them. */
class DemoDates {
  readonly dates: { offset: number; format: DemoDateFormat }[] = [];
  text(offset: number, format: DemoDateFormat): string {
    if (!this.dates.some((d) => d.offset === offset && d.format === format)) this.dates.push({ offset, format });
    return formatDemoDate(addIsoDays(DEMO_EVIDENCE_ANCHOR, offset), format);
  }
}

function addIsoDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const DATE_GLYPHS = '0123456789年月日.-';

async function drawDemoReport(s: DemoReport, dates: DemoDates): Promise<Layout> {
  const L = new Layout(A4, { title: `检验检测报告 ${s.reportNo}`, plainPages: true });
  const [W] = A4;
  const issued = -s.issuedDaysAgo;
  const passed = s.items.every((i) => i[4] !== '不合格');
  L.addPage();
  L.image(await cmaPng(120), 40, 40, 64);
  L.text(`CMA ${s.cmaNo}`, 36, 80, { size: 8 });
  if (s.cnasNo) {
    L.image(await cnasPng(120), 110, 40, 64);
    L.text(`CNAS ${s.cnasNo}`, 112, 80, { size: 8 });
  }
  L.text(s.lab, 190, 50, { size: 15 });
  L.text(s.labAddress, 190, 74, { size: 8.5 });
  L.pdf
    .moveTo(40, 100)
    .lineTo(W - 40, 100)
    .lineWidth(1.5)
    .stroke();
  L.text('检 验 检 测 报 告', 0, 140, { size: 28, align: 'center', width: W });
  L.text(`报告编号：${s.reportNo}`, 350, 200, { size: 11 });
  const conclusion = passed
    ? `经检验，该样品所检项目符合${s.standards[0]}标准要求。`
    : `经检验，该样品所检项目不符合${s.standards[0]}标准要求。`;
  L.table(
    60,
    235,
    [110, 365],
    [
      ['样品名称', s.productName],
      ['规格型号', s.model],
      ['样品批号', s.lot],
      ['委托单位', s.client],
      ['生产单位', s.maker],
      ['检验类别', '委托检验'],
      ['检验依据', s.standards.join('、')],
      ['检验结论', conclusion],
      ['签发日期', dates.text(issued, 'dot')],
    ],
    { rowH: 34, size: 11 },
  );
  L.text('批准：王建国        审核：李敏        主检：张伟', 70, 580, { size: 10.5 });
  L.text('（检验检测专用章）', 390, 690, { size: 9 });
  L.image(await sealPng(s.lab.replace(/（.*?）/, ''), '检验检测专用章', 260), 380, 560, 130);
  L.text('第 1 页 共 2 页', 0, 800, { size: 9, align: 'center', width: W });
  L.addPage();
  L.text(`报告编号：${s.reportNo}`, 40, 40, { size: 9 });
  L.text('检 验 结 果', 0, 70, { size: 16, align: 'center', width: W });
  const rows = s.items.map(([name, unit, requirement, measured, verdict], k) => [
    String(k + 1),
    name,
    unit,
    requirement,
    measured,
    verdict ?? '合格',
  ]);
  const boxes = L.table(
    40,
    100,
    [36, 170, 70, 90, 80, 64],
    [['序号', '检验项目', '单位', '标准要求', '检验结果', '单项判定'], ...rows],
    {
      rowH: 26,
      size: 9.5,
      header: true,
    },
  );
  L.text('（以下空白）', 0, 100 + boxes.length * 26 + 14, { size: 9, align: 'center', width: W });
  L.text('第 2 页 共 2 页', 0, 800, { size: 9, align: 'center', width: W });
  return L;
}

async function drawDemoGreen(g: DemoGreen, dates: DemoDates): Promise<Layout> {
  const product = demoProducts.find((p) => p.name === g.product);
  if (!product?.cert) throw new Error(`${g.id}: ${g.product} has no certificate in demo-products.ts`);
  const { certNo, stars, untilDays } = product.cert;
  const L = new Layout(A4, { title: `绿色建材产品认证证书 ${certNo}`, plainPages: true });
  const [W, H] = A4;
  L.addPage();
  L.pdf
    .rect(24, 24, W - 48, H - 48)
    .lineWidth(6)
    .strokeColor('#2e7d32')
    .stroke();
  L.pdf
    .rect(34, 34, W - 68, H - 68)
    .lineWidth(1)
    .strokeColor('#2e7d32')
    .stroke();
  L.pdf.strokeColor('#222');
  L.text('绿色建材产品认证证书', 0, 110, { size: 30, align: 'center', width: W, color: '#1b5e20' });
  L.text('GREEN BUILDING MATERIAL PRODUCT CERTIFICATION', 0, 155, { size: 11, align: 'center', width: W });
  L.text(`证书编号：${certNo}`, 80, 200, { size: 12 });
  const starText = `${'★'.repeat(stars) + '☆'.repeat(3 - stars)}  ${STAR_WORDS[stars]}`;
  const rows: [string, string][] = [
    ['获证企业', '南京绿筑新型建材有限公司'],
    ['生产企业', '南京绿筑新型建材有限公司'],
    ['产品名称', g.productName],
    ['规格型号', g.models.join('、')],
    ['认证依据', g.standard],
    ['认证星级', starText],
  ];
  let yy = 250;
  for (const [label, value] of rows) {
    L.text(`${label}：`, 90, yy, { size: 13 });
    L.text(value, 175, yy, { size: 13 });
    yy += 40;
  }
  L.text('经认证，上述产品符合绿色建材产品认证实施规则的要求，特发此证。', 90, yy + 10, { size: 11 });
  // As the seed stores them: valid from three years (3 × 365 days) before the expiry.
  L.text(`发证日期：${dates.text(untilDays - 3 * 365, 'cn')}`, 90, yy + 60, { size: 12 });
  L.text(`有效期至：${dates.text(untilDays, 'cn')}`, 90, yy + 88, { size: 12 });
  L.text(ISSUER, 300, yy + 180, { size: 14 });
  L.text('本证书信息可在全国认证认可信息公共服务平台查询', 0, H - 80, { size: 9, align: 'center', width: W });
  L.image(await sealPng(ISSUER, '认证专用章', 260), 330, yy + 110, 140);
  return L;
}

/** A maker's 合格证 of a lot delivered to the demo site, an A6 card like the corpus's. */
async function drawDemoCard(c: DemoCard, dates: DemoDates): Promise<Layout> {
  const L = new Layout(CARD, { title: `产品合格证 ${c.lot}`, plainPages: true });
  const [W, H] = CARD;
  L.addPage();
  L.pdf
    .rect(12, 12, W - 24, H - 24)
    .lineWidth(1.5)
    .stroke();
  L.text('产品合格证', 0, 34, { size: 22, align: 'center', width: W });
  L.text('CERTIFICATE OF QUALITY', 0, 64, { size: 8, align: 'center', width: W });
  L.table(
    26,
    92,
    [70, 175],
    [
      ['产品名称', c.productName],
      ['规格型号', c.model],
      ['生产批号', c.lot],
      ['生产日期', dates.text(-c.producedDaysAgo, 'cn')],
      ['执行标准', c.standard],
      ['检验结果', '合格'],
      ['检验员', '质检05'],
    ],
    { rowH: 26, size: 10 },
  );
  L.text(c.maker, 0, 300, { size: 11, align: 'center', width: W });
  L.text('地址：北京市顺义区空港工业区 B 区', 0, 320, { size: 8, align: 'center', width: W });
  L.image(await sealPng('检验合格', 'QC PASSED', 260), W - 110, 250, 80);
  L.text('合格', W - 90, H - 52, { size: 14, color: '#c62828' });
  return L;
}

async function writeDemo() {
  mkdirSync(DEMO_EVIDENCE_DIR, { recursive: true });
  const manifest: DemoEvidenceManifest = { anchor: DEMO_EVIDENCE_ANCHOR, files: {} };
  let total = 0;
  const docs = [
    ...DEMO_REPORTS.map((r) => ({ id: r.id, draw: (d: DemoDates) => drawDemoReport(r, d) })),
    ...DEMO_GREENS.map((g) => ({ id: g.id, draw: (d: DemoDates) => drawDemoGreen(g, d) })),
    { id: DEMO_MEMBRANE_CARD.id, draw: (d: DemoDates) => drawDemoCard(DEMO_MEMBRANE_CARD, d) },
  ];
  for (const doc of docs) {
    const dates = new DemoDates();
    const L = await doc.draw(dates);
    // The glyph ids the dates are drawn with (encoding them includes them in the embedded subset).
    const font = (L.pdf as unknown as { _font: { encode(text: string): [string[], unknown] } })._font;
    const [ids] = font.encode(DATE_GLYPHS);
    const glyphs = Object.fromEntries([...DATE_GLYPHS].map((c, i) => [c, ids[i] as string]));
    const bytes = await L.bytes();
    const text = bytes.toString('latin1');
    for (const d of dates.dates) {
      const drawn = [...formatDemoDate(addIsoDays(DEMO_EVIDENCE_ANCHOR, d.offset), d.format)].map((c) => glyphs[c]);
      if (!text.includes(drawn.join(''))) throw new Error(`${doc.id}: a date is not one run of glyphs`);
    }
    manifest.files[doc.id] = { glyphs, dates: dates.dates };
    writeFileSync(path.join(DEMO_EVIDENCE_DIR, `${doc.id}.pdf`), bytes);
    total += bytes.length;
    console.log(`${doc.id}: ${L.pages.length} pages, ${(bytes.length / 1024).toFixed(0)} KB`);
  }
  writeFileSync(path.join(DEMO_EVIDENCE_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  console.log(`demo evidence: ${docs.length} documents, ${(total / 1024).toFixed(0)} KB in ${DEMO_EVIDENCE_DIR}`);
}

if (process.argv.includes('--demo')) await writeDemo();
else await main();
