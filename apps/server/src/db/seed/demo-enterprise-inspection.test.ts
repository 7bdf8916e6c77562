import { enterpriseInspectionEndpoints as E } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
});
afterAll(async () => server?.stop());

describe('demo enterprise inspection', () => {
  it('gives 南京绿筑 a closed surveillance, an open spot check due in two weeks, and something expiring', async () => {
    const records = ok(await call('maker', E.list, {})).list;
    expect(records.map((r) => [r.kind, r.result, r.state]).sort()).toEqual([
      ['spot_check', 'rectify', 'open'],
      ['surveillance', 'rectify', 'closed'],
    ]);
    const spot = records.find((r) => r.kind === 'spot_check');
    expect(spot?.rectificationDeadline).toBe(addDays(shanghaiToday(), 14));
    expect(spot?.inspectorOrgName).toContain('南京');

    const h = ok(await call('maker', E.health, {}));
    expect(h.certificates.within90.count).toBeGreaterThan(0);
    expect(h.authorisationsExpiring.count).toBeGreaterThan(0);
    expect(h.openRectifications.count).toBe(1);
    // Every demo product has its type-test report.
    expect(h.productsMissingDocuments.count).toBe(0);
  });
});
