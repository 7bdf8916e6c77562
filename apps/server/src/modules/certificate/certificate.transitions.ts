import {
  type ApplicationActionValue,
  ApplicationStatus,
  type ApplicationStatusValue,
  ApplicationType,
  type ApplicationTypeValue,
} from '@jcbb/contract';

/**
 * The state machine of certificate applications, in one pure function so every allowed and refused step is
 * unit-tested (certificate.transitions.unit.test.ts):
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

export function transition(
  type: ApplicationTypeValue,
  from: ApplicationStatusValue,
  action: ApplicationActionValue,
): TransitionResult {
  const refuse = (message = refusedMessages[action]): TransitionResult => ({ ok: false, message });
  switch (action) {
    case 'save':
      return from === DRAFT ? { ok: true, to: DRAFT } : refuse();
    case 'submit':
      if (from !== DRAFT) return refuse();
      return { ok: true, to: type === ApplicationType.SELF_DECLARED ? APPROVED : SUBMITTED };
    case 'withdraw':
      if (from === WITHDRAWN) return refuse('申请已撤回');
      return from === DRAFT || from === SUBMITTED ? { ok: true, to: WITHDRAWN } : refuse();
    case 'approve':
    case 'reject':
      if (type === ApplicationType.SELF_DECLARED) return refuse('自我声明无需认证机构审核');
      return from === SUBMITTED ? { ok: true, to: action === 'approve' ? APPROVED : REJECTED } : refuse();
  }
}

/** Every status and action, for exhaustive tests and for the console's "what can I do now" buttons. */
export const allStatuses = [DRAFT, SUBMITTED, APPROVED, REJECTED, WITHDRAWN] as const;
export const allActions: readonly ApplicationActionValue[] = ['save', 'submit', 'withdraw', 'approve', 'reject'];

/** The actions allowed from a status, for one type. */
export function allowedActions(type: ApplicationTypeValue, from: ApplicationStatusValue): ApplicationActionValue[] {
  return allActions.filter((a) => transition(type, from, a).ok);
}
