import type { AlertActionValue, AlertSide, AlertStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A risk alert's workflow as one table (docs/government.md, "Risk rules: the workflow"). Pure: the service finds the
 * caller's side (404 to anyone who may not see the alert) before it asks.
 *
 *   acknowledge  open → acknowledged                          the city's committee
 *   explain      acknowledged → explained                     the organisation asked to explain (its text, files)
 *   dismiss      acknowledged | explained → dismissed         the committee, with a reason (not a problem)
 *   confirm      acknowledged | explained → confirmed         the committee, with a reason (a problem)
 *   close        dismissed | confirmed → closed               the committee, with a reason
 *
 * Anyone else who may read the alert (the platform operator, another organisation on the project) is a reader.
 */
const table = transitionTable<AlertActionValue, AlertSide, AlertStatusValue>({
  acknowledge: { actors: ['committee'], moves: [['open', 'acknowledged']] },
  explain: { actors: ['organisation'], moves: [['acknowledged', 'explained']] },
  dismiss: {
    actors: ['committee'],
    moves: [
      ['acknowledged', 'dismissed'],
      ['explained', 'dismissed'],
    ],
  },
  confirm: {
    actors: ['committee'],
    moves: [
      ['acknowledged', 'confirmed'],
      ['explained', 'confirmed'],
    ],
  },
  close: {
    actors: ['committee'],
    moves: [
      ['dismissed', 'closed'],
      ['confirmed', 'closed'],
    ],
  },
});

export const alertTransition = (
  side: AlertSide,
  action: AlertActionValue,
  from: AlertStatusValue,
): Transition<AlertStatusValue> => table.take(side, action, from);

/** The actions the caller's side may take from a state (the detail's buttons). */
export const alertActions = (side: AlertSide, from: AlertStatusValue) => table.allowed(side, from);
