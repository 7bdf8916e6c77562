import type { MaterialListStatusValue } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type MaterialListActionValue,
  type MaterialListActor,
  materialListActionValues,
  materialListTransition,
} from './procurement.list.transitions.ts';

type State = MaterialListStatusValue | null;

/** Every allowed move, written out by hand from docs/procurement.md "Material lists" (independently of the table). */
describeTransitions<MaterialListActor, MaterialListActionValue, State, MaterialListStatusValue>(
  'material list',
  materialListTransition,
  {
    actors: ['buyer'],
    actions: materialListActionValues,
    states: [null, 'draft', 'confirmed'],
    actorsOf: { edit: ['buyer'], amend: ['buyer'], confirm: ['buyer'], reopen: ['buyer'] },
    allowed: [
      ['buyer', 'edit', null, 'draft'],
      ['buyer', 'edit', 'draft', 'draft'],
      ['buyer', 'amend', 'confirmed', 'confirmed'],
      ['buyer', 'confirm', 'draft', 'confirmed'],
      ['buyer', 'reopen', 'confirmed', 'draft'],
    ],
  },
);
