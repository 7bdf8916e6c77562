import {
  type CalendarEntry,
  CalendarKind,
  Channel,
  type InspectionHealth,
  type InspectionRecordActionValue,
  type InspectionRecordDetail,
  type InspectionRecordRow,
  type InspectionRecordSide,
  InspectionRecordState,
  type InspectionRecordStateValue,
  type inspectionRecordCreateBody,
  inspectionRecordKindLabels,
  type inspectionRecordListQuery,
  inspectionRecordResultLabels,
  OrgType,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatOptionalShanghaiTime, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, isOwnOrg } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import { cityNames, committeeCity } from '../listing/index.ts';
import { sendMessage } from '../message/index.ts';
import * as health from './enterprise-inspection.health.ts';
import * as repo from './enterprise-inspection.repository.ts';
import { inspectionActions, inspectionTransition } from './enterprise-inspection.transitions.ts';

/**
 * Enterprise inspection (docs/enterprise-inspection.md): the health page computed at read time, and the records
 * certification bodies and city committees enter about the organisations they oversee, with the subject's
 * rectification. Another organisation's record, or an organisation the caller does not oversee, answers 404.
 */

const RECORD_NOT_FOUND = '检查记录不存在';
const SUBJECT_NOT_FOUND = '被检查单位不存在或不在您的监管范围内';

type CreateBody = z.output<typeof inspectionRecordCreateBody>;
type ListQuery = z.output<typeof inspectionRecordListQuery>;

/** Whom the caller oversees: a certification body its certificates' holders, a committee its city's suppliers. */
async function oversightOf(tx: Tx, user: SessionUser): Promise<repo.Oversight | null> {
  if (user.orgId === null) return null;
  if (user.orgType === OrgType.CERTIFICATION_BODY) return { bodyOrgId: user.orgId };
  const city = await committeeCity(tx, user);
  return city === null ? null : { cityCode: city };
}

function sideOf(
  user: SessionUser,
  row: repo.RecordRow | undefined,
): { row: repo.RecordRow; side: InspectionRecordSide } {
  if (row && isOwnOrg(user, row.subjectOrgId)) return { row, side: 'subject' };
  if (row && isOwnOrg(user, row.inspectorOrgId)) return { row, side: 'inspector' };
  throw notFound(RECORD_NOT_FOUND);
}

const REFUSALS: Record<InspectionRecordActionValue, { actor: string; state: string }> = {
  submit: { actor: '只有被检查单位可以提交整改', state: '该记录当前不需要提交整改' },
  close: { actor: '只有检查单位可以关闭记录', state: '被检查单位提交整改后才可以关闭' },
  reopen: { actor: '只有检查单位可以退回整改', state: '被检查单位提交整改后才可以退回' },
};

function step(side: InspectionRecordSide, action: InspectionRecordActionValue, from: string) {
  const t = inspectionTransition(side, action, from as InspectionRecordStateValue);
  if (t.ok) return t.to;
  throw t.refusal === 'actor' ? forbidden(REFUSALS[action].actor) : conflict(REFUSALS[action].state);
}

const recordLink = (id: number) => pageUrl(pages.inspectionRecord, { id });

function rowView(r: repo.RecordRow, names: Map<number, string>, today: string): InspectionRecordRow {
  return {
    id: r.id,
    subjectOrgId: r.subjectOrgId,
    subjectOrgName: names.get(r.subjectOrgId) ?? '',
    inspectorOrgName: names.get(r.inspectorOrgId) ?? '',
    inspectorName: r.inspectorName,
    kind: r.kind as InspectionRecordRow['kind'],
    inspectedOn: r.inspectedOn,
    result: r.result as InspectionRecordRow['result'],
    rectificationDeadline: r.rectificationDeadline,
    state: r.state as InspectionRecordStateValue,
    overdue: health.isOverdue(r, today),
  };
}

/** Check the uploads are the caller's organisation's; the field of the first that is not. */
async function checkUploads(tx: Tx, user: SessionUser, ids: number[], field: string) {
  const owned = await ownedUploads(tx, ids, user.orgId, user.userId);
  const missing = ids.findIndex((id) => !owned.has(id));
  if (missing >= 0) throw invalidInput([{ field: `${field}.${missing}`, message: '文件不存在，请重新上传' }]);
}

export function createInspectionService({ db }: { db: Db }) {
  async function healthOf(tx: Tx, orgId: number): Promise<InspectionHealth> {
    const today = shanghaiToday();
    const [certs, uploaded, listingRows, auths, witness, spot, products, open] = await Promise.all([
      repo.certificateFacts(tx, orgId),
      repo.uploadedCertificateFacts(tx, orgId),
      repo.listingFacts(tx, orgId),
      repo.authorisationFacts(tx, orgId),
      repo.failedWitnessDays(tx, orgId),
      repo.failedSpotCheckDays(tx, orgId),
      repo.productFacts(tx, orgId),
      repo.openRecordsOf(tx, orgId),
    ]);
    const certFacts = [
      ...certs.map((c) => ({ validUntil: c.validUntil, revoked: c.revokedAt !== null })),
      ...uploaded.map((d) => ({ validUntil: d.validUntil as string, revoked: false })),
    ];
    const c = health.certificateCounts(certFacts, today);
    const l = health.listingCounts(listingRows);
    const cities = await cityNames(
      tx,
      l.byCity.map((x) => x.cityCode),
    );
    const authFacts = auths.map((a) => ({ ...a, status: a.status as StoredAuthorisationStatus }));
    const fig = (count: number, link: string) => ({ count, link });
    const certLink = pages.certificates.path;

    const entries: CalendarEntry[] = [
      ...certs
        .filter((x) => x.revokedAt === null)
        .map((x) => ({
          date: x.validUntil,
          kind: CalendarKind.CERTIFICATE,
          title: `${x.productName ?? ''} ${x.certNo}`.trim(),
          link: certLink,
        })),
      ...uploaded.map((d) => ({
        date: d.validUntil as string,
        kind: CalendarKind.CERTIFICATE,
        title: `${d.productName} ${d.certNo ?? d.name}`,
        link: pageUrl(pages.productDetails, { id: d.productId }),
      })),
      ...authFacts
        .filter((a) => ['issued', 'active', 'suspended'].includes(a.status))
        .map((a) => ({
          date: a.validUntil,
          kind: CalendarKind.AUTHORISATION,
          title: `${a.distributorName}${a.number ? ` ${a.number}` : ''}`,
          link: pageUrl(pages.authorisationManage, { id: a.id }),
        })),
      ...listingRows
        .filter((x) => x.status === 3 && x.greenValidUntil !== null)
        .map((x) => ({
          date: x.greenValidUntil as string,
          kind: CalendarKind.LISTING,
          title: `${x.productName}（${cities.get(x.cityCode) ?? x.cityCode}）`,
          link: pageUrl(pages.listingDetails, { id: x.id }),
        })),
      ...open
        .filter((r) => r.rectificationDeadline !== null && r.state === InspectionRecordState.OPEN)
        .map((r) => ({
          date: r.rectificationDeadline as string,
          kind: CalendarKind.RECTIFICATION,
          title: inspectionRecordKindLabels[r.kind as keyof typeof inspectionRecordKindLabels].zh,
          link: recordLink(r.id),
        })),
    ];

    return {
      today,
      certificates: {
        valid: fig(c.valid, certLink),
        within30: fig(c.within30, certLink),
        within60: fig(c.within60, certLink),
        within90: fig(c.within90, certLink),
        expired: fig(c.expired, certLink),
        revoked: fig(c.revoked, certLink),
      },
      listings: {
        active: fig(l.active, pages.listingList.path),
        rejected: fig(l.rejected, pages.listingList.path),
        byCity: l.byCity.map((x) => ({ ...x, cityName: cities.get(x.cityCode) ?? x.cityCode })),
      },
      authorisationsExpiring: fig(health.authorisationsExpiring(authFacts, today), pages.authorisationManage.path),
      failedSamplings: fig(health.failedInLastYear(witness, today), pages.productSpotCheck.path),
      failedSpotChecks: fig(health.failedInLastYear(spot, today), pages.productSpotCheck.path),
      openRectifications: fig(open.filter(health.isOpenRectification).length, pages.inspectionHealth.path),
      overdueRectifications: fig(open.filter((r) => health.isOverdue(r, today)).length, pages.inspectionHealth.path),
      productsMissingDocuments: fig(health.productsMissingDocuments(products), pages.productList.path),
      productsMissingMass: fig(health.productsMissingMass(products), pages.specsList.path),
      calendar: health.calendarOf(entries, today),
    };
  }

  /** One step of a record's workflow: checked, written, audited and told, in one transaction. */
  async function move(
    user: SessionUser,
    id: number,
    action: InspectionRecordActionValue,
    reason: string | null,
    write: (tx: Tx, row: repo.RecordRow) => Promise<Partial<repo.NewRecord>>,
  ) {
    return db.transaction(async (tx) => {
      const { row, side } = sideOf(user, await repo.findRecord(tx, id, true));
      const to = step(side, action, row.state);
      const values = await write(tx, row);
      await repo.updateRecord(tx, row.id, { ...values, state: to });
      await recordAudit(tx, {
        entity: 'inspection_record',
        entityId: row.id,
        action,
        fromState: row.state,
        toState: to,
        actor: user,
        reason,
      });
      const names = await repo.orgNames(tx, [row.subjectOrgId]);
      const kind = inspectionRecordKindLabels[row.kind as keyof typeof inspectionRecordKindLabels].zh;
      if (action === 'submit') {
        await sendMessage(
          tx,
          { orgId: row.inspectorOrgId },
          {
            channel: Channel.JCBB,
            title: `${names.get(row.subjectOrgId) ?? '被检查单位'}已提交整改：${kind}（${row.inspectedOn}）`,
            content: (reason ?? '').slice(0, 300),
            targetUrl: recordLink(row.id),
          },
        );
      } else {
        await sendMessage(
          tx,
          { orgId: row.subjectOrgId },
          {
            channel: Channel.JCBB,
            title: action === 'close' ? `整改已通过，检查记录已关闭：${kind}` : `整改被退回，请重新整改：${kind}`,
            content: reason ?? '',
            targetUrl: recordLink(row.id),
          },
        );
      }
      return { id: row.id, state: to };
    });
  }

  return {
    async health(user: SessionUser): Promise<InspectionHealth> {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => healthOf(tx, orgId));
    },

    async subjects(user: SessionUser) {
      return db.transaction(async (tx) => {
        const o = await oversightOf(tx, user);
        if (!o) throw forbidden('只有认证机构和住建委可以录入检查记录');
        const orgs = await repo.overseen(tx, o);
        const products = await repo.productsOf(
          tx,
          orgs.map((x) => x.id),
        );
        return {
          list: orgs.map((org) => ({
            ...org,
            products: products.filter((p) => p.orgId === org.id).map((p) => ({ id: p.id, name: p.name })),
          })),
        };
      });
    },

    async list(user: SessionUser, q: ListQuery) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.listRecords(
          tx,
          { subjectOrgId: orgId, inspectorOrgId: orgId, onlySubjectOrgId: q.subjectOrgId, state: q.state },
          q.take,
          q.skip,
        );
        const names = await repo.orgNames(
          tx,
          rows.flatMap((r) => [r.subjectOrgId, r.inspectorOrgId]),
        );
        const today = shanghaiToday();
        return { list: rows.map((r) => rowView(r, names, today)), total };
      });
    },

    async create(user: SessionUser, body: CreateBody) {
      return db.transaction(async (tx) => {
        const o = await oversightOf(tx, user);
        if (!o) throw forbidden('只有认证机构和住建委可以录入检查记录');
        const inspectorOrgId = callerOrgId(user);
        const [subject] = await repo.overseen(tx, o, body.subjectOrgId);
        if (!subject) throw notFound(SUBJECT_NOT_FOUND);
        const products = await repo.productNames(tx, body.productIds);
        const bad = body.productIds.findIndex((id) => !products.some((p) => p.id === id && p.orgId === subject.id));
        if (bad >= 0) throw invalidInput([{ field: `productIds.${bad}`, message: '该产品不属于被检查单位' }]);
        await checkUploads(tx, user, body.evidenceUploadIds, 'evidenceUploadIds');
        const state = body.result === 'pass' ? InspectionRecordState.CLOSED : InspectionRecordState.OPEN;
        const id = await repo.insertRecord(tx, {
          subjectOrgId: subject.id,
          inspectorOrgId,
          kind: body.kind,
          inspectedOn: body.inspectedOn,
          inspectorName: body.inspectorName,
          productIds: body.productIds,
          result: body.result,
          findings: body.findings,
          rectificationDeadline: body.rectificationDeadline ?? null,
          evidenceUploadIds: body.evidenceUploadIds,
          state,
          ...(state === InspectionRecordState.CLOSED ? { closedBy: user.userId, closedAt: new Date() } : {}),
          createdBy: user.userId,
        });
        await recordAudit(tx, {
          entity: 'inspection_record',
          entityId: id,
          action: 'create',
          toState: state,
          actor: user,
          data: { subjectOrgId: subject.id, result: body.result },
        });
        const names = await repo.orgNames(tx, [inspectorOrgId]);
        const kind = inspectionRecordKindLabels[body.kind].zh;
        const result = inspectionRecordResultLabels[body.result].zh;
        const deadline = body.rectificationDeadline ? `，请于 ${body.rectificationDeadline} 前提交整改` : '';
        await sendMessage(
          tx,
          { orgId: subject.id },
          {
            channel: Channel.JCBB,
            title: `${names.get(inspectorOrgId) ?? '检查单位'}录入了${kind}：${result}${deadline}`,
            content: body.findings.slice(0, 300),
            targetUrl: recordLink(id),
          },
        );
        return { id, state };
      });
    },

    async detail(user: SessionUser, id: number): Promise<InspectionRecordDetail> {
      return db.transaction(async (tx) => {
        const { row, side } = sideOf(user, await repo.findRecord(tx, id));
        const names = await repo.orgNames(tx, [row.subjectOrgId, row.inspectorOrgId]);
        const products = await repo.productNames(tx, row.productIds);
        const files = await uploadNames(tx, [...row.evidenceUploadIds, ...row.rectificationUploadIds]);
        const refs = (ids: number[]) =>
          ids.flatMap((uploadId) => (files.has(uploadId) ? [{ uploadId, name: files.get(uploadId) as string }] : []));
        return {
          ...rowView(row, names, shanghaiToday()),
          findings: row.findings,
          products: products.map((p) => ({ id: p.id, name: p.name })),
          evidence: refs(row.evidenceUploadIds),
          rectification: row.rectification,
          rectificationFiles: refs(row.rectificationUploadIds),
          rectifiedAt: formatOptionalShanghaiTime(row.rectifiedAt),
          closedAt: formatOptionalShanghaiTime(row.closedAt),
          decisionNote: row.decisionNote,
          createdAt: formatShanghaiTime(row.createdAt),
          side,
          actions: inspectionActions(side, row.state as InspectionRecordStateValue),
        };
      });
    },

    /** One of a record's files, to either side. */
    async file(user: SessionUser, id: number, uploadId: number) {
      return db.transaction(async (tx) => {
        const { row } = sideOf(user, await repo.findRecord(tx, id));
        if (![...row.evidenceUploadIds, ...row.rectificationUploadIds].includes(uploadId)) {
          throw notFound('文件不存在');
        }
        const file = await storedUpload(tx, uploadId);
        if (!file) throw notFound('文件不存在');
        return file;
      });
    },

    submit: (user: SessionUser, id: number, body: { rectification: string; attachmentIds: number[] }) =>
      move(user, id, 'submit', body.rectification, async (tx) => {
        await checkUploads(tx, user, body.attachmentIds, 'attachmentIds');
        return {
          rectification: body.rectification,
          rectificationUploadIds: body.attachmentIds,
          rectifiedBy: user.userId,
          rectifiedAt: new Date(),
        };
      }),

    close: (user: SessionUser, id: number, remark: string | undefined) =>
      move(user, id, 'close', remark ?? null, async () => ({
        decisionNote: remark ?? null,
        closedBy: user.userId,
        closedAt: new Date(),
      })),

    reopen: (user: SessionUser, id: number, reason: string) =>
      move(user, id, 'reopen', reason, async () => ({ decisionNote: reason })),
  };
}
