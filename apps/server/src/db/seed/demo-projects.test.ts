import { projectEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

/** The demo projects (demo-projects.ts, seeded by demo.ts) as each demo account meets them. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

interface Item {
  id: number;
  name: string;
  regionCode: string;
  step: number;
  inPolicyScope: boolean;
  leader: { realName: string } | null;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000001', '13800000003', '13800000004', '13800000005', '13800000006']) {
    tokens[m] = await server.login(m);
  }
});
afterAll(() => server?.stop());

describe('demo projects', () => {
  it('give the developer four Nanjing projects of the policy, in different steps', async () => {
    const res = await call('13800000005', projectEndpoints.userProjectList, { type: 1, orgType: 1 });
    const list = res.body.data.list as Item[];
    expect(list).toHaveLength(4);
    expect(list.every((p) => p.regionCode.startsWith('3201') && p.inPolicyScope)).toBe(true);
    expect(new Set(list.map((p) => p.step)).size).toBeGreaterThanOrEqual(3);
    expect(list.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        '南京市鼓楼区天妃宫小学新建工程',
        '江宁区人民医院门急诊综合楼',
        '浦口区桥林保障房片区三期',
      ]),
    );
  });

  it('make the construction unit a member of three, led by its administrator; the spec’s check finds them', async () => {
    const res = await call('13800000003', projectEndpoints.userProjectList, {
      take: 9,
      skip: 0,
      type: 1,
      orgType: 4,
    });
    const list = res.body.data.list as Item[];
    expect(list).toHaveLength(3);
    expect(list.every((p) => p.leader?.realName === '王强')).toBe(true);
  });

  it('give the supervision unit three projects and one invitation to answer', async () => {
    const joined = await call('13800000004', projectEndpoints.userProjectList, { type: 1, orgType: 3 });
    expect(joined.body.data.total).toBe(3);
    const invited = await call('13800000004', projectEndpoints.userProjectList, { type: 2 });
    expect(invited.body.data.list.map((p: Item) => p.name)).toEqual(['建邺区青少年体育中心']);
    const orgs = await call('13800000005', projectEndpoints.projectOrgs, { projectId: invited.body.data.list[0].id });
    expect(orgs.body.data.map((o: { orgType: number; status: number }) => [o.orgType, o.status])).toEqual([
      [1, 2],
      [3, 1],
    ]);
  });

  it('carry a step history, and show in the committee’s and the manufacturer’s lists', async () => {
    const list = await call('13800000005', projectEndpoints.userProjectList, { type: 1 });
    const school = (list.body.data.list as Item[]).find((p) => p.name.includes('小学')) as Item;
    const detail = await call('13800000005', projectEndpoints.projectDetail, { id: school.id });
    expect(detail.body.data.steps.map((s: { to: number }) => s.to)).toEqual([0, 1, 2]);
    const times = detail.body.data.steps.map((s: { createTime: string }) => s.createTime);
    expect([...times].sort()).toEqual(times);
    expect((await call('13800000006', projectEndpoints.cityProjectList, {})).body.data.total).toBe(4);
    expect((await call('13800000001', projectEndpoints.trackProjectList, {})).body.data.total).toBe(4);
  });
});
