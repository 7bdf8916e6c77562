import type { MembershipStatusValue } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import {
  type MembershipActionValue,
  type MembershipActor,
  membershipActionValues,
  membershipTransition,
} from './project.transitions.ts';

type State = MembershipStatusValue | null;
const states: State[] = [null, 1, 2, 3, 4];
const actors: MembershipActor[] = ['developer', 'invitee'];

/** Every allowed move, written out by hand (independently of the table): everything else must be refused. */
const allowed: [MembershipActor, MembershipActionValue, State, MembershipStatusValue][] = [
  ['developer', 'invite', null, 1],
  ['developer', 'invite', 3, 1],
  ['developer', 'invite', 4, 1],
  ['invitee', 'accept', 1, 2],
  ['invitee', 'decline', 1, 3],
  ['developer', 'remove', 1, 4],
  ['developer', 'remove', 2, 4],
];
const actorsOf: Record<MembershipActionValue, MembershipActor[]> = {
  invite: ['developer'],
  accept: ['invitee'],
  decline: ['invitee'],
  remove: ['developer'],
};
const key = (a: string, b: string, s: State) => `${a} ${b} ${s}`;
const expected = new Map(allowed.map(([a, b, s, to]) => [key(a, b, s), to]));

describe('membership transitions', () => {
  const cases = actors.flatMap((actor) =>
    membershipActionValues.flatMap((action) => states.map((from) => [actor, action, from] as const)),
  );
  it.each(cases)('%s %s from %s', (actor, action, from) => {
    const result = membershipTransition(actor, action, from);
    const to = expected.get(key(actor, action, from));
    if (to !== undefined) expect(result).toEqual({ ok: true, to });
    else if (!actorsOf[action].includes(actor)) expect(result).toEqual({ ok: false, refusal: 'actor' });
    else expect(result).toEqual({ ok: false, refusal: 'state' });
  });

  it('lists every allowed move once', () => {
    const found = cases.filter(([a, b, s]) => membershipTransition(a, b, s).ok).length;
    expect(found).toBe(allowed.length);
  });
});
