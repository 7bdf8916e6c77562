import {
  type ApplicationActionValue,
  ApplicationStatus,
  ApplicationType,
  OrgType,
  ProductDocumentKind,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import {
  CertificateAuditEntity,
  certNoTaken,
  defaultValidUntil,
  insertApplication,
  issueCertificate,
  updateApplication,
} from '../../modules/certificate/index.ts';
import { sendMessage } from '../../modules/message/index.ts';

const repo = { certNoTaken, insertApplication, updateApplication };

import type { Tx } from '../client.ts';
import { organizations, productDocuments, products, users } from '../schema/index.ts';

/** The demo certificate's number, printed in README.md: verify it at /free/certificate?no=CGBM-2026-000001. */
export const DEMO_CERTIFICATE_NO = 'CGBM-2026-000001';
/** The demo product the certificate is issued for (it has no green certificate of its own in the demo). */
const CERTIFIED_PRODUCT = '石膏基自流平砂浆';
/** The demo product whose renewal application awaits the certification body (its old certificate expired). */
export const DEMO_PENDING_PRODUCT = '水性建筑涂料（内墙）';
/** The star level the renewal applies for: its old certificate gave one (demo-products.ts), so ER-09 disagrees. */
export const DEMO_PENDING_STARS = 2;

/**
 * Demo certificates (issue 5 item 6), in the caller's transaction, after the demo organisations, products and the
 * ledger exist: one issued certificate with a fixed number on the ledger, linked to a demo product (green tag),
 * and one application awaiting the demo certification body. The makers: manufacturer 13800000001, body 13800000007.
 * Returns false (and does nothing) when a piece is missing (e.g. no demo products) or it has run before.
 */
export async function seedDemoCertificates(tx: Tx, today: string = shanghaiToday()): Promise<boolean> {
  if (await repo.certNoTaken(tx, DEMO_CERTIFICATE_NO)) return false;
  const [maker] = await tx
    .select({ userId: users.id, orgId: users.orgId, orgName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.mobile, '13800000001'));
  const [body] = await tx
    .select({ userId: users.id, orgId: users.orgId, orgName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(users.mobile, '13800000007'), eq(organizations.type, OrgType.CERTIFICATION_BODY)));
  if (!maker?.orgId || !body?.orgId) return false;
  const made = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.orgId, maker.orgId), inArray(products.name, [CERTIFIED_PRODUCT, DEMO_PENDING_PRODUCT])));
  const certified = made.find((p) => p.name === CERTIFIED_PRODUCT);
  const pending = made.find((p) => p.name === DEMO_PENDING_PRODUCT);
  if (!certified || !pending) return false;
  // The applications' evidence: the products' own test reports and certificates, real text PDFs (demo-evidence.ts),
  // read with the rest of the demo's documents after the demo's transaction (readDemoEvidence).
  const evidenceOf = async (productId: number) =>
    (
      await tx
        .select({ id: productDocuments.uploadId })
        .from(productDocuments)
        .where(
          and(
            eq(productDocuments.productId, productId),
            inArray(productDocuments.kind, [ProductDocumentKind.TEST_REPORT, ProductDocumentKind.GREEN_CERTIFICATE]),
            isNotNull(productDocuments.uploadId),
          ),
        )
        .orderBy(asc(productDocuments.kind), asc(productDocuments.id))
    ).map((d) => d.id as number);
  const now = new Date();

  // 1. The issued certificate: applied for, approved by the body, on the ledger.
  const approvedId = await repo.insertApplication(tx, {
    applicantOrgId: maker.orgId,
    productId: certified.id,
    bodyOrgId: body.orgId,
    type: ApplicationType.NORMAL,
    status: ApplicationStatus.APPROVED,
    starRating: 2,
    evidenceUploadIds: await evidenceOf(certified.id),
    remarks: '申请二星级绿色建材评价',
    createdBy: maker.userId,
    submittedAt: now,
    decidedBy: body.userId,
    decidedAt: now,
  });
  const certificateId = await issueCertificate(tx, body.userId, {
    type: ApplicationType.NORMAL,
    applicationId: approvedId,
    certNo: DEMO_CERTIFICATE_NO,
    holder: { id: maker.orgId, name: maker.orgName },
    product: { id: certified.id, name: certified.name },
    issuer: { id: body.orgId, name: body.orgName },
    starRating: 2,
    validFrom: today,
    validUntil: defaultValidUntil(today),
  });
  await repo.updateApplication(tx, approvedId, ApplicationStatus.APPROVED, { certificateId });
  const history: Array<[number, ApplicationActionValue, number | null, number, number]> = [
    [approvedId, 'save', null, ApplicationStatus.DRAFT, maker.userId],
    [approvedId, 'submit', ApplicationStatus.DRAFT, ApplicationStatus.SUBMITTED, maker.userId],
    [approvedId, 'approve', ApplicationStatus.SUBMITTED, ApplicationStatus.APPROVED, body.userId],
  ];

  // 2. An application awaiting the body: renewal of an expired one-star certificate, now claiming two stars. Its
  // evidence is the product's test report and that old certificate, which the reader finds expired (ER-04) and
  // giving one star, not the two applied for (ER-09): what the body should see before deciding.
  const pendingId = await repo.insertApplication(tx, {
    applicantOrgId: maker.orgId,
    productId: pending.id,
    bodyOrgId: body.orgId,
    type: ApplicationType.NORMAL,
    status: ApplicationStatus.SUBMITTED,
    starRating: DEMO_PENDING_STARS,
    evidenceUploadIds: await evidenceOf(pending.id),
    remarks: '原证书（一星级）已过期，申请复评为二星级',
    createdBy: maker.userId,
    submittedAt: now,
  });
  history.push(
    [pendingId, 'save', null, ApplicationStatus.DRAFT, maker.userId],
    [pendingId, 'submit', ApplicationStatus.DRAFT, ApplicationStatus.SUBMITTED, maker.userId],
  );
  for (const [id, action, from, to, actor] of history) {
    await recordAudit(tx, {
      entity: CertificateAuditEntity.APPLICATION,
      entityId: id,
      orgId: maker.orgId,
      actor: { userId: actor, orgId: maker.orgId },
      action,
      fromState: from,
      toState: to,
    });
  }
  await sendMessage(
    tx,
    { orgId: body.orgId },
    {
      channel: 'materials',
      title: `新的证书申请：${maker.orgName}`,
      content: `${maker.orgName}为“${pending.name}”提交了认证申请（申请 ${DEMO_PENDING_STARS} 星），请审核。`,
      targetUrl: pageUrl(pages.approvalDetail, { id: pendingId }),
    },
  );
  await sendMessage(
    tx,
    { orgId: maker.orgId },
    {
      channel: 'materials',
      title: `证书申请已通过：${certified.name}`,
      content: `${body.orgName}通过了“${certified.name}”的证书申请，证书编号 ${DEMO_CERTIFICATE_NO}。证书已记录到存证链。`,
      targetUrl: pages.certificates.path,
    },
  );
  return true;
}
