import { type SampleStateValue, sampleStateValues } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type SampleActionValue,
  type SampleActor,
  sampleActionsOf,
  sampleActionValues,
  sampleTransition,
} from './construction.sample.transitions.ts';

type State = SampleStateValue | null;
const actors: SampleActor[] = ['witness', 'contractor'];

/** Every allowed move, written out by hand from docs/construction.md ("Witness sampling"). */
const allowed: [SampleActor, SampleActionValue, State, SampleStateValue][] = [
  ['witness', 'create', null, 'sampled'],
  ['witness', 'send', 'sampled', 'sent'],
  ['witness', 'report', 'sent', 'reported'],
];
const actorsOf: Record<SampleActionValue, SampleActor[]> = {
  create: ['witness'],
  send: ['witness'],
  report: ['witness'],
};

describeTransitions('witness sample', sampleTransition, {
  actors,
  actions: sampleActionValues,
  states: [null, ...sampleStateValues],
  actorsOf,
  allowed,
});

describe('a sample’s buttons', () => {
  it('offer the witness the one next step, and the construction unit none', () => {
    expect(sampleActionsOf('witness', 'sampled')).toEqual(['send']);
    expect(sampleActionsOf('witness', 'sent')).toEqual(['report']);
    expect(sampleActionsOf('witness', 'reported')).toEqual([]);
    expect(sampleActionsOf('contractor', 'sampled')).toEqual([]);
  });
});
