import {
  Channel,
  CodeStatus,
  type EvidenceSnapshot,
  type FieldError,
  type InspectionDetail,
  InspectionState,
  type InspectionStateValue,
  type InspectionVerdictValue,
  type inspectionChecksBody,
  type inspectionConfirmBody,
  type inspectionDecideBody,
  type inspectionDisposeBody,
  type inspectionDisposedData,
  type inspectionListBody,
  inspectionStateLabels,
  OrgType,
  type ReadingDigest,
  StockBucket,
  type StockBucketValue,
  type StockMoveReasonValue,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { formatOptionalShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, uploadNames } from '../file/index.ts';
import { sendMessage } from '../message/index.ts';
import { evidenceAsOf, moveStock, setSiteCodes, type TraceReceiptService } from '../trace/index.ts';
import { actorsOf, contractorOn, orNotFound, siteReader, supervisorOn } from './construction.access.ts';
import { checklist, missingRequired } from './construction.checklist.ts';
import { inspectionSummaryOf } from './construction.delivery.service.ts';
import { ruleFor } from './construction.intake.ts';
import { inspectionReadings } from './construction.reading.ts';
import * as repo from './construction.repository.ts';
import {
  type InspectionActionValue,
  type InspectionActor,
  inspectionActionsOf,
  inspectionTransition,
} from './construction.transitions.ts';

export const INSPECTION_NOT_FOUND = '验收记录不存在';
/** A message about an inspection opens its delivery's page with the lot's inspection drawer open. */
const inspectionUrl = (i: Pick<repo.InspectionRow, 'id'>) => pageUrl(pages.siteInspection, { inspection: i.id });

/** Which supervisor's action carries out an inspector's verdict. */
const ACTION_OF_VERDICT: Record<InspectionVerdictValue, InspectionActionValue> = {
  pass: 'release',
  concession: 'concede',
  retest: 'hold',
  fail: 'reject',
};

/** Where a lot's stock stands once its incoming inspection released it (a later retest may still fail it). */
const RELEASED_STATES: readonly InspectionStateValue[] = [InspectionState.RELEASED, InspectionState.CONCESSION];

/**
 * The stock move of a move between states: out of one bucket into another (or out of the site), and how much —
 * the delivered quantity out of quarantine; on a failed retest of a released lot, what is still usable of the lot
 * at the project (issued stock stays issued); out of rejected, what this inspection put there.
 */
function bucketsOf(
  from: InspectionStateValue,
  to: InspectionStateValue,
): {
  from: StockBucketValue;
  to: StockBucketValue | null;
  reason: StockMoveReasonValue;
  amount: 'delivered' | 'usable' | 'rejected';
} | null {
  switch (to) {
    case InspectionState.RELEASED:
    case InspectionState.CONCESSION:
      return { from: StockBucket.QUARANTINED, to: StockBucket.USABLE, reason: 'release', amount: 'delivered' };
    case InspectionState.REJECTED:
      return RELEASED_STATES.includes(from)
        ? { from: StockBucket.USABLE, to: StockBucket.REJECTED, reason: 'reject', amount: 'usable' }
        : { from: StockBucket.QUARANTINED, to: StockBucket.REJECTED, reason: 'reject', amount: 'delivered' };
    case InspectionState.RETURNED:
      return { from: StockBucket.REJECTED, to: null, reason: 'return', amount: 'rejected' };
    case InspectionState.DESTROYED:
      return { from: StockBucket.REJECTED, to: null, reason: 'destroy', amount: 'rejected' };
    default:
      return null;
  }
}

/** How much a move takes (thousandths), read under the balance's lock where it depends on the stock. */
async function amountOf(tx: Tx, i: repo.InspectionRow, amount: 'delivered' | 'usable' | 'rejected') {
  if (amount === 'delivered') return toMilli(i.quantity);
  if (amount === 'usable') return toMilli(await repo.lockedBalance(tx, i.projectId, i.lotId, StockBucket.USABLE));
  return toMilli(await repo.rejectedOfInspection(tx, i));
}

/**
 * Move an inspection from its state by `action` (construction.transitions.ts), with its stock and trace codes: the
 * state change, the stock moves (`bucketsOf`) and the codes in one transaction (the caller's). A rejection marks the
 * lot's codes the site still holds rejected; codes already installed stay installed. Refuses 403 for an actor who may
 * never take the action, 409 from a state it does not start from. Also used by witness sampling (a retest's result).
 * `stockMoved`: the caller moved the stock itself (a platform lot's return: the return shipment takes it out).
 * `readings`: the checklist's documents as read before the decision (docs/evidence-reading.md), kept in the audit row.
 */
export async function moveInspectionState(
  tx: Tx,
  user: SessionUser,
  i: repo.InspectionRow,
  actor: InspectionActor,
  action: InspectionActionValue,
  values: Partial<repo.InspectionInsert> = {},
  reason: string | null = null,
  at: Date = new Date(),
  { stockMoved = false, readings = [] }: { stockMoved?: boolean; readings?: ReadingDigest[] } = {},
): Promise<InspectionStateValue> {
  const from = i.state as InspectionStateValue;
  const t = inspectionTransition(actor, action, from);
  if (!t.ok) {
    throw t.refusal === 'actor'
      ? forbidden('您不能办理此项')
      : conflict(`验收记录当前为「${inspectionStateLabels[from].zh}」，不能办理此项`);
  }
  if (!(await repo.moveInspection(tx, i.id, from, { ...values, state: t.to }))) {
    throw conflict('验收记录已变化，请刷新后重试');
  }
  const b = stockMoved ? null : bucketsOf(from, t.to);
  const amount = b ? await amountOf(tx, i, b.amount) : 0;
  if (b && amount > 0) {
    const base = {
      holder: { kind: 'project' as const, projectId: i.projectId },
      specId: null,
      lotId: i.lotId,
      quantity: fromMilli(amount),
      reason: b.reason,
      docType: 'inspection' as const,
      docId: i.id,
      occurredAt: at,
      userId: user.userId,
    };
    await moveStock(tx, [
      { ...base, bucket: b.from, quantity: -base.quantity },
      ...(b.to ? [{ ...base, bucket: b.to }] : []),
    ]);
  }
  if (t.to === InspectionState.REJECTED) {
    await setSiteCodes(
      tx,
      { projectId: i.projectId, lotId: i.lotId },
      { from: [CodeStatus.HELD], to: CodeStatus.REJECTED },
    );
  }
  await recordAudit(tx, {
    entity: 'site_inspection',
    entityId: i.id,
    action,
    fromState: from,
    toState: t.to,
    actor: user,
    orgId: i.orgId,
    reason,
    ...(readings.length > 0 ? { data: { readings } } : {}),
  });
  return t.to;
}

type CheckInput = z.output<typeof inspectionChecksBody>['checks'][number];

/** A checklist as an inspection row keeps it. */
function storedChecks(checks: readonly CheckInput[]) {
  return checks.map((c) => ({
    kind: c.kind,
    present: c.present,
    uploadId: c.uploadId ?? null,
    remark: c.remark ?? null,
  }));
}

/** A checklist's and photos' mistakes, field by field: a kind twice, a file or photo that is not the unit's upload. */
async function checklistErrors(
  tx: Tx,
  orgId: number,
  checks: readonly CheckInput[],
  photoUploadIds: readonly number[],
): Promise<FieldError[]> {
  const fields: FieldError[] = [];
  const kinds = new Set<string>();
  checks.forEach((c, k) => {
    if (kinds.has(c.kind)) fields.push({ field: `checks.${k}.kind`, message: '文件类型重复' });
    kinds.add(c.kind);
  });
  const uploads = await ownedUploads(
    tx,
    [...checks.flatMap((c) => (c.uploadId ? [c.uploadId] : [])), ...photoUploadIds],
    orgId,
  );
  checks.forEach((c, k) => {
    if (c.uploadId && !uploads.has(c.uploadId)) fields.push({ field: `checks.${k}.uploadId`, message: '文件不存在' });
  });
  photoUploadIds.forEach((id, k) => {
    if (!uploads.has(id)) fields.push({ field: `photoUploadIds.${k}`, message: '照片不存在' });
  });
  return fields;
}

/** Platform knowledge of a lot for its checklist: the product's evidence on the delivery date, the maker's documents. */
async function knownOf(tx: Tx, i: repo.InspectionRow, arrivedOn: string) {
  const [facts] = [...(await repo.platformLotFacts(tx, [i.lotId])).values()];
  if (!facts || facts.productId === null) return null;
  const green: EvidenceSnapshot = await evidenceAsOf(tx, facts.productId, arrivedOn);
  return { green, qualityDocs: facts.qualityDocs.length };
}

export type InspectionService = ReturnType<typeof createInspectionService>;

/**
 * Incoming inspection and quarantine (docs/construction.md, "Inspection and quarantine"): the contractor's inspector
 * checks the documents the category requires and the goods, and submits a verdict; the supervising engineer
 * approves it (the stock is released, rejected or held for a witnessed retest) or sends it back.
 */
export function createInspectionService({ db, receipts }: { db: Db; receipts: TraceReceiptService }) {
  async function findOwn(tx: Tx, user: SessionUser, id: number) {
    const i = await repo.inspectionById(tx, id, true);
    if (!i) throw notFound(INSPECTION_NOT_FOUND);
    await orNotFound(siteReader(tx, user, i.projectId), INSPECTION_NOT_FOUND);
    return i;
  }

  return {
    async list(user: SessionUser, b: z.output<typeof inspectionListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await repo.inspectionPage(tx, b);
        return {
          list: rows.map((r) => ({
            ...inspectionSummaryOf(r.inspection, r.batchNo),
            deliveryNumber: r.deliveryNumber,
            arrivedOn: r.arrivedOn,
          })),
          total,
        };
      });
    },

    async detail(user: SessionUser, id: number): Promise<InspectionDetail> {
      return db.transaction(async (tx) => {
        const i = await repo.inspectionById(tx, id);
        if (!i) throw notFound(INSPECTION_NOT_FOUND);
        const project = await orNotFound(siteReader(tx, user, i.projectId), INSPECTION_NOT_FOUND);
        const delivery = await repo.deliveryById(tx, i.deliveryId);
        if (!delivery) throw notFound(INSPECTION_NOT_FOUND);
        const rule = await ruleFor(tx, i.classifyCode);
        const known = await knownOf(tx, i, delivery.arrivedOn);
        const decided = i.checks ?? null;
        const uploads = await uploadNames(tx, [
          ...(decided ?? []).flatMap((c) => (c.uploadId ? [c.uploadId] : [])),
          ...i.photos,
        ]);
        const names = await repo.userNames(tx, [i.decidedBy, i.supervisorId]);
        const [lot] = (await repo.inspectionsOfDelivery(tx, i.deliveryId)).filter((r) => r.inspection.id === i.id);
        const samples = await repo.samplesOfInspection(tx, i.id);
        const actors = project.access === 'member' ? await actorsOf(tx, user, i.projectId) : [];
        const state = i.state as InspectionStateValue;
        const actions = new Set<InspectionDetail['actions'][number]>();
        for (const actor of actors) {
          for (const a of inspectionActionsOf(actor, state)) {
            if (a === 'submit') actions.add('submit');
            else if (a === 'return' || a === 'destroy') actions.add('dispose');
            else if (a !== 'retest_pass' && a !== 'retest_fail') actions.add('confirm');
          }
          if (actor === 'witness' && state === InspectionState.PENDING_RETEST) actions.add('sample');
        }
        return {
          ...inspectionSummaryOf(i, lot?.batchNo ?? ''),
          projectId: i.projectId,
          projectName: project.project.name,
          deliveryNumber: delivery.number,
          supplierName: delivery.supplierName,
          arrivedOn: delivery.arrivedOn,
          rule: {
            classifyCode: i.classifyCode,
            categoryName: await repo.classificationName(tx, i.classifyCode),
            documents: rule.documents as InspectionDetail['rule']['documents'],
            retestRequired: i.retestRequired,
            testItems: rule.testItems,
            basis: rule.basis,
            edition: i.ruleEdition,
          },
          checks: checklist({
            rule: { documents: rule.documents as InspectionDetail['rule']['documents'] },
            isGreen: i.isGreen,
            decided,
            known,
            uploadNames: uploads,
          }),
          visualResult: (i.visualResult as InspectionDetail['visualResult']) ?? null,
          verdict: (i.verdict as InspectionDetail['verdict']) ?? null,
          reason: i.reason,
          inspectorName: i.decidedBy ? (names.get(i.decidedBy) ?? null) : null,
          decidedAt: formatOptionalShanghaiTime(i.decidedAt),
          supervisorName: i.supervisorId ? (names.get(i.supervisorId) ?? null) : null,
          supervisorConfirmedAt: formatOptionalShanghaiTime(i.supervisorConfirmedAt),
          photos: i.photos.map((uploadId) => ({ uploadId, name: uploads.get(uploadId) ?? '' })),
          samples: samples.map((s) => ({
            id: s.id,
            sampleNo: s.sampleNo,
            state: s.state as 'sampled' | 'sent' | 'reported',
            result: (s.result as 'pass' | 'fail' | null) ?? null,
          })),
          codeCount: i.receiptLineId === null ? 0 : await repo.codeCountOfReceiptLine(tx, i.receiptLineId),
          actions: [...actions],
        };
      });
    },

    /** The inspector submits the checklist and a verdict (材料进场报验); the supervisor is told. */
    /** `options.at`: when it happened — the demo seed states it; the API never passes one (now). */
    /**
     * The inspector saves the checklist before the verdict (docs/evidence-reading.md, subject inspection): the
     * documents found and their scans are kept, so the platform reads them and the inspector sees what they say
     * before deciding. Where the inspector may submit only (409 from another state); the state does not move.
     */
    async saveChecks(user: SessionUser, b: z.output<typeof inspectionChecksBody>) {
      return db.transaction(async (tx) => {
        const i = await findOwn(tx, user, b.id);
        if (user.orgId !== i.orgId) throw forbidden('只有收货的施工单位可以验收');
        await contractorOn(tx, user, i.projectId, { inspector: true });
        const from = i.state as InspectionStateValue;
        const t = inspectionTransition('contractor', 'submit', from);
        if (!t.ok) throw conflict(`验收记录当前为「${inspectionStateLabels[from].zh}」，不能修改清单`);
        const fields = await checklistErrors(tx, i.orgId, b.checks, []);
        if (fields.length > 0) throw invalidInput(fields);
        if (!(await repo.moveInspection(tx, i.id, from, { state: from, checks: storedChecks(b.checks) }))) {
          throw conflict('验收记录已变化，请刷新后重试');
        }
        return { id: i.id };
      });
    },

    async submit(user: SessionUser, b: z.output<typeof inspectionDecideBody>, options: { at?: Date } = {}) {
      const at = options.at ?? new Date();
      return db.transaction(async (tx) => {
        const i = await findOwn(tx, user, b.id);
        if (user.orgId !== i.orgId) throw forbidden('只有收货的施工单位可以验收');
        await contractorOn(tx, user, i.projectId, { inspector: true });
        const rule = await ruleFor(tx, i.classifyCode);
        const fields = await checklistErrors(tx, i.orgId, b.checks, b.photoUploadIds);
        const missing = missingRequired({ documents: rule.documents as never }, i.isGreen, b.checks);
        // No certificate, no entry; no retest, no use (docs/construction.md, "The two gates").
        if (missing.length > 0 && b.verdict !== 'fail') {
          fields.push({ field: 'verdict', message: '必备的质量证明文件不齐，只能判定不合格' });
        } else if (i.retestRequired && (b.verdict === 'pass' || b.verdict === 'concession')) {
          fields.push({ field: 'verdict', message: '该材料须见证取样复试合格后方可使用，请选择「待见证复试」' });
        } else if (b.visualResult === 'defect' && b.verdict === 'pass') {
          fields.push({ field: 'verdict', message: '外观或数量有问题时不能判定合格' });
        }
        if (fields.length > 0) throw invalidInput(fields);
        const checks = storedChecks(b.checks);
        await moveInspectionState(
          tx,
          user,
          i,
          'contractor',
          'submit',
          {
            checks,
            visualResult: b.visualResult,
            verdict: b.verdict,
            reason: b.reason ?? null,
            photos: b.photoUploadIds,
            decidedBy: user.userId,
            decidedAt: at,
          },
          b.reason ?? null,
          at,
          // What the inspector had before them: the files as read so far (a file just attached is still queued).
          { readings: await inspectionReadings(tx, i, checks) },
        );
        const supervisors = await repo.projectOrgsOfType(tx, i.projectId, [OrgType.SUPERVISION]);
        for (const orgId of supervisors) {
          await sendMessage(
            tx,
            { orgId },
            {
              channel: Channel.SUPERVISION,
              title: `材料进场报验待确认：${i.number}`,
              content: `${i.materialName} ${i.specName}，${fromMilli(toMilli(i.quantity))} ${i.unitName}，施工单位验收结论待您确认。`,
              targetUrl: inspectionUrl(i),
            },
          );
        }
        return { id: i.id };
      });
    },

    /** The supervising engineer approves the verdict (the stock moves) or sends it back with a reason. */
    async confirm(user: SessionUser, b: z.output<typeof inspectionConfirmBody>, options: { at?: Date } = {}) {
      const at = options.at ?? new Date();
      return db.transaction(async (tx) => {
        const i = await findOwn(tx, user, b.id);
        await supervisorOn(tx, user, i.projectId);
        if (!b.approve && (b.reason?.length ?? 0) < 2) {
          throw invalidInput([{ field: 'reason', message: '退回须写明原因' }]);
        }
        const verdict = i.verdict as InspectionVerdictValue | null;
        const action: InspectionActionValue = !b.approve || !verdict ? 'send_back' : ACTION_OF_VERDICT[verdict];
        const values: Partial<repo.InspectionInsert> = b.approve
          ? { supervisorId: user.userId, supervisorConfirmedAt: at }
          : { verdict: null, decidedBy: null, decidedAt: null, supervisorId: user.userId, supervisorConfirmedAt: null };
        const to = await moveInspectionState(tx, user, i, 'supervisor', action, values, b.reason ?? null, at, {
          readings: await inspectionReadings(tx, i, i.checks ?? []),
        });
        await sendMessage(
          tx,
          { orgId: i.orgId },
          {
            channel: Channel.CONSTRUCTION,
            title: b.approve ? `监理已确认：${i.number} ${inspectionStateLabels[to].zh}` : `监理退回验收：${i.number}`,
            content: b.approve
              ? `${i.materialName} ${i.specName} 批次验收结论已确认：${inspectionStateLabels[to].zh}。`
              : `退回原因：${b.reason ?? ''}`,
            targetUrl: inspectionUrl(i),
          },
        );
        if (to === InspectionState.REJECTED) await tellMaker(tx, i, '进场验收不合格');
        return { id: i.id };
      });
    },

    /**
     * Rejected goods leave the site: destroyed, or returned — a platform lot with a return shipment (退货单) to the
     * organisation that shipped it, shipped at once, which takes the stock out; an off-platform lot by the record.
     */
    async dispose(
      user: SessionUser,
      b: z.output<typeof inspectionDisposeBody>,
      options: { at?: Date } = {},
    ): Promise<z.output<typeof inspectionDisposedData>> {
      const at = options.at ?? new Date();
      return db.transaction(async (tx) => {
        const i = await findOwn(tx, user, b.id);
        if (user.orgId !== i.orgId) throw forbidden('只有收货的施工单位可以处置');
        await contractorOn(tx, user, i.projectId);
        const action = b.disposal === 'returned' ? 'return' : 'destroy';
        // The move's refusals (who, from which state) come before any shipment is written.
        const t = inspectionTransition('contractor', action, i.state as InspectionStateValue);
        const shipment = t.ok && action === 'return' ? await returnShipment(receipts, tx, user, i, b.remark, at) : null;
        await moveInspectionState(
          tx,
          user,
          i,
          'contractor',
          action,
          { disposedBy: user.userId, disposedAt: at },
          shipment ? `退货单 ${shipment.number}${b.remark ? `：${b.remark}` : ''}` : (b.remark ?? null),
          at,
          { stockMoved: shipment !== null },
        );
        return { id: i.id, returnShipment: shipment };
      });
    },
  };
}

/**
 * A platform lot's return: what the inspection put into the project's rejected stock, with its codes still rejected
 * at the site, sent back to the organisation that shipped it by a return shipment of the receipt, shipped at once
 * (traceability's, which takes the stock out). Null for an off-platform lot, or when nothing is left to return.
 */
async function returnShipment(
  receipts: TraceReceiptService,
  tx: Tx,
  user: SessionUser,
  i: repo.InspectionRow,
  remark: string | undefined,
  at: Date,
): Promise<{ id: number; number: string } | null> {
  if (i.receiptLineId === null) return null;
  const quantity = toMilli(await repo.rejectedOfInspection(tx, i));
  const receiptId = await repo.receiptOfLine(tx, i.receiptLineId);
  if (quantity === 0 || receiptId === null) return null;
  const codes = await repo.rejectedCodesOfReceiptLine(tx, i.projectId, i.receiptLineId);
  // Coded stock goes back by its codes; codes that do not make the quantity (part of it issued before a failed
  // retest) go by quantity alone.
  const coded = codes.reduce((sum, c) => sum + toMilli(c.quantity), 0) === quantity;
  return receipts.shipSiteReturnIn(
    tx,
    user,
    {
      receiptId,
      lotId: i.lotId,
      quantity,
      codes: coded ? codes.map((c) => c.code) : [],
      remarks: `退货：现场验收不合格（验收记录 ${i.number}）${remark ? `，${remark}` : ''}`,
    },
    { at },
  );
}

/** The maker of a platform lot is told its goods were turned away at a site (its sampling view shows why). */
export async function tellMaker(tx: Tx, i: repo.InspectionRow, what: string) {
  const [facts] = [...(await repo.platformLotFacts(tx, [i.lotId])).values()];
  if (!facts) return;
  const makerOrgId = await repo.lotOrgId(tx, i.lotId);
  if (makerOrgId === null) return;
  await sendMessage(
    tx,
    { orgId: makerOrgId },
    {
      channel: Channel.MATERIALS,
      title: `产品在项目现场${what}：${facts.materialName} ${facts.specName}`,
      content: `批号 ${facts.batchNo}，验收记录 ${i.number}。`,
      targetUrl: pageUrl(pages.traceDashboard),
    },
  );
}
