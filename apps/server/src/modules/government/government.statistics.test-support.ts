import { filingDueOn, type StandardKindValue } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { procurementFilingLines, procurementFilings, projects } from '../../db/schema/index.ts';
import { refreshFilingFacts } from './government.statistics.facts.ts';

/**
 * The statistics' fixtures, written straight into the filing tables (the filing part's calls are not in this branch)
 * and summed into the facts by `refreshFilingFacts`, as the filing part does in each change's transaction.
 */

export interface FixtureLine {
  categoryCode: string | null;
  kind: StandardKindValue;
  amountFen: number;
  /** Green by a certificate of this star (1–3), by a test report ('report'), or not green (null). */
  proof: 1 | 2 | 3 | 'report' | null;
  supplierOrgId?: number | null;
  supplierName?: string;
  supplierCreditCode?: string | null;
}

export interface FixtureFiling {
  projectId: number;
  userId: number;
  period: string;
  status: string;
  /** yyyy-mm-dd (China time) of the first submission; null: never submitted. */
  firstSubmittedOn?: string | null;
  completedValueFen?: number | null;
  progressPaidFen?: number | null;
  version?: number;
  correctsId?: number | null;
  lines: FixtureLine[];
}

export async function addFiling(db: Db, f: FixtureFiling): Promise<number> {
  const [project] = await db.select().from(projects).where(eq(projects.id, f.projectId));
  if (!project) throw new Error(`no project ${f.projectId}`);
  const submitted = f.firstSubmittedOn ? new Date(`${f.firstSubmittedOn}T10:00:00+08:00`) : null;
  const [row] = await db
    .insert(procurementFilings)
    .values({
      projectId: f.projectId,
      developerOrgId: project.developerOrgId,
      cityCode: project.cityCode,
      filerOrgId: project.developerOrgId,
      period: f.period,
      version: f.version ?? 1,
      correctsId: f.correctsId ?? null,
      correctionReason: f.correctsId ? '更正' : null,
      status: f.status,
      completedValueFen: f.completedValueFen ?? null,
      progressPaidFen: f.progressPaidFen ?? null,
      dueOn: filingDueOn(f.period),
      firstSubmittedAt: submitted,
      submittedAt: submitted,
      createdBy: f.userId,
    })
    .returning({ id: procurementFilings.id });
  const filingId = (row as { id: number }).id;
  if (f.lines.length > 0) {
    await db.insert(procurementFilingLines).values(
      f.lines.map((l, i) => ({
        filingId,
        lineNo: i + 1,
        source: 'typed',
        editionCode: l.categoryCode ? project.standardEdition : null,
        categoryCode: l.categoryCode,
        standardKind: l.kind,
        classifyCode: l.categoryCode,
        commonName: `材料${i + 1}`,
        spec: '标准',
        quantity: '10',
        unit: '吨',
        amountFen: l.amountFen,
        supplierOrgId: l.supplierOrgId ?? null,
        supplierName: l.supplierName ?? '外地建材有限公司',
        supplierCreditCode: l.supplierCreditCode ?? null,
        procurementMethod: 'inquiry',
        isGreen: l.proof !== null,
        evidenceKind: l.proof === null ? 'none' : l.proof === 'report' ? 'test_report' : 'external_certificate',
        certificateNo: typeof l.proof === 'number' ? `CERT-${i + 1}` : null,
        star: typeof l.proof === 'number' ? l.proof : null,
        reportNo: l.proof === 'report' ? `RPT-${i + 1}` : null,
        reportDate: l.proof === 'report' ? '2026-01-10' : null,
        deliveryDate: '2026-08-01',
      })),
    );
  }
  await refreshFilingFacts(db, filingId);
  return filingId;
}

/** A correction: the filing in force superseded, the new version carrying the facts. */
export async function supersede(db: Db, filingId: number, next: Omit<FixtureFiling, 'version' | 'correctsId'>) {
  const [old] = await db.select().from(procurementFilings).where(eq(procurementFilings.id, filingId));
  if (!old) throw new Error(`no filing ${filingId}`);
  await db.update(procurementFilings).set({ supersededAt: new Date() }).where(eq(procurementFilings.id, filingId));
  await refreshFilingFacts(db, filingId);
  return addFiling(db, { ...next, version: old.version + 1, correctsId: filingId });
}
