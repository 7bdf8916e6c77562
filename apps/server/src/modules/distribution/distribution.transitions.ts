import {
  AuthorisationAction,
  type AuthorisationActionValue,
  AuthorisationStatus,
  type AuthorisationStatusValue,
} from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * An authorisation's life as one table (docs/distribution.md, "States"), on its state as read today (`expired`
 * included: `authorisationState`). Pure: the service finds the caller's side first (answering 404 to anyone who is
 * neither party, and to the distributor for a draft) and asks here; 403 for `refusal: 'actor'`, 409 for 'state'.
 *
 *   save       draft → draft                                  the maker
 *   delete     draft → (gone)                                 the maker
 *   issue      draft → issued  (→ active at once with auto-accept, the service's step)   the maker
 *   accept     issued → active                                the distributor
 *   suspend    active → suspended                             the maker, with a reason
 *   resume     suspended → active                             the maker
 *   revoke     issued | active | suspended → revoked          the maker, with a reason; final
 *   renew      issued | active | suspended | expired → (unchanged; a new draft version)   the maker
 *   supersede  issued | active | suspended | expired → superseded   the maker, by issuing the renewal
 *
 * An expired letter can be renewed and superseded but not accepted, suspended, resumed or revoked: its period is over.
 */
export type AuthorisationActor = 'maker' | 'distributor';
export const SUPERSEDE = 'supersede';
export type AuthorisationMove = AuthorisationActionValue | typeof SUPERSEDE;
export const authorisationMoves: AuthorisationMove[] = [...Object.values(AuthorisationAction), SUPERSEDE];

const S = AuthorisationStatus;
type State = AuthorisationStatusValue;
/** Where a move leads: a state, or null for a deleted draft. */
type To = AuthorisationStatusValue | null;

const inForce = [S.ISSUED, S.ACTIVE, S.SUSPENDED, S.EXPIRED] as const;

const table = transitionTable<AuthorisationMove, AuthorisationActor, State, To>({
  save: { actors: ['maker'], moves: [[S.DRAFT, S.DRAFT]] },
  delete: { actors: ['maker'], moves: [[S.DRAFT, null]] },
  issue: { actors: ['maker'], moves: [[S.DRAFT, S.ISSUED]] },
  accept: { actors: ['distributor'], moves: [[S.ISSUED, S.ACTIVE]] },
  suspend: { actors: ['maker'], moves: [[S.ACTIVE, S.SUSPENDED]] },
  resume: { actors: ['maker'], moves: [[S.SUSPENDED, S.ACTIVE]] },
  revoke: {
    actors: ['maker'],
    moves: [
      [S.ISSUED, S.REVOKED],
      [S.ACTIVE, S.REVOKED],
      [S.SUSPENDED, S.REVOKED],
    ],
  },
  renew: { actors: ['maker'], moves: inForce.map((s) => [s, s] as const) },
  supersede: { actors: ['maker'], moves: inForce.map((s) => [s, S.SUPERSEDED] as const) },
});

export const authorisationTransition = (
  actor: AuthorisationActor,
  move: AuthorisationMove,
  from: State,
): Transition<To> => table.take(actor, move, from);

/** The actions the caller may take now (the views' `actions`; supersession is no button). */
export const authorisationActions = (actor: AuthorisationActor, from: State): AuthorisationActionValue[] =>
  table.allowed(actor, from).filter((a): a is AuthorisationActionValue => a !== SUPERSEDE);
