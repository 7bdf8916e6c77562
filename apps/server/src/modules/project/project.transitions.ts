import { MembershipStatus, type MembershipStatusValue } from '@jcbb/contract';

/**
 * An organisation's membership of a project as one table: for each action, who may take it, from which states, and
 * where it leads. Pure: the service finds the actor (and answers 404 to anyone who may not see the project) before it
 * asks. `null` as a state is "never invited".
 *
 *   invite   new/declined/removed → invited    the project's developer (企业管理员)
 *   accept   invited → accepted                 the invited organisation's 企业管理员
 *   decline  invited → declined                 the invited organisation's 企业管理员, optional reason
 *   remove   invited/accepted → removed         the project's developer, only before material has moved
 *                                               (canRemoveMemberOrg in project.removal.ts)
 *
 * The developer's own membership is created accepted with the project and is never removed.
 */
export const MembershipAction = { INVITE: 'invite', ACCEPT: 'accept', DECLINE: 'decline', REMOVE: 'remove' } as const;
export type MembershipActionValue = (typeof MembershipAction)[keyof typeof MembershipAction];
export const membershipActionValues = Object.values(MembershipAction);

/** Who is acting, relative to the project and the membership in question. */
export type MembershipActor = 'developer' | 'invitee';

type State = MembershipStatusValue | null;
const S = MembershipStatus;

interface Rule {
  actors: readonly MembershipActor[];
  moves: ReadonlyMap<State, MembershipStatusValue>;
}

const rules: Record<MembershipActionValue, Rule> = {
  invite: {
    actors: ['developer'],
    moves: new Map<State, MembershipStatusValue>([
      [null, S.INVITED],
      [S.DECLINED, S.INVITED],
      [S.REMOVED, S.INVITED],
    ]),
  },
  accept: { actors: ['invitee'], moves: new Map<State, MembershipStatusValue>([[S.INVITED, S.ACCEPTED]]) },
  decline: { actors: ['invitee'], moves: new Map<State, MembershipStatusValue>([[S.INVITED, S.DECLINED]]) },
  remove: {
    actors: ['developer'],
    moves: new Map<State, MembershipStatusValue>([
      [S.INVITED, S.REMOVED],
      [S.ACCEPTED, S.REMOVED],
    ]),
  },
};

export type MembershipTransition =
  | { ok: true; to: MembershipStatusValue }
  /** `actor`: this actor may never take the action (403); `state`: not from this state (409). */
  | { ok: false; refusal: 'actor' | 'state' };

export function membershipTransition(
  actor: MembershipActor,
  action: MembershipActionValue,
  from: State,
): MembershipTransition {
  const rule = rules[action];
  if (!rule.actors.includes(actor)) return { ok: false, refusal: 'actor' };
  const to = rule.moves.get(from);
  return to === undefined ? { ok: false, refusal: 'state' } : { ok: true, to };
}
