import type { ShipmentStatusValue } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import {
  type ShipmentActor,
  type ShipmentMoveValue,
  shipmentMoveValues,
  shipmentTransition,
} from './trace.transitions.ts';

type State = ShipmentStatusValue | null;
const states: State[] = [null, 1, 2, 3, 4, 5, 6, 7];
const actors: ShipmentActor[] = ['shipper', 'receiver'];

/**
 * Every allowed move, written out by hand from docs/traceability.md (independently of the table): everything else
 * must be refused. `receive` is listed for a partial receipt; a complete one leads to 4 (received), checked below.
 */
const allowed: [ShipmentActor, ShipmentMoveValue, State, ShipmentStatusValue][] = [
  ['shipper', 'save', null, 1],
  ['shipper', 'save', 1, 1],
  ['shipper', 'ship', 1, 2],
  ['shipper', 'cancel', 1, 6],
  ['shipper', 'void', 2, 7],
  ['receiver', 'receive', 2, 3],
  ['receiver', 'receive', 3, 3],
  ['shipper', 'close', 2, 5],
  ['shipper', 'close', 3, 5],
  ['receiver', 'close', 2, 5],
  ['receiver', 'close', 3, 5],
];
const actorsOf: Record<ShipmentMoveValue, ShipmentActor[]> = {
  save: ['shipper'],
  ship: ['shipper'],
  cancel: ['shipper'],
  void: ['shipper'],
  receive: ['receiver'],
  close: ['shipper', 'receiver'],
};
const key = (a: string, b: string, s: State) => `${a} ${b} ${s}`;
const expected = new Map(allowed.map(([a, b, s, to]) => [key(a, b, s), to]));

describe('shipment transitions', () => {
  const cases = actors.flatMap((actor) =>
    shipmentMoveValues.flatMap((action) => states.map((from) => [actor, action, from] as const)),
  );
  it.each(cases)('%s %s from %s', (actor, action, from) => {
    const result = shipmentTransition(actor, action, from);
    const to = expected.get(key(actor, action, from));
    if (to !== undefined) expect(result).toEqual({ ok: true, to });
    else if (!actorsOf[action].includes(actor)) expect(result).toEqual({ ok: false, refusal: 'actor' });
    else expect(result).toEqual({ ok: false, refusal: 'state' });
  });

  it('lists every allowed move once', () => {
    const found = cases.filter(([a, b, s]) => shipmentTransition(a, b, s).ok).length;
    expect(found).toBe(allowed.length);
  });

  it.each([2, 3] as const)('a receipt that leaves nothing outstanding receives the shipment (from %s)', (from) => {
    expect(shipmentTransition('receiver', 'receive', from, { complete: true })).toEqual({ ok: true, to: 4 });
  });

  it.each([1, 4, 5, 6, 7] as const)('a complete receipt is still refused from %s', (from) => {
    expect(shipmentTransition('receiver', 'receive', from, { complete: true })).toEqual({
      ok: false,
      refusal: 'state',
    });
  });
});
