import type { Tx } from '../../db/client.ts';

/** One line of a shipment as a gate sees it. */
export interface GateLine {
  /** The stored line (null while a draft's lines are only checked). */
  lineId: number | null;
  productId: number;
  specId: number;
  lotId: number;
  /** In the specification's unit, decimal text (thousandths exact). */
  quantity: string;
}

/** A shipment as a gate sees it: who ships it, where and when it goes, and its lines. */
export interface GateShipment {
  shipmentId: number;
  shipperOrgId: number;
  /** OrgType of the shipping organisation. */
  shipperOrgType: number;
  /** A return of goods rejected on a receipt, going back to their supplier. */
  isReturn: boolean;
  /** The destination's GB/T 2260 code (the project's county, or the destination address's), null when unknown. */
  regionCode: string | null;
  /** The destination project, when it goes to one. */
  projectId: number | null;
  /** yyyy-mm-dd (Shanghai). */
  shipDate: string;
  lines: readonly GateLine[];
}

/** What a gate says of one line, as the draft's check shows it (`ShipmentLineView.scope`). */
export interface LineScope {
  covered: boolean;
  /** The rule a refusal names, or what the line relies on — in Chinese. */
  label: string;
  letterNumber?: string;
  letterPublicId?: string;
}

/**
 * Rules another module puts on shipping (docs/traceability.md, "Shipment gate"; docs/distribution.md, "Shipping
 * under authorisation"). Traceability sits below the distribution module, so it declares the hook and app.ts passes
 * distribution's implementation to the shipment service (the same shape as `ProjectIntake` and the product module's
 * `FactGate`).
 *
 * - `check` answers, without locking, what each line would rely on or why it is refused: the draft's check shows it
 *   per line and its refusals as blockers. null = the gate has nothing to say of this shipment.
 * - `ship` runs in the ship transaction after traceability's own checks: it refuses (throws 400 with per-line fields
 *   or 409) or records what each line relied on.
 * - `withdrawn` runs in the void or close transaction with what goes back into the shipper's stock, per line.
 */
export interface ShipmentGate {
  check(tx: Tx, shipment: GateShipment): Promise<(LineScope | null)[] | null>;
  ship(tx: Tx, shipment: GateShipment): Promise<void>;
  withdrawn(tx: Tx, shipmentId: number, lines: readonly { lineId: number; quantity: string }[]): Promise<void>;
}

/**
 * Several modules' rules on shipping as one gate (docs/traceability.md, "Shipment gate"): app.ts passes
 * `combineGates(distributionShipmentGate, procurementShipmentGate)`. `check` answers per line the first refusal of
 * any gate, else the first gate's scope that says something (null when no gate says anything of the shipment);
 * `ship` and `withdrawn` run each gate in turn, in the order given — the same order in both, so their row locks are
 * always taken in one order.
 */
export function combineGates(...gates: readonly ShipmentGate[]): ShipmentGate {
  return {
    async check(tx, shipment) {
      const answers: (LineScope | null)[][] = [];
      for (const gate of gates) {
        const a = await gate.check(tx, shipment);
        if (a) answers.push(a);
      }
      if (answers.length === 0) return null;
      return shipment.lines.map((_, i) => {
        const said = answers.map((a) => a[i] ?? null);
        return said.find((s) => s && !s.covered) ?? said.find((s) => s !== null) ?? null;
      });
    },
    async ship(tx, shipment) {
      for (const gate of gates) await gate.ship(tx, shipment);
    },
    async withdrawn(tx, shipmentId, lines) {
      for (const gate of gates) await gate.withdrawn(tx, shipmentId, lines);
    },
  };
}
