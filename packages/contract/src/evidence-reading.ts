import { positiveId } from './params.ts';
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

// ---- the reading's state, as the queue holds it ----

export const ReadingState = {
  QUEUED: 'queued',
  READING: 'reading',
  DONE: 'done',
  REFUSED: 'refused',
  FAILED: 'failed',
} as const;
export type ReadingStateValue = (typeof ReadingState)[keyof typeof ReadingState];
export const readingStateValues = Object.values(ReadingState) as [ReadingStateValue, ...ReadingStateValue[]];
export const readingStateLabels: Record<ReadingStateValue, { zh: string; en: string }> = {
  queued: { zh: '排队识别', en: 'Waiting to be read' },
  reading: { zh: '识别中', en: 'Reading' },
  done: { zh: '已识别', en: 'Read' },
  refused: { zh: '无法识别', en: 'Cannot be read' },
  failed: { zh: '识别失败', en: 'Reading failed' },
};

/** Why a file could not be read: said to the reader, never a crash. */
export const ReadingRefusal = {
  ENCRYPTED: 'encrypted',
  TOO_MANY_PAGES: 'too_many_pages',
  TOO_LARGE: 'too_large',
  CORRUPT: 'corrupt',
  UNSUPPORTED: 'unsupported',
  TIMEOUT: 'timeout',
  FAILED: 'failed',
} as const;
export type ReadingRefusalValue = (typeof ReadingRefusal)[keyof typeof ReadingRefusal];
export const readingRefusalValues = Object.values(ReadingRefusal) as [ReadingRefusalValue, ...ReadingRefusalValue[]];
export const readingRefusalLabels: Record<ReadingRefusalValue, { zh: string; en: string }> = {
  encrypted: { zh: 'PDF 已加密，无法读取内容，请上传未加密的文件', en: 'The PDF is encrypted' },
  too_many_pages: { zh: '页数过多，仅识别 30 页以内的文件', en: 'Too many pages to read' },
  too_large: { zh: '文件或图片尺寸过大', en: 'The file or image is too large' },
  corrupt: { zh: '文件已损坏或格式不符', en: 'The file is damaged' },
  unsupported: { zh: '不支持的文件类型（支持 PDF、JPG、PNG）', en: 'Not a PDF, JPEG or PNG' },
  timeout: { zh: '识别超时', en: 'Reading took too long' },
  failed: { zh: '识别出错，已记录，可稍后重试', en: 'Reading failed' },
};

// ---- checks: each finding names its rule (code and version) and what it compared ----

export const CheckOutcome = { FAIL: 'fail', WARN: 'warn', PASS: 'pass', UNKNOWN: 'unknown' } as const;
export type CheckOutcomeValue = (typeof CheckOutcome)[keyof typeof CheckOutcome];
export const checkOutcomeValues = Object.values(CheckOutcome) as [CheckOutcomeValue, ...CheckOutcomeValue[]];
export const checkOutcomeLabels: Record<CheckOutcomeValue, { zh: string; en: string }> = {
  fail: { zh: '不一致', en: 'Disagrees' },
  warn: { zh: '需留意', en: 'Look closer' },
  pass: { zh: '一致', en: 'Agrees' },
  unknown: { zh: '无法核对', en: 'Not checked' },
};

export const readingFindingSchema = z.object({
  /** The rule: ER-01…, its version, name and definition (docs/evidence-reading.md, "Checks"). */
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  definition: z.string(),
  outcome: z.enum(checkOutcomeValues),
  /** What was found, in words for the auditor. */
  message: z.string(),
  /** What the platform holds and what the document says, when the finding compares two values. */
  expected: z.string().optional(),
  found: z.string().optional(),
  /** The fields and test items to highlight on the document. */
  fields: z.array(z.object({ key: z.enum(readFieldKeyValues), index: z.number().int() })),
  items: z.array(z.number().int()),
});
export type ReadingFinding = z.infer<typeof readingFindingSchema>;

// ---- the calls: a document where it is used (its subject), read and checked ----

/**
 * Where a document is looked at, which decides who may see it and what it is checked against: `product` (the
 * manufacturer's own product, before it submits), `listing` (the platform's and the city's listing audit),
 * `revision` (the audit of a listed product's changed evidence), `application` (a certification body's review of a
 * certificate application's evidence), `inspection` (a delivered lot's site inspection: the 合格证 and reports in its
 * checklist).
 */
export const ReadingSubject = {
  PRODUCT: 'product',
  LISTING: 'listing',
  REVISION: 'revision',
  APPLICATION: 'application',
  INSPECTION: 'inspection',
} as const;
export type ReadingSubjectValue = (typeof ReadingSubject)[keyof typeof ReadingSubject];
export const readingSubjectValues = Object.values(ReadingSubject) as [ReadingSubjectValue, ...ReadingSubjectValue[]];

export const readingQuery = z.object({
  subject: z.enum(readingSubjectValues, { error: '请指明文件所在的记录类型' }),
  id: positiveId('记录'),
  uploadId: positiveId('文件'),
});
export type ReadingQuery = z.infer<typeof readingQuery>;

export const readingPageQuery = readingQuery.extend({
  page: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: '页码必须是数字' }).int('页码必须是整数').min(0, '页码从 0 开始').max(1000, '页码过大'),
  ),
});

export const readingReviewBody = readingQuery.extend({
  key: z.enum(readFieldKeyValues, { error: '没有这个字段' }),
  index: z.number().int().min(0).max(50).default(0),
  value: z.string({ error: '请输入核对后的内容' }).trim().max(500, '内容不能超过 500 个字'),
});
export type ReadingReviewBody = z.infer<typeof readingReviewBody>;

/** A field as shown: as read (or null when the reader found none), and the auditors' last word on it. */
export const readingFieldView = z.object({
  key: z.enum(readFieldKeyValues),
  index: z.number().int(),
  label: z.string(),
  read: readFieldSchema.nullable(),
  /** The value the checks use: the last review's, else the one read. */
  value: z.string(),
  review: z.object({ value: z.string(), confirmed: z.boolean(), userName: z.string(), at: z.string() }).nullable(),
});
export type ReadingFieldView = z.infer<typeof readingFieldView>;

export const readingView = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  state: z.enum(readingStateValues),
  stateName: z.string(),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  refusal: z.enum(readingRefusalValues).nullable(),
  refusalText: z.string().nullable(),
  kind: z.enum(readDocumentKindValues).nullable(),
  kindName: z.string().nullable(),
  /** The pages' sizes and how each was read; the previews come from `page`. */
  pages: z.array(z.object({ index: z.number().int(), width: z.number(), height: z.number(), source: z.string() })),
  fields: z.array(readingFieldView),
  items: z.array(readItemSchema),
  /** Failed first, then to look at, not checked, agreeing. */
  findings: z.array(readingFindingSchema),
  /** The caller is an auditor of the subject: it may confirm or correct fields. */
  canReview: z.boolean(),
  engine: z.string().nullable(),
});
export type ReadingView = z.infer<typeof readingView>;

/** What an audit record keeps of a document's reading when an auditor decides: its state and the findings shown. */
export const readingDigestSchema = z.object({
  uploadId: z.number().int(),
  state: z.enum(readingStateValues),
  /** The findings that were not agreeing (failed, to look at, not checked). */
  findings: z.array(z.object({ code: z.string(), version: z.number().int(), outcome: z.enum(checkOutcomeValues) })),
  /** How many times the auditors confirmed or corrected a field before deciding. */
  reviewed: z.number().int(),
});
export type ReadingDigest = z.infer<typeof readingDigestSchema>;
