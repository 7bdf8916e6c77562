import {
  type FieldError,
  type FilingCheckView,
  type FilingEvidenceKindValue,
  greenOn,
  PROGRESS_PAYMENT_MIN_PCT,
  supplierNamed,
} from '@jcbb/contract';

/**
 * The checks of a filing (docs/government.md, "Filing: checks"), pure: each line's against the quarter and the
 * evidence the platform knows, and the filing's own (the progress payment). Answered with the detail; the errors
 * refuse a submission (400, naming the line and field), warnings and notes are shown only.
 */

/** A line as the checks read it. */
export interface CheckedLine {
  id: number;
  lineNo: number;
  source: 'system' | 'typed';
  commonName: string;
  amountFen: number;
  supplierOrgId: number | null;
  supplierCreditCode: string | null;
  isGreen: boolean;
  evidenceKind: FilingEvidenceKindValue;
  certificateId: number | null;
  certificateNo: string | null;
  certificateBody: string | null;
  star: number | null;
  reportNo: string | null;
  reportDate: string | null;
  deliveryDate: string;
  /** The site recorded the lot as green, but the prefill could not prove it (no star, no platform record). */
  claimedGreen: boolean;
}

/** A certificate issued on the platform, as the checks need it. */
export interface KnownCertificate {
  id: number;
  certNo: string;
  productName: string;
  validFrom: string;
  validUntil: string;
  /** Shanghai day of the revocation, if revoked. */
  revokedOn: string | null;
}

export interface CheckContext {
  from: string;
  to: string;
  /** Days a test report proves green (the edition's rule); null: reports do not count (or no rule). */
  testReportMaxAgeDays: number | null;
  certificateById: ReadonlyMap<number, KnownCertificate>;
  certificateByNo: ReadonlyMap<string, KnownCertificate>;
}

const certificateState = (c: KnownCertificate, day: string) =>
  c.revokedOn && c.revokedOn <= day ? `已于 ${c.revokedOn} 撤销` : `有效期 ${c.validFrom} 至 ${c.validUntil}`;

const validOn = (c: KnownCertificate, day: string) =>
  greenOn({ kind: 'certificate', validFrom: c.validFrom, validUntil: c.validUntil, revokedOn: c.revokedOn }, day, {
    testReportMaxAgeDays: null,
  });

function evidenceChecks(l: CheckedLine, ctx: CheckContext): Omit<FilingCheckView, 'lineId'>[] {
  const out: Omit<FilingCheckView, 'lineId'>[] = [];
  const error = (field: string, message: string) => out.push({ field, level: 'error', message });
  if (l.evidenceKind === 'platform_certificate') {
    const c = l.certificateId === null ? undefined : ctx.certificateById.get(l.certificateId);
    if (!c) error('certificateNo', '平台上没有这张证书');
    else if (!validOn(c, l.deliveryDate)) {
      error(
        'certificateNo',
        `证书 ${c.certNo} 在到货日期 ${l.deliveryDate} 无效（${certificateState(c, l.deliveryDate)}）`,
      );
    }
  } else if (l.evidenceKind === 'external_certificate') {
    if (!l.certificateNo) error('certificateNo', '请填写证书编号');
    if (!l.certificateBody) error('certificateBody', '请填写发证机构');
    if (l.star === null) error('star', '请选择证书星级');
    out.push({ field: 'certificateNo', level: 'note', message: '其他机构颁发的证书，平台无法核验，以纸质证书为准' });
  } else if (l.evidenceKind === 'test_report') {
    if (!l.reportNo) error('reportNo', '请填写检测报告编号');
    if (!l.reportDate) error('reportDate', '请填写检测报告日期');
    else if (ctx.testReportMaxAgeDays === null) error('reportDate', '本项目适用的需求标准不接受检测报告作为绿色证明');
    else if (l.reportDate > l.deliveryDate) error('reportDate', `报告日期晚于到货日期 ${l.deliveryDate}`);
    else if (!greenOn({ kind: 'test_report', validFrom: l.reportDate }, l.deliveryDate, ctx)) {
      error('reportDate', `检测报告在到货日期已超过 ${ctx.testReportMaxAgeDays} 天`);
    }
  }
  return out;
}

/** A typed line's certificate number the platform knows: for another product, or not valid on the delivery date. */
function contradictions(l: CheckedLine, ctx: CheckContext): Omit<FilingCheckView, 'lineId'>[] {
  if (l.source !== 'typed' || !l.isGreen || !l.certificateNo || l.evidenceKind === 'platform_certificate') return [];
  const c = ctx.certificateByNo.get(l.certificateNo);
  if (!c) return [];
  const out: Omit<FilingCheckView, 'lineId'>[] = [];
  if (!c.productName.includes(l.commonName) && !l.commonName.includes(c.productName)) {
    out.push({
      field: 'certificateNo',
      level: 'warning',
      message: `平台记录该证书属于产品「${c.productName}」，与本行材料不符`,
    });
  }
  if (!validOn(c, l.deliveryDate)) {
    out.push({
      field: 'certificateNo',
      level: 'warning',
      message: `平台记录该证书在到货日期无效（${certificateState(c, l.deliveryDate)}）`,
    });
  }
  return out;
}

/** One line's checks. */
export function lineChecks(l: CheckedLine, ctx: CheckContext): FilingCheckView[] {
  const out: Omit<FilingCheckView, 'lineId'>[] = [];
  if (l.deliveryDate < ctx.from || l.deliveryDate > ctx.to) {
    out.push({ field: 'deliveryDate', level: 'error', message: `到货日期应在本季度内（${ctx.from} 至 ${ctx.to}）` });
  }
  if (l.amountFen === 0) out.push({ field: 'amountFen', level: 'error', message: '请填写金额' });
  if (!supplierNamed(l)) {
    out.push({
      field: 'supplierCreditCode',
      level: 'error',
      message: '平台外供应商请填写正确的统一社会信用代码',
    });
  }
  if (l.isGreen) out.push(...evidenceChecks(l, ctx));
  else if (l.claimedGreen) {
    out.push({
      field: 'isGreen',
      level: 'warning',
      message: '到货时登记为绿色建材，但证明不全（缺星级或证书），请补充后标记为绿色',
    });
  }
  out.push(...contradictions(l, ctx));
  return out.map((c) => ({ lineId: l.id, ...c }));
}

/** The filing's own checks: the payment figures (required to submit) and 35号's 80 %. */
export function filingChecks(f: {
  completedValueFen: number | null;
  progressPaidFen: number | null;
}): FilingCheckView[] {
  const out: FilingCheckView[] = [];
  if (f.completedValueFen === null) {
    out.push({ lineId: null, field: 'completedValueFen', level: 'error', message: '请填写已完成工程量价值' });
  }
  if (f.progressPaidFen === null) {
    out.push({ lineId: null, field: 'progressPaidFen', level: 'error', message: '请填写已支付进度款' });
  }
  if (
    f.completedValueFen !== null &&
    f.progressPaidFen !== null &&
    f.progressPaidFen * 100 < f.completedValueFen * PROGRESS_PAYMENT_MIN_PCT
  ) {
    out.push({
      lineId: null,
      field: 'progressPaidFen',
      level: 'warning',
      message: `进度款支付比例低于已完成工程量价值的 ${PROGRESS_PAYMENT_MIN_PCT}%（财库〔2022〕35号）`,
    });
  }
  return out;
}

/** Paid ÷ completed in basis points, rounded down; null when there is nothing to divide by. */
export function paymentRatioBp(completed: number | null, paid: number | null): number | null {
  if (completed === null || paid === null || completed === 0) return null;
  return Math.floor((paid * 10_000) / completed);
}

/** The errors as a submission's refusal: each line's fields as `lines.<index>.<field>`, "第 N 行：…". */
export function refusalFields(checks: readonly FilingCheckView[], lines: readonly { id: number; lineNo: number }[]) {
  const index = new Map(lines.map((l, i) => [l.id, { i, lineNo: l.lineNo }]));
  return checks
    .filter((c) => c.level === 'error')
    .map((c): FieldError => {
      const at = c.lineId === null ? undefined : index.get(c.lineId);
      return at
        ? { field: `lines.${at.i}.${c.field}`, message: `第 ${at.lineNo} 行：${c.message}` }
        : { field: c.field, message: c.message };
    });
}
