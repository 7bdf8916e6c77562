import {
  Channel,
  type FieldError,
  OrgType,
  SamplingResult,
  type SpotCheckDetail,
  type SpotCheckKindValue,
  type SpotCheckStateValue,
  type spotCheckCloseBody,
  type spotCheckCreateBody,
  spotCheckKindLabels,
  type spotCheckListBody,
  type spotCheckRectifyBody,
  spotCheckStateLabels,
  type TestResultValue,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { businessMoment, formatOptionalShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { spotChecks } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import { sendMessage } from '../message/index.ts';
import { contractorOn, orNotFound, siteReader, supervisorOn } from './construction.access.ts';
import { tellMaker } from './construction.inspection.service.ts';
import * as repo from './construction.repository.ts';
import * as sampleRepo from './construction.sample.repository.ts';
import * as checkRepo from './construction.spot-check.repository.ts';
import {
  type SpotCheckActionValue,
  type SpotCheckActor,
  spotCheckTransition,
} from './construction.spot-check.transitions.ts';

type CreateBody = z.output<typeof spotCheckCreateBody>;
type RectifyBody = z.output<typeof spotCheckRectifyBody>;
type CloseBody = z.output<typeof spotCheckCloseBody>;

export const SPOT_CHECK_NOT_FOUND = '抽检记录不存在';

/** Spot checks are numbered CJ + yyyymmdd + a sequence of the day (抽检). */
const SPOT_CHECK_SERIES = {
  table: spotChecks,
  column: spotChecks.number,
  constraint: 'spot_checks_number_uq',
  prefix: 'CJ',
} as const;

const spotCheckUrl = (id: number) => pageUrl(pages.spotCheckDetail, { id });

function itemOf(r: checkRepo.SpotCheckViewRow) {
  const c = r.check;
  return {
    id: c.id,
    number: c.number,
    kind: c.kind as SpotCheckKindValue,
    checkedOn: c.checkedOn,
    materialName: r.materialName ?? null,
    batchNo: r.batchNo ?? null,
    result: c.result as TestResultValue,
    state: c.state as SpotCheckStateValue,
    rectificationDeadline: c.rectificationDeadline,
    overdue: r.overdue,
    checkerName: r.checkerName ?? '',
  };
}

export type SpotCheckService = ReturnType<typeof createSpotCheckService>;

/**
 * Spot checks (docs/construction.md, "Spot checks"): the supervision unit (the developer where there is none)
 * records a parallel test, a patrol check or a regulator's check, of a delivered lot or of the works; a failure
 * sets a rectification deadline, the construction unit reports its rectification and the supervisor closes the
 * check. A check of a platform lot is also the maker's sampling record (product_samplings, modules/sampling). One
 * transaction per change.
 */
export function createSpotCheckService({ db }: { db: Db }) {
  async function visible(tx: Tx, user: SessionUser, id: number) {
    const c = await checkRepo.spotCheckById(tx, id);
    if (!c) throw notFound(SPOT_CHECK_NOT_FOUND);
    const project = await orNotFound(siteReader(tx, user, c.projectId), SPOT_CHECK_NOT_FOUND);
    return { c, project };
  }

  function take(actor: SpotCheckActor, action: SpotCheckActionValue, from: SpotCheckStateValue) {
    const t = spotCheckTransition(actor, action, from);
    if (!t.ok) {
      throw t.refusal === 'actor'
        ? forbidden('您不能办理此项')
        : conflict(`抽检记录当前为「${spotCheckStateLabels[from].zh}」，不能办理此项`);
    }
    return t.to;
  }

  /** The construction units a check concerns: the one that received the lot, else every one on the project. */
  async function contractorsOf(tx: Tx, c: { projectId: number; inspectionId: number | null }) {
    if (c.inspectionId !== null) {
      const i = await repo.inspectionById(tx, c.inspectionId);
      if (i) return [i.orgId];
    }
    return repo.projectOrgsOfType(tx, c.projectId, [OrgType.CONSTRUCTION]);
  }

  /** The construction unit may rectify a check of the lot it received (or of the works): else 403. */
  async function contractorFor(tx: Tx, user: SessionUser, c: checkRepo.SpotCheckRow) {
    await contractorOn(tx, user, c.projectId);
    if (!(await contractorsOf(tx, c)).includes(user.orgId as number)) {
      throw forbidden('只有收货的施工单位可以报告整改');
    }
  }

  /** The organisation that recorded the check, as the project's supervisor: else 403. */
  async function recorderOf(tx: Tx, user: SessionUser, c: checkRepo.SpotCheckRow) {
    await supervisorOn(tx, user, c.projectId);
    if (user.orgId !== c.orgId) throw forbidden('只有记录抽检的单位可以闭合');
  }

  /** Whether `check` refuses the caller (a refusal is an answer here, not an error). */
  async function passes(check: () => Promise<unknown>) {
    try {
      await check();
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  }

  return {
    async list(user: SessionUser, b: z.output<typeof spotCheckListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await checkRepo.spotCheckPage(tx, b);
        return { list: rows.map(itemOf), total };
      });
    },

    async detail(user: SessionUser, id: number): Promise<SpotCheckDetail> {
      return db.transaction(async (tx) => {
        const { c, project } = await visible(tx, user, id);
        const r = (await checkRepo.spotCheckView(tx, id)) as checkRepo.SpotCheckViewRow;
        const names = await repo.userNames(tx, [c.rectifiedBy, c.closedBy]);
        const uploads = await uploadNames(tx, c.reportUploadId ? [c.reportUploadId] : []);
        const actions: SpotCheckDetail['actions'] = [];
        if (project.access === 'member' && c.state === 'rectifying') {
          if (await passes(() => contractorFor(tx, user, c))) actions.push('rectify');
          if (c.rectification !== null && (await passes(() => recorderOf(tx, user, c)))) actions.push('close');
        }
        return {
          ...itemOf(r),
          projectId: c.projectId,
          projectName: project.project.name,
          inspectionId: c.inspectionId,
          deliveryId: r.deliveryId ?? null,
          items: c.items.map((i) => ({ name: i.name, result: i.result as TestResultValue, remark: i.remark })),
          report: c.reportUploadId ? { uploadId: c.reportUploadId, name: uploads.get(c.reportUploadId) ?? '' } : null,
          remarks: c.remarks,
          rectification: c.rectification,
          rectifiedAt: formatOptionalShanghaiTime(c.rectifiedAt),
          rectifiedByName: c.rectifiedBy ? (names.get(c.rectifiedBy) ?? null) : null,
          closedAt: formatOptionalShanghaiTime(c.closedAt),
          closedByName: c.closedBy ? (names.get(c.closedBy) ?? null) : null,
          actions,
        };
      });
    },

    /** The supervisor records a check; a failed item sends it to rectification by its deadline. */
    /** `options.at`: when it happened — a demo seed states it; the API never passes one (now). */
    async create(user: SessionUser, b: CreateBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const supervisor = await supervisorOn(tx, user, b.projectId);
        const orgId = supervisor.membership.orgId;
        const fields: FieldError[] = [];
        const i = b.inspectionId === undefined ? null : await repo.inspectionById(tx, b.inspectionId);
        if (b.inspectionId !== undefined && i?.projectId !== b.projectId) {
          fields.push({ field: 'inspectionId', message: '本项目没有该验收记录' });
        }
        const failed = b.items.some((item) => item.result === 'fail');
        if (b.checkedOn > shanghaiToday()) fields.push({ field: 'checkedOn', message: '检查日期不能晚于今天' });
        if (failed && b.rectificationDeadline !== undefined && b.rectificationDeadline < b.checkedOn) {
          fields.push({ field: 'rectificationDeadline', message: '整改期限不能早于检查日期' });
        }
        if (b.reportUploadId !== undefined) {
          const owned = await ownedUploads(tx, [b.reportUploadId], orgId);
          if (!owned.has(b.reportUploadId)) fields.push({ field: 'reportUploadId', message: '检查报告文件不存在' });
        }
        if (fields.length > 0) throw invalidInput(fields);
        const t = spotCheckTransition('supervisor', 'record', null, { failed });
        if (!t.ok) throw forbidden('您不能办理此项');
        const deadline = failed ? (b.rectificationDeadline ?? null) : null;
        const created = await withDocumentNumber(tx, SPOT_CHECK_SERIES, async (sp, number) => ({
          id: await checkRepo.insertSpotCheck(sp, {
            number,
            projectId: b.projectId,
            orgId,
            kind: b.kind,
            inspectionId: i?.id ?? null,
            checkedOn: b.checkedOn,
            items: b.items.map((item) => ({ name: item.name, result: item.result, remark: item.remark ?? null })),
            result: failed ? 'fail' : 'pass',
            reportUploadId: b.reportUploadId ?? null,
            remarks: b.remarks ?? null,
            rectificationDeadline: deadline,
            state: t.to,
            checkedBy: user.userId,
          }),
          number,
        }));
        await recordAudit(tx, {
          entity: 'spot_check',
          entityId: created.id,
          action: 'create',
          fromState: null,
          toState: t.to,
          actor: user,
          orgId,
          data: { number: created.number, kind: b.kind, result: failed ? 'fail' : 'pass' },
        });
        const kindName = spotCheckKindLabels[b.kind].zh;
        const failedItems = b.items.filter((item) => item.result === 'fail').map((item) => item.name);
        // A check of a platform lot is the maker's sampling record too (its 产品抽检 page).
        const product = i ? await sampleRepo.productOfLot(tx, i.lotId) : null;
        if (i && product) {
          const samplingId = await checkRepo.insertProductSampling(tx, {
            productId: product.productId,
            specId: product.specId,
            orgId: product.orgId,
            projectId: b.projectId,
            projectName: supervisor.project.name,
            samplingOrgId: orgId,
            samplingOrgName: await repo.orgName(tx, orgId),
            sampledAt: businessMoment(b.checkedOn, options.at ?? new Date()),
            result: failed ? SamplingResult.FAIL : SamplingResult.PASS,
            remark: failed ? `${kindName}不合格项目：${failedItems.join('、')}` : `${kindName}合格`,
            reportUploadId: b.reportUploadId ?? null,
            createdBy: user.userId,
          });
          await checkRepo.setSampling(tx, created.id, samplingId);
          if (failed) await tellMaker(tx, i, `${kindName}不合格`);
        }
        if (failed) {
          for (const contractor of await contractorsOf(tx, { projectId: b.projectId, inspectionId: i?.id ?? null })) {
            await sendMessage(
              tx,
              { orgId: contractor },
              {
                channel: Channel.CONSTRUCTION,
                title: `${kindName}不合格，请于 ${deadline} 前整改：${created.number}`,
                content: `${supervisor.project.name}${i ? `，${i.materialName} ${i.specName}` : ''}：不合格项目 ${failedItems.join('、')}。整改后请在抽检记录中报告整改情况。`,
                targetUrl: spotCheckUrl(created.id),
              },
            );
          }
        }
        return { id: created.id };
      });
    },

    /** The construction unit reports its rectification (again, if the supervisor asks for more). */
    async rectify(user: SessionUser, b: RectifyBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const { c: found, project } = await visible(tx, user, b.id);
        await contractorFor(tx, user, found);
        const c = (await checkRepo.spotCheckById(tx, b.id, true)) as checkRepo.SpotCheckRow;
        const from = c.state as SpotCheckStateValue;
        const to = take('contractor', 'rectify', from);
        const moved = await checkRepo.moveSpotCheck(tx, c.id, from, {
          state: to,
          rectification: b.rectification,
          rectifiedBy: user.userId,
          rectifiedAt: options.at ?? new Date(),
        });
        if (!moved) throw conflict('抽检记录已变化，请刷新后重试');
        await recordAudit(tx, {
          entity: 'spot_check',
          entityId: c.id,
          action: 'rectify',
          fromState: from,
          toState: to,
          actor: user,
          orgId: c.orgId,
          reason: b.rectification,
        });
        const recorder = await repo.orgName(tx, c.orgId);
        const supervision = (await repo.projectOrgsOfType(tx, c.projectId, [OrgType.SUPERVISION])).includes(c.orgId);
        // A developer that supervises (no supervision unit) has no site pages in its console: no link.
        await sendMessage(
          tx,
          { orgId: c.orgId },
          {
            channel: supervision ? Channel.SUPERVISION : Channel.JCBB,
            title: `施工单位已报告整改：${c.number}`,
            content: `${project.project.name}：${recorder}记录的抽检 ${c.number} 已报告整改情况，请核查后闭合。`,
            targetUrl: supervision ? spotCheckUrl(c.id) : null,
          },
        );
        return { id: c.id };
      });
    },

    /** The supervisor closes a rectified check. */
    async close(user: SessionUser, b: CloseBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const { c: found, project } = await visible(tx, user, b.id);
        await recorderOf(tx, user, found);
        const c = (await checkRepo.spotCheckById(tx, b.id, true)) as checkRepo.SpotCheckRow;
        const from = c.state as SpotCheckStateValue;
        const to = take('supervisor', 'close', from);
        if (c.rectification === null) throw conflict('施工单位尚未报告整改情况，不能闭合');
        const moved = await checkRepo.moveSpotCheck(tx, c.id, from, {
          state: to,
          closedBy: user.userId,
          closedAt: options.at ?? new Date(),
        });
        if (!moved) throw conflict('抽检记录已变化，请刷新后重试');
        await recordAudit(tx, {
          entity: 'spot_check',
          entityId: c.id,
          action: 'close',
          fromState: from,
          toState: to,
          actor: user,
          orgId: c.orgId,
          reason: b.remark ?? null,
        });
        for (const contractor of await contractorsOf(tx, c)) {
          await sendMessage(
            tx,
            { orgId: contractor },
            {
              channel: Channel.CONSTRUCTION,
              title: `抽检整改已闭合：${c.number}`,
              content: `${project.project.name}：抽检 ${c.number} 的整改已经监理核查闭合。${b.remark ? `意见：${b.remark}` : ''}`,
              targetUrl: spotCheckUrl(c.id),
            },
          );
        }
        return { id: c.id };
      });
    },

    /** The check's report, for anyone who may read the project's site records. */
    async file(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { c } = await visible(tx, user, id);
        if (c.reportUploadId === null) throw notFound('文件不存在');
        const file = await storedUpload(tx, c.reportUploadId);
        if (!file) throw notFound('文件不存在');
        return file;
      });
    },
  };
}
