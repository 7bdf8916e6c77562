import {
  Channel,
  CodeStatus,
  type FieldError,
  InspectionState,
  type InspectionStateValue,
  inspectionStateLabels,
  LedgerDocType,
  Role,
  type SampleDetail,
  type SampleStateValue,
  type sampleCreateBody,
  type sampleListBody,
  type sampleReportBody,
  type sampleReportData,
  type sampleSendBody,
  sampleStateLabels,
  type TestResultValue,
  WITNESS_RATIO_GOAL,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { witnessSamples } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import { appendLedgerEntry } from '../ledger/index.ts';
import { cityGovernmentOrgIds } from '../listing/index.ts';
import { sendMessage } from '../message/index.ts';
import { siteCodes } from '../trace/index.ts';
import { orNotFound, siteReader, witnessOn } from './construction.access.ts';
import { INSPECTION_NOT_FOUND, moveInspectionState, tellMaker } from './construction.inspection.service.ts';
import * as repo from './construction.repository.ts';
import * as sampleRepo from './construction.sample.repository.ts';
import { type SampleActionValue, sampleActionsOf, sampleTransition } from './construction.sample.transitions.ts';

type CreateBody = z.output<typeof sampleCreateBody>;
type SendBody = z.output<typeof sampleSendBody>;
type ReportBody = z.output<typeof sampleReportBody>;

export const SAMPLE_NOT_FOUND = '样品不存在';

/** Witnessed samples are numbered QY + yyyymmdd + a sequence of the day (取样). */
const SAMPLE_SERIES = {
  table: witnessSamples,
  column: witnessSamples.sampleNo,
  constraint: 'witness_samples_no_uq',
  prefix: 'QY',
} as const;

/** A lot may be sampled once its incoming inspection is through: held for its retest, or released (a later retest). */
const SAMPLEABLE: readonly InspectionStateValue[] = ['pending_retest', 'released', 'concession'];

/** The states of a lot its incoming inspection released: a later retest that fails recalls what is left of it. */
const RELEASED: readonly InspectionStateValue[] = [InspectionState.RELEASED, InspectionState.CONCESSION];

type Recall = NonNullable<z.output<typeof sampleReportData>['recall']>;

/**
 * After a failed retest of a released lot (the inspection now rejected): what it moved from usable to rejected, what
 * the site had issued of the lot (stays issued) and the lot's top-level codes installed at the site.
 */
async function recallOf(tx: Tx, i: repo.InspectionRow): Promise<Recall> {
  const installed = await siteCodes(tx, { projectId: i.projectId, lotId: i.lotId }, [CodeStatus.INSTALLED]);
  const codes = new Set(installed.map((c) => c.code));
  return {
    rejected: Number(await repo.rejectedOfInspection(tx, i)),
    issued: Number(await repo.issuedOfLot(tx, i.projectId, i.lotId)),
    installedCodes: installed
      .filter((c) => c.parentCode === null || !codes.has(c.parentCode))
      .map((c) => c.code)
      .sort(),
  };
}

/** Where the messages point: the sample's page (the construction and supervision consoles), the project's. */
const sampleUrl = (id: number) => pageUrl(pages.sampleDetail, { sample: id });
const projectUrl = (id: number) => pageUrl(pages.projectDetail, { id });

function itemOf(r: sampleRepo.SampleViewRow) {
  const s = r.sample;
  return {
    id: s.id,
    sampleNo: s.sampleNo,
    sealNo: s.sealNo,
    inspectionId: s.inspectionId,
    inspectionNumber: r.inspectionNumber,
    materialName: r.materialName,
    specName: r.specName,
    batchNo: r.batchNo,
    representedQuantity: Number(s.representedQuantity),
    unitName: r.unitName,
    sampledAt: s.sampledOn,
    witnessName: r.witnessName,
    labName: s.labName,
    state: s.state as SampleStateValue,
    result: (s.result as TestResultValue | null) ?? null,
  };
}

export type SampleService = ReturnType<typeof createSampleService>;

/**
 * Witness sampling (见证取样, docs/construction.md "Witness sampling"): a witness of the developer or the supervision
 * unit records a sample of a lot held for its retest (or released: a later retest), sends it to the laboratory and
 * records the report, whose file goes on the evidence ledger. The reports decide the lot: every sample passing
 * releases it, one failing rejects it and tells the construction unit, the maker, the certification body and the
 * city's committee. One transaction per change.
 */
export function createSampleService({ db }: { db: Db }) {
  /** The sample and its project, if the caller may read the project's site records; else 404. */
  async function visible(tx: Tx, user: SessionUser, id: number) {
    const s = await sampleRepo.sampleById(tx, id);
    if (!s) throw notFound(SAMPLE_NOT_FOUND);
    const project = await orNotFound(siteReader(tx, user, s.projectId), SAMPLE_NOT_FOUND);
    return { s, project };
  }

  /** A witness on the project of the organisation that recorded the sample; else 403. */
  async function witnessOf(tx: Tx, user: SessionUser, s: sampleRepo.SampleRow) {
    await witnessOn(tx, user, s.projectId);
    if (user.orgId !== s.orgId) throw forbidden('只有记录该样品的见证单位可以办理');
  }

  function take(action: SampleActionValue, from: SampleStateValue | null): SampleStateValue {
    const t = sampleTransition('witness', action, from);
    if (!t.ok) {
      throw t.refusal === 'actor'
        ? forbidden('您不能办理此项')
        : conflict(`样品当前为「${from ? sampleStateLabels[from].zh : '未记录'}」，不能办理此项`);
    }
    return t.to;
  }

  /** A refused lot: the construction unit, the maker, its certification bodies and the city's committee are told. */
  async function tellFailure(
    tx: Tx,
    i: repo.InspectionRow,
    s: sampleRepo.SampleRow,
    project: { id: number; name: string; cityCode: string },
    reportNo: string,
    rejected: boolean,
    recall: Recall | null,
  ) {
    const batchNo = (await sampleRepo.sampleView(tx, s.id))?.batchNo ?? '';
    const what = `${i.materialName} ${i.specName}（批号 ${batchNo}）`;
    const outcome = recall
      ? `该批次此前已${inspectionStateLabels[i.state as InspectionStateValue].zh}，现判定不合格：现场剩余 ${recall.rejected} ${i.unitName} 已转入不合格库存，请办理退场或销毁；` +
        `已领用 ${recall.issued} ${i.unitName}${recall.installedCodes.length > 0 ? `（${recall.installedCodes.length} 个追溯码已安装）` : ''}，请会同监理单位对使用部位进行处理。`
      : rejected
        ? '该批次已判定不合格，不能使用，请办理退场或销毁。'
        : `该批次此前已${inspectionStateLabels[i.state as InspectionStateValue].zh}，请立即停止使用并会同监理单位处理。`;
    await sendMessage(
      tx,
      { orgId: i.orgId },
      {
        channel: Channel.CONSTRUCTION,
        title: `见证取样复试不合格：${i.materialName} ${i.specName}`,
        content: `${project.name}：${what}，样品 ${s.sampleNo}，检测报告 ${reportNo}。${outcome}`,
        targetUrl: sampleUrl(s.id),
      },
    );
    await tellMaker(tx, i, '见证取样复试不合格');
    const product = await sampleRepo.productOfLot(tx, i.lotId);
    if (product) {
      for (const orgId of await sampleRepo.certifiersOf(tx, product.productId)) {
        await sendMessage(
          tx,
          { orgId },
          {
            channel: Channel.MATERIALS,
            title: `您认证的产品在项目现场复试不合格：${i.materialName} ${i.specName}`,
            content: `${project.name}：${what}，生产企业 ${i.makerName ?? ''}，见证取样 ${s.sampleNo}，检测报告 ${reportNo}。`,
          },
        );
      }
    }
    for (const orgId of await cityGovernmentOrgIds(tx, project.cityCode)) {
      await sendMessage(
        tx,
        { orgId, roles: [Role.CITY_COMMITTEE] },
        {
          channel: Channel.JCBB,
          title: `工程材料见证取样复试不合格：${project.name}`,
          content: `${what}${i.makerName ? `，生产企业 ${i.makerName}` : ''}，样品 ${s.sampleNo}，检测报告 ${reportNo}。`,
          targetUrl: projectUrl(project.id),
        },
      );
    }
  }

  const service = {
    async list(user: SessionUser, b: z.output<typeof sampleListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await sampleRepo.samplePage(tx, b);
        return { list: rows.map(itemOf), total };
      });
    },

    async detail(user: SessionUser, id: number): Promise<SampleDetail> {
      return db.transaction(async (tx) => {
        const { project } = await visible(tx, user, id);
        const r = await sampleRepo.sampleView(tx, id);
        if (!r) throw notFound(SAMPLE_NOT_FOUND);
        const s = r.sample;
        const uploads = await uploadNames(tx, [...(s.reportUploadId ? [s.reportUploadId] : []), ...s.photos]);
        let actions: SampleDetail['actions'] = [];
        if (project.access === 'member' && user.orgId === s.orgId) {
          try {
            await witnessOn(tx, user, s.projectId);
            actions = sampleActionsOf('witness', s.state as SampleStateValue).filter(
              (a): a is 'send' | 'report' => a === 'send' || a === 'report',
            );
          } catch (e) {
            if (!(e instanceof AppError)) throw e; // not a witness: no buttons
          }
        }
        return {
          ...itemOf(r),
          projectId: s.projectId,
          projectName: project.project.name,
          location: s.location,
          samplerName: s.samplerName,
          samplerCertNo: s.samplerCertNo,
          witnessCertNo: s.witnessCertNo,
          sentOn: s.sentOn,
          testItems: s.testItems,
          reportNo: s.reportNo,
          reportDate: s.reportDate,
          report: s.reportUploadId ? { uploadId: s.reportUploadId, name: uploads.get(s.reportUploadId) ?? '' } : null,
          reportLeafIndex: s.reportLeafIndex,
          lotState: r.lotState as InspectionStateValue,
          deliveryId: r.deliveryId,
          photos: s.photos.map((uploadId) => ({ uploadId, name: uploads.get(uploadId) ?? '' })),
          actions,
        };
      });
    },

    /** The witness records a sample taken and sealed in their presence (见证取样记录). */
    async create(user: SessionUser, b: CreateBody) {
      return db.transaction(async (tx) => {
        const i = await repo.inspectionById(tx, b.inspectionId, true);
        if (!i) throw notFound(INSPECTION_NOT_FOUND);
        await orNotFound(siteReader(tx, user, i.projectId), INSPECTION_NOT_FOUND);
        const witness = await witnessOn(tx, user, i.projectId);
        const state = i.state as InspectionStateValue;
        if (!SAMPLEABLE.includes(state)) {
          throw conflict(
            `验收记录当前为「${inspectionStateLabels[state].zh}」：见证取样须在进场验收经监理确认后（待复试或已放行）进行`,
          );
        }
        const to = take('create', null);
        const delivery = await repo.deliveryById(tx, i.deliveryId);
        const fields: FieldError[] = [];
        if (toMilli(b.representedQuantity) > toMilli(i.quantity)) {
          fields.push({
            field: 'representedQuantity',
            message: `代表数量不能超过该批次的进场数量 ${fromMilli(toMilli(i.quantity))} ${i.unitName}`,
          });
        }
        if (b.sampledOn > shanghaiToday()) fields.push({ field: 'sampledOn', message: '取样日期不能晚于今天' });
        else if (delivery && b.sampledOn < delivery.arrivedOn) {
          fields.push({ field: 'sampledOn', message: `取样日期不能早于到货日期 ${delivery.arrivedOn}` });
        }
        const orgId = witness.membership.orgId;
        const owned = await ownedUploads(tx, b.photoUploadIds, orgId);
        b.photoUploadIds.forEach((id, k) => {
          if (!owned.has(id)) fields.push({ field: `photoUploadIds.${k}`, message: '照片不存在' });
        });
        if (fields.length > 0) throw invalidInput(fields);
        const created = await withDocumentNumber(tx, SAMPLE_SERIES, async (sp, sampleNo) => ({
          id: await sampleRepo.insertSample(sp, {
            sampleNo,
            sealNo: b.sealNo ?? null,
            projectId: i.projectId,
            orgId,
            inspectionId: i.id,
            lotId: i.lotId,
            representedQuantity: milliText(toMilli(b.representedQuantity)),
            location: b.location,
            sampledOn: b.sampledOn,
            samplerName: b.samplerName,
            samplerCertNo: b.samplerCertNo ?? null,
            witnessUserId: user.userId,
            witnessCertNo: b.witnessCertNo ?? null,
            labName: b.labName,
            testItems: b.testItems,
            photos: b.photoUploadIds,
            state: to,
          }),
          sampleNo,
        }));
        await recordAudit(tx, {
          entity: 'witness_sample',
          entityId: created.id,
          action: 'create',
          fromState: null,
          toState: to,
          actor: user,
          orgId,
          data: { sampleNo: created.sampleNo, inspectionId: i.id },
        });
        return { id: created.id };
      });
    },

    /** The sealed sample went to the laboratory (送检). */
    async send(user: SessionUser, b: SendBody) {
      return db.transaction(async (tx) => {
        const { s: found } = await visible(tx, user, b.id);
        await witnessOf(tx, user, found);
        const s = (await sampleRepo.sampleById(tx, b.id, true)) as sampleRepo.SampleRow;
        const from = s.state as SampleStateValue;
        const to = take('send', from);
        if (b.sentOn > shanghaiToday()) throw invalidInput([{ field: 'sentOn', message: '送检日期不能晚于今天' }]);
        if (b.sentOn < s.sampledOn) {
          throw invalidInput([{ field: 'sentOn', message: `送检日期不能早于取样日期 ${s.sampledOn}` }]);
        }
        if (!(await sampleRepo.moveSample(tx, s.id, from, { state: to, sentOn: b.sentOn }))) {
          throw conflict('样品已变化，请刷新后重试');
        }
        await recordAudit(tx, {
          entity: 'witness_sample',
          entityId: s.id,
          action: 'send',
          fromState: from,
          toState: to,
          actor: user,
          orgId: s.orgId,
        });
        return { id: s.id };
      });
    },

    /**
     * The laboratory's report: its file on the evidence ledger, the result on the sample, and the lot decided — a
     * lot held for its retest is released once every sample of it passed, rejected as soon as one failed.
     */
    /** `options.at`: when the lot's stock moved — a demo seed states it; the API never passes one (now). */
    async report(user: SessionUser, b: ReportBody, options: { at?: Date } = {}) {
      const at = options.at ?? new Date();
      return db.transaction(async (tx) => {
        const { s: found, project } = await visible(tx, user, b.id);
        await witnessOf(tx, user, found);
        // The lot first, then the sample: every change of a lot's samples locks in this order.
        const i = (await repo.inspectionById(tx, found.inspectionId, true)) as repo.InspectionRow;
        const s = (await sampleRepo.sampleById(tx, b.id, true)) as sampleRepo.SampleRow;
        const from = s.state as SampleStateValue;
        const to = take('report', from);
        const fields: FieldError[] = [];
        if (b.reportDate > shanghaiToday()) fields.push({ field: 'reportDate', message: '报告日期不能晚于今天' });
        else if (s.sentOn && b.reportDate < s.sentOn) {
          fields.push({ field: 'reportDate', message: `报告日期不能早于送检日期 ${s.sentOn}` });
        }
        const upload = (await ownedUploads(tx, [b.reportUploadId], s.orgId)).get(b.reportUploadId);
        if (!upload) fields.push({ field: 'reportUploadId', message: '检测报告文件不存在' });
        if (fields.length > 0 || !upload) throw invalidInput(fields);
        // The report's bytes on the evidence ledger: hashes and numbers only (docs/decisions.md, "Evidence ledger").
        const entry = await appendLedgerEntry(tx, {
          kind: 'document',
          orgId: s.orgId,
          contentSha256: upload.sha256,
          meta: { docType: LedgerDocType.TEST_REPORT, sampleNo: s.sampleNo, projectId: s.projectId },
        });
        const moved = await sampleRepo.moveSample(tx, s.id, from, {
          state: to,
          reportNo: b.reportNo,
          reportDate: b.reportDate,
          result: b.result,
          reportUploadId: b.reportUploadId,
          reportLeafIndex: entry.leafIndex,
        });
        if (!moved) throw conflict('样品已变化，请刷新后重试');
        await recordAudit(tx, {
          entity: 'witness_sample',
          entityId: s.id,
          action: 'report',
          fromState: from,
          toState: to,
          actor: user,
          orgId: s.orgId,
          data: { result: b.result, reportNo: b.reportNo, leafIndex: entry.leafIndex },
        });
        const p = { id: project.project.id, name: project.project.name, cityCode: project.project.cityCode };
        let recall: Recall | null = null;
        if (b.result === 'fail') {
          let rejected = false;
          const released = RELEASED.includes(i.state as InspectionStateValue);
          if (i.state === InspectionState.PENDING_RETEST || released) {
            await moveInspectionState(
              tx,
              user,
              i,
              'witness',
              'retest_fail',
              {},
              `见证取样复试不合格（报告 ${b.reportNo}）`,
              at,
            );
            rejected = true;
            if (released) recall = await recallOf(tx, i);
          }
          await tellFailure(tx, i, s, p, b.reportNo, rejected, recall);
        } else if (i.state === InspectionState.PENDING_RETEST) {
          const all = await sampleRepo.sampleResultsOf(tx, i.id);
          if (all.every((r) => r.state === 'reported' && r.result === 'pass')) {
            await moveInspectionState(
              tx,
              user,
              i,
              'witness',
              'retest_pass',
              {},
              `见证取样复试合格（报告 ${b.reportNo}）`,
              at,
            );
            await sendMessage(
              tx,
              { orgId: i.orgId },
              {
                channel: Channel.CONSTRUCTION,
                title: `见证取样复试合格，已放行：${i.materialName} ${i.specName}`,
                content: `${p.name}：验收记录 ${i.number} 的见证取样复试全部合格，该批次已转为可用库存。`,
                targetUrl: sampleUrl(s.id),
              },
            );
          }
        }
        return { id: s.id, recall };
      });
    },

    /**
     * Per material of the project: the lots due for a witnessed retest, those witnessed, the share and whether it is
     * below the goal (WITNESS_RATIO_GOAL; sample.repository's witnessRatioRows says which lots count).
     */
    async ratio(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, projectId);
        const rows = (await sampleRepo.witnessRatioRows(tx, projectId))
          .map((r) => {
            const ratio = r.lots > 0 ? r.witnessed / r.lots : 0;
            return {
              classifyCode: r.classifyCode,
              materialName: r.categoryName ?? r.materialName,
              lots: r.lots,
              witnessed: r.witnessed,
              ratio: Math.round(ratio * 10_000) / 10_000,
              belowGoal: ratio < WITNESS_RATIO_GOAL,
            };
          })
          .sort(
            (a, b) =>
              (a.classifyCode ?? '').localeCompare(b.classifyCode ?? '') ||
              a.materialName.localeCompare(b.materialName),
          );
        return { goal: WITNESS_RATIO_GOAL, rows };
      });
    },

    /** A file of a sample (its report or a sealing photo), for anyone who may read the project's site records. */
    async file(user: SessionUser, id: number, uploadId: number) {
      return db.transaction(async (tx) => {
        const { s } = await visible(tx, user, id);
        if (s.reportUploadId !== uploadId && !s.photos.includes(uploadId)) throw notFound('文件不存在');
        const file = await storedUpload(tx, uploadId);
        if (!file) throw notFound('文件不存在');
        return file;
      });
    },
  };
  return service;
}
