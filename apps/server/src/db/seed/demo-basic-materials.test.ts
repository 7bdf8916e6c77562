import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

// The demo data gives the platform a living 基础材料申请 queue (server start with SEED_DEMO, as the harness does).
let server: TestServer;
let platform: string;
const LIST = '/api/admin/basic-materials';

beforeAll(async () => {
  server = await startTestServer();
  platform = await server.login('13800000000');
});
afterAll(async () => {
  await server?.stop();
});

describe('demo basic-material applications', () => {
  it('two await the platform, one was rejected with its reason', async () => {
    const pending = await server.call('GET', LIST, {}, platform);
    expect(pending.status, pending.raw).toBe(200);
    const names = pending.body.data.list.map((a: { commonName: string }) => a.commonName).sort();
    expect(names).toEqual(['相变储能石膏板', '真空绝热板'].sort());
    expect(pending.body.data.list[0].orgName).toBe('南京绿筑新型建材有限公司');
    const rejected = await server.call('GET', LIST, { status: 3 }, platform);
    expect(rejected.body.data.list).toHaveLength(1);
    expect(rejected.body.data.list[0]).toMatchObject({ commonName: '新型墙板', status: 3 });
    expect(rejected.body.data.list[0].rejectReason).toContain('名称过于笼统');
  });

  it('can be decided like any application: approved, the name is offered to products', async () => {
    const pending = await server.call('GET', LIST, { commonName: '真空绝热板' }, platform);
    const id = pending.body.data.list[0].id as number;
    const approved = await server.call('POST', `${LIST}/${id}/approve`, {}, platform);
    expect(approved.status, approved.raw).toBe(200);
    const maker = await server.login('13800000001');
    const units = await server.call(
      'POST',
      '/materials/basic-materials/getUnitByCommonName',
      { commonName: '真空绝热板' },
      maker,
    );
    expect(units.body.data.map((u: { name: string }) => u.name)).toEqual(['平方米']);
  });
});
