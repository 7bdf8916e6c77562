import {
  type ApplicationActionValue,
  ApplicationStatus,
  type ApplicationStatusValue,
  ApplicationType,
  type ApplicationTypeValue,
  type applicationListQuery,
  type applicationSaveBody,
  applicationStatusLabels,
  applicationTypeLabels,
  type approveBody,
  CERTIFICATE_VERIFY_PATH,
  CertificateLedgerKind,
  CertStatus,
  type certificateListQuery,
  certificateStateLabels,
  OrgType,
  ResponseCode,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '../../lib/time.ts';
import type { SessionUser } from '../auth/auth.types.ts';
import { appendLedgerEntry } from '../ledger/ledger.append.ts';
import { sendMessage } from '../message/message.sender.ts';
import { isUniqueViolation } from '../organization/db-errors.ts';
import { recomputeProductTags, shanghaiToday } from '../product/product-tags.ts';
import {
  canonicalContent,
  certificateState,
  defaultValidUntil,
  type RevocationContent,
} from './certificate.content.ts';
import { CertificateAuditEntity, issueCertificate } from './certificate.issue.ts';
import { LEDGER_KEY_URL, ledgerEvidence } from './certificate.ledger.ts';
import * as repo from './certificate.repository.ts';
import { transition } from './certificate.transitions.ts';

type SaveBody = z.output<typeof applicationSaveBody>;
type ListQuery = z.output<typeof applicationListQuery>;
type ApproveBody = z.output<typeof approveBody>;
type CertListQuery = z.output<typeof certificateListQuery>;

const MY_APPLICATIONS_PAGE = '/blockchain/myApplys/detail';
const APPROVAL_PAGE = '/blockchain/approval/detail';
const CERTIFICATE_PAGE = '/blockchain/certificate/index';
const CERT_NO_TAKEN = '证书编号已被使用';

/**
 * Who may apply: manufacturers, for their own products, any type; distributors, for the products they have evidence
 * for (repo.applicableProducts), an assessment (type 3) only: a held certificate or a self-declaration is the maker's.
 */
const APPLICANT_ORG_TYPES: readonly number[] = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR];

function productScope(orgType: number): repo.ApplicableProducts {
  return orgType === OrgType.DISTRIBUTOR ? { kind: 'evidence' } : { kind: 'own' };
}

// Views

function applicationView(row: repo.ApplicationRow) {
  const a = row.application;
  return {
    id: a.id,
    type: a.type,
    typeName: applicationTypeLabels[a.type as ApplicationTypeValue]?.zh ?? '',
    status: a.status,
    statusName: applicationStatusLabels[a.status as ApplicationStatusValue]?.zh ?? '',
    applicant: { id: a.applicantOrgId, name: row.applicantName },
    product: { id: a.productId, name: row.productName },
    body: a.bodyOrgId === null ? null : { id: a.bodyOrgId, name: row.bodyName ?? '' },
    starRating: a.starRating,
    certNo: a.certNo,
    validUntil: a.validUntil,
    remarks: a.remarks,
    reason: a.reason,
    certificateId: a.certificateId,
    createdAt: formatShanghaiTime(a.createdAt),
    submittedAt: formatOptionalShanghaiTime(a.submittedAt),
    decidedAt: formatOptionalShanghaiTime(a.decidedAt),
  };
}

/** The public verification URL a certificate's QR code encodes. */
export function verifyUrlOf(baseUrl: string, certNo: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${CERTIFICATE_VERIFY_PATH}?no=${encodeURIComponent(certNo)}`;
}

function certificateView(row: repo.CertificateRow, today: string, baseUrl: string) {
  const c = row.certificate;
  const state = certificateState(c, today);
  return {
    id: c.id,
    certNo: c.certNo,
    publicId: c.publicId,
    type: c.type,
    typeName: applicationTypeLabels[c.type as ApplicationTypeValue]?.zh ?? '',
    holder: { id: c.holderOrgId, name: row.holderName },
    product: { id: c.productId, name: row.productName },
    issuer: { id: c.issuerOrgId, name: row.issuerName },
    starRating: c.starRating,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    state,
    stateName:
      c.type === ApplicationType.SELF_DECLARED && state === 'valid'
        ? '有效（自我声明）'
        : certificateStateLabels[state].zh,
    revokedAt: formatOptionalShanghaiTime(c.revokedAt),
    revokeReason: c.revokeReason,
    leafIndex: c.leafIndex,
    applicationId: c.applicationId,
    issuedAt: formatShanghaiTime(c.issuedAt),
    verifyUrl: verifyUrlOf(baseUrl, c.certNo),
  };
}
export type CertificateView = ReturnType<typeof certificateView>;

function step(type: number, from: number, action: ApplicationActionValue): ApplicationStatusValue {
  const result = transition(type as ApplicationTypeValue, from as ApplicationStatusValue, action);
  if (!result.ok) throw conflict(result.message);
  return result.to;
}

/** A self-declaration's number: SD-, the date, six random characters (no I, O, 0, 1 to avoid misreading). */
function declarationNo(today: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const tail = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `SD-${today.replaceAll('-', '')}-${tail}`;
}

export type CertificateService = ReturnType<typeof createCertificateService>;

/**
 * Certificate applications, decisions, issued certificates and their revocation (issue 5 items 3–5). Each change
 * is one transaction with its audit rows, its ledger entry and its messages (DESIGN.md §5).
 */
export function createCertificateService({ db }: { db: Db }) {
  async function callerOrg(user: SessionUser) {
    if (user.orgId === null) throw forbidden('您尚未加入企业');
    const org = await repo.findOrg(db, user.orgId);
    if (!org) throw forbidden('您尚未加入企业');
    return org;
  }

  async function applicantOrg(user: SessionUser) {
    const org = await callerOrg(user);
    if (!APPLICANT_ORG_TYPES.includes(org.type)) throw forbidden('只有建材生产企业和经销商可以申请证书');
    if (org.certStatus !== CertStatus.CERTIFIED) throw forbidden('企业认证通过后才能申请证书');
    return org;
  }

  async function bodyOrg(user: SessionUser) {
    const org = await callerOrg(user);
    if (org.type !== OrgType.CERTIFICATION_BODY) throw forbidden('只有认证机构可以审核证书申请');
    return org;
  }

  /** The caller's own application, or 404 (another organisation's is as if it did not exist). */
  async function ownApplication(user: SessionUser, id: number, tx: Tx = db) {
    const row = await repo.findApplication(tx, id);
    if (!row || row.application.applicantOrgId !== user.orgId) throw notFound('证书申请不存在');
    return row;
  }

  /** A submitted-or-later application addressed to the caller's body, or 404. Drafts are the applicant's alone. */
  async function addressedApplication(orgId: number, id: number) {
    const row = await repo.findApplication(db, id);
    if (!row || row.application.bodyOrgId !== orgId || row.application.status === ApplicationStatus.DRAFT) {
      throw notFound('证书申请不存在');
    }
    return row;
  }

  /** Check a draft's references: a product it may apply for, own uploads, a certified certification body. */
  async function checkedFields(org: { id: number; type: number }, body: SaveBody) {
    const orgId = org.id;
    if (org.type === OrgType.DISTRIBUTOR && body.type !== ApplicationType.NORMAL) {
      throw invalidInput([{ field: 'type', message: '经销商只能提交普通申请' }]);
    }
    const product = await repo.findProduct(db, body.productId);
    if (!product || !(await repo.isApplicableProduct(db, orgId, productScope(org.type), product.id)))
      throw invalidInput([{ field: 'productId', message: '产品不存在，请重新选择' }]);
    const evidenceIds = [...new Set(body.evidenceUploadIds)];
    const own = await repo.uploadsOfOrg(db, evidenceIds, orgId);
    if (own.length !== evidenceIds.length) {
      throw invalidInput([{ field: 'evidenceUploadIds', message: '证明材料文件不存在，请重新上传' }]);
    }
    const bodyOrgId = body.type === ApplicationType.SELF_DECLARED ? null : (body.bodyOrgId ?? null);
    if (bodyOrgId !== null) {
      const target = await repo.findOrg(db, bodyOrgId);
      if (!target || target.type !== OrgType.CERTIFICATION_BODY || target.certStatus !== CertStatus.CERTIFIED) {
        throw invalidInput([{ field: 'bodyOrgId', message: '请选择已认证的认证机构' }]);
      }
    }
    return {
      type: body.type,
      productId: product.id,
      bodyOrgId,
      starRating: body.starRating,
      evidenceUploadIds: evidenceIds,
      remarks: body.remarks || null,
      certNo: body.type === ApplicationType.CERTIFIED ? (body.certNo ?? null) : null,
      validUntil: body.type === ApplicationType.CERTIFIED ? (body.validUntil ?? null) : null,
    };
  }

  async function audit(
    tx: Tx,
    user: SessionUser,
    a: { id: number; applicantOrgId: number },
    action: ApplicationActionValue,
    from: number | null,
    to: number,
    reason: string | null = null,
    detail: Record<string, unknown> | null = null,
  ) {
    await repo.insertAudit(tx, {
      entityType: CertificateAuditEntity.APPLICATION,
      entityId: String(a.id),
      orgId: a.applicantOrgId,
      actorUserId: user.userId,
      action,
      fromState: from === null ? null : String(from),
      toState: String(to),
      reason,
      detail,
    });
  }

  async function applicationDetail(row: repo.ApplicationRow) {
    const a = row.application;
    const [evidence, history] = await Promise.all([
      repo.uploadsOfOrg(db, a.evidenceUploadIds, a.applicantOrgId),
      repo.auditHistory(db, CertificateAuditEntity.APPLICATION, String(a.id)),
    ]);
    return {
      ...applicationView(row),
      evidence,
      history: history.map((h) => ({
        action: h.action,
        fromStatus: h.fromState === null ? null : Number(h.fromState),
        toStatus: h.toState === null ? null : Number(h.toState),
        reason: h.reason,
        actorName: h.actorName,
        createdAt: formatShanghaiTime(h.createdAt),
      })),
    };
  }

  function rethrowCertNoTaken(error: unknown): never {
    if (isUniqueViolation(error, 'certificates_cert_no_uq')) {
      throw new AppError(ResponseCode.CONFLICT, CERT_NO_TAKEN, {
        fields: [{ field: 'certNo', message: CERT_NO_TAKEN }],
      });
    }
    throw error;
  }

  /** A certificate, to its holder or its issuer; 404 to anyone else (the public uses the verification call). */
  async function visibleCertificate(user: SessionUser, id: number, baseUrl: string) {
    const row = await repo.findCertificate(db, id);
    const c = row?.certificate;
    if (!row || !c || user.orgId === null || (c.holderOrgId !== user.orgId && c.issuerOrgId !== user.orgId)) {
      throw notFound('证书不存在');
    }
    return certificateView(row, shanghaiToday(), baseUrl);
  }

  async function certificateFor(id: number, today: string, baseUrl: string) {
    const row = await repo.findCertificate(db, id);
    if (!row) throw notFound('证书不存在');
    return certificateView(row, today, baseUrl);
  }

  return {
    async bodies() {
      return repo.certificationBodies(db);
    },

    // Applicant

    /** The products the caller may apply for (the application form's picker), by name, at most 50. */
    async applicableProducts(user: SessionUser, keyword: string | undefined) {
      const org = await applicantOrg(user);
      const list = await repo.applicableProducts(db, org.id, productScope(org.type), keyword, 50);
      return { list };
    },

    async create(user: SessionUser, body: SaveBody) {
      const org = await applicantOrg(user);
      const fields = await checkedFields(org, body);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertApplication(tx, {
          ...fields,
          applicantOrgId: org.id,
          status: ApplicationStatus.DRAFT,
          createdBy: user.userId,
        });
        await audit(tx, user, { id: newId, applicantOrgId: org.id }, 'save', null, ApplicationStatus.DRAFT);
        return newId;
      });
      return applicationDetail(await ownApplication(user, id));
    },

    async update(user: SessionUser, id: number, body: SaveBody) {
      const org = await applicantOrg(user);
      const before = await ownApplication(user, id);
      const to = step(before.application.type, before.application.status, 'save');
      const fields = await checkedFields(org, body);
      await db.transaction(async (tx) => {
        const updated = await repo.updateApplication(tx, id, before.application.status, fields);
        if (!updated) throw conflict('申请状态已变化，请刷新后重试');
        await audit(tx, user, before.application, 'save', before.application.status, to);
      });
      return applicationDetail(await ownApplication(user, id));
    },

    async submit(user: SessionUser, id: number) {
      const org = await applicantOrg(user);
      const before = await ownApplication(user, id);
      const a = before.application;
      const to = step(a.type, a.status, 'submit');
      const missing: Array<{ field: string; message: string }> = [];
      if (a.evidenceUploadIds.length === 0) missing.push({ field: 'evidenceUploadIds', message: '请上传证明材料' });
      if (a.type !== ApplicationType.SELF_DECLARED && a.bodyOrgId === null) {
        missing.push({ field: 'bodyOrgId', message: '请选择认证机构' });
      }
      if (a.type === ApplicationType.CERTIFIED && !a.certNo)
        missing.push({ field: 'certNo', message: '请输入已获证书的编号' });
      if (missing.length > 0) throw invalidInput(missing);
      const today = shanghaiToday();
      await db
        .transaction(async (tx) => {
          const updated = await repo.updateApplication(tx, id, a.status, {
            status: to,
            submittedAt: new Date(),
            ...(to === ApplicationStatus.APPROVED ? { decidedAt: new Date(), decidedBy: user.userId } : {}),
          });
          if (!updated) throw conflict('申请状态已变化，请刷新后重试');
          await audit(tx, user, a, 'submit', a.status, to);
          if (a.type === ApplicationType.SELF_DECLARED) {
            // Published at once: on the ledger as a declaration, issued by the applicant itself.
            const validUntil = defaultValidUntil(today);
            const certificateId = await issueCertificate(tx, user.userId, {
              type: ApplicationType.SELF_DECLARED,
              applicationId: a.id,
              certNo: declarationNo(today),
              holder: { id: org.id, name: org.name },
              product: { id: a.productId, name: before.productName },
              issuer: { id: org.id, name: org.name },
              starRating: a.starRating,
              validFrom: today,
              validUntil,
            });
            await repo.updateApplication(tx, id, to, { certificateId });
            await sendMessage(
              tx,
              { orgId: org.id },
              {
                channel: 'materials',
                title: `自我声明已发布：${before.productName}`,
                content: `“${before.productName}”的自我声明已发布并记录到存证链，可在公开页面查验（不是第三方认证证书）。`,
                targetUrl: `${MY_APPLICATIONS_PAGE}?id=${a.id}`,
              },
            );
          } else {
            await sendMessage(
              tx,
              { orgId: a.bodyOrgId as number },
              {
                channel: 'materials',
                title: `新的证书申请：${org.name}`,
                content: `${org.name}为“${before.productName}”提交了${applicationTypeLabels[a.type as ApplicationTypeValue].zh}（申请 ${a.starRating} 星），请审核。`,
                targetUrl: `${APPROVAL_PAGE}?id=${a.id}`,
              },
            );
          }
        })
        .catch(rethrowCertNoTaken);
      return applicationDetail(await ownApplication(user, id));
    },

    async withdraw(user: SessionUser, id: number) {
      await callerOrg(user);
      const before = await ownApplication(user, id);
      const a = before.application;
      const to = step(a.type, a.status, 'withdraw');
      await db.transaction(async (tx) => {
        const updated = await repo.updateApplication(tx, id, a.status, { status: to });
        if (!updated) throw conflict('申请已有审核结果，不能撤回');
        await audit(tx, user, a, 'withdraw', a.status, to);
        if (a.status === ApplicationStatus.SUBMITTED && a.bodyOrgId !== null) {
          await sendMessage(
            tx,
            { orgId: a.bodyOrgId },
            {
              channel: 'materials',
              title: `证书申请已撤回：${before.applicantName}`,
              content: `${before.applicantName}撤回了“${before.productName}”的证书申请。`,
              targetUrl: `${APPROVAL_PAGE}?id=${a.id}`,
            },
          );
        }
      });
      return applicationDetail(await ownApplication(user, id));
    },

    async myApplications(user: SessionUser, query: ListQuery) {
      if (user.orgId === null) return { list: [], total: 0 };
      const { rows, total } = await repo.listApplications(db, {
        applicantOrgId: user.orgId,
        statuses: query.status === undefined ? [] : [query.status],
        type: query.type,
        keyword: query.keyword || undefined,
        take: query.take,
        skip: query.skip,
      });
      return { list: rows.map(applicationView), total };
    },

    /** One application: to its applicant, or to the body it was submitted to. Anyone else: 404. */
    async detail(user: SessionUser, id: number) {
      const row = await repo.findApplication(db, id);
      const a = row?.application;
      const visible =
        a !== undefined &&
        user.orgId !== null &&
        (a.applicantOrgId === user.orgId || (a.bodyOrgId === user.orgId && a.status !== ApplicationStatus.DRAFT));
      if (!row || !visible) throw notFound('证书申请不存在');
      return applicationDetail(row);
    },

    // Certification body

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
        throw new AppError(ResponseCode.CONFLICT, CERT_NO_TAKEN, {
          fields: [{ field: 'certNo', message: CERT_NO_TAKEN }],
        });
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
          await audit(tx, user, a, 'approve', a.status, to, null, { certificateId: newId, certNo: body.certNo });
          await sendMessage(
            tx,
            { orgId: a.applicantOrgId },
            {
              channel: 'materials',
              title: `证书申请已通过：${before.productName}`,
              content: `${org.name}通过了“${before.productName}”的证书申请，证书编号 ${body.certNo}，${body.starRating} 星，有效期 ${validFrom} 至 ${validUntil}。证书已记录到存证链。`,
              targetUrl: CERTIFICATE_PAGE,
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
        await audit(tx, user, a, 'reject', a.status, to, reason);
        await sendMessage(
          tx,
          { orgId: a.applicantOrgId },
          {
            channel: 'materials',
            title: `证书申请未通过：${reason}`,
            content: `${org.name}驳回了“${before.productName}”的证书申请。原因：${reason}。您可以修改后重新申请。`,
            targetUrl: `${MY_APPLICATIONS_PAGE}?id=${a.id}`,
          },
        );
      });
      const row = await repo.findApplication(db, id);
      return { application: applicationView(row as repo.ApplicationRow), certificate: null };
    },

    // Certificates

    async heldCertificates(user: SessionUser, query: CertListQuery, baseUrl: string) {
      if (user.orgId === null) return { list: [], total: 0 };
      const today = shanghaiToday();
      const { rows, total } = await repo.listCertificates(db, {
        holderOrgId: user.orgId,
        state: query.state,
        today,
        keyword: query.keyword || undefined,
        take: query.take,
        skip: query.skip,
      });
      return { list: rows.map((r) => certificateView(r, today, baseUrl)), total };
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

    certificate: visibleCertificate,

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
        await repo.insertAudit(tx, {
          entityType: CertificateAuditEntity.CERTIFICATE,
          entityId: String(id),
          orgId: c.holderOrgId,
          actorUserId: user.userId,
          action: 'revoke',
          fromState: 'valid',
          toState: 'revoked',
          reason,
          detail: { certNo: c.certNo, leafIndex: ledger.leafIndex },
        });
        await sendMessage(
          tx,
          { orgId: c.holderOrgId },
          {
            channel: 'materials',
            title: `证书已撤销：${c.certNo}`,
            content: `${org.name}撤销了“${row.productName}”的证书 ${c.certNo}。原因：${reason}。`,
            targetUrl: CERTIFICATE_PAGE,
          },
        );
      });
      return certificateFor(id, shanghaiToday(), baseUrl);
    },

    /** A certificate's view for the PDF: to its holder or issuer (`user`), or to anyone by number (public). */
    async forPdf(key: { user: SessionUser; id: number } | { no?: string; publicId?: string }, baseUrl: string) {
      if ('user' in key) return visibleCertificate(key.user, key.id, baseUrl);
      const row = await repo.findCertificateByNoOrPublicId(db, key);
      if (!row) throw notFound('证书不存在');
      return certificateView(row, shanghaiToday(), baseUrl);
    },

    // Public verification

    async verify(key: { no?: string; publicId?: string }, baseUrl: string) {
      const row = await repo.findCertificateByNoOrPublicId(db, key);
      if (!row) throw notFound('未找到该证书，请核对证书编号');
      const c = row.certificate;
      const today = shanghaiToday();
      const view = certificateView(row, today, baseUrl);
      const certificate = c.leafIndex === null ? null : await ledgerEvidence(db, c.leafIndex, c.content);
      const revocation =
        c.revocationLeafIndex === null || c.revocationContent === null
          ? null
          : await ledgerEvidence(db, c.revocationLeafIndex, c.revocationContent);
      return {
        certNo: c.certNo,
        publicId: c.publicId,
        type: c.type,
        typeName: view.typeName,
        holder: row.holderName,
        product: { id: c.productId, name: row.productName },
        issuer: row.issuerName,
        starRating: c.starRating,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        state: view.state,
        stateName: view.stateName,
        revokedAt: view.revokedAt,
        revokeReason: c.revokeReason,
        checkedOn: today,
        certificate,
        revocation,
        publicKeyUrl: LEDGER_KEY_URL,
        verifyUrl: view.verifyUrl,
      };
    },
  };
}
