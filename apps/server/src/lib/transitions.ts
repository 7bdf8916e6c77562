/**
 * A workflow as one table (docs/adding-a-module.md, "a workflow as a transition table"): for each action, who may
 * take it and, from each state it starts from, the state it leads to. Pure: a service finds the caller's role
 * (answering 404 to anyone who may not see the record) before it asks, and answers 403 for `refusal: 'actor'`, 409
 * for `refusal: 'state'`. `null` is a state where a module needs one ("not saved yet", "gone").
 *
 * Each table gets its generated test of every actor × action × state from apps/server/test/transition-cases.ts,
 * against the allowed moves written out by hand from the module's docs.
 */

export interface TransitionRule<Actor extends string, State, To = State> {
  actors: readonly Actor[];
  /** [state before, state after] for each state the action starts from. */
  moves: readonly (readonly [State, To])[];
}

export type Transition<To> =
  | { ok: true; to: To }
  /** `actor`: this actor may never take the action (403); `state`: not from this state (409). */
  | { ok: false; refusal: 'actor' | 'state' };

export interface TransitionTable<Action extends string, Actor extends string, State, To> {
  /** Every action of the table, in the order it was written. */
  readonly actions: readonly Action[];
  /** Where `actor` taking `action` from `from` leads, or why it may not. */
  take(actor: Actor, action: Action, from: State): Transition<To>;
  /** Whether `actor` may take `action` from `from` (a detail view's buttons). */
  may(actor: Actor, action: Action, from: State): boolean;
  /** The states an action starts from (docs, generated tests). */
  fromStates(action: Action): State[];
  /** Who may take an action. */
  actorsOf(action: Action): readonly Actor[];
  /** The actions `actor` may take from `from`. */
  allowed(actor: Actor, from: State): Action[];
}

export function transitionTable<Action extends string, Actor extends string, State, To = State>(
  rules: Record<Action, TransitionRule<Actor, State, To>>,
): TransitionTable<Action, Actor, State, To> {
  const actions = Object.keys(rules) as Action[];
  const moves = new Map(actions.map((a) => [a, new Map<State, To>(rules[a].moves)]));
  const take = (actor: Actor, action: Action, from: State): Transition<To> => {
    const rule = rules[action];
    if (!rule.actors.includes(actor)) return { ok: false, refusal: 'actor' };
    const byState = moves.get(action) as Map<State, To>;
    return byState.has(from) ? { ok: true, to: byState.get(from) as To } : { ok: false, refusal: 'state' };
  };
  return {
    actions,
    take,
    may: (actor, action, from) => take(actor, action, from).ok,
    fromStates: (action) => [...(moves.get(action) as Map<State, To>).keys()],
    actorsOf: (action) => rules[action].actors,
    allowed: (actor, from) => actions.filter((a) => take(actor, a, from).ok),
  };
}
