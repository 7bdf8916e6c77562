import { type FilingActionValue, type FilingStatusValue, filingActionValues, filingStatusValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { type FilingActor, filingTransition } from './government.filing.transitions.ts';

const filer = ['filer'] as const;
const committee = ['committee'] as const;

/** Every allowed move, written out by hand from docs/government.md ("Filing"), not from the table. */
describeTransitions<FilingActor, FilingActionValue, FilingStatusValue, FilingStatusValue>(
  'procurement filing',
  filingTransition,
  {
    actors: ['filer', 'committee'],
    actions: filingActionValues,
    states: filingStatusValues,
    actorsOf: {
      save: filer,
      prefill: filer,
      submit: filer,
      return: committee,
      confirm: committee,
      close: committee,
      correct: filer,
    },
    allowed: [
      ['filer', 'save', 'draft', 'draft'],
      ['filer', 'save', 'returned', 'returned'],
      ['filer', 'prefill', 'draft', 'draft'],
      ['filer', 'prefill', 'returned', 'returned'],
      ['filer', 'submit', 'draft', 'submitted'],
      ['filer', 'submit', 'returned', 'resubmitted'],
      ['committee', 'return', 'submitted', 'returned'],
      ['committee', 'return', 'resubmitted', 'returned'],
      ['committee', 'confirm', 'submitted', 'confirmed'],
      ['committee', 'confirm', 'resubmitted', 'confirmed'],
      ['committee', 'close', 'confirmed', 'locked'],
      ['filer', 'correct', 'locked', 'draft'],
    ],
  },
);
