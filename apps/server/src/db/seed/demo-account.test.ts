import { accountEndpoints as A, organizationEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { DEMO_DIVISIONS } from './demo-account.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.staff = await server.login('13800000009');
});
afterAll(async () => server?.stop());

describe('demo account centre', () => {
  it('gives 南京绿筑 divisions with its two accounts placed, shown in the members list and the profile', async () => {
    const list = ok(await call('maker', A.divisions)).list;
    expect(list.map((d) => d.name).sort()).toEqual([...DEMO_DIVISIONS].sort());
    expect(list.find((d) => d.name === '华东销售组')?.parentName).toBe('销售部');
    expect(list.find((d) => d.name === '生产部')).toMatchObject({ leader: { name: '郑敏' }, memberCount: 1 });
    const members = ok(await call('maker', organizationEndpoints.members, { take: 10, skip: 0 })).list;
    expect(members.map((m) => m.division?.name).sort()).toEqual(['总经理办公室', '生产部'].sort());
    expect(ok(await call('staff', A.profile)).division?.name).toBe('生产部');
  });
});
