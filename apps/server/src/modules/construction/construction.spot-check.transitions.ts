import { SpotCheckState, type SpotCheckStateValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A spot check's life as one table (docs/construction.md, "Spot checks"): the supervision unit's parallel test
 * (平行检验), patrol check (巡视抽检) or a regulator's check it records (监督抽检). Pure: the service finds the caller's
 * part on the project (answering 404 to anyone who may not see it) before it asks. `null` is "not recorded yet".
 *
 *   record    null → recorded         the supervisor: every item passed
 *             null → rectifying       the supervisor: an item failed (a rectification deadline is required)
 *   rectify   rectifying → rectifying the construction unit reports its rectification (again, if asked to)
 *   close     rectifying → closed     the supervisor, once the rectification is reported (the service checks that)
 *
 * The supervisor is the supervision unit on the project (the developer where there is none).
 */
export const SpotCheckAction = { RECORD: 'record', RECTIFY: 'rectify', CLOSE: 'close' } as const;
export type SpotCheckActionValue = (typeof SpotCheckAction)[keyof typeof SpotCheckAction];
export const spotCheckActionValues = Object.values(SpotCheckAction);

export type SpotCheckActor = 'supervisor' | 'contractor';

type State = SpotCheckStateValue | null;
const S = SpotCheckState;

const table = transitionTable<SpotCheckActionValue, SpotCheckActor, State, SpotCheckStateValue>({
  // The table's target is a pass's; a check with a failed item goes to rectification.
  record: { actors: ['supervisor'], moves: [[null, S.RECORDED]] },
  rectify: { actors: ['contractor'], moves: [[S.RECTIFYING, S.RECTIFYING]] },
  close: { actors: ['supervisor'], moves: [[S.RECTIFYING, S.CLOSED]] },
});

/** The move of `actor` taking `action` from `from`; for `record`, `failed` says an item failed. */
export function spotCheckTransition(
  actor: SpotCheckActor,
  action: SpotCheckActionValue,
  from: State,
  opts: { failed?: boolean } = {},
): Transition<SpotCheckStateValue> {
  const result = table.take(actor, action, from);
  if (result.ok && action === 'record' && opts.failed) return { ok: true, to: S.RECTIFYING };
  return result;
}

export const spotCheckActionsOf = (actor: SpotCheckActor, from: State): SpotCheckActionValue[] =>
  table.allowed(actor, from);
