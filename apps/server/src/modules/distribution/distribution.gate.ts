import { type CoverageRefusalValue, coverageRefusalLabels, type FieldError, OrgType } from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  organizations,
  salesContractLines,
  salesContractShipments,
  salesContracts,
  shipmentLineAuthorisations,
} from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../lib/errors.ts';
import type { GateShipment, LineScope, ShipmentGate } from '../trace/index.ts';
import { addPerId, coverageOf, drawDownItems, type LineCoverage } from './distribution.coverage.ts';

/**
 * Shipping under authorisation (docs/distribution.md, "Shipping under authorisation"): the traceability module's
 * `ShipmentGate`, wired in by app.ts. Only a distributor's sales are gated — a manufacturer ships its own products
 * freely, and a return of rejected goods goes back to its supplier (it is not a sale). Each line must be covered by
 * one of the distributor's letters for the destination's region, the ship date and the destination project
 * (`coverageOf`); shipping draws the covering items' caps down and, for a shipment made against a sales contract,
 * the contract lines of the same specification, both under row locks with the database's CHECKs as the last guard.
 */

/** Whether the gate has anything to say of a shipment: a distributor's own sale. */
const gated = (s: GateShipment) => s.shipperOrgType === OrgType.DISTRIBUTOR && !s.isReturn;

const questionOf = (s: GateShipment) => ({
  distributorOrgId: s.shipperOrgId,
  regionCode: s.regionCode,
  date: s.shipDate,
  projectId: s.projectId,
  lines: s.lines.map((l) => ({ productId: l.productId, specId: l.specId, quantity: l.quantity })),
});

/** A refusal's sentence (the rule it names), in Chinese. */
export const refusalText = (refusal: CoverageRefusalValue) => coverageRefusalLabels[refusal].zh;

/** The field a refused line's message goes under: quantities for a cap or a contract's remainder, else the specification. */
const refusalField = (i: number, refusal: CoverageRefusalValue) =>
  refusal === 'cap' || refusal === 'contract_quantity' ? `lines.${i}.quantity` : `lines.${i}.specId`;

// ---- the contract a shipment was drafted against ----

interface ContractDraw {
  contractId: number;
  active: boolean;
  /** Per shipment line (by index): the contract line it draws down, or null when none has room. */
  lineIds: (number | null)[];
}

/**
 * The contract a shipment was drafted against (`sales_contract_shipments`), whether it is in force, and the contract
 * line each shipment line draws down: one of the same specification with room left after the request's earlier
 * lines. With `lock`, the contract's lines are locked (FOR UPDATE, in id order) for the rest of the transaction.
 * null = not shipped against a contract.
 */
async function contractDraw(tx: Tx, s: GateShipment, lock: boolean): Promise<ContractDraw | null> {
  const [link] = await tx
    .select({ contractId: salesContracts.id, status: salesContracts.status })
    .from(salesContractShipments)
    .innerJoin(salesContracts, eq(salesContracts.id, salesContractShipments.contractId))
    .where(eq(salesContractShipments.shipmentId, s.shipmentId));
  if (!link) return null;
  const query = tx
    .select({
      id: salesContractLines.id,
      specId: salesContractLines.specId,
      quantity: salesContractLines.quantity,
      shipped: salesContractLines.shippedQuantity,
    })
    .from(salesContractLines)
    .where(eq(salesContractLines.contractId, link.contractId))
    .orderBy(asc(salesContractLines.id));
  const rows = lock ? await query.for('update') : await query;
  const used = new Map<number, number>();
  const lineIds = s.lines.map((l) => {
    const wanted = toMilli(l.quantity);
    const fits = rows.find(
      (r) => r.specId === l.specId && toMilli(r.quantity) - toMilli(r.shipped) - (used.get(r.id) ?? 0) >= wanted,
    );
    if (!fits) return null;
    used.set(fits.id, (used.get(fits.id) ?? 0) + wanted);
    return fits.id;
  });
  return { contractId: link.contractId, active: link.status === 'active', lineIds };
}

// ---- what each line relies on ----

/** The makers' names of the covering letters. */
async function makerNames(tx: Tx, coverage: readonly LineCoverage[]): Promise<Map<number, string>> {
  const ids = [...new Set(coverage.flatMap((c) => (c.covered ? [c.makerOrgId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The first refusal of line i: its coverage's, else the contract's. */
function refusalOf(i: number, c: LineCoverage, contract: ContractDraw | null): CoverageRefusalValue | null {
  if (!c.covered) return c.refusal;
  if (contract && !contract.active) return 'contract_not_active';
  if (contract && contract.lineIds[i] === null) return 'contract_quantity';
  return null;
}

async function checkShipment(tx: Tx, s: GateShipment): Promise<(LineScope | null)[] | null> {
  if (!gated(s)) return null;
  const coverage = await coverageOf(tx, questionOf(s));
  const contract = await contractDraw(tx, s, false);
  const makers = await makerNames(tx, coverage);
  return coverage.map((c, i) => {
    const refusal = refusalOf(i, c, contract);
    if (refusal || !c.covered) return { covered: false, label: refusalText(refusal ?? 'no_authorisation') };
    return {
      covered: true,
      label: `授权书 ${c.number}（${makers.get(c.makerOrgId) ?? ''}）`,
      letterNumber: c.number,
      letterPublicId: c.publicId,
    };
  });
}

/** Ship: every line covered under lock, else refused line by line; caps and contract lines drawn down; what each relied on kept. */
async function shipShipment(tx: Tx, s: GateShipment): Promise<void> {
  if (!gated(s)) return;
  // The contract's lines are locked before the items, in every transaction that takes both (withdrawals too).
  const contract = await contractDraw(tx, s, true);
  const coverage = await coverageOf(tx, questionOf(s), { lock: true });
  if (contract && !contract.active) throw conflict(`${refusalText('contract_not_active')}，不能按合同发货`);
  const fields: FieldError[] = [];
  for (const [i, c] of coverage.entries()) {
    const refusal = refusalOf(i, c, contract);
    if (refusal) fields.push({ field: refusalField(i, refusal), message: refusalText(refusal) });
  }
  if (fields.length > 0) throw invalidInput(fields);
  const covered = coverage.filter((c): c is Extract<LineCoverage, { covered: true }> => c.covered);
  await drawDownItems(
    tx,
    covered.map((c, i) => ({ id: c.authorisationItemId, quantity: s.lines[i]?.quantity ?? '0' })),
  );
  if (contract) {
    await drawDownContractLines(
      tx,
      s.lines.map((l, i) => ({ id: contract.lineIds[i] as number, quantity: l.quantity })),
    );
  }
  // One JSON parameter for the rows (a 500-line shipment would otherwise bind 3 000 parameters).
  const rows = covered.map((c, i) => ({
    shipment_line_id: s.lines[i]?.lineId,
    authorisation_id: c.authorisationId,
    authorisation_item_id: c.authorisationItemId,
    contract_line_id: contract ? contract.lineIds[i] : null,
    quantity: s.lines[i]?.quantity ?? '0',
  }));
  await tx.execute(sql`
    insert into ${shipmentLineAuthorisations}
      (shipment_line_id, shipment_id, authorisation_id, authorisation_item_id, contract_line_id, quantity)
    select r.shipment_line_id, ${s.shipmentId}::int, r.authorisation_id, r.authorisation_item_id, r.contract_line_id,
      r.quantity
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(shipment_line_id int, authorisation_id int,
      authorisation_item_id int, contract_line_id int, quantity numeric)`);
}

// ---- adding and giving back ----

/** Adds to (or, negative, takes from) contract lines' shipped quantity in one statement; the CHECK keeps it within 0 … quantity. */
async function drawDownContractLines(tx: Tx, draws: readonly { id: number; quantity: string }[], sign: 1 | -1 = 1) {
  await addPerId(tx, salesContractLines, draws, sign);
}

/**
 * A shipment withdrawn before receipt (voided, or the outstanding part of a closed one) gives back what its lines
 * drew: those goods are back in the distributor's stock, unsold, and will draw again when they ship. What was
 * received — accepted or rejected — stays drawn.
 */
async function withdrawShipment(tx: Tx, shipmentId: number, lines: readonly { lineId: number; quantity: string }[]) {
  const rows = await tx
    .select()
    .from(shipmentLineAuthorisations)
    .where(
      and(
        eq(shipmentLineAuthorisations.shipmentId, shipmentId),
        inArray(
          shipmentLineAuthorisations.shipmentLineId,
          lines.map((l) => l.lineId),
        ),
      ),
    );
  if (rows.length === 0) return;
  const back = new Map(lines.map((l) => [l.lineId, l.quantity]));
  const gives = rows.map((r) => ({ row: r, quantity: back.get(r.shipmentLineId) ?? '0' }));
  // Contract lines before items, as shipping takes them (no two transactions wait on each other in turn).
  await drawDownContractLines(
    tx,
    gives.flatMap((g) => (g.row.contractLineId === null ? [] : [{ id: g.row.contractLineId, quantity: g.quantity }])),
    -1,
  );
  await drawDownItems(
    tx,
    gives.map((g) => ({ id: g.row.authorisationItemId, quantity: g.quantity })),
    -1,
  );
  // What each line still relies on, in one statement (a 500-line void would otherwise be 500 updates).
  await tx.execute(sql`
    update ${shipmentLineAuthorisations} r set quantity = r.quantity - g.q
    from jsonb_to_recordset(${JSON.stringify(gives.map((g) => ({ id: g.row.shipmentLineId, q: g.quantity })))}::jsonb)
      as g(id int, q numeric)
    where r.shipment_line_id = g.id`);
}

/** The distribution module's shipment gate (app.ts passes it to the traceability module). */
export const distributionShipmentGate: ShipmentGate = {
  check: checkShipment,
  ship: shipShipment,
  withdrawn: withdrawShipment,
};
