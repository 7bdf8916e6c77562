import { describe, expect, it } from 'vitest';
import type { Transition } from '../src/lib/transitions.ts';

/**
 * The generated test of a workflow table (src/lib/transitions.ts): every actor × action × state, against the allowed
 * moves written out by hand from the module's docs, independently of the table. An allowed move must lead where the
 * list says; any other must be refused — for the actor when the action is never theirs, else for the state — and the
 * table must allow nothing the list does not.
 */
export interface TransitionSpec<Actor extends string, Action extends string, State, To> {
  actors: readonly Actor[];
  actions: readonly Action[];
  states: readonly State[];
  /** Who may take each action at all (refusal 'actor' for the others). */
  actorsOf: Record<Action, readonly Actor[]>;
  /** [actor, action, from, to] of every allowed move. */
  allowed: readonly (readonly [Actor, Action, State, To])[];
}

export function describeTransitions<Actor extends string, Action extends string, State, To>(
  name: string,
  take: (actor: Actor, action: Action, from: State) => Transition<To> | { ok: false; refusal: string },
  spec: TransitionSpec<Actor, Action, State, To>,
): void {
  const key = (actor: Actor, action: Action, from: State) => `${actor} ${action} ${String(from)}`;
  const expected = new Map(spec.allowed.map(([actor, action, from, to]) => [key(actor, action, from), to]));
  const cases = spec.actors.flatMap((actor) =>
    spec.actions.flatMap((action) => spec.states.map((from) => [actor, action, from] as const)),
  );

  describe(`${name}: every actor × action × state`, () => {
    it.each(cases)('%s %s from %s', (actor, action, from) => {
      const result = take(actor, action, from);
      const k = key(actor, action, from);
      if (expected.has(k)) expect(result).toMatchObject({ ok: true, to: expected.get(k) });
      else if (!spec.actorsOf[action].includes(actor)) expect(result).toEqual({ ok: false, refusal: 'actor' });
      else expect(result).toEqual({ ok: false, refusal: 'state' });
    });

    it('allows exactly the moves listed', () => {
      const found = cases.filter(([actor, action, from]) => take(actor, action, from).ok).length;
      expect(found).toBe(spec.allowed.length);
    });
  });
}
