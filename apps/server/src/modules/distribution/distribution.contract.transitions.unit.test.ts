import {
  type SalesContractActionValue,
  type SalesContractStatusValue,
  salesContractActionValues,
} from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { contractTransition, type SalesContractSide } from './distribution.contract.transitions.ts';

const seller = ['seller'] as const;

/** Every allowed move, written out by hand from docs/distribution.md ("Sales contracts"), not from the table. */
describeTransitions<SalesContractSide, SalesContractActionValue, SalesContractStatusValue, SalesContractStatusValue>(
  'sales contract',
  contractTransition,
  {
    actors: ['seller', 'buyer'],
    actions: salesContractActionValues,
    states: ['draft', 'signed', 'active', 'completed', 'terminated'],
    actorsOf: { edit: seller, sign: seller, activate: seller, complete: seller, terminate: seller, ship: seller },
    allowed: [
      ['seller', 'edit', 'draft', 'draft'],
      ['seller', 'sign', 'draft', 'signed'],
      ['seller', 'activate', 'signed', 'active'],
      ['seller', 'complete', 'active', 'completed'],
      ['seller', 'terminate', 'signed', 'terminated'],
      ['seller', 'terminate', 'active', 'terminated'],
      ['seller', 'ship', 'active', 'active'],
    ],
  },
);
