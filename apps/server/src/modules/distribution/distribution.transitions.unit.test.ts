import { type AuthorisationStatusValue, authorisationStatusValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type AuthorisationActor,
  type AuthorisationMove,
  authorisationMoves,
  authorisationTransition,
} from './distribution.transitions.ts';

/** Every allowed move, written out by hand from docs/distribution.md "States" (independently of the table). */
describeTransitions<AuthorisationActor, AuthorisationMove, AuthorisationStatusValue, AuthorisationStatusValue | null>(
  'authorisation',
  authorisationTransition,
  {
    actors: ['maker', 'distributor'],
    actions: authorisationMoves,
    states: authorisationStatusValues,
    actorsOf: {
      save: ['maker'],
      delete: ['maker'],
      issue: ['maker'],
      accept: ['distributor'],
      suspend: ['maker'],
      resume: ['maker'],
      revoke: ['maker'],
      renew: ['maker'],
      supersede: ['maker'],
    },
    allowed: [
      ['maker', 'save', 'draft', 'draft'],
      ['maker', 'delete', 'draft', null],
      ['maker', 'issue', 'draft', 'issued'],
      ['distributor', 'accept', 'issued', 'active'],
      ['maker', 'suspend', 'active', 'suspended'],
      ['maker', 'resume', 'suspended', 'active'],
      ['maker', 'revoke', 'issued', 'revoked'],
      ['maker', 'revoke', 'active', 'revoked'],
      ['maker', 'revoke', 'suspended', 'revoked'],
      ['maker', 'renew', 'issued', 'issued'],
      ['maker', 'renew', 'active', 'active'],
      ['maker', 'renew', 'suspended', 'suspended'],
      ['maker', 'renew', 'expired', 'expired'],
      ['maker', 'supersede', 'issued', 'superseded'],
      ['maker', 'supersede', 'active', 'superseded'],
      ['maker', 'supersede', 'suspended', 'superseded'],
      ['maker', 'supersede', 'expired', 'superseded'],
    ],
  },
);
