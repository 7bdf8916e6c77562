import {
  type ApplicationActionValue,
  ApplicationStatus,
  type ApplicationStatusValue,
  ApplicationType,
  type ApplicationTypeValue,
} from '@jcbb/contract';
import { transitionTable } from '../../lib/transitions.ts';

/**
 * The state machine of certificate applications, one table per kind of application (src/lib/transitions.ts), so
 * every allowed and refused step is unit-tested (certificate.transitions.unit.test.ts):
 *
 *   save      draft → draft                       (the applicant edits its draft)
 *   submit    draft → submitted                   (types 1 and 3: to the certification body's queue)
 *             draft → approved                    (type 2, a self-declaration: published at once, no decider)
 *   withdraw  draft | submitted → withdrawn       (the applicant, before a decision)
 *   approve   submitted → approved                (the body addressed; types 1 and 3 only)
 *   reject    submitted → rejected                (the body addressed; types 1 and 3 only)
 *
 * approved, rejected and withdrawn are final: a rejected applicant starts a new application.
 */
export type TransitionResult = { ok: true; to: ApplicationStatusValue } | { ok: false; message: string };

const { DRAFT, SUBMITTED, APPROVED, REJECTED, WITHDRAWN } = ApplicationStatus;

const refusedMessages: Record<ApplicationActionValue, string> = {
  save: '只有草稿可以修改',
  submit: '只有草稿可以提交',
  withdraw: '申请已有审核结果，不能撤回',
  approve: '该申请不在待审核状态，请刷新后重试',
  reject: '该申请不在待审核状态，请刷新后重试',
};

/** Who takes an action: the applying organisation, or the certification body addressed. */
export type ApplicationActor = 'applicant' | 'body';
/** The actor of each action (the service checks that the caller is that party before it asks). */
export const actorOf = (action: ApplicationActionValue): ApplicationActor =>
  action === 'approve' || action === 'reject' ? 'body' : 'applicant';

const applicantMoves = {
  save: { actors: ['applicant'], moves: [[DRAFT, DRAFT]] },
  withdraw: {
    actors: ['applicant'],
    moves: [
      [DRAFT, WITHDRAWN],
      [SUBMITTED, WITHDRAWN],
    ],
  },
} as const;
/** Types 1 and 3: submitted to the certification body, which decides. */
const reviewed = transitionTable<ApplicationActionValue, ApplicationActor, ApplicationStatusValue>({
  ...applicantMoves,
  submit: { actors: ['applicant'], moves: [[DRAFT, SUBMITTED]] },
  approve: { actors: ['body'], moves: [[SUBMITTED, APPROVED]] },
  reject: { actors: ['body'], moves: [[SUBMITTED, REJECTED]] },
});
/** Type 2, a self-declaration: published when submitted; no body decides it. */
const selfDeclared = transitionTable<ApplicationActionValue, ApplicationActor, ApplicationStatusValue>({
  ...applicantMoves,
  submit: { actors: ['applicant'], moves: [[DRAFT, APPROVED]] },
  approve: { actors: [], moves: [] },
  reject: { actors: [], moves: [] },
});

/** The table move (refusal 'actor' or 'state'), for the generated test and for callers that know the actor. */
export function applicationTransition(
  type: ApplicationTypeValue,
  actor: ApplicationActor,
  action: ApplicationActionValue,
  from: ApplicationStatusValue,
) {
  return (type === ApplicationType.SELF_DECLARED ? selfDeclared : reviewed).take(actor, action, from);
}

/** The move of an action by its own actor, or the reason it is refused, in words. */
export function transition(
  type: ApplicationTypeValue,
  from: ApplicationStatusValue,
  action: ApplicationActionValue,
): TransitionResult {
  const result = applicationTransition(type, actorOf(action), action, from);
  if (result.ok) return result;
  if (result.refusal === 'actor') return { ok: false, message: '自我声明无需认证机构审核' };
  if (action === 'withdraw' && from === WITHDRAWN) return { ok: false, message: '申请已撤回' };
  return { ok: false, message: refusedMessages[action] };
}

/** Every status and action, for exhaustive tests and for the console's "what can I do now" buttons. */
export const allStatuses = [DRAFT, SUBMITTED, APPROVED, REJECTED, WITHDRAWN] as const;
export const allActions: readonly ApplicationActionValue[] = ['save', 'submit', 'withdraw', 'approve', 'reject'];

/** The actions allowed from a status, for one type. */
export function allowedActions(type: ApplicationTypeValue, from: ApplicationStatusValue): ApplicationActionValue[] {
  return allActions.filter((a) => transition(type, from, a).ok);
}
