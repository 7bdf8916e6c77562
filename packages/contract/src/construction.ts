import { pageOf } from './envelope.ts';
import { creditCodeSchema } from './organization.ts';
import { blankToUndefined, optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import {
  codeLevelValues,
  codeList,
  dateField,
  optionalDate,
  quantityField,
  rejectReasonValues,
  SHIPMENT_LINES_MAX,
  TRACE_PAGE_SIZE,
  uploadIds,
} from './trace.ts';
import { z } from './zod.ts';

/**
 * Project construction (spec §2 /projectConstruction, /project stock import/export, receive track, outbound;
 * §7 api/material/*; docs/construction.md): what happens to materials on a building site after they arrive —
 * deliveries (a platform shipment's receipt, or a supplier outside the platform), incoming inspection with its
 * document checklist and quarantine, witness sampling (见证取样), issue to the works (出库/领用), the supervision
 * unit's spot checks, Excel import and export, and the site's green-material ledger (绿色建材进场专项台账).
 *
 * Stock is the traceability module's stock ledger: a project's stock is held in three buckets — quarantined
 * (received, awaiting inspection or retest), usable (released) and rejected (awaiting return or destruction).
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- code tables ----

/** Where a delivery came from: a platform shipment (received with its trace codes) or a supplier off the platform. */
export const DeliveryKind = { PLATFORM: 'platform', EXTERNAL: 'external' } as const;
export type DeliveryKindValue = (typeof DeliveryKind)[keyof typeof DeliveryKind];
export const deliveryKindValues = Object.values(DeliveryKind) as [DeliveryKindValue, ...DeliveryKindValue[]];
export const deliveryKindLabels = labels<DeliveryKindValue>({
  platform: { zh: '平台发货', en: 'Platform shipment' },
  external: { zh: '平台外供应商', en: 'Off-platform supplier' },
});

/**
 * The state of one delivered lot at the site (docs/construction.md, "Inspection"): quarantined until inspected;
 * the contractor's inspector submits a verdict (材料进场报验), which the supervising engineer approves (the lot is
 * released, released by concession, rejected or held for a witnessed retest) or sends back; a retest's report
 * releases or rejects it; rejected goods are returned or destroyed. Only released and concession stock is usable.
 */
export const InspectionState = {
  PENDING: 'pending',
  SUBMITTED: 'submitted',
  PENDING_RETEST: 'pending_retest',
  RELEASED: 'released',
  CONCESSION: 'concession',
  REJECTED: 'rejected',
  RETURNED: 'returned',
  DESTROYED: 'destroyed',
} as const;
export type InspectionStateValue = (typeof InspectionState)[keyof typeof InspectionState];
export const inspectionStateValues = Object.values(InspectionState) as [
  InspectionStateValue,
  ...InspectionStateValue[],
];
export const inspectionStateLabels = labels<InspectionStateValue>({
  pending: { zh: '待验收', en: 'Awaiting inspection' },
  submitted: { zh: '待监理确认', en: 'Awaiting the supervisor' },
  pending_retest: { zh: '待复试', en: 'Awaiting retest' },
  released: { zh: '已放行', en: 'Released' },
  concession: { zh: '让步接收', en: 'Released by concession' },
  rejected: { zh: '不合格', en: 'Rejected' },
  returned: { zh: '已退场', en: 'Returned' },
  destroyed: { zh: '已销毁', en: 'Destroyed' },
});
/** States whose stock is still quarantined. */
export const QUARANTINE_STATES: readonly InspectionStateValue[] = ['pending', 'submitted', 'pending_retest'];

/** An inspector's verdict on a delivered lot (进场验收结论). */
export const InspectionVerdict = {
  PASS: 'pass',
  FAIL: 'fail',
  CONCESSION: 'concession',
  RETEST: 'retest',
} as const;
export type InspectionVerdictValue = (typeof InspectionVerdict)[keyof typeof InspectionVerdict];
export const inspectionVerdictValues = Object.values(InspectionVerdict) as [
  InspectionVerdictValue,
  ...InspectionVerdictValue[],
];
export const inspectionVerdictLabels = labels<InspectionVerdictValue>({
  pass: { zh: '合格，放行', en: 'Pass, release' },
  fail: { zh: '不合格，拒收', en: 'Fail, reject' },
  concession: { zh: '让步接收', en: 'Accept by concession' },
  retest: { zh: '待见证复试', en: 'Hold for witnessed retest' },
});

/** What becomes of rejected stock. */
export const DisposalKind = { RETURNED: 'returned', DESTROYED: 'destroyed' } as const;
export type DisposalKindValue = (typeof DisposalKind)[keyof typeof DisposalKind];
export const disposalKindValues = Object.values(DisposalKind) as [DisposalKindValue, ...DisposalKindValue[]];

/** The quality documents a delivery is checked for (GB 50300 3.0.6, GB/T 50319 B.0.6; docs/construction.md). */
export const DocumentKind = {
  CONFORMITY: 'conformity',
  FACTORY_TEST: 'factory_test',
  TYPE_TEST: 'type_test',
  CCC: 'ccc',
  GREEN: 'green',
  MANUAL: 'manual',
  IMPORT_INSPECTION: 'import_inspection',
} as const;
export type DocumentKindValue = (typeof DocumentKind)[keyof typeof DocumentKind];
export const documentKindValues = Object.values(DocumentKind) as [DocumentKindValue, ...DocumentKindValue[]];
export const documentKindLabels = labels<DocumentKindValue>({
  conformity: { zh: '产品合格证', en: 'Certificate of conformity' },
  factory_test: { zh: '出厂检验报告', en: 'Factory test report' },
  type_test: { zh: '型式检验报告', en: 'Type test report' },
  ccc: { zh: '3C 认证证书', en: 'CCC certificate' },
  green: { zh: '绿色建材认证证书或检测报告', en: 'Green certification or test report' },
  manual: { zh: '产品说明书', en: 'Product manual' },
  import_inspection: { zh: '商检证明', en: 'Import inspection certificate' },
});

/** A visual and quantity check's outcome. */
export const VisualResult = { OK: 'ok', DEFECT: 'defect' } as const;
export type VisualResultValue = (typeof VisualResult)[keyof typeof VisualResult];
export const visualResultValues = Object.values(VisualResult) as [VisualResultValue, ...VisualResultValue[]];
export const visualResultLabels = labels<VisualResultValue>({
  ok: { zh: '外观、数量符合', en: 'Appearance and quantity as ordered' },
  defect: { zh: '外观或数量有问题', en: 'Appearance or quantity at fault' },
});

/** A witnessed sample's life: sealed on site, sent to the laboratory, reported. */
export const SampleState = { SAMPLED: 'sampled', SENT: 'sent', REPORTED: 'reported' } as const;
export type SampleStateValue = (typeof SampleState)[keyof typeof SampleState];
export const sampleStateValues = Object.values(SampleState) as [SampleStateValue, ...SampleStateValue[]];
export const sampleStateLabels = labels<SampleStateValue>({
  sampled: { zh: '已取样封样', en: 'Sampled and sealed' },
  sent: { zh: '已送检', en: 'Sent to the laboratory' },
  reported: { zh: '已出报告', en: 'Reported' },
});

/** A test's result. */
export const TestResult = { PASS: 'pass', FAIL: 'fail' } as const;
export type TestResultValue = (typeof TestResult)[keyof typeof TestResult];
export const testResultValues = Object.values(TestResult) as [TestResultValue, ...TestResultValue[]];
export const testResultLabels = labels<TestResultValue>({
  pass: { zh: '合格', en: 'Pass' },
  fail: { zh: '不合格', en: 'Fail' },
});

/** The supervision unit's checks (平行检验, 巡视抽检) and a regulator's (监督抽检). */
export const SpotCheckKind = { PARALLEL: 'parallel', PATROL: 'patrol', REGULATORY: 'regulatory' } as const;
export type SpotCheckKindValue = (typeof SpotCheckKind)[keyof typeof SpotCheckKind];
export const spotCheckKindValues = Object.values(SpotCheckKind) as [SpotCheckKindValue, ...SpotCheckKindValue[]];
export const spotCheckKindLabels = labels<SpotCheckKindValue>({
  parallel: { zh: '平行检验', en: 'Parallel test' },
  patrol: { zh: '巡视抽检', en: 'Patrol check' },
  regulatory: { zh: '监督抽检', en: 'Regulatory check' },
});

/** A spot check's life: recorded; a failure is rectified by its deadline and then closed. */
export const SpotCheckState = { RECORDED: 'recorded', RECTIFYING: 'rectifying', CLOSED: 'closed' } as const;
export type SpotCheckStateValue = (typeof SpotCheckState)[keyof typeof SpotCheckState];
export const spotCheckStateValues = Object.values(SpotCheckState) as [SpotCheckStateValue, ...SpotCheckStateValue[]];
export const spotCheckStateLabels = labels<SpotCheckStateValue>({
  recorded: { zh: '已记录', en: 'Recorded' },
  rectifying: { zh: '整改中', en: 'Under rectification' },
  closed: { zh: '已闭合', en: 'Closed' },
});

/** An issue order (出库/领用单) or the return-to-stock document that reverses one. */
export const IssueKind = { ISSUE: 'issue', RETURN: 'return' } as const;
export type IssueKindValue = (typeof IssueKind)[keyof typeof IssueKind];
export const issueKindLabels = labels<IssueKindValue>({
  issue: { zh: '出库领用', en: 'Issue to the works' },
  return: { zh: '退库', en: 'Return to stock' },
});

/** The share of lots a material must have witnessed (建建〔2000〕211号: at least 30 % of required samples). */
export const WITNESS_RATIO_GOAL = 0.3;
export const CONSTRUCTION_PAGE_SIZE = TRACE_PAGE_SIZE;
/** The largest stock import: rows of one .xlsx file. */
export const IMPORT_ROWS_MAX = 10_000;

// ---- fields ----

const projectIdField = positiveId('项目');
const optionalNo = (label: string) => optionalText(label, 50);
const useLocationFields = {
  building: optionalText('楼栋', 50),
  floor: optionalText('楼层', 20),
  part: optionalText('部位', 100),
};

export const constructionIdParams = z.object({ id: positiveId('编号') });
export const constructionIdQuery = z.object({ id: positiveId('编号') });
export const constructionIdBody = z.object({ id: positiveId('编号') });
export const projectIdQuery = z.object({ projectId: projectIdField });

// ---- the document checklist ----

/** One document of a delivered lot's checklist, as the inspector finds it. */
export const documentCheckBody = z.object({
  kind: z.enum(documentKindValues, { error: '请选择正确的文件类型' }),
  present: z.boolean({ error: '请确认文件是否齐全' }),
  /** A scan or photo of the document (an upload of the caller's). */
  uploadId: z.preprocess(blankToUndefined, positiveId('文件').optional()),
  remark: optionalText('说明', 100),
});
export const documentCheckView = z.object({
  kind: z.enum(documentKindValues),
  required: z.boolean(),
  present: z.boolean(),
  uploadId: z.number().int().nullable(),
  uploadName: z.string().nullable(),
  remark: z.string().nullable(),
  /**
   * What the platform knows itself: for the green document, the product's certificate on the platform and whether
   * it was valid on the delivery date; for the certificate of conformity and the factory test report, the lot's
   * quality documents the maker uploaded. null = the platform has nothing to check against.
   */
  platform: z
    .object({
      found: z.boolean(),
      validOnDelivery: z.boolean(),
      text: z.string(),
      leafIndex: z.number().int().nullable(),
    })
    .nullable(),
});
export type DocumentCheckView = z.infer<typeof documentCheckView>;

/** What the material's category requires (reference data, docs/construction.md "The checklist"). */
export const inspectionRuleView = z.object({
  classifyCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  documents: z.array(z.enum(documentKindValues)),
  /** A witnessed retest (见证取样复试) is required before use. */
  retestRequired: z.boolean(),
  testItems: z.array(z.string()),
  basis: z.string(),
  edition: z.string(),
});
export type InspectionRuleView = z.infer<typeof inspectionRuleView>;

// ---- deliveries (receive) ----

export const deliveryListBody = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  kind: z.preprocess(blankToUndefined, z.enum(deliveryKindValues).optional()),
  keyword: optionalText('关键字', 50),
  /** Only deliveries with a lot still awaiting inspection or retest. */
  pendingOnly: z.boolean().optional(),
});

/** Site details of a delivery: documents that travel with it and may come later (an invoice often does). */
const deliveryPaperFields = {
  deliveryNoteNo: optionalNo('送货单号'),
  invoiceNo: optionalNo('发票号码'),
  deliveryNoteUploadIds: uploadIds('送货单文件', 10).default([]),
  invoiceUploadIds: uploadIds('发票文件', 10).default([]),
  remarks: optionalText('备注', 200),
};

/** One lot received at the site: where it will be used and stored. */
const siteLineFields = {
  ...useLocationFields,
  storageLocation: optionalText('存放位置', 50),
};

/** Receive a platform shipment at the project (the traceability receipt, with the site's papers and lines). */
export const deliveryReceiveBody = z.object({
  projectId: projectIdField,
  shipmentId: positiveId('发货单'),
  arrivedOn: dateField('到货日期'),
  ...deliveryPaperFields,
  photoUploadIds: uploadIds('照片', 20).default([]),
  lines: z
    .array(
      z.object({
        shipmentLineId: positiveId('发货明细'),
        received: quantityField('实收数量'),
        /** Turned away at the gate (damaged, wrong): the rest enters quarantine. */
        rejected: z.preprocess(blankToUndefined, quantityField('拒收数量').optional()),
        rejectReason: z.preprocess(
          blankToUndefined,
          z.enum(rejectReasonValues, { error: '请选择正确的拒收原因' }).optional(),
        ),
        receivedCodes: codeList('收到的追溯码').optional(),
        rejectedCodes: codeList('拒收的追溯码').default([]),
        ...siteLineFields,
      }),
      { error: '请填写收货明细' },
    )
    .min(1, '请至少填写一行收货明细')
    .max(SHIPMENT_LINES_MAX),
});
export type DeliveryReceiveInput = z.input<typeof deliveryReceiveBody>;

/** A delivery from a supplier outside the platform: the material is described, not chosen from the catalogue. */
export const externalLineBody = z.object({
  /** The platform's classification (for the checklist): '0106' 预拌混凝土. */
  classifyCode: z
    .string({ error: '请选择材料分类' })
    .trim()
    .regex(/^\d{4}$/, '请选择材料分类'),
  materialName: requiredText('材料名称', 50),
  specName: requiredText('规格型号', 50),
  brand: optionalText('品牌', 50),
  makerName: optionalText('生产厂家', 100),
  unitName: requiredText('单位', 10),
  batchNo: requiredText('批号', 40),
  productionDate: optionalDate('生产日期'),
  quantity: quantityField('到货数量'),
  isGreen: z.boolean().default(false),
  /** For a green material: its certificate (or test report) number and issuing body. */
  greenCertNo: optionalText('绿色建材证书编号', 50),
  greenCertBody: optionalText('发证机构', 100),
  ...siteLineFields,
});
export type ExternalLineInput = z.input<typeof externalLineBody>;
export const deliveryExternalBody = z.object({
  projectId: projectIdField,
  supplierName: requiredText('供应商名称', 100),
  supplierCreditCode: creditCodeSchema,
  arrivedOn: dateField('到货日期'),
  ...deliveryPaperFields,
  lines: z
    .array(externalLineBody, { error: '请填写到货明细' })
    .min(1, '请至少填写一行到货明细')
    .max(SHIPMENT_LINES_MAX),
});
export type DeliveryExternalInput = z.input<typeof deliveryExternalBody>;

/** The papers of a delivery, added or corrected afterwards (the invoice arrives later). */
export const deliveryPapersBody = z.object({ id: positiveId('到货单'), ...deliveryPaperFields });

export const deliveryCreatedData = z.object({ id: z.number().int(), number: z.string() });

const fileRef = z.object({ uploadId: z.number().int(), name: z.string() });

export const inspectionSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  deliveryId: z.number().int(),
  lotId: z.number().int(),
  batchNo: z.string(),
  materialName: z.string(),
  specName: z.string(),
  unitName: z.string(),
  makerName: z.string().nullable(),
  classifyCode: z.string().nullable(),
  quantity: z.number(),
  state: z.enum(inspectionStateValues),
  retestRequired: z.boolean(),
  isGreen: z.boolean(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  part: z.string().nullable(),
  storageLocation: z.string().nullable(),
});
export type InspectionSummary = z.infer<typeof inspectionSummary>;

export const deliveryItem = z.object({
  id: z.number().int(),
  number: z.string(),
  projectId: z.number().int(),
  kind: z.enum(deliveryKindValues),
  supplierName: z.string(),
  arrivedOn: z.string(),
  deliveryNoteNo: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  /** The platform receipt and shipment, for a platform delivery. */
  receiptNumber: z.string().nullable(),
  shipmentId: z.number().int().nullable(),
  shipmentNumber: z.string().nullable(),
  lineCount: z.number().int(),
  /** Lots still awaiting inspection or retest. */
  pendingCount: z.number().int(),
  createTime: z.string(),
});
export const deliveryListData = pageOf(deliveryItem);

export const deliveryDetail = deliveryItem.extend({
  projectName: z.string(),
  receiverName: z.string(),
  supplierCreditCode: z.string().nullable(),
  remarks: z.string().nullable(),
  deliveryNotes: z.array(fileRef),
  invoices: z.array(fileRef),
  inspections: z.array(inspectionSummary),
  /** The caller may add or correct the papers. */
  canEdit: z.boolean(),
});
export type DeliveryDetail = z.infer<typeof deliveryDetail>;

/** Shipments on their way to the project, for the receive page's "expected" list (receive track). */
export const expectedListBody = z.object({ ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100), projectId: projectIdField });
export const expectedItem = z.object({
  shipmentId: z.number().int(),
  number: z.string(),
  fromOrgName: z.string(),
  shipDate: z.string(),
  plannedArrival: z.string().nullable(),
  lineCount: z.number().int(),
  statusName: z.string(),
});
export const expectedListData = pageOf(expectedItem);

// ---- inspections ----

export const inspectionListBody = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  state: z.preprocess(blankToUndefined, z.enum(inspectionStateValues).optional()),
  keyword: optionalText('关键字', 50),
});
export const inspectionListData = pageOf(
  inspectionSummary.extend({ deliveryNumber: z.string(), arrivedOn: z.string() }),
);

export const inspectionDetail = inspectionSummary.extend({
  projectId: z.number().int(),
  projectName: z.string(),
  deliveryNumber: z.string(),
  supplierName: z.string(),
  arrivedOn: z.string(),
  rule: inspectionRuleView,
  checks: z.array(documentCheckView),
  visualResult: z.enum(visualResultValues).nullable(),
  verdict: z.enum(inspectionVerdictValues).nullable(),
  reason: z.string().nullable(),
  inspectorName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  supervisorName: z.string().nullable(),
  supervisorConfirmedAt: z.string().nullable(),
  photos: z.array(fileRef),
  /** Witnessed samples taken of this lot. */
  samples: z.array(
    z.object({
      id: z.number().int(),
      sampleNo: z.string(),
      state: z.enum(sampleStateValues),
      result: z.enum(testResultValues).nullable(),
    }),
  ),
  /** Trace codes the lot came with on this delivery: top-level codes accepted at the gate (0 off the platform). */
  codeCount: z.number().int(),
  /** What the caller may do now. */
  actions: z.array(z.enum(['submit', 'confirm', 'dispose', 'sample'])),
});
export type InspectionDetail = z.infer<typeof inspectionDetail>;

/** The contractor's inspector submits the inspection and a verdict to the supervisor (进场验收, 报验). */
export const inspectionDecideBody = z
  .object({
    id: positiveId('验收记录'),
    checks: z.array(documentCheckBody).max(20),
    visualResult: z.enum(visualResultValues, { error: '请选择外观和数量检查结果' }),
    verdict: z.enum(inspectionVerdictValues, { error: '请选择验收结论' }),
    reason: optionalText('原因', 200),
    photoUploadIds: uploadIds('照片', 20).default([]),
  })
  .refine((b) => (b.verdict !== 'fail' && b.verdict !== 'concession') || (b.reason?.length ?? 0) >= 2, {
    message: '不合格或让步接收须写明原因',
    path: ['reason'],
  });
export type InspectionDecideInput = z.input<typeof inspectionDecideBody>;

/**
 * The checklist saved before the verdict: the documents found and their scans, so the platform reads them (docs/
 * evidence-reading.md) and the inspector sees what they say before deciding. Nothing else changes.
 */
export const inspectionChecksBody = z.object({
  id: positiveId('验收记录'),
  checks: z.array(documentCheckBody).max(20),
});
export type InspectionChecksInput = z.input<typeof inspectionChecksBody>;

/** The supervising engineer confirms the inspection (材料进场报验 signed off), or sends it back with a reason. */
export const inspectionConfirmBody = z.object({
  id: positiveId('验收记录'),
  approve: z.boolean({ error: '请选择是否同意' }),
  reason: optionalText('意见', 200),
});

/** Rejected stock leaves the site: returned to the supplier or destroyed. */
export const inspectionDisposeBody = z.object({
  id: positiveId('验收记录'),
  disposal: z.enum(disposalKindValues, { error: '请选择处置方式' }),
  remark: optionalText('说明', 200),
});
/**
 * A disposal's answer. `returnShipment`: the return shipment (退货单) a platform lot's return sent back to the
 * organisation that shipped it, at once; null for a destruction, an off-platform lot, or nothing left to return.
 */
export const inspectionDisposedData = z.object({
  id: z.number().int(),
  returnShipment: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});

// ---- witness sampling ----

export const sampleListBody = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  state: z.preprocess(blankToUndefined, z.enum(sampleStateValues).optional()),
});
export const sampleItem = z.object({
  id: z.number().int(),
  sampleNo: z.string(),
  sealNo: z.string().nullable(),
  inspectionId: z.number().int(),
  /** The lot's inspection record (its number, for the link). */
  inspectionNumber: z.string(),
  materialName: z.string(),
  specName: z.string(),
  batchNo: z.string(),
  representedQuantity: z.number(),
  unitName: z.string(),
  sampledAt: z.string(),
  witnessName: z.string(),
  labName: z.string(),
  state: z.enum(sampleStateValues),
  result: z.enum(testResultValues).nullable(),
});
export const sampleListData = pageOf(sampleItem);
export const sampleDetail = sampleItem.extend({
  projectId: z.number().int(),
  projectName: z.string(),
  location: z.string(),
  samplerName: z.string(),
  samplerCertNo: z.string().nullable(),
  witnessCertNo: z.string().nullable(),
  sentOn: z.string().nullable(),
  testItems: z.array(z.string()),
  reportNo: z.string().nullable(),
  reportDate: z.string().nullable(),
  report: fileRef.nullable(),
  /** The report's entry on the evidence ledger. */
  reportLeafIndex: z.number().int().nullable(),
  /** The sampled lot's state at the site now (released once its retests passed, rejected on a failure). */
  lotState: z.enum(inspectionStateValues),
  /** The lot's delivery (its page shows the lot's inspection). */
  deliveryId: z.number().int(),
  photos: z.array(fileRef),
  actions: z.array(z.enum(['send', 'report'])),
});
export type SampleDetail = z.infer<typeof sampleDetail>;

/** The witness records a sample taken in their presence (见证取样记录). */
export const sampleCreateBody = z.object({
  inspectionId: positiveId('验收记录'),
  sealNo: optionalNo('封样编号'),
  representedQuantity: quantityField('代表数量'),
  location: requiredText('取样部位', 100),
  sampledOn: dateField('取样日期'),
  samplerName: requiredText('取样人', 20),
  samplerCertNo: optionalNo('取样人证书编号'),
  witnessCertNo: optionalNo('见证人证书编号'),
  labName: requiredText('检测机构', 100),
  testItems: z.array(requiredText('检测项目', 50)).min(1, '请填写检测项目').max(20),
  photoUploadIds: uploadIds('封样照片', 10).default([]),
});
export type SampleCreateInput = z.input<typeof sampleCreateBody>;
export const sampleSendBody = z.object({ id: positiveId('样品'), sentOn: dateField('送检日期') });
export const sampleReportBody = z.object({
  id: positiveId('样品'),
  reportNo: requiredText('报告编号', 50),
  reportDate: dateField('报告日期'),
  result: z.enum(testResultValues, { error: '请选择检测结论' }),
  reportUploadId: positiveId('检测报告'),
});
/**
 * The report's answer. `recall`: a failing report of a lot its inspection had already released — what was still on
 * site and moved to rejected, what had been issued to the works (net of returns) and stays issued, and the trace
 * codes of the lot installed at the site (top-level): the places to deal with. null otherwise.
 */
export const sampleReportData = z.object({
  id: z.number().int(),
  recall: z
    .object({
      rejected: z.number(),
      issued: z.number(),
      installedCodes: z.array(z.string()),
    })
    .nullable(),
});
/** A file of a sample (its report or a sealing photo), for anyone who may read the project's site records. */
export const sampleFileQuery = z.object({ id: positiveId('样品'), uploadId: positiveId('文件') });
/**
 * A file of a delivery — its delivery notes and invoices, and the checklist scans and photos of its lots'
 * inspections — for anyone who may read the project's site records.
 */
export const deliveryFileQuery = z.object({ id: positiveId('到货记录'), uploadId: positiveId('文件') });

/** Per material of a project: lots delivered, lots witnessed, the share (goal ≥ 30 %). */
export const witnessRatioData = z.object({
  goal: z.number(),
  rows: z.array(
    z.object({
      classifyCode: z.string().nullable(),
      materialName: z.string(),
      lots: z.number().int(),
      witnessed: z.number().int(),
      ratio: z.number(),
      belowGoal: z.boolean(),
    }),
  ),
});

// ---- project stock ----

/** `api/material/stock/list`: a project's stock by specification and lot, with the lot's state at the site. */
export const siteStockListBody = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  keyword: optionalText('关键字', 50),
  state: z.preprocess(blankToUndefined, z.enum(inspectionStateValues).optional()),
});
export const siteStockItem = z.object({
  lotId: z.number().int(),
  inspectionId: z.number().int().nullable(),
  materialName: z.string(),
  specName: z.string(),
  batchNo: z.string(),
  unitName: z.string(),
  makerName: z.string().nullable(),
  isGreen: z.boolean(),
  quarantined: z.number(),
  usable: z.number(),
  rejected: z.number(),
  issued: z.number(),
  state: z.enum(inspectionStateValues).nullable(),
  /** Why the lot cannot be issued now (awaiting inspection, retest, rejected), null when it can. */
  blockedReason: z.string().nullable(),
});
export const siteStockListData = pageOf(siteStockItem);
/** `api/material/stock/put/detail`: one lot's moves into and out of the project's stock. */
export const stockPutDetailBody = z.object({ projectId: projectIdField, lotId: positiveId('批次') });
export const stockPutDetailData = z.object({
  lot: siteStockItem,
  moves: z.array(
    z.object({
      id: z.number(),
      occurredAt: z.string(),
      bucket: z.string(),
      bucketName: z.string(),
      quantity: z.number(),
      balanceAfter: z.number(),
      reasonName: z.string(),
      document: z.string().nullable(),
      userName: z.string().nullable(),
    }),
  ),
});

// ---- issue to the works (retrieval) ----

export const issueLineBody = z.object({
  lotId: positiveId('批次'),
  quantity: quantityField('领用数量'),
  /** For coded stock: the codes issued (installed). */
  codes: codeList('追溯码').default([]),
});
export const issueCreateBody = z.object({
  projectId: projectIdField,
  team: requiredText('领用班组或分包单位', 50),
  ...useLocationFields,
  receivedBy: requiredText('领用人', 20),
  issuedOn: dateField('领用日期'),
  remarks: optionalText('备注', 200),
  lines: z.array(issueLineBody, { error: '请填写领用明细' }).min(1, '请至少填写一行领用明细').max(SHIPMENT_LINES_MAX),
});
export type IssueCreateInput = z.input<typeof issueCreateBody>;
/** The return-to-stock document reversing an issue order, whole or in part. */
export const issueReturnBody = z.object({
  id: positiveId('出库单'),
  returnedOn: dateField('退库日期'),
  reason: requiredText('退库原因', 200),
  lines: z
    .array(
      z.object({
        lineId: positiveId('出库明细'),
        quantity: quantityField('退库数量'),
        codes: codeList('追溯码').default([]),
      }),
    )
    .min(1, '请至少填写一行退库明细')
    .max(SHIPMENT_LINES_MAX),
});
export const issueCreatedData = z.object({ id: z.number().int(), number: z.string() });

/** `api/material/retrieval/list`: issue orders of a project. */
export const retrievalListQuery = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  keyword: optionalText('关键字', 50),
});
export const issueOrderItem = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['issue', 'return']),
  team: z.string(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  part: z.string().nullable(),
  receivedBy: z.string(),
  issuedOn: z.string(),
  issuedByName: z.string(),
  lineCount: z.number().int(),
  /** For an issue: some of it was returned to stock. */
  returned: z.boolean(),
  /** For a return: the issue order it returns. */
  returnOfId: z.number().int().nullable(),
  returnOfNumber: z.string().nullable(),
});
export const retrievalListData = pageOf(issueOrderItem);
export const issueLineView = z.object({
  id: z.number().int(),
  lotId: z.number().int(),
  /** The lot's inspection that released it at this site (an issue line's; a return line's is its issue line's). */
  inspectionId: z.number().int(),
  inspectionNumber: z.string(),
  /** The delivery that brought the lot (the inspection's; its page shows the inspection among its lots). */
  deliveryId: z.number().int(),
  materialName: z.string(),
  specName: z.string(),
  batchNo: z.string(),
  unitName: z.string(),
  quantity: z.number(),
  /** Issued and not yet returned (0 on a return document). */
  returnable: z.number(),
  /** The top-level trace codes the line issued (or returned). */
  codes: z.array(z.string()),
  /** Of an issue line's codes, those not yet returned, with the quantity each stands for (a return names them). */
  returnableCodes: z.array(z.object({ code: z.string(), quantity: z.number() })),
});
export const retrievalDetailData = issueOrderItem.extend({
  projectId: z.number().int(),
  projectName: z.string(),
  remarks: z.string().nullable(),
  lines: z.array(issueLineView),
  returns: z.array(
    z.object({ id: z.number().int(), number: z.string(), issuedOn: z.string(), reason: z.string().nullable() }),
  ),
  /** The caller may return some of it to stock (the construction unit that issued it, something still out). */
  canReturn: z.boolean(),
});
/** `api/material/retrieval/search`: issued materials by name, specification, lot, location and date. */
export const retrievalSearchQuery = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  materialName: optionalText('材料名称', 50),
  specName: optionalText('规格型号', 50),
  batchNo: optionalText('批号', 40),
  location: optionalText('使用部位', 50),
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
});
export const issuedLineItem = issueLineView.omit({ returnable: true, codes: true, returnableCodes: true }).extend({
  orderId: z.number().int(),
  orderNumber: z.string(),
  issuedOn: z.string(),
  team: z.string(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  part: z.string().nullable(),
  /** Net of returns. */
  netQuantity: z.number(),
});
export const retrievalSearchData = pageOf(issuedLineItem);
/** The trace codes of a lot the project may issue: top-level codes it holds (received), of released deliveries. */
export const retrievalCodesQuery = z.object({ projectId: projectIdField, lotId: positiveId('批次') });
export const retrievalCodesData = z.array(
  z.object({ code: z.string(), level: z.enum(codeLevelValues), quantity: z.number(), childCount: z.number().int() }),
);
/** `api/material/retrieval/search/all`: the same search without paging, totals per material (for a use-location view). */
export const retrievalSearchAllQuery = retrievalSearchQuery.omit({ take: true, skip: true });
export const retrievalSearchAllData = z.array(
  z.object({ materialName: z.string(), specName: z.string(), unitName: z.string(), netQuantity: z.number() }),
);

// ---- spot checks ----

export const spotCheckListBody = z.object({
  ...takeSkip(CONSTRUCTION_PAGE_SIZE, 100),
  projectId: projectIdField,
  state: z.preprocess(blankToUndefined, z.enum(spotCheckStateValues).optional()),
});
export const spotCheckItem = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(spotCheckKindValues),
  checkedOn: z.string(),
  materialName: z.string().nullable(),
  batchNo: z.string().nullable(),
  result: z.enum(testResultValues),
  state: z.enum(spotCheckStateValues),
  rectificationDeadline: z.string().nullable(),
  /** Past its deadline and not closed. */
  overdue: z.boolean(),
  checkerName: z.string(),
});
export const spotCheckListData = pageOf(spotCheckItem);
export const spotCheckDetail = spotCheckItem.extend({
  projectId: z.number().int(),
  projectName: z.string(),
  inspectionId: z.number().int().nullable(),
  /** The checked lot's delivery (its page shows the lot's inspection). */
  deliveryId: z.number().int().nullable(),
  items: z.array(z.object({ name: z.string(), result: z.enum(testResultValues), remark: z.string().nullable() })),
  report: fileRef.nullable(),
  remarks: z.string().nullable(),
  rectification: z.string().nullable(),
  rectifiedAt: z.string().nullable(),
  rectifiedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  actions: z.array(z.enum(['rectify', 'close'])),
});
export type SpotCheckDetail = z.infer<typeof spotCheckDetail>;
export const spotCheckCreateBody = z
  .object({
    projectId: projectIdField,
    kind: z.enum(spotCheckKindValues, { error: '请选择检查类型' }),
    /** The lot checked (its inspection at this site), when the check is of a material. */
    inspectionId: z.preprocess(blankToUndefined, positiveId('验收记录').optional()),
    checkedOn: dateField('检查日期'),
    items: z
      .array(
        z.object({
          name: requiredText('检查项目', 50),
          result: z.enum(testResultValues, { error: '请选择结果' }),
          remark: optionalText('说明', 100),
        }),
      )
      .min(1, '请至少填写一个检查项目')
      .max(30),
    reportUploadId: z.preprocess(blankToUndefined, positiveId('检查报告').optional()),
    remarks: optionalText('备注', 200),
    rectificationDeadline: optionalDate('整改期限'),
  })
  .refine((b) => b.items.every((i) => i.result === 'pass') || b.rectificationDeadline !== undefined, {
    message: '检查不合格须填写整改期限',
    path: ['rectificationDeadline'],
  });
export type SpotCheckCreateInput = z.input<typeof spotCheckCreateBody>;
/** The construction unit reports its rectification; the supervision unit closes the check. */
export const spotCheckRectifyBody = z.object({
  id: positiveId('抽检记录'),
  rectification: requiredText('整改情况', 500),
});
export const spotCheckCloseBody = z.object({ id: positiveId('抽检记录'), remark: optionalText('意见', 200) });

// ---- import and export ----

/** The kinds of .xlsx the project's stock import/export page exchanges. */
export const ExportKind = {
  STOCK: 'stock',
  DELIVERIES: 'deliveries',
  ISSUES: 'issues',
  GREEN_LEDGER: 'green_ledger',
} as const;
export type ExportKindValue = (typeof ExportKind)[keyof typeof ExportKind];
export const exportKindValues = Object.values(ExportKind) as [ExportKindValue, ...ExportKindValue[]];
export const exportQuery = z.object({
  projectId: projectIdField,
  kind: z.enum(exportKindValues, { error: '请选择导出内容' }),
});

/**
 * The columns of the stock import (.xlsx, one row per delivered lot of an off-platform supplier), in the template's
 * order: each a field of `deliveryExternalBody` (the delivery's: supplier, credit code, arrival date, delivery note) or
 * of `externalLineBody` (the lot's). Rows with the same supplier, credit code, arrival date and delivery note number
 * become one delivery.
 */
export const IMPORT_COLUMNS = [
  { key: 'supplierName', title: '供应商名称', required: true },
  { key: 'supplierCreditCode', title: '统一社会信用代码', required: true },
  { key: 'arrivedOn', title: '到货日期', required: true },
  { key: 'deliveryNoteNo', title: '送货单号', required: false },
  { key: 'classifyCode', title: '材料分类代码', required: true },
  { key: 'materialName', title: '材料名称', required: true },
  { key: 'specName', title: '规格型号', required: true },
  { key: 'brand', title: '品牌', required: false },
  { key: 'makerName', title: '生产厂家', required: false },
  { key: 'unitName', title: '单位', required: true },
  { key: 'batchNo', title: '批号', required: true },
  { key: 'productionDate', title: '生产日期', required: false },
  { key: 'quantity', title: '数量', required: true },
  { key: 'isGreen', title: '是否绿色建材', required: false },
  { key: 'greenCertNo', title: '绿色建材证书编号', required: false },
  { key: 'greenCertBody', title: '发证机构', required: false },
  { key: 'building', title: '楼栋', required: false },
  { key: 'floor', title: '楼层', required: false },
  { key: 'part', title: '部位', required: false },
  { key: 'storageLocation', title: '存放位置', required: false },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
/** The most row errors one answer lists (errorCount says how many there were). */
export const IMPORT_ERRORS_SHOWN = 500;
/** Rows of the preview's sample. */
export const IMPORT_SAMPLE_ROWS = 50;

/** Check an uploaded .xlsx of off-platform deliveries row by row; nothing is written. */
export const importPreviewQuery = z.object({ projectId: projectIdField });
export const importRowError = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export const importPreviewData = z.object({
  /** The upload to commit when there are no errors. */
  uploadId: z.number().int(),
  rows: z.number().int(),
  okRows: z.number().int(),
  /** The deliveries the rows make (rows grouped by supplier, credit code, arrival date and delivery note). */
  deliveries: z.number().int(),
  /** Every error found; `errors` lists the first IMPORT_ERRORS_SHOWN, by row. */
  errorCount: z.number().int(),
  errors: z.array(importRowError),
  /** The first rows as read, for the preview table. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      supplierName: z.string(),
      materialName: z.string(),
      specName: z.string(),
      batchNo: z.string(),
      quantity: z.number().nullable(),
      unitName: z.string(),
      arrivedOn: z.string(),
    }),
  ),
});
export const importCommitBody = z.object({ projectId: projectIdField, uploadId: positiveId('导入文件') });
export const importCommitData = z.object({ deliveries: z.number().int(), lines: z.number().int() });
