import { type InquiryStatusValue, inquiryStatusValues, type QuoteStatusValue, quoteStatusValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type InquiryAction,
  type InquirySide,
  inquiryActionValues,
  inquiryTransition,
  type QuoteAction,
  type QuoteSide,
  quoteActionValues,
  quoteTransition,
} from './procurement.inquiry.transitions.ts';

const buyer = ['buyer'] as const;

/** Every allowed move, written out by hand from docs/procurement.md ("Selection and purchase"), not from the table. */
describeTransitions<InquirySide, InquiryAction, InquiryStatusValue, InquiryStatusValue>('inquiry', inquiryTransition, {
  actors: ['buyer', 'viewer', 'supplier'],
  actions: inquiryActionValues,
  states: inquiryStatusValues,
  actorsOf: {
    edit: buyer,
    publish: buyer,
    quote: ['supplier'],
    close: buyer,
    award: buyer,
    fail: buyer,
    cancel: buyer,
    new_round: buyer,
  },
  allowed: [
    ['buyer', 'edit', 'draft', 'draft'],
    ['buyer', 'publish', 'draft', 'published'],
    ['supplier', 'quote', 'published', 'quoting'],
    ['supplier', 'quote', 'quoting', 'quoting'],
    ['buyer', 'close', 'published', 'evaluating'],
    ['buyer', 'close', 'quoting', 'evaluating'],
    ['buyer', 'award', 'evaluating', 'awarded'],
    ['buyer', 'fail', 'evaluating', 'failed'],
    ['buyer', 'cancel', 'draft', 'cancelled'],
    ['buyer', 'cancel', 'published', 'cancelled'],
    ['buyer', 'cancel', 'quoting', 'cancelled'],
    ['buyer', 'new_round', 'evaluating', 'quoting'],
  ],
});

describeTransitions<QuoteSide, QuoteAction, QuoteStatusValue | null, QuoteStatusValue>('quote', quoteTransition, {
  actors: ['supplier', 'buyer'],
  actions: quoteActionValues,
  states: [null, ...quoteStatusValues],
  actorsOf: {
    save: ['supplier'],
    submit: ['supplier'],
    withdraw: ['supplier'],
    accept: buyer,
    reject: buyer,
  },
  allowed: [
    ['supplier', 'save', null, 'draft'],
    ['supplier', 'save', 'draft', 'draft'],
    ['supplier', 'save', 'withdrawn', 'draft'],
    ['supplier', 'submit', 'draft', 'submitted'],
    ['supplier', 'withdraw', 'submitted', 'withdrawn'],
    ['buyer', 'accept', 'submitted', 'accepted'],
    ['buyer', 'reject', 'submitted', 'rejected'],
  ],
});
