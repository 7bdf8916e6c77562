import type { SalesContractActionValue, SalesContractStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A sales contract's workflow as one table (docs/distribution.md, "Sales contracts"). Pure: the service finds the
 * caller's side (404 to anyone but the seller and the buyer) before it asks. The buyer only reads.
 *
 *   edit       draft → draft                        the seller (lines, buyer, dates, the signed file)
 *   sign       draft → signed                       the seller, with the signed file (its SHA-256 on the ledger)
 *   activate   signed → active                      the seller, when every line is covered by its letters
 *   complete   active → completed                   the seller
 *   terminate  signed | active → terminated         the seller, with a reason
 *   ship       active → active                      the seller: a draft shipment against the contract
 */
export type SalesContractSide = 'seller' | 'buyer';

const table = transitionTable<SalesContractActionValue, SalesContractSide, SalesContractStatusValue>({
  edit: { actors: ['seller'], moves: [['draft', 'draft']] },
  sign: { actors: ['seller'], moves: [['draft', 'signed']] },
  activate: { actors: ['seller'], moves: [['signed', 'active']] },
  complete: { actors: ['seller'], moves: [['active', 'completed']] },
  terminate: {
    actors: ['seller'],
    moves: [
      ['signed', 'terminated'],
      ['active', 'terminated'],
    ],
  },
  ship: { actors: ['seller'], moves: [['active', 'active']] },
});

export const contractTransition = (
  side: SalesContractSide,
  action: SalesContractActionValue,
  from: SalesContractStatusValue,
): Transition<SalesContractStatusValue> => table.take(side, action, from);

/** The actions the caller's side may take from a state (the detail's buttons). */
export const contractActions = (side: SalesContractSide, from: SalesContractStatusValue) => table.allowed(side, from);
