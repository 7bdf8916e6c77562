import {
  type InspectionRecordActionValue,
  type InspectionRecordSide,
  type InspectionRecordStateValue,
  inspectionRecordActionValues,
} from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { inspectionTransition } from './enterprise-inspection.transitions.ts';

/** Every allowed move, written out by hand from docs/enterprise-inspection.md ("Workflow"), not from the table. */
describeTransitions<
  InspectionRecordSide,
  InspectionRecordActionValue,
  InspectionRecordStateValue,
  InspectionRecordStateValue
>('inspection record', inspectionTransition, {
  actors: ['subject', 'inspector'],
  actions: inspectionRecordActionValues,
  states: ['open', 'submitted', 'closed'],
  actorsOf: { submit: ['subject'], close: ['inspector'], reopen: ['inspector'] },
  allowed: [
    ['subject', 'submit', 'open', 'submitted'],
    ['inspector', 'close', 'submitted', 'closed'],
    ['inspector', 'reopen', 'submitted', 'open'],
  ],
});
