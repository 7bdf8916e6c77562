import { InspectionState, type InspectionStateValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A delivered lot's inspection at the site as one table (docs/construction.md, "Inspection and quarantine"). Pure:
 * the service finds the caller's part on the project (answering 404 to anyone who may not see it) before it asks.
 *
 *   submit         pending → submitted              the contractor's inspector (or its project leader): the
 *                                                   checklist and a verdict, 材料进场报验
 *   send_back      submitted → pending              the supervisor, with a reason: inspect again
 *   release        submitted → released             the supervisor approves a pass
 *   concede        submitted → concession           the supervisor approves a concession (让步接收, with a reason)
 *   hold           submitted → pending_retest       the supervisor approves holding the lot for a witnessed retest
 *   reject         submitted → rejected             the supervisor approves a failure
 *   retest_pass    pending_retest → released        the witness records passing reports for every sample taken
 *   retest_fail    pending_retest → rejected        the witness records a failing report; also from released or
 *                  released, concession → rejected  concession (a later retest): what is still usable moves to
 *                                                   rejected, what was issued stays issued
 *   return         rejected → returned              the contractor: the goods left the site for the supplier
 *   destroy        rejected → destroyed             the contractor: the goods were destroyed on site
 *
 * Stock moves with the state: quarantined until released/concession (→ usable) or rejected (→ rejected); a failed
 * retest after release moves what is still usable to rejected; returned and destroyed take what the inspection put
 * into the rejected bucket out of it.
 */
export const InspectionAction = {
  SUBMIT: 'submit',
  SEND_BACK: 'send_back',
  RELEASE: 'release',
  CONCEDE: 'concede',
  HOLD: 'hold',
  REJECT: 'reject',
  RETEST_PASS: 'retest_pass',
  RETEST_FAIL: 'retest_fail',
  RETURN: 'return',
  DESTROY: 'destroy',
} as const;
export type InspectionActionValue = (typeof InspectionAction)[keyof typeof InspectionAction];
export const inspectionActionValues = Object.values(InspectionAction);

/**
 * Who is acting on the project: the construction unit's inspector (or leader), the supervising engineer (the
 * supervision unit; the developer where the project has no supervision unit), the witness of a sample.
 */
export type InspectionActor = 'contractor' | 'supervisor' | 'witness';

const S = InspectionState;

const table = transitionTable<InspectionActionValue, InspectionActor, InspectionStateValue>({
  submit: { actors: ['contractor'], moves: [[S.PENDING, S.SUBMITTED]] },
  send_back: { actors: ['supervisor'], moves: [[S.SUBMITTED, S.PENDING]] },
  release: { actors: ['supervisor'], moves: [[S.SUBMITTED, S.RELEASED]] },
  concede: { actors: ['supervisor'], moves: [[S.SUBMITTED, S.CONCESSION]] },
  hold: { actors: ['supervisor'], moves: [[S.SUBMITTED, S.PENDING_RETEST]] },
  reject: { actors: ['supervisor'], moves: [[S.SUBMITTED, S.REJECTED]] },
  retest_pass: { actors: ['witness'], moves: [[S.PENDING_RETEST, S.RELEASED]] },
  retest_fail: {
    actors: ['witness'],
    moves: [
      [S.PENDING_RETEST, S.REJECTED],
      [S.RELEASED, S.REJECTED],
      [S.CONCESSION, S.REJECTED],
    ],
  },
  return: { actors: ['contractor'], moves: [[S.REJECTED, S.RETURNED]] },
  destroy: { actors: ['contractor'], moves: [[S.REJECTED, S.DESTROYED]] },
});

export const inspectionTransition = (
  actor: InspectionActor,
  action: InspectionActionValue,
  from: InspectionStateValue,
): Transition<InspectionStateValue> => table.take(actor, action, from);

export const inspectionActionsOf = (actor: InspectionActor, from: InspectionStateValue): InspectionActionValue[] =>
  table.allowed(actor, from);
