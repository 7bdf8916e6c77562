import { SampleState, type SampleStateValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A witnessed sample's life as one table (docs/construction.md, "Witness sampling"). Pure: the service finds the
 * caller's part on the project (answering 404 to anyone who may not see it) before it asks. `null` is "not recorded
 * yet".
 *
 *   create   null → sampled        the witness: the sample is taken and sealed in their presence (见证取样记录)
 *   send     sampled → sent        the witness: the sealed sample went to the laboratory (送检)
 *   report   sent → reported       the witness: the laboratory's report, pass or fail (its file on the evidence
 *                                  ledger); the lot's inspection follows (retest_pass / retest_fail)
 *
 * The witness is a person of the developer or the supervision unit named witness or leader on the project
 * (construction.access.ts `witnessOn`), of the organisation that recorded the sample. The construction unit takes
 * the sample (its sampler is named on it) but records none of these steps.
 */
export const SampleAction = { CREATE: 'create', SEND: 'send', REPORT: 'report' } as const;
export type SampleActionValue = (typeof SampleAction)[keyof typeof SampleAction];
export const sampleActionValues = Object.values(SampleAction);

/** The witness (of the sample's organisation), or the construction unit on the project. */
export type SampleActor = 'witness' | 'contractor';

type State = SampleStateValue | null;
const S = SampleState;

const table = transitionTable<SampleActionValue, SampleActor, State, SampleStateValue>({
  create: { actors: ['witness'], moves: [[null, S.SAMPLED]] },
  send: { actors: ['witness'], moves: [[S.SAMPLED, S.SENT]] },
  report: { actors: ['witness'], moves: [[S.SENT, S.REPORTED]] },
});

export const sampleTransition = (
  actor: SampleActor,
  action: SampleActionValue,
  from: State,
): Transition<SampleStateValue> => table.take(actor, action, from);

export const sampleActionsOf = (actor: SampleActor, from: State): SampleActionValue[] => table.allowed(actor, from);
