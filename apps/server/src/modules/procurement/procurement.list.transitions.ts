import { MaterialListStatus, type MaterialListStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A project's material list as one table (docs/procurement.md, "Material lists"). The actor is a buyer of the
 * project (its developer or a construction unit that joined it; anyone else is answered 404 before this is asked).
 * `null` is "no list yet" (created by its first save).
 *
 *   edit     none/draft → draft              add, change and remove lines freely
 *   amend    confirmed → confirmed           change names, specifications, places, prices, remarks only
 *   confirm  draft → confirmed               lock quantities; the lines are kept as the version
 *   reopen   confirmed → draft               with a reason: the next version's draft
 */
export const MaterialListAction = { EDIT: 'edit', AMEND: 'amend', CONFIRM: 'confirm', REOPEN: 'reopen' } as const;
export type MaterialListActionValue = (typeof MaterialListAction)[keyof typeof MaterialListAction];
export const materialListActionValues = Object.values(MaterialListAction);

export type MaterialListActor = 'buyer';
type State = MaterialListStatusValue | null;
const S = MaterialListStatus;

const table = transitionTable<MaterialListActionValue, MaterialListActor, State, MaterialListStatusValue>({
  edit: {
    actors: ['buyer'],
    moves: [
      [null, S.DRAFT],
      [S.DRAFT, S.DRAFT],
    ],
  },
  amend: { actors: ['buyer'], moves: [[S.CONFIRMED, S.CONFIRMED]] },
  confirm: { actors: ['buyer'], moves: [[S.DRAFT, S.CONFIRMED]] },
  reopen: { actors: ['buyer'], moves: [[S.CONFIRMED, S.DRAFT]] },
});

export const materialListTransition = (
  actor: MaterialListActor,
  action: MaterialListActionValue,
  from: State,
): Transition<MaterialListStatusValue> => table.take(actor, action, from);
