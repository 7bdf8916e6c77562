import {
  type ApplicationActionValue,
  ApplicationStatus,
  type ApplicationStatusValue,
  ApplicationType,
  type ApplicationTypeValue,
  applicationStatusLabels,
  applicationTypeLabels,
  certificateStateLabels,
  pages,
  pageUrl,
  ResponseCode,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, isOwnOrg, NO_ORGANISATION } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { readingsOf } from '../evidence-reading/index.ts';
import { certificateState } from './certificate.content.ts';
import { CertificateAuditEntity } from './certificate.issue.ts';
import * as repo from './certificate.repository.ts';
import { transition } from './certificate.transitions.ts';

/**
 * What the certificate service's parts share (`certificate.applicant.ts`, `certificate.body.ts`,
 * `certificate.verification.ts`; `certificate.service.ts` puts them together): the views and the helpers every
 * actor's calls use. The pages its messages link to are the contract's (`pages.ts`).
 */

const CERT_NO_TAKEN = '证书编号已被使用';

/**
 * Who sees an application: its applicant (a draft too), and the body it was submitted to once submitted (drafts are
 * the applicant's alone). Anyone else: as if it did not exist (404).
 */
export function visibleApplication(user: SessionUser, row: repo.ApplicationRow | undefined): repo.ApplicationRow {
  const a = row?.application;
  const visible =
    a !== undefined &&
    (isOwnOrg(user, a.applicantOrgId) || (isOwnOrg(user, a.bodyOrgId) && a.status !== ApplicationStatus.DRAFT));
  if (!row || !visible) throw notFound('证书申请不存在');
  return row;
}

// Views

export function applicationView(row: repo.ApplicationRow) {
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
  return `${baseUrl.replace(/\/+$/, '')}${pageUrl(pages.certificateVerify, { no: certNo })}`;
}

export function certificateView(row: repo.CertificateRow, today: string, baseUrl: string) {
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

export function step(type: number, from: number, action: ApplicationActionValue): ApplicationStatusValue {
  const result = transition(type as ApplicationTypeValue, from as ApplicationStatusValue, action);
  if (!result.ok) throw conflict(result.message);
  return result.to;
}

/** The certificate-number conflict (409, field certNo). */
export const certNoTaken = () =>
  new AppError(ResponseCode.CONFLICT, CERT_NO_TAKEN, { fields: [{ field: 'certNo', message: CERT_NO_TAKEN }] });

/** The helpers every actor's calls use, bound to the database. */
export function certificateCommon(db: Db) {
  async function callerOrg(user: SessionUser) {
    const org = await repo.findOrg(db, callerOrgId(user));
    if (!org) throw forbidden(NO_ORGANISATION);
    return org;
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
    await recordAudit(tx, {
      entity: CertificateAuditEntity.APPLICATION,
      entityId: a.id,
      orgId: a.applicantOrgId,
      actor: user,
      action,
      fromState: from,
      toState: to,
      reason,
      data: detail,
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
        readings: readingsOf(h.detail),
      })),
    };
  }

  function rethrowCertNoTaken(error: unknown): never {
    if (isUniqueViolation(error, 'certificates_cert_no_uq')) {
      throw certNoTaken();
    }
    throw error;
  }

  /** A certificate, to its holder or its issuer; 404 to anyone else (the public uses the verification call). */
  async function visibleCertificate(user: SessionUser, id: number, baseUrl: string) {
    const row = await repo.findCertificate(db, id);
    const c = row?.certificate;
    if (!row || !c || !(isOwnOrg(user, c.holderOrgId) || isOwnOrg(user, c.issuerOrgId))) {
      throw notFound('证书不存在');
    }
    return certificateView(row, shanghaiToday(), baseUrl);
  }

  async function certificateFor(id: number, today: string, baseUrl: string) {
    const row = await repo.findCertificate(db, id);
    if (!row) throw notFound('证书不存在');
    return certificateView(row, today, baseUrl);
  }

  return { callerOrg, audit, applicationDetail, rethrowCertNoTaken, visibleCertificate, certificateFor };
}
