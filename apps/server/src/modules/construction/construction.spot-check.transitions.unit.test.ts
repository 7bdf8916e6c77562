import { type SpotCheckStateValue, spotCheckStateValues } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type SpotCheckActionValue,
  type SpotCheckActor,
  spotCheckActionsOf,
  spotCheckActionValues,
  spotCheckTransition,
} from './construction.spot-check.transitions.ts';

type State = SpotCheckStateValue | null;
const actors: SpotCheckActor[] = ['supervisor', 'contractor'];

/** Every allowed move, written out by hand from docs/construction.md ("Spot checks"). */
const allowed: [SpotCheckActor, SpotCheckActionValue, State, SpotCheckStateValue][] = [
  ['supervisor', 'record', null, 'recorded'],
  ['contractor', 'rectify', 'rectifying', 'rectifying'],
  ['supervisor', 'close', 'rectifying', 'closed'],
];
const actorsOf: Record<SpotCheckActionValue, SpotCheckActor[]> = {
  record: ['supervisor'],
  rectify: ['contractor'],
  close: ['supervisor'],
};

describeTransitions('spot check', spotCheckTransition, {
  actors,
  actions: spotCheckActionValues,
  states: [null, ...spotCheckStateValues],
  actorsOf,
  allowed,
});

describe('recording a spot check', () => {
  it('leads to rectification when an item failed', () => {
    expect(spotCheckTransition('supervisor', 'record', null, { failed: true })).toEqual({ ok: true, to: 'rectifying' });
    expect(spotCheckTransition('supervisor', 'record', null, { failed: false })).toEqual({ ok: true, to: 'recorded' });
    expect(spotCheckTransition('contractor', 'record', null, { failed: true })).toEqual({
      ok: false,
      refusal: 'actor',
    });
  });

  it('offers a closed check no action', () => {
    expect(spotCheckActionsOf('supervisor', 'closed')).toEqual([]);
    expect(spotCheckActionsOf('contractor', 'closed')).toEqual([]);
  });
});
