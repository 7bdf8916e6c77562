import { type CarbonFigure, CodeStatus, type EvidenceSnapshot } from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { URN } from './trace.epcis.ts';
import { notBeforeShipmentEvents, recordTraceEvent } from './trace.events.ts';
import { buildMovementEvent, lotQuantity, type MovementLine } from './trace.shipment.events.ts';
import { type Destination, destinationParty, type Source, sourceParty } from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';
import { moveStock } from './trace.stock.ts';

/**
 * What moves when a shipment changes state (docs/traceability.md, "Shipment states"): stock through `moveStock`,
 * the codes' statuses and holders, and the EPCIS event of it on the evidence ledger.
 */

type CodeRow = Awaited<ReturnType<typeof repo.shipmentCodeRows>>[number];

/** Move a shipment to its next state, or 409 when another transaction moved it first. */
export async function moveShipmentOrConflict(
  tx: Tx,
  s: repo.ShipmentRow,
  values: Parameters<typeof repo.moveShipment>[3],
): Promise<void> {
  if (!(await repo.moveShipment(tx, s.id, s.status, values))) throw conflict('发货单状态已变化，请刷新后重试');
}

// ---- shipping ----

/**
 * Goods leave: each line's quantity out of the source's stock (400 on the line when short), the codes and what they
 * contain in transit, each line's evidence and mass snapshotted. Answers every code that left.
 */
export async function sendOut(
  tx: Tx,
  user: SessionUser,
  shipment: { s: repo.ShipmentRow; src: Source; lineRows: repo.LineRow[]; codeRows: CodeRow[] },
  evidence: EvidenceSnapshot[],
  leftAt: Date,
): Promise<string[]> {
  const { s, src, lineRows, codeRows } = shipment;
  await moveStock(
    tx,
    lineRows.map((r, i) => ({
      holder: src.holder,
      specId: r.line.specId,
      lotId: r.line.lotId,
      bucket: src.bucket,
      quantity: -Number(r.line.quantity),
      reason: src.isReturn ? ('return' as const) : ('ship' as const),
      docType: 'shipment' as const,
      docId: s.id,
      occurredAt: leftAt,
      userId: user.userId,
      field: `lines.${i}.quantity`,
    })),
  );
  const top = codeRows.map((c) => c.code);
  const codes = [...top, ...(await repo.descendantsOf(tx, top))];
  await repo.setCodes(tx, codes, { status: CodeStatus.IN_TRANSIT });

  for (const [i, r] of lineRows.entries()) {
    await repo.updateLine(tx, r.line.id, { evidence: evidence[i], massPerUnitKg: r.specMassPerUnitKg });
  }
  return codes;
}

/** The shipping event (a return's: disposition returned, with its rma): what left, from whom to whom, by which transport. */
export async function recordShippingEvent(
  tx: Tx,
  shipment: { s: repo.ShipmentRow; src: Source; dest: Destination; lineRows: repo.LineRow[]; codeRows: CodeRow[] },
  moved: { codes: string[]; carbon: CarbonFigure; leftAt: Date },
): Promise<void> {
  const { s, src, dest, lineRows, codeRows } = shipment;
  const { codes, carbon, leftAt } = moved;
  const coded = new Set(codeRows.map((c) => c.lineId));
  const transactions: { type: 'desadv' | 'rma'; id: string }[] = [{ type: 'desadv', id: URN.shipment(s.number) }];
  if (s.returnOfReceiptId !== null) {
    const receipt = await repo.receiptById(tx, s.returnOfReceiptId);
    if (receipt) transactions.push({ type: 'rma', id: URN.receipt(receipt.number) });
  }
  const lotIds = [...new Set(lineRows.map((r) => r.line.lotId))];
  await recordTraceEvent(tx, {
    event: await buildMovementEvent(tx, {
      bizStep: 'shipping',
      disposition: src.isReturn ? 'returned' : 'in_transit',
      at: leftAt,
      codes,
      quantities: lineRows
        .filter((r) => !coded.has(r.line.id))
        .map((r) => lotQuantity(r.line.lotId, Number(r.line.quantity), r.line.unitId)),
      lines: lineRows.map((r) => ({
        lotId: r.line.lotId,
        unitId: r.line.unitId,
        quantity: Number(r.line.quantity),
        codeCount: codeRows.filter((c) => c.lineId === r.line.id).length,
      })),
      regionCode: s.fromRegionCode,
      actorOrgId: s.fromOrgId,
      from: sourceParty(src),
      to: { ...destinationParty(dest), regionCode: s.toRegionCode },
      transactions,
      transport: {
        type: s.transportType,
        distanceKm: Number(s.distanceKm),
        distanceSource: s.distanceSource,
        massKg: carbon.massKg,
        kgCO2e: carbon.kgCO2e,
      },
    }),
    orgId: s.fromOrgId,
    regionCode: s.fromRegionCode,
    lotId: lotIds.length === 1 ? lotIds[0] : null,
    shipmentId: s.id,
    codes,
  });
}

// ---- stock back to the shipper (void, close) ----

/** A quantity of a line still on its way, in thousandths. */
interface Outstanding {
  line: repo.LineRow['line'];
  quantity: number;
}

/** What of each line is still on its way: shipped less accepted, rejected and cancelled. */
export const outstandingOf = (lineRows: repo.LineRow[]): Outstanding[] =>
  lineRows.map((r) => {
    const q =
      toMilli(r.line.quantity) - toMilli(r.line.accepted) - toMilli(r.line.rejected) - toMilli(r.line.cancelled);
    return { line: r.line, quantity: q };
  });

/** What goes back to the shipper: the codes (with what they contain), the uncoded quantities and every line's quantity. */
interface BackToShipper {
  codes: string[];
  quantities: ReturnType<typeof lotQuantity>[];
  lines: MovementLine[];
}

/** The status a code gets back at its shipper: rejected goods of a return stay rejected, the maker's own are in stock, anyone else's held. */
const statusBack = (src: Source, codeOrgId: number) =>
  src.isReturn ? CodeStatus.REJECTED : codeOrgId === src.orgId ? CodeStatus.ACTIVE : CodeStatus.HELD;

/**
 * Put quantities still on their way back into the shipper's stock (`void` moves) and their codes (with what they
 * contain) back to the shipper; answers the codes and the uncoded quantities, for the void_shipping event.
 */
export async function returnToShipper(
  tx: Tx,
  user: SessionUser,
  shipment: { s: repo.ShipmentRow; src: Source },
  outstanding: Outstanding[],
  codes: { code: string; orgId: number; lineId: number }[],
): Promise<BackToShipper> {
  const { s, src } = shipment;
  const now = new Date();
  const moves = outstanding
    .filter((o) => o.quantity > 0)
    .map((o) => ({
      holder: src.holder,
      specId: o.line.specId,
      lotId: o.line.lotId,
      bucket: src.bucket,
      quantity: fromMilli(o.quantity),
      reason: 'void' as const,
      docType: 'shipment' as const,
      docId: s.id,
      occurredAt: now,
      userId: user.userId,
    }));
  if (moves.length > 0) await moveStock(tx, moves);
  const all: string[] = [];
  for (const status of [CodeStatus.ACTIVE, CodeStatus.HELD, CodeStatus.REJECTED]) {
    const top = codes.filter((c) => statusBack(src, c.orgId) === status).map((c) => c.code);
    if (top.length === 0) continue;
    const family = [...top, ...(await repo.descendantsOf(tx, top))];
    await repo.setCodes(tx, family, { status, holderKey: src.holderKey });
    all.push(...family);
  }
  const coded = new Set(codes.map((c) => c.lineId));
  const quantities = outstanding
    .filter((o) => o.quantity > 0 && !coded.has(o.line.id))
    .map((o) => lotQuantity(o.line.lotId, fromMilli(o.quantity), o.line.unitId));
  const lines = outstanding.map((o) => ({
    lotId: o.line.lotId,
    unitId: o.line.unitId,
    quantity: fromMilli(o.quantity),
    codeCount: codes.filter((c) => c.lineId === o.line.id).length,
  }));
  return { codes: all, quantities, lines };
}

/** The void_shipping event of goods that did not (or will no longer) arrive. */
export async function recordVoidEvent(tx: Tx, s: repo.ShipmentRow, src: Source, back: BackToShipper) {
  await recordTraceEvent(tx, {
    event: await buildMovementEvent(tx, {
      bizStep: 'void_shipping',
      // Voiding or closing is decided now, and what comes back is the shipper's again from now; never before the
      // shipment's last step (a shipment voided on the day it was back-dated to).
      at: await notBeforeShipmentEvents(tx, s.id, new Date()),
      codes: back.codes,
      quantities: back.quantities,
      lines: back.lines,
      regionCode: s.fromRegionCode,
      actorOrgId: s.fromOrgId,
      from: sourceParty(src),
      transactions: [{ type: 'desadv', id: URN.shipment(s.number) }],
    }),
    orgId: s.fromOrgId,
    regionCode: s.fromRegionCode,
    shipmentId: s.id,
    codes: back.codes,
  });
}
