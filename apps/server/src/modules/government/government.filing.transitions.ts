import type { FilingActionValue, FilingStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/** Who acts on a filing's workflow: one of the project's filers, or the city's committee (a reader acts on nothing). */
export type FilingActor = 'filer' | 'committee';

/**
 * A filing's workflow as one table (docs/government.md, "Filing"). Pure: the service finds the caller's role (404 to
 * anyone who may not see the filing) before it asks.
 *
 *   save, prefill  draft | returned → (unchanged)            a filer: the grid and the filing's fields
 *   submit         draft → submitted, returned → resubmitted  a filer (every check passes)
 *   return         submitted | resubmitted → returned         the committee, with a reason
 *   confirm        submitted | resubmitted → confirmed        the committee
 *   close          confirmed → locked                         the committee, closing the quarter of its city
 *   correct        locked → draft                             a filer, with a reason: a new version, this one superseded
 */
const table = transitionTable<FilingActionValue, FilingActor, FilingStatusValue>({
  save: {
    actors: ['filer'],
    moves: [
      ['draft', 'draft'],
      ['returned', 'returned'],
    ],
  },
  prefill: {
    actors: ['filer'],
    moves: [
      ['draft', 'draft'],
      ['returned', 'returned'],
    ],
  },
  submit: {
    actors: ['filer'],
    moves: [
      ['draft', 'submitted'],
      ['returned', 'resubmitted'],
    ],
  },
  return: {
    actors: ['committee'],
    moves: [
      ['submitted', 'returned'],
      ['resubmitted', 'returned'],
    ],
  },
  confirm: {
    actors: ['committee'],
    moves: [
      ['submitted', 'confirmed'],
      ['resubmitted', 'confirmed'],
    ],
  },
  close: { actors: ['committee'], moves: [['confirmed', 'locked']] },
  correct: { actors: ['filer'], moves: [['locked', 'draft']] },
});

export const filingTransition = (
  actor: FilingActor,
  action: FilingActionValue,
  from: FilingStatusValue,
): Transition<FilingStatusValue> => table.take(actor, action, from);

/** The actions the caller may take from a state (the detail's buttons); a reader none. */
export const filingActions = (actor: FilingActor | 'reader', from: FilingStatusValue) =>
  actor === 'reader' ? [] : table.allowed(actor, from);
