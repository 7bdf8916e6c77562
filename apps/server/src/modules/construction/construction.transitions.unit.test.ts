import { type InspectionStateValue, inspectionStateValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type InspectionActionValue,
  type InspectionActor,
  inspectionActionValues,
  inspectionTransition,
} from './construction.transitions.ts';

const actors: InspectionActor[] = ['contractor', 'supervisor', 'witness'];

/** Every allowed move, written out by hand from docs/construction.md ("Inspection and quarantine"). */
const allowed: [InspectionActor, InspectionActionValue, InspectionStateValue, InspectionStateValue][] = [
  ['contractor', 'submit', 'pending', 'submitted'],
  ['supervisor', 'send_back', 'submitted', 'pending'],
  ['supervisor', 'release', 'submitted', 'released'],
  ['supervisor', 'concede', 'submitted', 'concession'],
  ['supervisor', 'hold', 'submitted', 'pending_retest'],
  ['supervisor', 'reject', 'submitted', 'rejected'],
  ['witness', 'retest_pass', 'pending_retest', 'released'],
  ['witness', 'retest_fail', 'pending_retest', 'rejected'],
  ['witness', 'retest_fail', 'released', 'rejected'],
  ['witness', 'retest_fail', 'concession', 'rejected'],
  ['contractor', 'return', 'rejected', 'returned'],
  ['contractor', 'destroy', 'rejected', 'destroyed'],
];
const actorsOf: Record<InspectionActionValue, InspectionActor[]> = {
  submit: ['contractor'],
  send_back: ['supervisor'],
  release: ['supervisor'],
  concede: ['supervisor'],
  hold: ['supervisor'],
  reject: ['supervisor'],
  retest_pass: ['witness'],
  retest_fail: ['witness'],
  return: ['contractor'],
  destroy: ['contractor'],
};

describeTransitions('site inspection', inspectionTransition, {
  actors,
  actions: inspectionActionValues,
  states: inspectionStateValues,
  actorsOf,
  allowed,
});
