import {
  type DeliveryDetail,
  DeliveryKind,
  type deliveryExternalBody,
  type deliveryListBody,
  type deliveryPapersBody,
  type deliveryReceiveBody,
  type expectedListBody,
  type FieldError,
  InspectionState,
  type InspectionStateValue,
  type InspectionSummary,
  type ShipmentStatusValue,
  StockBucket,
  shipmentStatusLabels,
} from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit, recordAudits } from '../../lib/audit.ts';
import { withDocumentNumbers } from '../../lib/document-number.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import { moveStock, type TraceReceiptService } from '../trace/index.ts';
import { contractorOn, orNotFound, siteReader } from './construction.access.ts';
import { DELIVERY_SERIES, inspectionNumber, ruleFor } from './construction.intake.ts';
import * as repo from './construction.repository.ts';

type ReceiveBody = z.output<typeof deliveryReceiveBody>;
type ExternalBody = z.output<typeof deliveryExternalBody>;
type PapersBody = z.output<typeof deliveryPapersBody>;

export const DELIVERY_NOT_FOUND = '到货记录不存在';
const FILE_NOT_FOUND = '文件不存在';

export function inspectionSummaryOf(i: repo.InspectionRow, batchNo: string): InspectionSummary {
  return {
    id: i.id,
    number: i.number,
    deliveryId: i.deliveryId,
    lotId: i.lotId,
    batchNo,
    materialName: i.materialName,
    specName: i.specName,
    unitName: i.unitName,
    makerName: i.makerName,
    classifyCode: i.classifyCode,
    quantity: Number(i.quantity),
    state: i.state as InspectionStateValue,
    retestRequired: i.retestRequired,
    isGreen: i.isGreen,
    building: i.building,
    floor: i.floor,
    part: i.part,
    storageLocation: i.storageLocation,
  };
}

function itemOf(r: repo.DeliveryPageRow) {
  const d = r.delivery;
  return {
    id: d.id,
    number: d.number,
    projectId: d.projectId,
    kind: d.kind as 'platform' | 'external',
    supplierName: d.supplierName,
    arrivedOn: d.arrivedOn,
    deliveryNoteNo: d.deliveryNoteNo,
    invoiceNo: d.invoiceNo,
    receiptNumber: r.receiptNumber,
    shipmentId: r.shipmentId,
    shipmentNumber: r.shipmentNumber,
    lineCount: r.lineCount,
    pendingCount: r.pendingCount,
    createTime: formatShanghaiTime(d.createdAt),
  };
}

/** Uploads of the caller's organisation among the papers; a field error for each that is not. */
async function checkUploads(tx: Tx, orgId: number, groups: Record<string, number[]>, fields: FieldError[]) {
  const all = Object.values(groups).flat();
  const owned = await ownedUploads(tx, all, orgId);
  for (const [field, ids] of Object.entries(groups)) {
    ids.forEach((id, i) => {
      if (!owned.has(id)) fields.push({ field: `${field}.${i}`, message: '文件不存在' });
    });
  }
}

type ExternalLine = ExternalBody['lines'][number];

/** The server's own rule of an external delivery beyond its schema: it has arrived (docs/construction.md). */
export function externalDeliveryChecks(b: Pick<ExternalBody, 'arrivedOn'>, today = shanghaiToday()): FieldError[] {
  return b.arrivedOn > today ? [{ field: 'arrivedOn', message: '到货日期不能晚于今天' }] : [];
}

/**
 * The server's own rules of an external line beyond its schema, each on the line's field: the classification is a
 * product class (`classes`: those of the lines, read at once), the lot was made before it arrived, a green material
 * names its certificate or test report. The import checks its rows with the same rules (construction.xlsx.rows.ts).
 */
export function externalLineChecks(
  l: Pick<ExternalLine, 'classifyCode' | 'productionDate' | 'isGreen' | 'greenCertNo'>,
  arrivedOn: string,
  classes: ReadonlySet<string>,
): { field: keyof ExternalLine; message: string }[] {
  const out: { field: keyof ExternalLine; message: string }[] = [];
  if (!classes.has(l.classifyCode)) out.push({ field: 'classifyCode', message: '请选择正确的材料分类' });
  if (l.productionDate && l.productionDate > arrivedOn)
    out.push({ field: 'productionDate', message: '生产日期不能晚于到货日期' });
  if (l.isGreen && !l.greenCertNo) out.push({ field: 'greenCertNo', message: '绿色建材请填写证书或检测报告编号' });
  return out;
}

/**
 * Record checked deliveries from suppliers off the platform, in the caller's transaction (the external call's one
 * delivery, an import's many): each delivery numbered, each line a new external lot with its inspection (pending,
 * under its classification's rule) and its quantity in the project's quarantined stock, an audit row per delivery.
 * Deliveries, lots, inspections, stock moves and audit rows are written a thousand rows per statement (the
 * deliveries' numbers taken together), so a 10 000-row import takes
 * seconds (docs/performance.md, "Site stock import"). The caller has checked the project, the organisation and the
 * lines.
 */
export async function recordExternalDeliveries(
  tx: Tx,
  user: SessionUser,
  orgId: number,
  deliveries: readonly ExternalBody[],
  options: { at?: Date; importUploadId?: number } = {},
): Promise<{ id: number; number: string }[]> {
  const now = options.at ?? new Date();
  // The deliveries' numbers taken together, the deliveries inserted in one statement (a savepoint per import, not
  // per delivery).
  const created = await withDocumentNumbers(tx, DELIVERY_SERIES, deliveries.length, async (sp, numbers) => {
    const ids = await repo.insertDeliveries(
      sp,
      deliveries.map((b, d) => ({
        number: numbers[d] as string,
        projectId: b.projectId,
        orgId,
        kind: DeliveryKind.EXTERNAL,
        supplierName: b.supplierName,
        supplierCreditCode: b.supplierCreditCode,
        arrivedOn: b.arrivedOn,
        deliveryNoteNo: b.deliveryNoteNo ?? null,
        invoiceNo: b.invoiceNo ?? null,
        deliveryNoteUploads: b.deliveryNoteUploadIds,
        invoiceUploads: b.invoiceUploadIds,
        remarks: b.remarks ?? null,
        createdBy: user.userId,
      })),
    );
    return ids.map((id, d) => ({ id, number: numbers[d] as string }));
  });
  const lines = deliveries.flatMap((b, d) =>
    b.lines.map((l, i) => ({ b, l, i, delivery: created[d] as { id: number; number: string } })),
  );
  const lotIds = await repo.insertExternalLots(
    tx,
    lines.map(({ b, l }) => ({
      orgId,
      batchNo: l.batchNo,
      productionDate: l.productionDate ?? b.arrivedOn,
      quantity: milliText(toMilli(l.quantity)),
      createdBy: user.userId,
    })),
  );
  const rules = new Map<string, Awaited<ReturnType<typeof ruleFor>>>();
  for (const code of new Set(lines.map((x) => x.l.classifyCode))) rules.set(code, await ruleFor(tx, code));
  const inspectionIds = await repo.insertInspections(
    tx,
    lines.map(({ b, l, i, delivery }, n) => {
      const rule = rules.get(l.classifyCode) as Awaited<ReturnType<typeof ruleFor>>;
      return {
        number: inspectionNumber(delivery.number, i + 1),
        deliveryId: delivery.id,
        projectId: b.projectId,
        orgId,
        lotId: lotIds[n] as number,
        quantity: milliText(toMilli(l.quantity)),
        classifyCode: l.classifyCode,
        materialName: l.materialName,
        specName: l.specName,
        unitName: l.unitName,
        brand: l.brand ?? null,
        makerName: l.makerName ?? null,
        isGreen: l.isGreen,
        greenCertNo: l.greenCertNo ?? null,
        greenCertBody: l.greenCertBody ?? null,
        building: l.building ?? null,
        floor: l.floor ?? null,
        part: l.part ?? null,
        storageLocation: l.storageLocation ?? null,
        state: InspectionState.PENDING,
        retestRequired: rule.retestRequired,
        ruleEdition: rule.edition,
      };
    }),
  );
  await moveStock(
    tx,
    lines.map(({ b, l }, n) => ({
      holder: { kind: 'project', projectId: b.projectId },
      specId: null,
      lotId: lotIds[n] as number,
      bucket: StockBucket.QUARANTINED,
      quantity: fromMilli(toMilli(l.quantity)),
      reason: 'receive',
      docType: 'inspection',
      docId: inspectionIds[n] as number,
      occurredAt: businessMoment(b.arrivedOn, now),
      userId: user.userId,
    })),
  );
  await recordAudits(
    tx,
    deliveries.map((b, d) => ({
      entity: 'site_delivery' as const,
      entityId: (created[d] as { id: number }).id,
      action: 'create' as const,
      actor: user,
      data: {
        kind: DeliveryKind.EXTERNAL,
        supplier: b.supplierName,
        lines: b.lines.length,
        ...(options.importUploadId === undefined ? {} : { importUploadId: options.importUploadId }),
      },
    })),
  );
  return created;
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * Deliveries at a site (docs/construction.md, "Receiving on site"): a platform shipment received through the
 * traceability receipt (its intake hook records the delivery and the lots' inspections in the same transaction), or
 * goods from a supplier outside the platform, recorded as external lots. Either way the goods enter the project's
 * quarantined stock.
 */
export function createDeliveryService({ db, receipts }: { db: Db; receipts: TraceReceiptService }) {
  return {
    async expected(user: SessionUser, b: z.output<typeof expectedListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await repo.expectedPage(tx, b);
        return {
          list: rows.map((r) => ({
            shipmentId: r.shipmentId,
            number: r.number,
            fromOrgName: r.fromOrgName,
            shipDate: r.shipDate,
            plannedArrival: r.plannedArrival,
            lineCount: r.lineCount,
            statusName: shipmentStatusLabels[r.status as ShipmentStatusValue]?.zh ?? '',
          })),
          total,
        };
      });
    },

    async list(user: SessionUser, b: z.output<typeof deliveryListBody>) {
      return db.transaction(async (tx) => {
        await siteReader(tx, user, b.projectId);
        const { rows, total } = await repo.deliveryPage(tx, b);
        return { list: rows.map(itemOf), total };
      });
    },

    async detail(user: SessionUser, id: number): Promise<DeliveryDetail> {
      return db.transaction(async (tx) => {
        const row = await repo.deliveryWithShipment(tx, id);
        if (!row) throw notFound(DELIVERY_NOT_FOUND);
        const p = await orNotFound(siteReader(tx, user, row.delivery.projectId), DELIVERY_NOT_FOUND);
        const d = row.delivery;
        const names = await uploadNames(tx, [...d.deliveryNoteUploads, ...d.invoiceUploads]);
        const files = (ids: number[]) => ids.map((uploadId) => ({ uploadId, name: names.get(uploadId) ?? '' }));
        const inspections = await repo.inspectionsOfDelivery(tx, d.id);
        return {
          ...itemOf(row),
          projectName: row.projectName,
          receiverName: row.receiverName,
          supplierCreditCode: d.supplierCreditCode,
          remarks: d.remarks,
          deliveryNotes: files(d.deliveryNoteUploads),
          invoices: files(d.invoiceUploads),
          inspections: inspections.map((r) => inspectionSummaryOf(r.inspection, r.batchNo)),
          canEdit: p.access === 'member' && user.orgId === d.orgId,
        };
      });
    },

    /** A platform shipment received at the site, with its papers and where each lot goes. One transaction. */
    async receive(user: SessionUser, b: ReceiveBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const contractor = await contractorOn(tx, user, b.projectId);
        const fields: FieldError[] = [];
        await checkUploads(
          tx,
          contractor.membership.orgId,
          { deliveryNoteUploadIds: b.deliveryNoteUploadIds, invoiceUploadIds: b.invoiceUploadIds },
          fields,
        );
        if (fields.length > 0) throw invalidInput(fields);
        const receipt = await receipts.createIn(
          tx,
          user,
          {
            shipmentId: b.shipmentId,
            arrivedOn: b.arrivedOn,
            deliveryNoteNo: b.deliveryNoteNo,
            remarks: b.remarks,
            photoUploadIds: b.photoUploadIds,
            lines: b.lines.map((l) => ({
              shipmentLineId: l.shipmentLineId,
              received: l.received,
              accepted: l.received - (l.rejected ?? 0),
              rejected: l.rejected ?? 0,
              rejectReason: l.rejectReason,
              receivedCodes: l.receivedCodes,
              rejectedCodes: l.rejectedCodes,
            })),
          },
          { ...options, toHolderKey: `project:${b.projectId}` },
        );
        const delivery = await repo.deliveryOfReceipt(tx, receipt.id);
        if (!delivery) throw new Error(`receipt ${receipt.id} of a project has no site delivery`);
        await repo.updateDelivery(tx, delivery.id, {
          invoiceNo: b.invoiceNo ?? null,
          deliveryNoteUploads: b.deliveryNoteUploadIds,
          invoiceUploads: b.invoiceUploadIds,
          remarks: b.remarks ?? null,
        });
        // Each lot's use and storage location, from its receipt line.
        const inspections = await repo.inspectionsOfDelivery(tx, delivery.id);
        const lineOf = await receipts.receiptLineIds(tx, receipt.id);
        for (const l of b.lines) {
          const receiptLineId = lineOf.get(l.shipmentLineId);
          const i = inspections.find((r) => r.inspection.receiptLineId === receiptLineId);
          if (!i) continue;
          await repo.updateInspection(tx, i.inspection.id, {
            building: l.building ?? null,
            floor: l.floor ?? null,
            part: l.part ?? null,
            storageLocation: l.storageLocation ?? null,
          });
        }
        await recordAudit(tx, {
          entity: 'site_delivery',
          entityId: delivery.id,
          action: 'create',
          actor: user,
          data: { receipt: receipt.number, kind: DeliveryKind.PLATFORM },
        });
        return { id: delivery.id, number: delivery.number };
      });
    },

    /** Goods from a supplier outside the platform: each line a new external lot, quarantined. One transaction. */
    async external(user: SessionUser, b: ExternalBody, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const contractor = await contractorOn(tx, user, b.projectId);
        const orgId = contractor.membership.orgId;
        const fields: FieldError[] = externalDeliveryChecks(b);
        await checkUploads(
          tx,
          orgId,
          { deliveryNoteUploadIds: b.deliveryNoteUploadIds, invoiceUploadIds: b.invoiceUploadIds },
          fields,
        );
        const classes = await repo.productClasses(
          tx,
          b.lines.map((l) => l.classifyCode),
        );
        for (const [i, l] of b.lines.entries()) {
          for (const f of externalLineChecks(l, b.arrivedOn, classes)) {
            fields.push({ field: `lines.${i}.${f.field}`, message: f.message });
          }
        }
        if (fields.length > 0) throw invalidInput(fields);
        const [delivery] = await recordExternalDeliveries(tx, user, orgId, [b], options);
        return delivery as { id: number; number: string };
      });
    },

    /**
     * One of a delivery's files for any of the site's readers: its delivery notes and invoices, and the checklist
     * scans and photos of its lots' inspections (404 for any other upload, whoever's it is).
     */
    async file(user: SessionUser, id: number, uploadId: number) {
      return db.transaction(async (tx) => {
        const d = await repo.deliveryById(tx, id);
        if (!d) throw notFound(DELIVERY_NOT_FOUND);
        await orNotFound(siteReader(tx, user, d.projectId), DELIVERY_NOT_FOUND);
        const inspections = await repo.inspectionsOfDelivery(tx, d.id);
        const attached = new Set([
          ...d.deliveryNoteUploads,
          ...d.invoiceUploads,
          ...inspections.flatMap(({ inspection: i }) => [
            ...(i.checks ?? []).flatMap((c) => (c.uploadId ? [c.uploadId] : [])),
            ...i.photos,
          ]),
        ]);
        const file = attached.has(uploadId) ? await storedUpload(tx, uploadId) : null;
        if (!file) throw notFound(FILE_NOT_FOUND);
        return file;
      });
    },

    /** The papers of a delivery added or corrected (the invoice often comes later). */
    async papers(user: SessionUser, b: PapersBody) {
      return db.transaction(async (tx) => {
        const d = await repo.deliveryById(tx, b.id, true);
        if (!d || user.orgId !== d.orgId) throw notFound(DELIVERY_NOT_FOUND);
        await contractorOn(tx, user, d.projectId);
        const fields: FieldError[] = [];
        await checkUploads(
          tx,
          d.orgId,
          { deliveryNoteUploadIds: b.deliveryNoteUploadIds, invoiceUploadIds: b.invoiceUploadIds },
          fields,
        );
        if (fields.length > 0) throw invalidInput(fields);
        await repo.updateDelivery(tx, d.id, {
          deliveryNoteNo: b.deliveryNoteNo ?? null,
          invoiceNo: b.invoiceNo ?? null,
          deliveryNoteUploads: b.deliveryNoteUploadIds,
          invoiceUploads: b.invoiceUploadIds,
          remarks: b.remarks ?? null,
        });
        await recordAudit(tx, { entity: 'site_delivery', entityId: d.id, action: 'papers', actor: user });
        return { id: d.id };
      });
    },
  };
}
