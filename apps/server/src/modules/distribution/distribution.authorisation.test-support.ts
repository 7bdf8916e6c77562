import { distributionEndpoints as api, type EndpointInput } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { callsAs, ok } from '../../../test/calls.ts';
import type { TestServer } from '../../../test/harness.ts';
import { specOf, userOf } from '../trace/trace.test-support.ts';

/**
 * Authorisations for API tests (this module's and the gate's, the contracts'): a letter's input that passes, and
 * issuing (and accepting) one through the real calls, as the demo maker 南京绿筑 (13800000001) to the demo
 * distributor 南京恒通 (13800000002).
 */

export type SaveInput = EndpointInput<typeof api.authorisationSave>;

/** The demo products a letter names: 岩棉保温板 (all specifications) and 砌块 B06 A5.0 (one). */
export async function demoScope(server: TestServer) {
  const insulation = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  const blocks = await specOf(server, '蒸压加气混凝土砌块', 'B06 A5.0');
  const dealer = await userOf(server, '13800000002');
  return { insulation, blocks, dealerOrgId: dealer.orgId };
}

/** A general letter in Jiangsu for a year from today; override what a test is about. */
export function letterInput(scope: Awaited<ReturnType<typeof demoScope>>, over: Partial<SaveInput> = {}): SaveInput {
  const today = shanghaiToday();
  return {
    distributorOrgId: scope.dealerOrgId,
    kind: 'general',
    exclusive: false,
    regionCodes: ['320000'],
    items: [
      { productId: scope.insulation.productId, specIds: [], quantityCap: 5000 },
      { productId: scope.blocks.productId, specIds: [scope.blocks.specId] },
    ],
    validFrom: today,
    validUntil: addDays(today, 365),
    afterSalesCommitment: '质保期内免费更换',
    supplyCommitment: '72 小时内供货',
    signatoryName: '张伟',
    signatoryTitle: '总经理',
    autoAccept: false,
    ...over,
  };
}

/**
 * Save, issue and (unless `accept: false`) accept a letter through the calls; answers the detail. `tokens` holds the
 * maker's and the distributor's sessions under `maker` and `dealer`.
 */
export async function issuedLetter(
  server: () => TestServer,
  tokens: Record<string, string>,
  input: SaveInput,
  options: { accept?: boolean } = {},
) {
  const { call } = callsAs(server, tokens);
  const draft = ok(await call('maker', api.authorisationSave, input));
  const issued = ok(await call('maker', api.authorisationIssue, { id: draft.id }));
  if (options.accept === false || issued.state === 'active') return issued;
  return ok(await call('dealer', api.authorisationAccept, { id: draft.id }));
}
