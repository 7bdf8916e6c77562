import type { adminCertificationListQuery, certificationBody } from '@jcbb/contract';
import {
  CERT_EXEMPT_ORG_TYPE,
  type CertificationDetails,
  CertificationStatus,
  type CertificationStatusValue,
  CertStatus,
  certificationStatusLabels,
  pages,
  Role,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { findDivision } from '../reference/index.ts';
import * as certs from './certification.repository.ts';
import { AuditEntity, fieldConflict, isEnterpriseAdmin, type OrganizationDeps } from './organization.deps.ts';
import { natureName, orgTypeNames } from './organization.format.ts';
import * as repo from './organization.repository.ts';

type SubmitBody = z.output<typeof certificationBody>;
type AdminListQuery = z.output<typeof adminCertificationListQuery>;

/** Types a business licence may be: a scan or photo, or a PDF. */
const LICENSE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const CREDIT_CODE_TAKEN = '该统一社会信用代码已被其他企业使用';

function statusName(status: number): string {
  return certificationStatusLabels[status as CertificationStatusValue] ?? '';
}

/** An application as its organisation sees it. */
function applicationView(row: certs.ApplicationRow) {
  const a = row.application;
  return {
    id: a.id,
    status: a.status,
    statusName: statusName(a.status),
    reason: a.reason,
    details: a.details as CertificationDetails,
    submitter: row.submitterId === null ? null : { id: row.submitterId, realName: row.submitterName },
    createdAt: formatShanghaiTime(a.createdAt),
    reviewedAt: formatOptionalShanghaiTime(a.reviewedAt),
  };
}

/** An application as the platform's reviewer sees it. */
function adminApplicationView(row: certs.ApplicationRow) {
  return {
    ...applicationView(row),
    orgId: row.application.orgId,
    orgName: row.orgName,
    orgType: row.orgType,
    orgTypeName: orgTypeNames(row.orgType).typeName,
    orgCertStatus: row.orgCertStatus,
    submitter:
      row.submitterId === null
        ? null
        : { id: row.submitterId, realName: row.submitterName, mobile: row.submitterMobile ?? '' },
    reviewer: row.reviewerId === null ? null : { id: row.reviewerId, realName: row.reviewerName },
  };
}

/**
 * Certification (docs/design.md §4): an enterprise administrator submits the organisation's details and business
 * licence; the platform (super_admin) approves, or rejects with a reason. Organisation states: 0 none → 1 pending
 * → 2 certified | 3 rejected → 1 pending again. Each transition is one transaction with an audit row and a message.
 */
export type CertificationService = ReturnType<typeof createCertificationService>;

export function createCertificationService({ db, files }: OrganizationDeps) {
  async function licenseFile(user: SessionUser, uploadId: number) {
    const file = await files.get(user, uploadId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!file) throw invalidInput([{ field: 'licenseUploadId', message: '营业执照文件不存在，请重新上传' }]);
    if (!LICENSE_MIME_TYPES.includes(file.mime)) {
      throw invalidInput([{ field: 'licenseUploadId', message: '营业执照须为 PDF 或图片（PNG、JPG）文件' }]);
    }
    return file;
  }

  async function pendingApplication(id: number) {
    const row = await certs.findApplication(db, id);
    if (!row) throw notFound('认证申请不存在');
    if (row.application.status !== CertificationStatus.PENDING) throw conflict('该认证申请已审核，请勿重复操作');
    return row;
  }

  async function decide(user: SessionUser, id: number, approve: boolean, reason: string | null) {
    const before = await pendingApplication(id);
    const orgId = before.application.orgId;
    const to = approve ? CertStatus.CERTIFIED : CertStatus.REJECTED;
    await db.transaction(async (tx) => {
      const decided = await certs.decideApplication(tx, id, {
        status: approve ? CertificationStatus.APPROVED : CertificationStatus.REJECTED,
        reason,
        reviewedBy: user.userId,
      });
      if (!decided) throw conflict('该认证申请已审核，请勿重复操作');
      const org = await repo.updateOrg(
        tx,
        orgId,
        approve
          ? { certStatus: to, certifiedAt: new Date(), rejectReason: null }
          : { certStatus: to, rejectReason: reason },
        [CertStatus.PENDING],
      );
      if (!org) throw conflict('企业认证状态已变化，请刷新后重试');
      await recordAudit(tx, {
        entity: AuditEntity.ORGANIZATION,
        entityId: orgId,
        orgId,
        actor: user,
        action: approve ? 'certification.approve' : 'certification.reject',
        fromState: CertStatus.PENDING,
        toState: to,
        reason,
        data: { certificationId: id },
      });
      await sendMessage(
        tx,
        { orgId },
        approve
          ? {
              channel: 'jcbb',
              title: '企业认证已通过',
              content: `贵单位“${org.name}”的企业认证已通过审核。`,
              targetUrl: pages.verification.path,
            }
          : {
              channel: 'jcbb',
              title: `企业认证未通过：${reason}`,
              content: `贵单位“${org.name}”的企业认证未通过审核。原因：${reason}。请修改后重新提交。`,
              targetUrl: pages.verification.path,
            },
      );
    });
    return {
      id,
      status: approve ? CertificationStatus.APPROVED : CertificationStatus.REJECTED,
      statusName: statusName(approve ? CertificationStatus.APPROVED : CertificationStatus.REJECTED),
      orgId,
      orgCertStatus: to,
    };
  }

  return {
    async submit(user: SessionUser, body: SubmitBody) {
      const orgId = callerOrgId(user);
      const org = await repo.findOrg(db, orgId);
      if (!org) throw notFound('您尚未加入企业');
      // Checked before the role: the government's 住建委 account learns why, not merely that it may not.
      if (org.type === CERT_EXEMPT_ORG_TYPE) throw conflict('政府单位无需认证');
      if (!isEnterpriseAdmin(user)) throw forbidden('只有企业管理员可以提交认证');
      if (org.certStatus === CertStatus.PENDING) throw conflict('认证申请审核中，请勿重复提交');
      if (org.certStatus === CertStatus.CERTIFIED) throw conflict('企业已认证');

      const division = await findDivision(db, body.regionCode);
      if (!division) throw invalidInput([{ field: 'regionCode', message: '所在地区不存在，请重新选择' }]);
      const license = await licenseFile(user, body.licenseUploadId);
      if ((await repo.findOrgIdByCreditCode(db, body.creditCode, orgId)) !== undefined) {
        throw fieldConflict('creditCode', CREDIT_CODE_TAKEN);
      }
      const details: CertificationDetails = {
        name: body.name,
        nature: body.nature,
        natureName: natureName(body.nature) ?? '',
        regionCode: body.regionCode,
        regionPath: await repo.regionPath(db, body.regionCode),
        creditCode: body.creditCode,
        address: body.address,
        legalPerson: body.legalPerson,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        licenseUploadId: license.id,
        licenseName: license.name,
      };

      const id = await db
        .transaction(async (tx) => {
          const updated = await repo.updateOrg(
            tx,
            orgId,
            {
              name: body.name,
              nature: body.nature,
              regionCode: body.regionCode,
              creditCode: body.creditCode,
              address: body.address,
              legalPerson: body.legalPerson,
              contactName: body.contactName,
              contactPhone: body.contactPhone,
              licenseUploadId: license.id,
              certStatus: CertStatus.PENDING,
              rejectReason: null,
            },
            [org.certStatus],
          );
          if (!updated) throw conflict('企业认证状态已变化，请刷新后重试');
          const applicationId = await certs.insertApplication(tx, { orgId, submittedBy: user.userId, details });
          await recordAudit(tx, {
            entity: AuditEntity.ORGANIZATION,
            entityId: orgId,
            orgId,
            actor: user,
            action: 'certification.submit',
            fromState: org.certStatus,
            toState: CertStatus.PENDING,
            data: { certificationId: applicationId },
          });
          await sendMessage(
            tx,
            { platformRoles: [Role.SUPER_ADMIN] },
            {
              channel: 'jcbb',
              title: `新的企业认证申请：${body.name}`,
              content: `${body.name}（统一社会信用代码 ${body.creditCode}）提交了企业认证申请，请审核。`,
              targetUrl: pages.certificationReview.path,
            },
          );
          return applicationId;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'organizations_credit_code_uq')) {
            throw fieldConflict('creditCode', CREDIT_CODE_TAKEN);
          }
          throw error;
        });
      const row = await certs.findApplication(db, id);
      if (!row) throw notFound('认证申请不存在');
      return applicationView(row);
    },

    /** The caller organisation's applications, newest first. */
    async history(user: SessionUser) {
      const rows = await certs.applicationsOfOrg(db, callerOrgId(user));
      return rows.map(applicationView);
    },

    async adminList(query: AdminListQuery) {
      // Left out: the reviewer's queue (pending); 0 or empty: every status.
      const status = query.status === undefined ? CertificationStatus.PENDING : query.status || null;
      const { rows, total } = await certs.listApplications(db, {
        status,
        keyword: query.keyword || undefined,
        take: query.take,
        skip: query.skip,
      });
      return { list: rows.map(adminApplicationView), total };
    },

    async adminDetail(id: number) {
      const row = await certs.findApplication(db, id);
      if (!row) throw notFound('认证申请不存在');
      const uploadId = (row.application.details as CertificationDetails).licenseUploadId;
      const file = await files.getUnchecked(uploadId).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
      return {
        ...adminApplicationView(row),
        license:
          file && file.orgId === row.application.orgId
            ? { id: file.id, name: file.name, mime: file.mime, size: file.size }
            : null,
      };
    },

    /** The licence file of an application, for the reviewer to read. */
    async adminLicense(id: number) {
      const row = await certs.findApplication(db, id);
      if (!row) throw notFound('认证申请不存在');
      const file = await files.getUnchecked((row.application.details as CertificationDetails).licenseUploadId);
      if (file.orgId !== row.application.orgId) throw notFound('文件不存在');
      return file;
    },

    openLicense(sha256: string) {
      return files.open(sha256);
    },

    approve(user: SessionUser, id: number) {
      return decide(user, id, true, null);
    },

    reject(user: SessionUser, id: number, reason: string) {
      return decide(user, id, false, reason);
    },
  };
}
