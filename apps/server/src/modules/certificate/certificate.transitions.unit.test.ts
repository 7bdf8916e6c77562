import {
  type ApplicationActionValue,
  ApplicationStatus,
  type ApplicationStatusValue,
  type ApplicationTypeValue,
} from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../../../test/transition-cases.ts';
import {
  type ApplicationActor,
  allActions,
  allowedActions,
  allStatuses,
  applicationTransition,
  transition,
} from './certificate.transitions.ts';

const { DRAFT, SUBMITTED, APPROVED, REJECTED, WITHDRAWN } = ApplicationStatus;
const types: ApplicationTypeValue[] = [1, 2, 3];

/** The whole table: [type, from, action] → to, or null when refused. Every cell not listed here is refused. */
const allowed: Array<[ApplicationTypeValue[], ApplicationStatusValue, ApplicationActionValue, ApplicationStatusValue]> =
  [
    [[1, 2, 3], DRAFT, 'save', DRAFT],
    [[1, 3], DRAFT, 'submit', SUBMITTED],
    [[2], DRAFT, 'submit', APPROVED],
    [[1, 2, 3], DRAFT, 'withdraw', WITHDRAWN],
    [[1, 2, 3], SUBMITTED, 'withdraw', WITHDRAWN],
    [[1, 3], SUBMITTED, 'approve', APPROVED],
    [[1, 3], SUBMITTED, 'reject', REJECTED],
  ];

function expected(type: ApplicationTypeValue, from: ApplicationStatusValue, action: ApplicationActionValue) {
  const row = allowed.find(([ts, f, a]) => ts.includes(type) && f === from && a === action);
  return row ? row[3] : null;
}

for (const type of types) {
  const actorOf: Record<ApplicationActionValue, ApplicationActor[]> =
    type === 2
      ? { save: ['applicant'], submit: ['applicant'], withdraw: ['applicant'], approve: [], reject: [] }
      : { save: ['applicant'], submit: ['applicant'], withdraw: ['applicant'], approve: ['body'], reject: ['body'] };
  describeTransitions<ApplicationActor, ApplicationActionValue, ApplicationStatusValue, ApplicationStatusValue>(
    `certificate application of type ${type}`,
    (actor, action, from) => applicationTransition(type, actor, action, from),
    {
      actors: ['applicant', 'body'],
      actions: allActions,
      states: allStatuses,
      actorsOf: actorOf,
      allowed: allowed.flatMap(([ts, from, action, to]) =>
        ts.includes(type) ? [[actorOf[action][0] as ApplicationActor, action, from, to] as const] : [],
      ),
    },
  );
}

describe('certificate application transitions', () => {
  for (const type of types) {
    for (const from of allStatuses) {
      for (const action of allActions) {
        const to = expected(type, from, action);
        it(`type ${type}: ${action} from ${from} ${to === null ? 'is refused' : `→ ${to}`}`, () => {
          const result = transition(type, from, action);
          if (to === null) {
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.message).toMatch(/\S/);
          } else {
            expect(result).toEqual({ ok: true, to });
          }
        });
      }
    }
  }

  it('final states allow nothing', () => {
    for (const type of types) {
      for (const from of [APPROVED, REJECTED, WITHDRAWN] as const) expect(allowedActions(type, from)).toEqual([]);
    }
  });

  it('a self-declaration is never decided by a body', () => {
    expect(transition(2, SUBMITTED, 'approve')).toEqual({ ok: false, message: '自我声明无需认证机构审核' });
    expect(allowedActions(2, DRAFT)).toEqual(['save', 'submit', 'withdraw']);
  });

  it('a decided application cannot be withdrawn, with a message saying why', () => {
    expect(transition(3, APPROVED, 'withdraw')).toEqual({ ok: false, message: '申请已有审核结果，不能撤回' });
    expect(transition(3, WITHDRAWN, 'withdraw')).toEqual({ ok: false, message: '申请已撤回' });
  });
});
