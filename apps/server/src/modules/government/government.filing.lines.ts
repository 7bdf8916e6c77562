import {
  FILING_LINES_MAX,
  type FieldError,
  FilingLineSource,
  type filingSaveBody,
  type ProcurementMethodValue,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import { placeLine, policyOf } from '../procurement/index.ts';
import { comparable, LINE_FIELDS, type LineValues } from './government.filing.prefill.ts';
import * as repo from './government.filing.repository.ts';

/**
 * A save's grid (docs/government.md, "Filing: saving"): lines with an id change, lines without one are added as
 * typed, removed ids go, all in the caller's transaction. The refusals (400, per line and field) come before any
 * write: an id not of this filing, a platform certificate number the platform does not know, too many lines.
 */

type SaveBody = z.output<typeof filingSaveBody>;
type LineInput = SaveBody['lines'][number];

/** The values a line stores, from its input (evidence fields the kind does not use are cleared). */
function valuesOf(l: LineInput, method: ProcurementMethodValue, cert: repo.CertificateFact | undefined): LineValues {
  const kind = l.evidenceKind;
  const certificate = kind === 'platform_certificate' || kind === 'external_certificate';
  return {
    classifyCode: l.classifyCode ?? null,
    commonName: l.commonName,
    spec: l.spec,
    quantity: l.quantity,
    unit: l.unit,
    amountFen: l.amountFen,
    supplierOrgId: l.supplierOrgId ?? null,
    supplierName: l.supplierName,
    supplierCreditCode: l.supplierCreditCode ?? null,
    procurementMethod: l.procurementMethod ?? method,
    isGreen: l.isGreen,
    evidenceKind: kind,
    certificateNo: certificate ? (l.certificateNo ?? null) : null,
    certificateBody:
      kind === 'platform_certificate' ? (cert?.issuerName ?? null) : certificate ? (l.certificateBody ?? null) : null,
    star: kind === 'platform_certificate' ? (cert?.star ?? l.star ?? null) : certificate ? (l.star ?? null) : null,
    reportNo: kind === 'test_report' ? (l.reportNo ?? null) : null,
    reportDate: kind === 'test_report' ? (l.reportDate ?? null) : null,
    deliveryDate: l.deliveryDate,
  };
}

/** The fields of a system line that differ from what was prefilled. */
function changedFields(values: LineValues, prefilled: Record<string, unknown> | null): string[] {
  if (!prefilled) return [];
  const now = comparable(values);
  const then = comparable(prefilled as LineValues);
  return LINE_FIELDS.filter((k) => (now[k] ?? null) !== (then[k] ?? null));
}

export interface SaveOutcome {
  added: number;
  changed: number;
  removed: number;
}

export async function saveLines(
  tx: Tx,
  f: repo.FilingRowDb,
  project: repo.ProjectRowDb,
  body: SaveBody,
  method: ProcurementMethodValue,
): Promise<SaveOutcome> {
  const existing = new Map((await repo.filingLines(tx, f.id)).map((l) => [l.id, l]));
  const errors: FieldError[] = [];
  body.lines.forEach((l, i) => {
    if (l.id !== undefined && !existing.has(l.id)) errors.push({ field: `lines.${i}.id`, message: '明细不存在' });
    if (l.id !== undefined && body.removedLineIds.includes(l.id)) {
      errors.push({ field: `lines.${i}.id`, message: '同一行不能既修改又删除' });
    }
  });
  body.removedLineIds.forEach((id, i) => {
    if (!existing.has(id)) errors.push({ field: `removedLineIds.${i}`, message: '明细不存在' });
  });
  const removed = new Set(body.removedLineIds);
  const added = body.lines.filter((l) => l.id === undefined).length;
  if (existing.size - removed.size + added > FILING_LINES_MAX) {
    errors.push({ field: 'lines', message: `每份填报最多 ${FILING_LINES_MAX} 行` });
  }
  const nos = body.lines.flatMap((l) =>
    l.evidenceKind === 'platform_certificate' && l.certificateNo ? [l.certificateNo] : [],
  );
  const certs = new Map((await repo.certificateFacts(tx, { nos })).map((c) => [c.certNo, c]));
  body.lines.forEach((l, i) => {
    if (l.evidenceKind !== 'platform_certificate') return;
    const cert = l.certificateNo ? certs.get(l.certificateNo) : undefined;
    if (!cert) {
      errors.push({
        field: `lines.${i}.certificateNo`,
        message: '平台上没有这个证书编号；其他机构的证书请选择“其他机构认证证书”',
      });
    } else if (l.isGreen && cert.star === null && l.star === undefined) {
      errors.push({ field: `lines.${i}.star`, message: '请选择证书星级' });
    }
  });
  if (errors.length > 0) throw invalidInput(errors);

  const edition = project.inPolicyScope ? project.standardEdition : null;
  const policy = await policyOf(tx, edition);
  const placed = (classifyCode: string | null) => {
    const { category, kind } = classifyCode
      ? placeLine(policy, classifyCode)
      : { category: null, kind: 'outside' as const };
    return { editionCode: policy.editionCode, categoryCode: category?.code ?? null, standardKind: kind };
  };
  const stored = (v: LineValues, certificateId: number | null) => ({
    ...placed(v.classifyCode as string | null),
    classifyCode: v.classifyCode as string | null,
    commonName: v.commonName as string,
    spec: v.spec as string,
    quantity: String(v.quantity),
    unit: v.unit as string,
    amountFen: v.amountFen as number,
    supplierOrgId: v.supplierOrgId as number | null,
    supplierName: v.supplierName as string,
    supplierCreditCode: v.supplierCreditCode as string | null,
    procurementMethod: v.procurementMethod as string,
    isGreen: v.isGreen as boolean,
    evidenceKind: v.evidenceKind as string,
    certificateId,
    certificateNo: v.certificateNo as string | null,
    certificateBody: v.certificateBody as string | null,
    star: v.star as number | null,
    reportNo: v.reportNo as string | null,
    reportDate: v.reportDate as string | null,
    deliveryDate: v.deliveryDate as string,
  });

  await repo.deleteLines(tx, f.id, [...removed]);
  let changed = 0;
  let lastNo = Math.max(0, ...[...existing.values()].map((l) => l.lineNo));
  const inserts: repo.LineInsert[] = [];
  for (const l of body.lines) {
    const cert = l.evidenceKind === 'platform_certificate' && l.certificateNo ? certs.get(l.certificateNo) : undefined;
    const values = valuesOf(l, method, cert);
    const row = stored(values, cert?.id ?? null);
    const before = l.id === undefined ? undefined : existing.get(l.id);
    if (before) {
      const fields =
        before.source === FilingLineSource.SYSTEM ? changedFields(values, before.prefillValues ?? null) : [];
      await repo.updateLine(tx, before.id, { ...row, changedFields: fields });
      changed += 1;
    } else {
      lastNo += 1;
      inserts.push({ filingId: f.id, lineNo: lastNo, source: FilingLineSource.TYPED, changedFields: [], ...row });
    }
  }
  await repo.insertLines(tx, inserts);
  if (removed.size > 0) await repo.renumberLines(tx, f.id);
  return { added: inserts.length, changed, removed: removed.size };
}
