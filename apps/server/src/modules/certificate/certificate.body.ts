import {
  ApplicationStatus,
  type ApplicationTypeValue,
  type applicationListQuery,
  type approveBody,
  CertificateLedgerKind,
  type certificateListQuery,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { readingDigest } from '../evidence-reading/index.ts';
import { appendLedgerEntry } from '../ledger/index.ts';
import { sendMessage } from '../message/index.ts';
import { recomputeProductTags } from '../product/index.ts';
import { applicationView, certificateCommon, certificateView, certNoTaken, step } from './certificate.common.ts';
import { canonicalContent, defaultValidUntil, type RevocationContent } from './certificate.content.ts';
import { CertificateAuditEntity, issueCertificate } from './certificate.issue.ts';
import { applicationEvidenceDocuments } from './certificate.reading.ts';
import * as repo from './certificate.repository.ts';

type ListQuery = z.output<typeof applicationListQuery>;
type ApproveBody = z.output<typeof approveBody>;
type CertListQuery = z.output<typeof certificateListQuery>;

/**
 * The certification body's calls: its queue, approval (issuing the certificate) and rejection, the certificates it
 * issued, and revocation by the issuer.
 */
export function createBodyCalls({ db }: { db: Db }) {
  const { callerOrg, audit, rethrowCertNoTaken, certificateFor } = certificateCommon(db);

  /** The certification body (the routes admit certification bodies only: `orgTypes`). */
  const bodyOrg = callerOrg;

  /** A submitted-or-later application addressed to the caller's body, or 404. Drafts are the applicant's alone. */
  async function addressedApplication(orgId: number, id: number) {
    const row = await repo.findApplication(db, id);
    if (!row || row.application.bodyOrgId !== orgId || row.application.status === ApplicationStatus.DRAFT) {
      throw notFound('证书申请不存在');
    }
    return row;
  }

  /**
   * The application's evidence as read when the body decides: each file's reading state and every finding but the
   * agreeing ones, in the decision's transaction (docs/evidence-reading.md, "The machine never decides").
   */
  async function readingsBefore(tx: Tx, user: SessionUser, row: repo.ApplicationRow) {
    const readings = await readingDigest(tx, await applicationEvidenceDocuments(tx, user, row));
    return readings.length > 0 ? { readings } : null;
  }

  return {
    async approvalQueue(user: SessionUser, query: ListQuery) {
      const org = await bodyOrg(user);
      const decidable = [
        ApplicationStatus.SUBMITTED,
        ApplicationStatus.APPROVED,
        ApplicationStatus.REJECTED,
        ApplicationStatus.WITHDRAWN,
      ];
      const statuses =
        query.status === undefined ? [ApplicationStatus.SUBMITTED] : decidable.filter((s) => s === query.status);
      if (statuses.length === 0) return { list: [], total: 0 };
      const { rows, total } = await repo.listApplications(db, {
        bodyOrgId: org.id,
        statuses,
        type: query.type,
        keyword: query.keyword || undefined,
        take: query.take,
        skip: query.skip,
      });
      return { list: rows.map(applicationView), total };
    },

    async approve(user: SessionUser, id: number, body: ApproveBody, baseUrl: string) {
      const org = await bodyOrg(user);
      const before = await addressedApplication(org.id, id);
      const a = before.application;
      const to = step(a.type, a.status, 'approve');
      const today = shanghaiToday();
      const validFrom = body.validFrom ?? today;
      const validUntil = body.validUntil ?? defaultValidUntil(validFrom);
      const errors: Array<{ field: string; message: string }> = [];
      if (validFrom > today) errors.push({ field: 'validFrom', message: '有效期起不能晚于今天' });
      if (validUntil < validFrom) errors.push({ field: 'validUntil', message: '有效期至不能早于有效期起' });
      else if (validUntil < today) errors.push({ field: 'validUntil', message: '有效期至不能早于今天' });
      if (errors.length > 0) throw invalidInput(errors);
      if (await repo.certNoTaken(db, body.certNo)) {
        throw certNoTaken();
      }
      const certificateId = await db
        .transaction(async (tx) => {
          const updated = await repo.updateApplication(tx, id, a.status, {
            status: to,
            decidedAt: new Date(),
            decidedBy: user.userId,
            reason: null,
          });
          if (!updated) throw conflict('该申请不在待审核状态，请刷新后重试');
          const newId = await issueCertificate(tx, user.userId, {
            type: a.type as ApplicationTypeValue,
            applicationId: a.id,
            certNo: body.certNo,
            holder: { id: a.applicantOrgId, name: before.applicantName },
            product: { id: a.productId, name: before.productName },
            issuer: { id: org.id, name: org.name },
            starRating: body.starRating,
            validFrom,
            validUntil,
          });
          await repo.updateApplication(tx, id, to, { certificateId: newId });
          await audit(tx, user, a, 'approve', a.status, to, null, {
            certificateId: newId,
            certNo: body.certNo,
            ...(await readingsBefore(tx, user, before)),
          });
          await sendMessage(
            tx,
            { orgId: a.applicantOrgId },
            {
              channel: 'materials',
              title: `证书申请已通过：${before.productName}`,
              content: `${org.name}通过了“${before.productName}”的证书申请，证书编号 ${body.certNo}，${body.starRating} 星，有效期 ${validFrom} 至 ${validUntil}。证书已记录到存证链。`,
              targetUrl: pages.certificates.path,
            },
          );
          return newId;
        })
        .catch(rethrowCertNoTaken);
      const row = await repo.findApplication(db, id);
      return {
        application: applicationView(row as repo.ApplicationRow),
        certificate: await certificateFor(certificateId, today, baseUrl),
      };
    },

    async reject(user: SessionUser, id: number, reason: string) {
      const org = await bodyOrg(user);
      const before = await addressedApplication(org.id, id);
      const a = before.application;
      const to = step(a.type, a.status, 'reject');
      await db.transaction(async (tx) => {
        const updated = await repo.updateApplication(tx, id, a.status, {
          status: to,
          reason,
          decidedAt: new Date(),
          decidedBy: user.userId,
        });
        if (!updated) throw conflict('该申请不在待审核状态，请刷新后重试');
        await audit(tx, user, a, 'reject', a.status, to, reason, await readingsBefore(tx, user, before));
        await sendMessage(
          tx,
          { orgId: a.applicantOrgId },
          {
            channel: 'materials',
            title: `证书申请未通过：${reason}`,
            content: `${org.name}驳回了“${before.productName}”的证书申请。原因：${reason}。您可以修改后重新申请。`,
            targetUrl: pageUrl(pages.myApplicationDetail, { id: a.id }),
          },
        );
      });
      const row = await repo.findApplication(db, id);
      return { application: applicationView(row as repo.ApplicationRow), certificate: null };
    },

    async issuedCertificates(user: SessionUser, query: CertListQuery, baseUrl: string) {
      const org = await bodyOrg(user);
      const today = shanghaiToday();
      const { rows, total } = await repo.listCertificates(db, {
        issuerOrgId: org.id,
        state: query.state,
        today,
        keyword: query.keyword || undefined,
        take: query.take,
        skip: query.skip,
      });
      return { list: rows.map((r) => certificateView(r, today, baseUrl)), total };
    },

    async revoke(user: SessionUser, id: number, reason: string, baseUrl: string) {
      const org = await callerOrg(user);
      const row = await repo.findCertificate(db, id);
      const c = row?.certificate;
      if (!row || !c) throw notFound('证书不存在');
      if (c.issuerOrgId !== org.id) {
        // The holder learns it may not; anyone else learns nothing.
        if (c.holderOrgId === org.id) throw forbidden('只有发证机构可以撤销证书');
        throw notFound('证书不存在');
      }
      if (c.revokedAt) throw conflict('证书已撤销');
      const revokedAt = new Date();
      await db.transaction(async (tx) => {
        const marked = await repo.markRevoked(tx, id, { revokedBy: user.userId, revokeReason: reason, revokedAt });
        if (!marked) throw conflict('证书已撤销');
        const content: RevocationContent = {
          format: 'jcbb-revocation/v1',
          certNo: c.certNo,
          publicId: c.publicId,
          certificateSha256: c.contentSha256,
          issuerOrgId: c.issuerOrgId,
          reason,
          revokedAt: revokedAt.toISOString(),
        };
        const { text, sha256 } = canonicalContent(content);
        const ledger = await appendLedgerEntry(tx, {
          kind: CertificateLedgerKind.REVOCATION,
          orgId: c.holderOrgId,
          contentSha256: sha256,
          meta: {
            certNo: c.certNo,
            publicId: c.publicId,
            certificateSha256: c.contentSha256,
            issuerOrgId: c.issuerOrgId,
          },
        });
        await repo.updateCertificate(tx, id, {
          revocationContent: text,
          revocationSha256: sha256,
          revocationLeafIndex: ledger.leafIndex,
        });
        // The product keeps no document of a revoked certificate, so its green tag follows at once.
        await repo.deleteProductDocumentsOfCertificate(tx, id);
        await recomputeProductTags(tx, c.productId);
        await recordAudit(tx, {
          entity: CertificateAuditEntity.CERTIFICATE,
          entityId: id,
          orgId: c.holderOrgId,
          actor: user,
          action: 'revoke',
          fromState: 'valid',
          toState: 'revoked',
          reason,
          data: { certNo: c.certNo, leafIndex: ledger.leafIndex },
        });
        await sendMessage(
          tx,
          { orgId: c.holderOrgId },
          {
            channel: 'materials',
            title: `证书已撤销：${c.certNo}`,
            content: `${org.name}撤销了“${row.productName}”的证书 ${c.certNo}。原因：${reason}。`,
            targetUrl: pages.certificates.path,
          },
        );
      });
      return certificateFor(id, shanghaiToday(), baseUrl);
    },
  };
}
