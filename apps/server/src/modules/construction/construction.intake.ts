import { Channel, DeliveryKind, InspectionState } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { milliText, toMilli } from '@jcbb/contract/quantity';
import type { Tx } from '../../db/client.ts';
import { siteDeliveries } from '../../db/schema/index.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { sendMessage } from '../message/index.ts';
import type { ProjectIntake, ProjectReceipt } from '../trace/index.ts';
import * as repo from './construction.repository.ts';

/** The rule of a classification the reference data does not name (inspection-rules.ts). */
export const DEFAULT_RULE_KEY = 'default';

/** Site deliveries are numbered JC + yyyymmdd + a sequence of the day (进场). */
export const DELIVERY_SERIES = {
  table: siteDeliveries,
  column: siteDeliveries.number,
  constraint: 'site_deliveries_number_uq',
  prefix: 'JC',
} as const;

/** An inspection's number: its delivery's, with the line. */
export const inspectionNumber = (deliveryNumber: string, line: number) => `${deliveryNumber}-${line}`;

/** The rule a classification's deliveries are inspected under (the edition's default where it has none). */
export async function ruleFor(tx: Tx, classifyCode: string | null) {
  const row = (await repo.ruleOf(tx, classifyCode)) ?? (await repo.ruleOf(tx, DEFAULT_RULE_KEY));
  if (!row) throw new Error('the inspection rules are not seeded');
  return row;
}

/**
 * The construction module's answer to traceability's `ProjectIntake` (trace.intake.ts): a platform shipment received
 * into a project's stock becomes a site delivery with one inspection per lot, each quarantined until inspected.
 * Runs in the receipt's transaction. The site's papers (invoice, use location) are added by the receive call that
 * made the receipt, or later.
 */
export const constructionIntake: ProjectIntake = {
  async received(tx: Tx, r: ProjectReceipt) {
    const facts = await repo.platformLotFacts(
      tx,
      r.lines.map((l) => l.lotId),
    );
    const supplierName = await repo.orgName(tx, r.shipperOrgId);
    const delivery = await withDocumentNumber(tx, DELIVERY_SERIES, async (sp, number) => ({
      id: await repo.insertDelivery(sp, {
        number,
        projectId: r.projectId,
        orgId: r.orgId,
        kind: DeliveryKind.PLATFORM,
        receiptId: r.receiptId,
        supplierOrgId: r.shipperOrgId,
        supplierName,
        arrivedOn: r.arrivedOn,
        deliveryNoteNo: r.deliveryNoteNo,
        createdBy: r.userId,
      }),
      number,
    }));
    for (const [i, line] of r.lines.filter((l) => l.quantity > 0).entries()) {
      const f = facts.get(line.lotId);
      if (!f) throw new Error(`lot ${line.lotId} has no product`);
      const rule = await ruleFor(tx, f.classifyCode);
      const evidence = f.evidence as { kind?: string };
      await repo.insertInspection(tx, {
        number: inspectionNumber(delivery.number, i + 1),
        deliveryId: delivery.id,
        projectId: r.projectId,
        orgId: r.orgId,
        lotId: line.lotId,
        receiptLineId: line.receiptLineId,
        quantity: milliText(toMilli(line.quantity)),
        classifyCode: f.classifyCode,
        materialName: f.materialName,
        specName: f.specName,
        unitName: f.unitName,
        makerName: f.makerName,
        isGreen: evidence.kind === 'certificate' || evidence.kind === 'test_report',
        state: InspectionState.PENDING,
        retestRequired: rule.retestRequired,
        ruleEdition: rule.edition,
      });
    }
    await sendMessage(
      tx,
      { orgId: r.orgId },
      {
        channel: Channel.CONSTRUCTION,
        title: `到货待验收：${delivery.number}`,
        content: `${supplierName} 的货物已到场，${r.lines.length} 个批次待进场验收，验收放行前不能出库。`,
        targetUrl: pageUrl(pages.siteDeliveryDetail, { id: delivery.id }),
      },
    );
  },
};
