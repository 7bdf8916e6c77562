import { z } from './zod.ts';

/**
 * Evidence read on upload (docs/evidence-reading.md): a test report, a green-building-material certificate or a
 * factory certificate of conformity (合格证), read on the platform's own machine — its PDF text layer where it has one,
 * otherwise OCR — into lines with their place on the page, then into named fields, each with a confidence and a box,
 * then checked against the platform's facts. The machine never decides: the auditor sees the fields beside the
 * document, the failed checks first, and confirms or corrects.
 *
 * Boxes are fractions of the page, [x0, y0, x1, y1] from the top-left corner, so the browser can draw them over a
 * preview of any size.
 */

export const boxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Box = z.infer<typeof boxSchema>;

/** One line of text as read: from the text layer (confidence 1) or OCR (the recogniser's confidence, 0–1). */
export const readLineSchema = z.object({ text: z.string(), box: boxSchema, confidence: z.number() });
export type ReadLine = z.infer<typeof readLineSchema>;

/** How a page was read. */
export const ReadSource = { TEXT_LAYER: 'text', OCR: 'ocr' } as const;
export type ReadSourceValue = (typeof ReadSource)[keyof typeof ReadSource];

export const readPageSchema = z.object({
  /** The page's size in points (PDF) or pixels (an image), before any turn. */
  width: z.number(),
  height: z.number(),
  source: z.enum([ReadSource.TEXT_LAYER, ReadSource.OCR]),
  lines: z.array(readLineSchema),
});
export type ReadPage = z.infer<typeof readPageSchema>;

/** What the document is, as the reader judged it from its words. */
export const ReadDocumentKind = {
  TEST_REPORT: 'test_report',
  GREEN_CERTIFICATE: 'green_certificate',
  CONFORMITY_CERTIFICATE: 'conformity_certificate',
  UNKNOWN: 'unknown',
} as const;
export type ReadDocumentKindValue = (typeof ReadDocumentKind)[keyof typeof ReadDocumentKind];
export const readDocumentKindValues = Object.values(ReadDocumentKind) as [
  ReadDocumentKindValue,
  ...ReadDocumentKindValue[],
];
export const readDocumentKindLabels: Record<ReadDocumentKindValue, { zh: string; en: string }> = {
  test_report: { zh: '检验检测报告', en: 'Test report' },
  green_certificate: { zh: '绿色建材产品认证证书', en: 'Green building material certificate' },
  conformity_certificate: { zh: '产品合格证', en: 'Certificate of conformity' },
  unknown: { zh: '未识别的文件', en: 'Not recognised' },
};

/**
 * The fields a reading names. A test report: report number, laboratory, CMA and CNAS marks and numbers, client,
 * product, model, sample lot, standards cited, conclusion, issue date (its test items apart). A certificate: number,
 * body, holder, product, models, standard, star level, issue and expiry dates. A certificate of conformity: product,
 * model, lot, maker, standard, production date, conclusion.
 */
export const ReadFieldKey = {
  REPORT_NO: 'reportNo',
  LABORATORY: 'laboratory',
  CMA: 'cma',
  CMA_NO: 'cmaNo',
  CNAS: 'cnas',
  CNAS_NO: 'cnasNo',
  CLIENT: 'client',
  PRODUCT_NAME: 'productName',
  MODEL: 'model',
  SAMPLE_LOT: 'sampleLot',
  STANDARD: 'standard',
  CONCLUSION: 'conclusion',
  ISSUE_DATE: 'issueDate',
  CERT_NO: 'certNo',
  BODY: 'body',
  HOLDER: 'holder',
  STAR_RATING: 'starRating',
  EXPIRY_DATE: 'expiryDate',
  MANUFACTURER: 'manufacturer',
  PRODUCTION_DATE: 'productionDate',
} as const;
export type ReadFieldKeyValue = (typeof ReadFieldKey)[keyof typeof ReadFieldKey];
export const readFieldKeyValues = Object.values(ReadFieldKey) as [ReadFieldKeyValue, ...ReadFieldKeyValue[]];
export const readFieldLabels: Record<ReadFieldKeyValue, { zh: string; en: string }> = {
  reportNo: { zh: '报告编号', en: 'Report number' },
  laboratory: { zh: '检验检测机构', en: 'Laboratory' },
  cma: { zh: 'CMA 标志', en: 'CMA mark' },
  cmaNo: { zh: 'CMA 编号', en: 'CMA number' },
  cnas: { zh: 'CNAS 标志', en: 'CNAS mark' },
  cnasNo: { zh: 'CNAS 编号', en: 'CNAS number' },
  client: { zh: '委托单位', en: 'Client' },
  productName: { zh: '产品名称', en: 'Product' },
  model: { zh: '规格型号', en: 'Model' },
  sampleLot: { zh: '样品批号', en: 'Sample lot' },
  standard: { zh: '依据标准', en: 'Standard' },
  conclusion: { zh: '检验结论', en: 'Conclusion' },
  issueDate: { zh: '签发日期', en: 'Issue date' },
  certNo: { zh: '证书编号', en: 'Certificate number' },
  body: { zh: '认证机构', en: 'Certification body' },
  holder: { zh: '获证企业', en: 'Holder' },
  starRating: { zh: '星级', en: 'Star level' },
  expiryDate: { zh: '有效期至', en: 'Valid until' },
  manufacturer: { zh: '生产企业', en: 'Manufacturer' },
  productionDate: { zh: '生产日期', en: 'Production date' },
};

/**
 * One field as read: its value normalised (dates YYYY-MM-DD, digits half-width, marks 'true'/'false', a star level
 * '1'–'3'; several standards are several fields with the same key), the words it was read from, where, and how sure.
 */
export const readFieldSchema = z.object({
  key: z.enum(readFieldKeyValues),
  value: z.string(),
  /** The text on the page the value was taken from (a label's line, or two lines joined). */
  text: z.string(),
  confidence: z.number(),
  /** 0-based page index. */
  page: z.number().int(),
  box: boxSchema,
});
export type ReadField = z.infer<typeof readFieldSchema>;

/** A verdict on a test item, normalised. */
export const ItemVerdict = { PASS: 'pass', FAIL: 'fail', NONE: 'none' } as const;
export type ItemVerdictValue = (typeof ItemVerdict)[keyof typeof ItemVerdict];

/** A test item of a report: what was tested, what the standard requires, what was measured, the verdict. */
export const readItemSchema = z.object({
  name: z.string(),
  /** The requirement as written ('≥0.30', '≤ 0.040 W/(m·K)', '无裂纹') and, when it is a bound, parsed. */
  requirement: z.string(),
  bound: z
    .object({ op: z.enum(['>=', '<=', '>', '<', '=']), value: z.number(), unit: z.string().optional() })
    .optional(),
  /** The measured value as written, and its number when it has one. */
  measured: z.string(),
  measuredValue: z.number().optional(),
  unit: z.string().optional(),
  verdict: z.enum([ItemVerdict.PASS, ItemVerdict.FAIL, ItemVerdict.NONE]),
  confidence: z.number(),
  page: z.number().int(),
  box: boxSchema,
});
export type ReadItem = z.infer<typeof readItemSchema>;

/** What a document says, read: its kind, fields and test items. */
export const readDocumentSchema = z.object({
  kind: z.enum(readDocumentKindValues),
  fields: z.array(readFieldSchema),
  items: z.array(readItemSchema),
});
export type ReadDocument = z.infer<typeof readDocumentSchema>;
