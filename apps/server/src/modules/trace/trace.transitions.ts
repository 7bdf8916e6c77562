import { ShipmentStatus, type ShipmentStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A shipment's life as one table (docs/traceability.md, "Shipment states"): for each action, who may take it, from
 * which states, and where it leads. Pure: the service finds the caller's side of the shipment (and answers 404 to
 * anyone who may not see it) before it asks.
 *
 *   save     draft → draft                              the shipper (lines replaced)
 *   ship     draft → shipped                            the shipper
 *   cancel   draft → cancelled                          the shipper
 *   void     shipped → voided                           the shipper (shipped = nothing received yet)
 *   receive  shipped, partially received → partially received, or received when nothing is outstanding
 *                                                      the receiver
 *   close    shipped, partially received → closed       the shipper or the receiver, with a reason
 *
 * `null` as a state is "not yet saved".
 */
export const ShipmentMove = {
  SAVE: 'save',
  SHIP: 'ship',
  CANCEL: 'cancel',
  VOID: 'void',
  RECEIVE: 'receive',
  CLOSE: 'close',
} as const;
export type ShipmentMoveValue = (typeof ShipmentMove)[keyof typeof ShipmentMove];
export const shipmentMoveValues = Object.values(ShipmentMove);

/** Who is acting, relative to the shipment: the organisation it leaves, or the one that receives it. */
export type ShipmentActor = 'shipper' | 'receiver';

type State = ShipmentStatusValue | null;
const S = ShipmentStatus;

const table = transitionTable<ShipmentMoveValue, ShipmentActor, State, ShipmentStatusValue>({
  save: {
    actors: ['shipper'],
    moves: [
      [null, S.DRAFT],
      [S.DRAFT, S.DRAFT],
    ],
  },
  ship: { actors: ['shipper'], moves: [[S.DRAFT, S.SHIPPED]] },
  cancel: { actors: ['shipper'], moves: [[S.DRAFT, S.CANCELLED]] },
  void: { actors: ['shipper'], moves: [[S.SHIPPED, S.VOIDED]] },
  // The table's target is the partial one; a receipt that leaves nothing outstanding finishes the shipment.
  receive: {
    actors: ['receiver'],
    moves: [
      [S.SHIPPED, S.PARTIALLY_RECEIVED],
      [S.PARTIALLY_RECEIVED, S.PARTIALLY_RECEIVED],
    ],
  },
  close: {
    actors: ['shipper', 'receiver'],
    moves: [
      [S.SHIPPED, S.CLOSED],
      [S.PARTIALLY_RECEIVED, S.CLOSED],
    ],
  },
});

export type ShipmentTransition = Transition<ShipmentStatusValue>;

/**
 * The move of `actor` taking `action` from `from`. For `receive`, `complete` says whether the receipt leaves nothing
 * outstanding (then the shipment is received).
 */
export function shipmentTransition(
  actor: ShipmentActor,
  action: ShipmentMoveValue,
  from: State,
  opts: { complete?: boolean } = {},
): ShipmentTransition {
  const result = table.take(actor, action, from);
  if (result.ok && action === 'receive' && opts.complete) return { ok: true, to: S.RECEIVED };
  return result;
}

/** Whether `actor` may take `action` from `from` (for the detail's list of what the caller may do). */
export const mayTake = (actor: ShipmentActor, action: ShipmentMoveValue, from: State) => table.may(actor, action, from);

/** States in which a shipment is finished: its codes are no longer on the way (shipment_codes.open = false). */
export const FINISHED_STATES: readonly ShipmentStatusValue[] = [S.RECEIVED, S.CLOSED, S.CANCELLED, S.VOIDED];
