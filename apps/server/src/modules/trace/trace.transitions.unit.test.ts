import type { ShipmentStatusValue } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../../../test/transition-cases.ts';
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
describeTransitions<ShipmentActor, ShipmentMoveValue, State, ShipmentStatusValue>('shipment', shipmentTransition, {
  actors,
  actions: shipmentMoveValues,
  states,
  actorsOf,
  allowed,
});

describe('shipment transitions: receiving', () => {
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
