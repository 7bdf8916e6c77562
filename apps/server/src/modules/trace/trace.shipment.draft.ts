import { type DistanceSourceValue, defaultDistance, ShipmentStatus } from '@jcbb/contract';
import { milliText } from '@jcbb/contract/quantity';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { invalidInput } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { checkLines, type LineInput } from './trace.shipment.checks.ts';
import { withNumber } from './trace.shipment.numbering.ts';
import type { AddressSnapshot, Destination, Source } from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';

/**
 * Writing a draft shipment (docs/traceability.md, "Shipment states": save): the shipper's own, and the return a
 * receiver makes of what it rejected. No stock moves; the codes are reserved.
 */

interface DraftWrite {
  existing: repo.ShipmentRow | null;
  src: Source;
  dest: Destination;
  from: AddressSnapshot;
  to: AddressSnapshot;
  shipDate: string;
  plannedArrival: string | null;
  transportType: number;
  /** Measured distance; absent = the standard's default. */
  distanceKm?: number;
  /** A return keeps the distance (and its source) of the shipment it returns. */
  distance?: { km: number; source: 'measured' | 'default_40' | 'default_500' };
  vehiclePlate: string | null;
  remarks: string | null;
  lines: LineInput[];
  returnOfReceiptId: number | null;
}

type Distance = { km: number; source: DistanceSourceValue };

/**
 * Write a draft (new, or an existing one's lines replaced): lines checked, distance decided, codes reserved. No
 * stock moves. The partial unique index on open shipment codes is the last guard against a code in two drafts.
 */
export async function writeDraft(tx: Tx, user: SessionUser, w: DraftWrite): Promise<{ id: number; number: string }> {
  const { fields, specs } = await checkLines(tx, w.src, w.dest, w.lines, w.existing?.id ?? null);
  if (fields.length > 0) throw invalidInput(fields);
  const distance =
    w.distance ??
    (w.distanceKm !== undefined
      ? { km: w.distanceKm, source: 'measured' as const }
      : defaultDistance(w.lines.map((l) => specs.get(l.specId)?.classifyCode ?? '')));
  const saved = await saveHead(tx, user, w.existing, draftColumns(w, distance));
  const reserved = await insertLines(tx, saved.id, w.lines, specs);
  await reserveCodes(tx, saved.id, reserved);
  return saved;
}

/** The shipment row's columns a draft writes. */
function draftColumns(w: DraftWrite, distance: Distance) {
  return {
    fromOrgId: w.src.orgId,
    fromHolderKey: w.src.holderKey,
    fromProjectId: w.src.projectId,
    fromAddressId: w.from.id,
    fromAddressText: w.from.text,
    fromRegionCode: w.from.regionCode,
    toKind: w.dest.kind,
    toOrgId: w.dest.kind === 'org' ? w.dest.org.id : null,
    toProjectId: w.dest.kind === 'project' ? w.dest.project.id : null,
    toHolderKey: w.dest.holderKey,
    toAddressId: w.to.id,
    toAddressText: w.to.text,
    toRegionCode: w.to.regionCode,
    shipDate: w.shipDate,
    plannedArrival: w.plannedArrival,
    transportType: w.transportType,
    distanceKm: distance.km.toFixed(1),
    distanceSource: distance.source,
    vehiclePlate: w.vehiclePlate,
    remarks: w.remarks,
    returnOfReceiptId: w.returnOfReceiptId,
  };
}

/** The draft's row: an existing draft updated and its lines dropped (they are written again), or a new one numbered. */
async function saveHead(
  tx: Tx,
  user: SessionUser,
  existing: repo.ShipmentRow | null,
  values: ReturnType<typeof draftColumns>,
): Promise<{ id: number; number: string }> {
  if (existing) {
    await repo.updateShipment(tx, existing.id, values);
    await repo.deleteLines(tx, existing.id);
    return { id: existing.id, number: existing.number };
  }
  return withNumber(tx, 'shipments', 'FH', async (sp, number) => ({
    id: await repo.insertShipment(sp, { ...values, number, status: ShipmentStatus.DRAFT, createdBy: user.userId }),
    number,
  }));
}

/** The codes a draft reserves, with their line, and each code's line index (for a refusal's field). */
interface Reservation {
  codeRows: { lineId: number; code: string }[];
  lineOfCode: Map<string, number>;
}

/** Write the lines in order; answers the codes they carry. */
async function insertLines(
  tx: Tx,
  shipmentId: number,
  lines: readonly LineInput[],
  specs: ReadonlyMap<number, repo.SpecFacts>,
): Promise<Reservation> {
  const codeRows: { lineId: number; code: string }[] = [];
  const lineOfCode = new Map<string, number>();
  for (const [i, l] of lines.entries()) {
    const spec = specs.get(l.specId) as repo.SpecFacts;
    const lineId = await repo.insertLine(tx, {
      shipmentId,
      lineNo: i + 1,
      productId: spec.productId,
      specId: l.specId,
      lotId: l.lotId,
      unitId: spec.unitId,
      quantity: milliText(l.quantity),
    });
    for (const code of l.codes) {
      codeRows.push({ lineId, code });
      lineOfCode.set(code, i);
    }
  }
  return { codeRows, lineOfCode };
}

/** Reserve the draft's codes; a code another draft took since the check is refused on its line. */
async function reserveCodes(tx: Tx, shipmentId: number, { codeRows, lineOfCode }: Reservation): Promise<void> {
  try {
    await tx.transaction((sp) => repo.insertShipmentCodes(sp, shipmentId, codeRows));
  } catch (e) {
    if (!isUniqueViolation(e, 'shipment_codes_one_open_uq')) throw e;
    // Another draft took a code between the check and the insert: name it now that its reservation is committed.
    const taken = await repo.codesInOtherOpenShipments(
      tx,
      codeRows.map((r) => r.code),
      shipmentId,
    );
    const first = taken[0];
    throw invalidInput(
      first
        ? [
            {
              field: `lines.${lineOfCode.get(first.code)}.codes`,
              message: `追溯码 ${first.code} 已在另一张未完成的发货单中`,
            },
          ]
        : [{ field: 'lines', message: '所选追溯码已在另一张未完成的发货单中' }],
    );
  }
}
