import { MembershipStatus, type MembershipStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

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

const table = transitionTable<MembershipActionValue, MembershipActor, State, MembershipStatusValue>({
  invite: {
    actors: ['developer'],
    moves: [
      [null, S.INVITED],
      [S.DECLINED, S.INVITED],
      [S.REMOVED, S.INVITED],
    ],
  },
  accept: { actors: ['invitee'], moves: [[S.INVITED, S.ACCEPTED]] },
  decline: { actors: ['invitee'], moves: [[S.INVITED, S.DECLINED]] },
  remove: {
    actors: ['developer'],
    moves: [
      [S.INVITED, S.REMOVED],
      [S.ACCEPTED, S.REMOVED],
    ],
  },
});

export type MembershipTransition = Transition<MembershipStatusValue>;

export const membershipTransition = (
  actor: MembershipActor,
  action: MembershipActionValue,
  from: State,
): MembershipTransition => table.take(actor, action, from);
