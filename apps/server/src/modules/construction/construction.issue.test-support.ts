import { constructionEndpoints as api, type EndpointInput } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { callsAs, ok } from '../../../test/calls.ts';
import type { TestServer } from '../../../test/harness.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { creditCode } from '../organization/test-support.ts';
import { userOf } from '../trace/trace.test-support.ts';
import { moveInspectionState } from './construction.inspection.service.ts';
import * as repo from './construction.repository.ts';

/**
 * Site stock in a known state for the issue tests (construction.issue*.test.ts, cross-organisation.test.ts), made
 * through the site's own calls: an off-platform delivery, then the inspector's verdict and the supervisor's approval.
 * `tokens` must hold `builder` (江苏筑安's leader, 13800000003) and `supervisor` (13800000004).
 */

const SUPPLIER_CODE = creditCode('91320100MA1MEQ7X9');

export interface SiteLot {
  lotId: number;
  inspectionId: number;
  deliveryId: number;
}

/** What becomes of a delivered lot: left quarantined, released, held for a retest, or rejected. */
export type LotFate = 'pending' | 'released' | 'pending_retest' | 'rejected';

/**
 * One off-platform lot delivered to the project, carried to `fate`. Granite (0212) needs no retest, so it can be
 * released at once; 'pending_retest' uses ready-mixed mortar (0107), which does.
 */
export async function siteLot(
  server: TestServer,
  tokens: Record<string, string>,
  projectId: number,
  o: { fate: LotFate; batchNo: string; quantity: number; materialName?: string; specName?: string; part?: string },
): Promise<SiteLot> {
  const { call } = callsAs(() => server, tokens);
  const retest = o.fate === 'pending_retest';
  const line: EndpointInput<typeof api.deliveryExternal>['lines'][number] = {
    classifyCode: retest ? '0107' : '0212',
    materialName: o.materialName ?? (retest ? '预拌砂浆' : '花岗岩'),
    specName: o.specName ?? (retest ? 'DM M10' : '600×600×20'),
    unitName: retest ? '吨' : '平方米',
    batchNo: o.batchNo,
    quantity: o.quantity,
    part: o.part,
  };
  const created = ok(
    await call('builder', api.deliveryExternal, {
      projectId,
      supplierName: '南京江北石材有限公司',
      supplierCreditCode: SUPPLIER_CODE,
      arrivedOn: addDays(shanghaiToday(), -5),
      lines: [line],
    }),
  );
  const [i] = ok(await call('builder', api.deliveryDetail, { id: created.id })).inspections;
  if (!i) throw new Error('the delivery has no inspection');
  const lot = { lotId: i.lotId, inspectionId: i.id, deliveryId: created.id };
  if (o.fate === 'pending') return lot;
  await decide(server, tokens, lot.inspectionId, o.fate === 'rejected' ? 'fail' : retest ? 'retest' : 'pass');
  return lot;
}

/** The inspector's verdict, approved by the supervisor. */
export async function decide(
  server: TestServer,
  tokens: Record<string, string>,
  inspectionId: number,
  verdict: 'pass' | 'fail' | 'retest',
): Promise<void> {
  const { call } = callsAs(() => server, tokens);
  // Every document the category requires, present.
  const { checks } = ok(await call('builder', api.inspectionDetail, { id: inspectionId }));
  ok(
    await call('builder', api.inspectionDecide, {
      id: inspectionId,
      checks: checks.filter((c) => c.required).map((c) => ({ kind: c.kind, present: true })),
      visualResult: verdict === 'fail' ? 'defect' : 'ok',
      verdict,
      reason: verdict === 'fail' ? '表面裂纹' : undefined,
    }),
  );
  ok(await call('supervisor', api.inspectionConfirm, { id: inspectionId, approve: true }));
}

/**
 * A lot held for its witnessed retest released as the witness does when the reports pass (the sampling calls are
 * another part's: this takes the same state move, `retest_pass`, in one transaction).
 */
export async function passRetest(server: TestServer, inspectionId: number, witnessMobile = '13800000005') {
  const witness = await userOf(server, witnessMobile);
  const user = { userId: witness.userId, orgId: witness.orgId } as SessionUser;
  await server.database.db.transaction(async (tx) => {
    const i = await repo.inspectionById(tx, inspectionId, true);
    if (!i) throw new Error(`no inspection ${inspectionId}`);
    await moveInspectionState(tx, user, i, 'witness', 'retest_pass');
  });
}
