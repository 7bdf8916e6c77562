import { optionalText, positiveId, requiredText } from './params.ts';
import {
  confidenceValues,
  lineSourceValues,
  MATERIAL_IMPORT_ROWS_MAX,
  MATERIAL_LINES_PER_SAVE_MAX,
  materialListStatusValues,
  procurementFenField,
  REASON_MAX,
  standardKindValues,
} from './procurement.ts';
import { dateField, quantityField } from './trace.ts';
import { productUnits } from './units.ts';
import { z } from './zod.ts';

/**
 * A project's material list (docs/procurement.md, "Material lists"): one per project, its lines checked against the
 * demand standard of the project's edition (each line's kind, whether its chosen product is green on the
 * required-by date), confirmed versions that lock quantities, reopened with a reason. The code tables shared by all
 * parts: procurement.ts.
 */

export const MATERIAL_COMMON_NAME_MAX = 50;
export const MATERIAL_SPEC_MAX = 100;
export const MATERIAL_LOCATION_MAX = 100;
export const MATERIAL_REMARKS_MAX = 200;

const projectIdField = positiveId('项目');

/** A calendar day that exists (2026-02-30 does not). */
const dayField = (label: string) =>
  dateField(label).refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, `${label}不是有效日期`);

const unitIds = new Set<number>(productUnits.map((u) => u.id));
const unitField = positiveId('计量单位').refine((n) => unitIds.has(n), '计量单位不在平台的 37 个计量单位中');

/** One line as the grid, an import row or a copy sends it; with `id`, a change of that line. */
export const materialLineInput = z.object({
  id: z.preprocess((v) => (v === null || v === '' ? undefined : v), positiveId('清单行').optional()),
  classifyCode: z
    .string({ error: '请选择材料分类' })
    .trim()
    .regex(/^\d{4}$/, '请选择材料分类（具体到产品类别）'),
  commonName: requiredText('材料名称', MATERIAL_COMMON_NAME_MAX),
  spec: optionalText('规格型号', MATERIAL_SPEC_MAX),
  unitId: unitField,
  quantity: quantityField('数量'),
  requiredBy: dayField('需用日期'),
  useLocation: optionalText('使用部位', MATERIAL_LOCATION_MAX),
  budgetUnitPriceFen: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    procurementFenField('预算单价').default(0),
  ),
  remarks: optionalText('备注', MATERIAL_REMARKS_MAX),
});
export type MaterialLineInput = z.input<typeof materialLineInput>;

export const materialListQuery = z.object({ projectId: projectIdField });

/**
 * Save the grid in one transaction: `lines` with an id change those lines, without one add lines; `removedLineIds`
 * take lines off (a line that has inquiries or orders cannot be removed: 409). While the list is confirmed only
 * names, specifications, places, prices and remarks may change (409 otherwise).
 */
export const materialListSaveBody = z.object({
  projectId: projectIdField,
  lines: z
    .array(materialLineInput, { error: '请提供清单行' })
    .max(MATERIAL_LINES_PER_SAVE_MAX, `每次最多保存 ${MATERIAL_LINES_PER_SAVE_MAX} 行，请分批保存`),
  removedLineIds: z
    .array(positiveId('清单行'))
    .max(MATERIAL_LINES_PER_SAVE_MAX, `每次最多删除 ${MATERIAL_LINES_PER_SAVE_MAX} 行`)
    .default([]),
});
export type MaterialListSaveBody = z.input<typeof materialListSaveBody>;

/** Add the valid rows of a previewed import (source: import). */
export const materialListImportCommitBody = z.object({
  projectId: projectIdField,
  lines: z
    .array(materialLineInput.omit({ id: true }), { error: '请提供要导入的行' })
    .min(1, '没有可导入的行')
    .max(MATERIAL_IMPORT_ROWS_MAX, `每次最多导入 ${MATERIAL_IMPORT_ROWS_MAX} 行`),
});
export type MaterialListImportCommitBody = z.input<typeof materialListImportCommitBody>;

export const materialListConfirmBody = z.object({ projectId: projectIdField });
export const materialListReopenBody = z.object({
  projectId: projectIdField,
  reason: requiredText('重新编制的原因', REASON_MAX),
});
export const materialListCopyBody = z.object({
  projectId: projectIdField,
  fromProjectId: positiveId('复制来源项目'),
});
export const materialListVersionQuery = z.object({
  projectId: projectIdField,
  version: positiveId('版本'),
});

/** What proves the chosen product green (the first piece that does on the required-by date, else the newest). */
const evidenceView = z.object({
  kind: z.enum(['certificate', 'test_report']),
  name: z.string(),
  certNo: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  revokedOn: z.string().nullable(),
  platform: z.boolean(),
});

export const materialLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  classifyCode: z.string(),
  classifyName: z.string(),
  commonName: z.string(),
  spec: z.string().nullable(),
  unitId: z.number().int(),
  unitName: z.string(),
  /** Decimal text, at most three decimals. */
  quantity: z.string(),
  requiredBy: z.string(),
  useLocation: z.string().nullable(),
  budgetUnitPriceFen: z.number().int(),
  /** quantity × budget unit price, fen (rounded). */
  amountFen: z.number().int(),
  remarks: z.string().nullable(),
  source: z.enum(lineSourceValues),
  /** Under the project's edition: its category and kind (outside: no category). */
  kind: z.enum(standardKindValues),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryConfidence: z.enum(confidenceValues).nullable(),
  /** Green as planned: the chosen product has evidence green on the required-by date. */
  green: z.boolean(),
  chosen: z
    .object({
      specId: z.number().int(),
      specName: z.string(),
      productId: z.number().int(),
      productName: z.string(),
      supplierName: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  evidence: evidenceView.nullable(),
  /** Inquiries and orders naming the line: it cannot be removed while any does. */
  inquiryCount: z.number().int(),
  orderCount: z.number().int(),
});
export type MaterialLineView = z.infer<typeof materialLineView>;

/** `complianceOf`'s answer (procurement.ts). */
export const complianceView = z.object({
  mandatory: z.object({
    lines: z.number().int(),
    greenLines: z.number().int(),
    met: z.boolean(),
    applicable: z.boolean(),
    failingLineIds: z.array(z.number().int()),
  }),
  optional: z.object({
    kindsUsed: z.number().int(),
    greenKinds: z.number().int(),
    coverageBp: z.number().int(),
    minPct: z.number().int().nullable(),
    met: z.boolean(),
    applicable: z.boolean(),
    failingCategoryCodes: z.array(z.string()),
    failingLineIds: z.array(z.number().int()),
  }),
  greenShareByValueBp: z.number().int().nullable(),
  greenAmountFen: z.number().int(),
  standardAmountFen: z.number().int(),
  greenShareByKindBp: z.number().int().nullable(),
  met: z.boolean(),
});

const versionView = z.object({
  version: z.number().int(),
  lineCount: z.number().int(),
  budgetFen: z.number().int(),
  confirmedAt: z.string(),
  confirmedByName: z.string().nullable(),
  reopenReason: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenedByName: z.string().nullable(),
});

/** A category of the project's edition, for the live panel (its name and kind by code). */
const categoryRef = z.object({ code: z.string(), name: z.string(), kind: z.enum(['mandatory', 'optional']) });

export const materialListData = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  editionCode: z.string().nullable(),
  editionName: z.string().nullable(),
  /** null until the first save. */
  listId: z.number().int().nullable(),
  status: z.enum(materialListStatusValues),
  version: z.number().int(),
  reopenReason: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  rule: z
    .object({
      mandatoryGreenPct: z.number().int(),
      optionalCoverageMinPct: z.number().int().nullable(),
      testReportMaxAgeDays: z.number().int().nullable(),
    })
    .nullable(),
  ruleConfidence: z.enum(confidenceValues).nullable(),
  /** classify code → the edition's category (the web places an edited line's new class with it). */
  placement: z.array(z.object({ classifyCode: z.string(), category: categoryRef })),
  lines: z.array(materialLineView),
  compliance: complianceView,
  budgetFen: z.number().int(),
  /** Confirmed versions, newest first. */
  versions: z.array(versionView),
  actions: z.object({ save: z.boolean(), confirm: z.boolean(), reopen: z.boolean() }),
});
export type MaterialListData = z.infer<typeof materialListData>;

/** A confirmed version's lines as they were confirmed (read-only). */
export const materialListVersionData = versionView.extend({
  lines: z.array(
    z.object({
      id: z.number().int(),
      lineNo: z.number().int(),
      classifyCode: z.string(),
      classifyName: z.string(),
      commonName: z.string(),
      spec: z.string().nullable(),
      unitName: z.string(),
      quantity: z.string(),
      requiredBy: z.string(),
      useLocation: z.string().nullable(),
      budgetUnitPriceFen: z.number().int(),
      remarks: z.string().nullable(),
    }),
  ),
});
export type MaterialListVersionData = z.infer<typeof materialListVersionData>;

/** The import template's columns, in order (the header row's texts). */
export const MATERIAL_IMPORT_COLUMNS = [
  { key: 'classifyCode', title: '材料分类代码', required: true },
  { key: 'commonName', title: '材料名称', required: true },
  { key: 'spec', title: '规格型号', required: false },
  { key: 'unitName', title: '计量单位', required: true },
  { key: 'quantity', title: '数量', required: true },
  { key: 'requiredBy', title: '需用日期', required: true },
  { key: 'useLocation', title: '使用部位', required: false },
  { key: 'budgetUnitPrice', title: '预算单价（元）', required: false },
  { key: 'remarks', title: '备注', required: false },
] as const;

/** A valid row as the line importCommit adds. */
const importedLine = z.object({
  classifyCode: z.string(),
  commonName: z.string(),
  spec: z.string().optional(),
  unitId: z.number().int(),
  quantity: z.number(),
  requiredBy: z.string(),
  useLocation: z.string().optional(),
  budgetUnitPriceFen: z.number().int(),
  remarks: z.string().optional(),
});

export const materialListImportQuery = z.object({ projectId: projectIdField });
export const materialListImportPreviewData = z.object({
  rows: z.array(
    z.object({
      /** The row number as Excel shows it. */
      row: z.number().int(),
      /** The cells as read (text). */
      cells: z.record(z.string(), z.string()),
      /** The line to add when the row is valid (null when it has errors): importCommit's line. */
      line: importedLine.nullable(),
      classifyName: z.string().nullable(),
      kind: z.enum(standardKindValues).nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
  okRows: z.number().int(),
  errorRows: z.number().int(),
});
export type MaterialListImportPreviewData = z.infer<typeof materialListImportPreviewData>;

/** The other projects the caller buys for that have lines to copy. */
export const materialListCopySourcesData = z.array(
  z.object({ projectId: z.number().int(), projectName: z.string(), lineCount: z.number().int() }),
);
