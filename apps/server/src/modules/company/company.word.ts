import {
  type ListingStatusValue,
  listingStatusLabels,
  type ProductDocumentKindValue,
  productDocumentKindLabels,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type * as Docx from 'docx';

/** What the application form shows: the company and its products in one city. */
export interface CompanyWordInput {
  title: string;
  city: string;
  company: {
    name: string;
    creditCode: string | null;
    regionPath: string;
    address: string | null;
    legalPerson: string | null;
    contactName: string | null;
    contactPhone: string | null;
    certStatus: number;
  };
  products: {
    name: string;
    brand: string | null;
    classifyName: string;
    status: number;
    isPrefabricated: boolean;
    isLowCarbon: boolean;
    isGreen: boolean;
    starRating: number | null;
    isGovProcurement: boolean;
    description: string | null;
    specs: { name: string; model: string; unitName: string | null; price: string | null; status: number }[];
    certificates: {
      kind: number;
      name: string;
      certNo: string | null;
      issuer: string | null;
      starRating: number | null;
      validFrom: string | null;
      validUntil: string | null;
    }[];
  }[];
}

/** The docx library, loaded on the first form rather than at start-up (≈ 0.35 s of module loading). */
let docx: typeof Docx;

const FONT = '宋体';
const text = (value: string, bold = false) => new docx.TextRun({ text: value, bold, font: FONT });
const para = (value: string, bold = false) => new docx.Paragraph({ children: [text(value, bold)] });
const cell = (value: string, bold = false) => new docx.TableCell({ children: [para(value || '—', bold)] });
const table = (rows: string[][], header = true) =>
  new docx.Table({
    width: { size: 100, type: docx.WidthType.PERCENTAGE },
    rows: rows.map((r, i) => new docx.TableRow({ children: r.map((v) => cell(v, header && i === 0)) })),
  });
const heading = (value: string, level: (typeof Docx.HeadingLevel)[keyof typeof Docx.HeadingLevel]) =>
  new docx.Paragraph({ heading: level, children: [text(value, true)] });

function tagsOf(p: CompanyWordInput['products'][number]): string {
  const tags = [
    p.isGreen ? `绿色建材${p.starRating ? `（${'★'.repeat(p.starRating)}）` : ''}` : null,
    p.isLowCarbon ? '低碳' : null,
    p.isPrefabricated ? '装配式' : null,
    p.isGovProcurement ? '政府采购' : null,
  ].filter((t): t is string => t !== null);
  return tags.length > 0 ? tags.join('、') : '无';
}

/**
 * The application form a city committee expects (绿色建材产品入库申请表): the company's details, then each product
 * listed or applying in that city with its classification, specifications, tags and certificates. A real
 * .docx (Office Open XML) built with the `docx` library.
 */
export async function buildCompanyWord(input: CompanyWordInput): Promise<Buffer> {
  docx ??= await import('docx');
  const c = input.company;
  const children: (Docx.Paragraph | Docx.Table)[] = [
    new docx.Paragraph({
      heading: docx.HeadingLevel.TITLE,
      alignment: docx.AlignmentType.CENTER,
      children: [text(`${input.city}${input.title}`, true)],
    }),
    para(`生成时间：${formatShanghaiTime(new Date())}`),
    heading('一、企业基本信息', docx.HeadingLevel.HEADING_1),
    table(
      [
        ['企业名称', c.name],
        ['统一社会信用代码', c.creditCode ?? ''],
        ['所在地区', c.regionPath],
        ['详细地址', c.address ?? ''],
        ['法定代表人', c.legalPerson ?? ''],
        ['联系人', c.contactName ?? ''],
        ['联系电话', c.contactPhone ?? ''],
        ['认证状态', c.certStatus === 2 ? '已认证' : '未认证'],
      ],
      false,
    ),
    heading(`二、申请入库产品（共 ${input.products.length} 个）`, docx.HeadingLevel.HEADING_1),
  ];
  if (input.products.length === 0) children.push(para(`本企业暂无在${input.city}入库或申请入库的产品。`));
  input.products.forEach((p, i) => {
    children.push(
      heading(`${i + 1}. ${p.name}`, docx.HeadingLevel.HEADING_2),
      table(
        [
          ['品牌', p.brand ?? ''],
          ['产品分类', p.classifyName],
          ['入库状态', listingStatusLabels[p.status as ListingStatusValue]?.zh ?? String(p.status)],
          ['产品标签', tagsOf(p)],
          ['产品简介', p.description ?? ''],
        ],
        false,
      ),
      para('规格型号', true),
      table([
        ['规格名称', '型号', '单位', '单价（元）', '销售状态'],
        ...p.specs.map((s) => [s.name, s.model, s.unitName ?? '', s.price ?? '', s.status === 1 ? '在售' : '停售']),
      ]),
      para('资质证书', true),
      p.certificates.length === 0
        ? para('无')
        : table([
            ['类型', '名称', '证书编号', '发证机构', '星级', '有效期'],
            ...p.certificates.map((d) => [
              productDocumentKindLabels[d.kind as ProductDocumentKindValue]?.zh ?? '',
              d.name,
              d.certNo ?? '',
              d.issuer ?? '',
              d.starRating ? `${d.starRating} 星` : '',
              d.validUntil ? `${d.validFrom ?? ''} 至 ${d.validUntil}` : '',
            ]),
          ]),
    );
  });
  children.push(
    heading('三、企业承诺', docx.HeadingLevel.HEADING_1),
    para('本企业承诺所填信息及所附资料真实、准确、有效，如有虚假，愿承担相应责任。'),
    para('企业（盖章）：                    日期：      年    月    日'),
  );
  const doc = new docx.Document({
    creator: '建材帮帮',
    title: `${input.city}${input.title}`,
    sections: [{ children }],
  });
  return docx.Packer.toBuffer(doc);
}
