import type { InquiryStatusValue, QuoteStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * An inquiry's workflow as one table (docs/procurement.md, "Selection and purchase"). Pure: the service finds the
 * caller's side first (404 to anyone who may not see the inquiry) and reads the state as of now (a published or
 * quoting inquiry past its deadline reads as evaluating, `inquiryState`).
 *
 *   edit       draft → draft                              the buyer
 *   publish    draft → published                          the buyer (the invited suppliers told)
 *   quote      published | quoting → quoting              an invited supplier submits its quote
 *   close      published | quoting → evaluating           the buyer closes quoting before the deadline
 *   award      evaluating → awarded                       the buyer, a quote and a reason (a draft order made)
 *   fail       evaluating → failed                        the buyer, with a reason (流标)
 *   cancel     draft | published | quoting → cancelled    the buyer, with a reason
 *   new_round  evaluating → quoting                       the buyer, with a new deadline
 *
 * `buyer` is the organisation that made the inquiry; `viewer` another buyer of the project (reads only); `supplier`
 * an invited supplier.
 */
export type InquirySide = 'buyer' | 'viewer' | 'supplier';
export const inquiryActionValues = [
  'edit',
  'publish',
  'quote',
  'close',
  'award',
  'fail',
  'cancel',
  'new_round',
] as const;
export type InquiryAction = (typeof inquiryActionValues)[number];

const inquiryTable = transitionTable<InquiryAction, InquirySide, InquiryStatusValue>({
  edit: { actors: ['buyer'], moves: [['draft', 'draft']] },
  publish: { actors: ['buyer'], moves: [['draft', 'published']] },
  quote: {
    actors: ['supplier'],
    moves: [
      ['published', 'quoting'],
      ['quoting', 'quoting'],
    ],
  },
  close: {
    actors: ['buyer'],
    moves: [
      ['published', 'evaluating'],
      ['quoting', 'evaluating'],
    ],
  },
  award: { actors: ['buyer'], moves: [['evaluating', 'awarded']] },
  fail: { actors: ['buyer'], moves: [['evaluating', 'failed']] },
  cancel: {
    actors: ['buyer'],
    moves: [
      ['draft', 'cancelled'],
      ['published', 'cancelled'],
      ['quoting', 'cancelled'],
    ],
  },
  new_round: { actors: ['buyer'], moves: [['evaluating', 'quoting']] },
});

export const inquiryTransition = (
  side: InquirySide,
  action: InquiryAction,
  from: InquiryStatusValue,
): Transition<InquiryStatusValue> => inquiryTable.take(side, action, from);

/** The actions the caller's side may take from a state (the detail's buttons). */
export const inquiryActions = (side: InquirySide, from: InquiryStatusValue) => inquiryTable.allowed(side, from);

/**
 * A supplier's quote as one table. `null`: no quote of the round saved yet. The supplier saves (a withdrawn quote
 * becomes a draft again), submits and withdraws before the deadline; the buyer's award accepts one submitted quote
 * and rejects the other submitted ones.
 */
export type QuoteSide = 'supplier' | 'buyer';
export const quoteActionValues = ['save', 'submit', 'withdraw', 'accept', 'reject'] as const;
export type QuoteAction = (typeof quoteActionValues)[number];

const quoteTable = transitionTable<QuoteAction, QuoteSide, QuoteStatusValue | null, QuoteStatusValue>({
  save: {
    actors: ['supplier'],
    moves: [
      [null, 'draft'],
      ['draft', 'draft'],
      ['withdrawn', 'draft'],
    ],
  },
  submit: { actors: ['supplier'], moves: [['draft', 'submitted']] },
  withdraw: { actors: ['supplier'], moves: [['submitted', 'withdrawn']] },
  accept: { actors: ['buyer'], moves: [['submitted', 'accepted']] },
  reject: { actors: ['buyer'], moves: [['submitted', 'rejected']] },
});

export const quoteTransition = (
  side: QuoteSide,
  action: QuoteAction,
  from: QuoteStatusValue | null,
): Transition<QuoteStatusValue> => quoteTable.take(side, action, from);

export const quoteActions = (side: QuoteSide, from: QuoteStatusValue | null) => quoteTable.allowed(side, from);
