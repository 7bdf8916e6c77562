import type { MembershipStatusValue } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type MembershipActionValue,
  type MembershipActor,
  membershipActionValues,
  membershipTransition,
} from './project.transitions.ts';

type State = MembershipStatusValue | null;

/** Every allowed move, written out by hand from docs/decisions.md (independently of the table). */
describeTransitions<MembershipActor, MembershipActionValue, State, MembershipStatusValue>(
  'membership',
  membershipTransition,
  {
    actors: ['developer', 'invitee'],
    actions: membershipActionValues,
    states: [null, 1, 2, 3, 4],
    actorsOf: { invite: ['developer'], accept: ['invitee'], decline: ['invitee'], remove: ['developer'] },
    allowed: [
      ['developer', 'invite', null, 1],
      ['developer', 'invite', 3, 1],
      ['developer', 'invite', 4, 1],
      ['invitee', 'accept', 1, 2],
      ['invitee', 'decline', 1, 3],
      ['developer', 'remove', 1, 4],
      ['developer', 'remove', 2, 4],
    ],
  },
);
