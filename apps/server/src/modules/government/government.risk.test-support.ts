import { randomUUID } from 'node:crypto';
import { filingDueOn } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import type { Tx } from '../../db/client.ts';
import {
  certificates,
  procurementFilingLines,
  procurementFilings,
  projects,
  receiptLines,
  receipts,
  riskAlerts,
  shipmentLineAuthorisations,
  shipmentLines,
  shipments,
} from '../../db/schema/index.ts';
import { type RunScope, runRules } from './government.risk.engine.ts';

/**
 * Hand-built cases of the risk rules (docs/government.md, "Risk rules"), written straight into a test server's
 * database: the records a rule reads, as the modules that own them would have left them.
 */

let seq = 0;
const next = () => {
  seq += 1;
  return `${Date.now().toString(36).toUpperCase()}${seq}`;
};

/** Run the rules in a transaction of the test server's database. */
export const run = (server: TestServer, scope: RunScope, today?: string) =>
  server.database.db.transaction((tx) => runRules(tx as Tx, scope, 'test', { today }));

/** The alerts of a project (or with a fingerprint prefix), oldest first. */
export async function alertsOf(server: TestServer, f: { projectId?: number; prefix?: string }) {
  const rows = await server.database.db.select().from(riskAlerts).orderBy(riskAlerts.id);
  return rows.filter(
    (a) =>
      (f.projectId === undefined || a.projectId === f.projectId) &&
      (f.prefix === undefined || a.fingerprint.startsWith(f.prefix)),
  );
}

/** A platform certificate of a product (valid from–until; revoked at a moment). */
export async function addCertificate(
  server: TestServer,
  c: {
    productId: number;
    holderOrgId: number;
    issuerOrgId: number;
    validFrom: string;
    validUntil: string;
    revokedAt?: Date;
  },
): Promise<string> {
  const certNo = `RK-${next()}`;
  await server.database.db.insert(certificates).values({
    certNo,
    publicId: randomUUID(),
    type: 1,
    holderOrgId: c.holderOrgId,
    productId: c.productId,
    issuerOrgId: c.issuerOrgId,
    starRating: 2,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    content: '{}',
    contentSha256: '0'.repeat(64),
    revokedAt: c.revokedAt ?? null,
  });
  return certNo;
}

/**
 * A shipment of one lot to a project, received there on `arrivedOn` and accepted: its line's evidence snapshot
 * names the certificate it was shipped with. Answers the receipt's id.
 */
export async function addArrival(
  server: TestServer,
  a: {
    fromOrgId: number;
    projectId: number;
    receiverOrgId: number;
    spec: { productId: number; specId: number };
    lotId: number;
    certNo: string | null;
    shipDate: string;
    arrivedOn: string;
    status?: number;
    toRegionCode?: string;
    userId: number;
  },
): Promise<{ shipmentId: number; lineId: number; receiptId: number }> {
  return server.database.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(shipments)
      .values({
        number: `FH-RK-${next()}`,
        fromOrgId: a.fromOrgId,
        fromHolderKey: `org:${a.fromOrgId}`,
        toKind: 'project',
        toProjectId: a.projectId,
        toHolderKey: `project:${a.projectId}`,
        toRegionCode: a.toRegionCode ?? '320106',
        shipDate: a.shipDate,
        transportType: 8,
        distanceKm: '20',
        distanceSource: 'measured',
        status: a.status ?? 4,
        createdBy: a.userId,
      })
      .returning({ id: shipments.id });
    const shipmentId = (s as { id: number }).id;
    const [l] = await tx
      .insert(shipmentLines)
      .values({
        shipmentId,
        lineNo: 1,
        productId: a.spec.productId,
        specId: a.spec.specId,
        lotId: a.lotId,
        unitId: 32,
        quantity: '10',
        accepted: '10',
        evidence: a.certNo
          ? {
              kind: 'certificate',
              name: a.certNo,
              certNo: a.certNo,
              valid: true,
              validUntil: null,
              leafIndex: null,
              asOf: a.shipDate,
            }
          : {
              kind: 'none',
              name: null,
              certNo: null,
              valid: false,
              validUntil: null,
              leafIndex: null,
              asOf: a.shipDate,
            },
      })
      .returning({ id: shipmentLines.id });
    const lineId = (l as { id: number }).id;
    const [r] = await tx
      .insert(receipts)
      .values({
        number: `SH-RK-${next()}`,
        shipmentId,
        receiverOrgId: a.receiverOrgId,
        holderKey: `project:${a.projectId}`,
        arrivedOn: a.arrivedOn,
        createdBy: a.userId,
      })
      .returning({ id: receipts.id });
    const receiptId = (r as { id: number }).id;
    await tx
      .insert(receiptLines)
      .values({ receiptId, shipmentLineId: lineId, received: '10', accepted: '10', rejected: '0' });
    return { shipmentId, lineId, receiptId };
  });
}

/** What a distributor's shipment line relied on (the gate's record). */
export async function addLineAuthorisation(
  server: TestServer,
  r: { shipmentId: number; lineId: number; authorisationId: number; itemId: number },
): Promise<void> {
  await server.database.db.insert(shipmentLineAuthorisations).values({
    shipmentLineId: r.lineId,
    shipmentId: r.shipmentId,
    authorisationId: r.authorisationId,
    authorisationItemId: r.itemId,
    quantity: '10',
  });
}

export interface FilingLineInput {
  source?: 'system' | 'typed';
  standardKind?: 'mandatory' | 'optional' | 'outside';
  categoryCode?: string | null;
  isGreen?: boolean;
  quantity?: string;
  prefillQuantity?: string;
  changedFields?: string[];
  certificateNo?: string | null;
  reportNo?: string | null;
  productId?: number | null;
  supplierOrgId?: number | null;
  deliveryDate?: string;
}

/** A filing of a project for a quarter with its lines, as the filing part stores it. Answers its id. */
export async function addFiling(
  server: TestServer,
  f: {
    projectId: number;
    period: string;
    status?: string;
    firstSubmitted?: boolean;
    completedValueFen?: number | null;
    progressPaidFen?: number | null;
    userId: number;
    lines?: FilingLineInput[];
  },
): Promise<number> {
  return server.database.db.transaction(async (tx) => {
    const [p] = await tx.select().from(projects).where(eq(projects.id, f.projectId));
    if (!p) throw new Error(`no project ${f.projectId}`);
    const status = f.status ?? 'submitted';
    const sent = f.firstSubmitted ?? status !== 'draft';
    const [row] = await tx
      .insert(procurementFilings)
      .values({
        projectId: f.projectId,
        developerOrgId: p.developerOrgId,
        cityCode: p.cityCode,
        filerOrgId: p.developerOrgId,
        period: f.period,
        status,
        completedValueFen: f.completedValueFen ?? null,
        progressPaidFen: f.progressPaidFen ?? null,
        dueOn: filingDueOn(f.period),
        firstSubmittedAt: sent ? new Date() : null,
        submittedAt: sent ? new Date() : null,
        createdBy: f.userId,
      })
      .returning({ id: procurementFilings.id });
    const filingId = (row as { id: number }).id;
    for (const [i, l] of (f.lines ?? []).entries()) {
      const green = l.isGreen ?? false;
      await tx.insert(procurementFilingLines).values({
        filingId,
        lineNo: i + 1,
        source: l.source ?? 'typed',
        prefillValues: l.prefillQuantity === undefined ? null : { quantity: l.prefillQuantity },
        changedFields: l.changedFields ?? [],
        editionCode: '2025',
        categoryCode: l.categoryCode === undefined ? `C${i + 1}` : l.categoryCode,
        standardKind: l.standardKind ?? 'mandatory',
        commonName: `材料${i + 1}`,
        spec: '规格',
        quantity: l.quantity ?? '10',
        unit: '吨',
        amountFen: 100_000,
        supplierOrgId: l.supplierOrgId ?? null,
        supplierName: '供应商',
        procurementMethod: 'inquiry',
        isGreen: green,
        evidenceKind: green || l.certificateNo ? 'platform_certificate' : 'none',
        certificateNo: l.certificateNo ?? null,
        star: green || l.certificateNo ? 2 : null,
        reportNo: l.reportNo ?? null,
        deliveryDate: l.deliveryDate ?? '2026-08-10',
        productId: l.productId ?? null,
      });
    }
    return filingId;
  });
}
