import {
  ListingAction,
  type ListingActionValue,
  ListingActor,
  type ListingActorValue,
  type ListingStatusValue,
} from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { allowedActions, touchesListed, transition } from './listing-transitions.ts';

type State = ListingStatusValue | null;
const states: State[] = [null, 0, 1, 2, 3, 4, 5, 6];
const actors = Object.values(ListingActor) as ListingActorValue[];
const actions = Object.values(ListingAction) as ListingActionValue[];
const admin = ListingActor.MANUFACTURER_ADMIN;
const staff = ListingActor.MANUFACTURER_STAFF;
const platform = ListingActor.PLATFORM;
const city = ListingActor.CITY;

/**
 * Every allowed transition, written out by hand (independently of the table in listing-transitions.ts):
 * `actor action from → to`. Everything not listed here must be refused.
 */
const allowed: [ListingActorValue, ListingActionValue, State, State][] = [];
for (const who of [admin, staff]) {
  allowed.push(
    [who, 'save', null, 0],
    [who, 'save', 0, 0],
    [who, 'save', 4, 4],
    [who, 'save', 5, 5],
    [who, 'save', 6, 6],
    [who, 'submit', null, 1],
    [who, 'submit', 0, 1],
    [who, 'submit', 4, 1],
    [who, 'submit', 5, 1],
    [who, 'submit', 6, 1],
  );
}
allowed.push(
  [platform, 'platform_approve', 1, 2],
  [platform, 'platform_reject', 1, 4],
  [city, 'city_approve', 2, 3],
  [city, 'city_reject', 2, 5],
  [city, 'city_not_green', 2, 3],
  [admin, 'delist', 3, 6],
  [admin, 'delete', 0, null],
  [admin, 'delete', 4, null],
  [admin, 'delete', 5, null],
  [admin, 'delete', 6, null],
);

/** Who may ever take each action; any other actor is refused for "actor" (403), the rest for "state" (409). */
const actorsOf: Record<ListingActionValue, ListingActorValue[]> = {
  save: [admin, staff],
  submit: [admin, staff],
  platform_approve: [platform],
  platform_reject: [platform],
  city_approve: [city],
  city_reject: [city],
  city_not_green: [city],
  delist: [admin],
  delete: [admin],
};

describeTransitions<ListingActorValue, ListingActionValue, State, State>('listing', transition, {
  actors,
  actions,
  states,
  actorsOf,
  allowed,
});

describe('listing transitions', () => {
  it('covers every actor × action × state', () => {
    expect(actors.length * actions.length * states.length).toBe(4 * 9 * 8);
  });

  it.each(allowed)('%s %s from %s asks for a reason only when it refuses or marks not green', (actor, action, from) => {
    expect(transition(actor, action, from)).toMatchObject({
      ok: true,
      needsReason: ['platform_reject', 'city_reject', 'city_not_green'].includes(action),
    });
  });

  it('lists the actions a caller may take now', () => {
    expect(allowedActions(admin, 0)).toEqual(['save', 'submit', 'delete']);
    expect(allowedActions(staff, 0)).toEqual(['save', 'submit']);
    expect(allowedActions(admin, 3)).toEqual(['delist']);
    expect(allowedActions(staff, 3)).toEqual([]);
    expect(allowedActions(platform, 1)).toEqual(['platform_approve', 'platform_reject']);
    expect(allowedActions(platform, 2)).toEqual([]);
    expect(allowedActions(city, 2)).toEqual(['city_approve', 'city_reject', 'city_not_green']);
    expect(allowedActions(city, 1)).toEqual([]);
    expect(allowedActions(null, 0)).toEqual([]);
  });

  it('knows which transitions change what is listed', () => {
    expect(touchesListed(2, 3)).toBe(true);
    expect(touchesListed(3, 6)).toBe(true);
    expect(touchesListed(1, 2)).toBe(false);
    expect(touchesListed(0, null)).toBe(false);
  });
});
