import { describe, expect, it } from 'vitest';
import {
  type CheckContext,
  type CheckedLine,
  filingChecks,
  type KnownCertificate,
  lineChecks,
  paymentRatioBp,
  refusalFields,
} from './government.filing.checks.ts';

/** The filing's checks (docs/government.md, "Filing: checks"), at their boundaries. */

const cert: KnownCertificate = {
  id: 7,
  certNo: 'CGBM-2026-000001',
  productName: '蒸压加气混凝土砌块',
  validFrom: '2026-01-01',
  validUntil: '2026-08-15',
  revokedOn: null,
};
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  from: '2026-07-01',
  to: '2026-09-30',
  testReportMaxAgeDays: 365,
  certificateById: new Map([[cert.id, cert]]),
  certificateByNo: new Map([[cert.certNo, cert]]),
  ...over,
});
const line = (over: Partial<CheckedLine> = {}): CheckedLine => ({
  id: 1,
  lineNo: 1,
  source: 'system',
  commonName: '蒸压加气混凝土砌块',
  amountFen: 100_00,
  supplierOrgId: 3,
  supplierCreditCode: null,
  isGreen: true,
  evidenceKind: 'platform_certificate',
  certificateId: 7,
  certificateNo: cert.certNo,
  certificateBody: '华夏绿色建材认证中心',
  star: 2,
  reportNo: null,
  reportDate: null,
  deliveryDate: '2026-08-15',
  claimedGreen: false,
  ...over,
});
const errors = (l: CheckedLine, c = ctx()) =>
  lineChecks(l, c)
    .filter((x) => x.level === 'error')
    .map((x) => x.field);

describe('a line’s checks', () => {
  it('passes a platform certificate ending on the delivery date', () => {
    expect(lineChecks(line(), ctx())).toEqual([]);
  });

  it('refuses it the day after it ended, and on the day it was revoked', () => {
    expect(errors(line({ deliveryDate: '2026-08-16' }))).toEqual(['certificateNo']);
    const revoked = { ...cert, revokedOn: '2026-08-10' };
    const c = ctx({ certificateById: new Map([[7, revoked]]) });
    expect(errors(line({ deliveryDate: '2026-08-10' }), c)).toEqual(['certificateNo']);
    expect(errors(line({ deliveryDate: '2026-08-09' }), c)).toEqual([]);
    expect(lineChecks(line({ deliveryDate: '2026-08-10' }), c)[0]?.message).toContain('已于 2026-08-10 撤销');
  });

  it('accepts a test report exactly 365 days old, not 366', () => {
    const report = { evidenceKind: 'test_report' as const, certificateId: null, certificateNo: null, star: null };
    expect(errors(line({ ...report, reportNo: 'R-1', reportDate: '2025-08-15' }))).toEqual([]);
    expect(errors(line({ ...report, reportNo: 'R-1', reportDate: '2025-08-14' }))).toEqual(['reportDate']);
    expect(errors(line({ ...report, reportNo: 'R-1', reportDate: '2026-08-16' }))).toEqual(['reportDate']);
    expect(errors(line({ ...report, reportNo: null, reportDate: null }))).toEqual(['reportNo', 'reportDate']);
    expect(
      errors(line({ ...report, reportNo: 'R-1', reportDate: '2026-08-01' }), ctx({ testReportMaxAgeDays: null })),
    ).toEqual(['reportDate']);
  });

  it('asks an external certificate for its number, body and star, and notes the platform cannot verify it', () => {
    const external = line({
      evidenceKind: 'external_certificate',
      certificateId: null,
      certificateNo: null,
      certificateBody: null,
      star: null,
    });
    expect(errors(external)).toEqual(['certificateNo', 'certificateBody', 'star']);
    const full = line({ evidenceKind: 'external_certificate', certificateId: null, certificateNo: 'X-1' });
    expect(lineChecks(full, ctx()).map((c) => c.level)).toEqual(['note']);
  });

  it('keeps the delivery date inside the quarter, both ends included', () => {
    const none = { isGreen: false, evidenceKind: 'none' as const, certificateId: null };
    expect(errors(line({ ...none, deliveryDate: '2026-07-01' }))).toEqual([]);
    expect(errors(line({ ...none, deliveryDate: '2026-09-30' }))).toEqual([]);
    expect(errors(line({ ...none, deliveryDate: '2026-06-30' }))).toEqual(['deliveryDate']);
    expect(errors(line({ ...none, deliveryDate: '2026-10-01' }))).toEqual(['deliveryDate']);
  });

  it('asks for the amount and for an off-platform supplier’s valid credit code', () => {
    const none = { isGreen: false, evidenceKind: 'none' as const, certificateId: null };
    expect(lineChecks(line({ ...none, amountFen: 0 }), ctx())).toEqual([
      { lineId: 1, field: 'amountFen', level: 'error', message: '请填写金额' },
    ]);
    expect(errors(line({ ...none, supplierOrgId: null, supplierCreditCode: '91320111MA1MCX7P4W' }))).toEqual([]);
    expect(errors(line({ ...none, supplierOrgId: null, supplierCreditCode: '91320111MA1MCX7P40' }))).toEqual([
      'supplierCreditCode',
    ]);
    expect(errors(line({ ...none, supplierOrgId: null, supplierCreditCode: null }))).toEqual(['supplierCreditCode']);
  });

  it('warns of a typed certificate number the platform knows for another product, or expired', () => {
    const typed = line({
      source: 'typed',
      commonName: '岩棉保温板',
      evidenceKind: 'external_certificate',
      certificateId: null,
      deliveryDate: '2026-09-01',
    });
    const warnings = lineChecks(typed, ctx()).filter((c) => c.level === 'warning');
    expect(warnings.map((w) => w.message)).toEqual([
      '平台记录该证书属于产品「蒸压加气混凝土砌块」，与本行材料不符',
      '平台记录该证书在到货日期无效（有效期 2026-01-01 至 2026-08-15）',
    ]);
  });

  it('warns of a lot the site recorded green that the prefill could not prove', () => {
    const l = line({ isGreen: false, evidenceKind: 'external_certificate', certificateId: null, claimedGreen: true });
    expect(lineChecks(l, ctx()).map((c) => [c.field, c.level])).toEqual([['isGreen', 'warning']]);
  });
});

describe('the filing’s checks', () => {
  it('asks for both payment figures and warns below 80 % (exactly 80 % passes)', () => {
    expect(filingChecks({ completedValueFen: null, progressPaidFen: null }).map((c) => c.field)).toEqual([
      'completedValueFen',
      'progressPaidFen',
    ]);
    expect(filingChecks({ completedValueFen: 1_000, progressPaidFen: 800 })).toEqual([]);
    expect(filingChecks({ completedValueFen: 1_000, progressPaidFen: 799 })[0]?.level).toBe('warning');
    expect(paymentRatioBp(1_000, 799)).toBe(7_990);
    expect(paymentRatioBp(0, 5)).toBeNull();
  });

  it('names each refused line by its index and number', () => {
    const checks = lineChecks(line({ id: 9, lineNo: 4, amountFen: 0, isGreen: false, evidenceKind: 'none' }), ctx());
    expect(
      refusalFields(checks, [
        { id: 3, lineNo: 1 },
        { id: 9, lineNo: 4 },
      ]),
    ).toEqual([{ field: 'lines.1.amountFen', message: '第 4 行：请填写金额' }]);
  });
});
