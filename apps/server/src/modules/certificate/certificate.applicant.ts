import {
  ApplicationStatus,
  ApplicationType,
  type ApplicationTypeValue,
  type applicationListQuery,
  type applicationSaveBody,
  applicationTypeLabels,
  CertStatus,
  type certificateListQuery,
  OrgType,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { applicationView, certificateCommon, certificateView, step, visibleApplication } from './certificate.common.ts';
import { defaultValidUntil } from './certificate.content.ts';
import { issueCertificate } from './certificate.issue.ts';
import * as repo from './certificate.repository.ts';

type SaveBody = z.output<typeof applicationSaveBody>;
type ListQuery = z.output<typeof applicationListQuery>;
type CertListQuery = z.output<typeof certificateListQuery>;

/** A self-declaration's number: SD-, the date, six random characters (no I, O, 0, 1 to avoid misreading). */
function declarationNo(today: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const tail = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `SD-${today.replaceAll('-', '')}-${tail}`;
}

/**
 * Which products an applicant may apply for: a manufacturer its own, any type; a distributor those it has evidence
 * for (repo.applicableProducts), an assessment (type 3) only: a held certificate or a self-declaration is the maker's.
 */
function productScope(orgType: number): repo.ApplicableProducts {
  return orgType === OrgType.DISTRIBUTOR ? { kind: 'evidence' } : { kind: 'own' };
}

/**
 * The applicant's calls (manufacturers; distributors for an assessment): the bodies to address, drafts, submission (a self-declaration is published
 * at once), withdrawal, its applications and the certificates it holds. Reading one application serves its body too.
 */
export function createApplicantCalls({ db }: { db: Db }) {
  const { callerOrg, audit, applicationDetail, rethrowCertNoTaken } = certificateCommon(db);

  /** The applicant (the routes admit manufacturers and distributors: `orgTypes`), once it is certified. */
  async function applicantOrg(user: SessionUser) {
    const org = await callerOrg(user);
    if (org.certStatus !== CertStatus.CERTIFIED) throw forbidden('企业认证通过后才能申请证书');
    return org;
  }

  /** The caller's own application, or 404 (another organisation's is as if it did not exist). */
  async function ownApplication(user: SessionUser, id: number, tx: Tx = db) {
    const row = await repo.findApplication(tx, id);
    if (!row || row.application.applicantOrgId !== user.orgId) throw notFound('证书申请不存在');
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

  return {
    async bodies() {
      return repo.certificationBodies(db);
    },

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
                targetUrl: pageUrl(pages.myApplicationDetail, { id: a.id }),
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
                targetUrl: pageUrl(pages.approvalDetail, { id: a.id }),
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
              targetUrl: pageUrl(pages.approvalDetail, { id: a.id }),
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
      return applicationDetail(visibleApplication(user, await repo.findApplication(db, id)));
    },

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
  };
}
