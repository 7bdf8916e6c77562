import {
  type ListingActionValue,
  ListingActor,
  type ListingActorValue,
  ListingStatus,
  type ListingStatusValue,
} from '@jcbb/contract';
import { type TransitionRule, transitionTable } from '../../lib/transitions.ts';

/**
 * The listing workflow (issue 4 item 4) as one table: for each action, who may take it, from which states, and
 * where it leads. Pure: the service resolves the actor (and answers 404 to anyone who may not see the listing at
 * all) before it asks. `null` as a state is "no listing yet" (a first save or submission creates one) and, as a
 * target, "the listing is gone" (delete).
 *
 *   save            new/0 → 0, 4 → 4, 5 → 5, 6 → 6   manufacturer (admin, staff)   values change, state does not
 *   submit          new/0/4/5/6 → 1                  manufacturer (admin, staff)   a new submission
 *   platform_approve 1 → 2                           platform (super_admin)
 *   platform_reject  1 → 4                           platform, with a reason
 *   city_approve     2 → 3                           the city's 住建委
 *   city_reject      2 → 5                           the city's 住建委, with a reason
 *   city_not_green   2 → 3 (not_green = true)        the city's 住建委, with a reason
 *   delist           3 → 6                           manufacturer admin
 *   delete           0/4/5/6 → gone                  manufacturer admin
 *
 * A listing in audit (1, 2) or listed (3) cannot be edited: delist it first, then correct and resubmit.
 */

type State = ListingStatusValue | null;

const { MANUFACTURER_ADMIN, MANUFACTURER_STAFF, PLATFORM, CITY } = ListingActor;
const S = ListingStatus;
const manufacturer = [MANUFACTURER_ADMIN, MANUFACTURER_STAFF] as const;

const rules: Record<ListingActionValue, TransitionRule<ListingActorValue, State> & { needsReason: boolean }> = {
  save: {
    actors: manufacturer,
    moves: [
      [null, S.DRAFT],
      [S.DRAFT, S.DRAFT],
      [S.PLATFORM_REJECTED, S.PLATFORM_REJECTED],
      [S.CITY_REJECTED, S.CITY_REJECTED],
      [S.DELISTED, S.DELISTED],
    ],
    needsReason: false,
  },
  submit: {
    actors: manufacturer,
    moves: [
      [null, S.PLATFORM_AUDIT],
      [S.DRAFT, S.PLATFORM_AUDIT],
      [S.PLATFORM_REJECTED, S.PLATFORM_AUDIT],
      [S.CITY_REJECTED, S.PLATFORM_AUDIT],
      [S.DELISTED, S.PLATFORM_AUDIT],
    ],
    needsReason: false,
  },
  platform_approve: {
    actors: [PLATFORM],
    moves: [[S.PLATFORM_AUDIT, S.CITY_AUDIT]],
    needsReason: false,
  },
  platform_reject: {
    actors: [PLATFORM],
    moves: [[S.PLATFORM_AUDIT, S.PLATFORM_REJECTED]],
    needsReason: true,
  },
  city_approve: {
    actors: [CITY],
    moves: [[S.CITY_AUDIT, S.LISTED]],
    needsReason: false,
  },
  city_reject: {
    actors: [CITY],
    moves: [[S.CITY_AUDIT, S.CITY_REJECTED]],
    needsReason: true,
  },
  city_not_green: {
    actors: [CITY],
    moves: [[S.CITY_AUDIT, S.LISTED]],
    needsReason: true,
  },
  delist: {
    actors: [MANUFACTURER_ADMIN],
    moves: [[S.LISTED, S.DELISTED]],
    needsReason: false,
  },
  delete: {
    actors: [MANUFACTURER_ADMIN],
    moves: [
      [S.DRAFT, null],
      [S.PLATFORM_REJECTED, null],
      [S.CITY_REJECTED, null],
      [S.DELISTED, null],
    ],
    needsReason: false,
  },
};

const table = transitionTable(rules);

export type TransitionResult =
  | { ok: true; to: State; needsReason: boolean }
  /** `actor`: this actor may never take the action (403); `state`: not from this state (409). */
  | { ok: false; refusal: 'actor' | 'state' };

/** May `actor` take `action` on a listing in state `from`, and where does it lead? */
export function transition(actor: ListingActorValue, action: ListingActionValue, from: State): TransitionResult {
  const result = table.take(actor, action, from);
  return result.ok ? { ...result, needsReason: rules[action].needsReason } : result;
}

/** The actions `actor` may take on a listing in state `from` (for the detail view's buttons). */
export function allowedActions(actor: ListingActorValue | null, from: State): ListingActionValue[] {
  return actor === null ? [] : table.allowed(actor, from);
}

/** Transitions into or out of LISTED change what the public catalogue (and the product's tags) show. */
export function touchesListed(from: number | null, to: number | null): boolean {
  return from === S.LISTED || to === S.LISTED;
}
