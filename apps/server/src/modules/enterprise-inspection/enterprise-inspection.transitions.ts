import type { InspectionRecordActionValue, InspectionRecordSide, InspectionRecordStateValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * An inspection record's workflow as one table (docs/enterprise-inspection.md, "Workflow"). Pure: the service finds
 * the caller's side (404 to anyone who may not see the record) before it asks.
 *
 *   submit   open → submitted          the organisation inspected, with its rectification (text, files)
 *   close    submitted → closed        the inspecting organisation accepts the rectification
 *   reopen   submitted → open          the inspecting organisation sends it back, with a reason
 *
 * A 合格 record is entered closed; a closed record does not move.
 */
const table = transitionTable<InspectionRecordActionValue, InspectionRecordSide, InspectionRecordStateValue>({
  submit: { actors: ['subject'], moves: [['open', 'submitted']] },
  close: { actors: ['inspector'], moves: [['submitted', 'closed']] },
  reopen: { actors: ['inspector'], moves: [['submitted', 'open']] },
});

export const inspectionTransition = (
  side: InspectionRecordSide,
  action: InspectionRecordActionValue,
  from: InspectionRecordStateValue,
): Transition<InspectionRecordStateValue> => table.take(side, action, from);

/** The actions the caller's side may take from a state (the detail's buttons). */
export const inspectionActions = (side: InspectionRecordSide, from: InspectionRecordStateValue) =>
  table.allowed(side, from);
