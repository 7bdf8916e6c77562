import { type AlertActionValue, type AlertSide, type AlertStatusValue, alertActionValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { alertTransition } from './government.risk.transitions.ts';

const committee = ['committee'] as const;

/** Every allowed move, written out by hand from docs/government.md ("Risk rules: the workflow"), not from the table. */
describeTransitions<AlertSide, AlertActionValue, AlertStatusValue, AlertStatusValue>('risk alert', alertTransition, {
  actors: ['committee', 'organisation', 'reader'],
  actions: alertActionValues,
  states: ['open', 'acknowledged', 'explained', 'dismissed', 'confirmed', 'closed'],
  actorsOf: {
    acknowledge: committee,
    explain: ['organisation'],
    dismiss: committee,
    confirm: committee,
    close: committee,
  },
  allowed: [
    ['committee', 'acknowledge', 'open', 'acknowledged'],
    ['organisation', 'explain', 'acknowledged', 'explained'],
    ['committee', 'dismiss', 'acknowledged', 'dismissed'],
    ['committee', 'dismiss', 'explained', 'dismissed'],
    ['committee', 'confirm', 'acknowledged', 'confirmed'],
    ['committee', 'confirm', 'explained', 'confirmed'],
    ['committee', 'close', 'dismissed', 'closed'],
    ['committee', 'close', 'confirmed', 'closed'],
  ],
});
