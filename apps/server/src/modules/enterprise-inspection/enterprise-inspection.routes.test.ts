import { enterpriseInspectionEndpoints as E, type EndpointInput, messageEndpoints as M, OrgType } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { organizations } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
let makerOrgId: number;
let builderOrgId: number;
let makerProductId: number;

const today = shanghaiToday();

async function upload(who: string, name: string): Promise<number> {
  const res = await uploadFile(server, tokens[who] as string, name, SMALL_PDF, 'application/pdf');
  return res.body.data.id as number;
}

const record = (over: Partial<EndpointInput<typeof E.create>> = {}): EndpointInput<typeof E.create> => ({
  subjectOrgId: makerOrgId,
  kind: 'spot_check',
  inspectedOn: today,
  inspectorName: '王工',
  result: 'rectify',
  findings: '标识不全',
  rectificationDeadline: addDays(today, 10),
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.staff = await server.login('13800000009');
  tokens.dealer = await server.login('13800000002');
  tokens.builder = await server.login('13800000003');
  tokens.committee = await server.login('13800000006');
  tokens.certifier = await server.login('13800000007');
  const subjects = ok(await call('committee', E.subjects, {})).list;
  const maker = subjects.find((s) => s.name.includes('绿筑'));
  makerOrgId = maker?.id as number;
  makerProductId = maker?.products[0]?.id as number;
  const [builder] = await server.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.type, OrgType.CONSTRUCTION))
    .limit(1);
  builderOrgId = builder?.id as number;
});
afterAll(async () => server?.stop());

describe('health', () => {
  it('computes 南京绿筑’s figures and calendar from the seeded records', async () => {
    const h = ok(await call('maker', E.health, {}));
    expect(h.today).toBe(today);
    expect(h.openRectifications.count).toBe(1);
    expect(h.overdueRectifications.count).toBe(0);
    expect(h.listings.active.count).toBeGreaterThan(0);
    expect(h.listings.byCity.some((c) => c.cityName.includes('南京'))).toBe(true);
    expect(h.certificates.valid.count).toBeGreaterThan(0);
    expect(h.certificates.within90.count).toBeGreaterThanOrEqual(h.certificates.within30.count);
    expect(h.certificates.valid.link).toBe('/blockchain/certificate/index');
    const deadline = h.calendar.find((e) => e.kind === 'rectification');
    expect(deadline).toMatchObject({ date: addDays(today, 14) });
    expect(deadline?.link).toMatch(/^\/enterpriseInspection\/detail\?id=\d+$/);
    expect(h.calendar.some((e) => e.kind === 'listing' || e.kind === 'certificate')).toBe(true);
  });

  it('is the manufacturer’s page: others 403, signed out 401', async () => {
    expect((await call('dealer', E.health, {})).status).toBe(403);
    expect((await call('committee', E.health, {})).status).toBe(403);
    expect((await call(null, E.health, {})).status).toBe(401);
  });
});

describe('records: who sees what', () => {
  it('shows the subject both demo records, each inspector its own only', async () => {
    const mine = ok(await call('maker', E.list, {}));
    expect(mine.list.map((r) => r.kind).sort()).toEqual(['spot_check', 'surveillance']);
    const byCertifier = ok(await call('certifier', E.list, {})).list;
    expect(byCertifier.map((r) => r.kind)).toEqual(['surveillance']);
    expect(byCertifier[0]).toMatchObject({ state: 'closed', subjectOrgId: makerOrgId });
    const byCommittee = ok(await call('committee', E.list, { state: 'open' })).list;
    expect(byCommittee.map((r) => r.kind)).toEqual(['spot_check']);

    const spot = mine.list.find((r) => r.kind === 'spot_check');
    expect((await call('certifier', E.detail, { id: spot?.id as number })).status).toBe(404);
    expect((await call('dealer', E.detail, { id: spot?.id as number })).status).toBe(403);
    expect((await call('builder', E.list, {})).status).toBe(403);
    expect((await call(null, E.list, {})).status).toBe(401);
    const detail = ok(await call('staff', E.detail, { id: spot?.id as number }));
    expect(detail).toMatchObject({ side: 'subject', actions: ['submit'], result: 'rectify' });
    expect(detail.evidence).toHaveLength(1);
  });

  it('lets only the inspectors of an organisation enter records about it (else 404), and no one else (403)', async () => {
    expect((await call('committee', E.create, record({ subjectOrgId: builderOrgId }))).status).toBe(404);
    expect((await call('certifier', E.create, record({ subjectOrgId: builderOrgId }))).status).toBe(404);
    expect((await call('committee', E.create, record({ subjectOrgId: 999_999 }))).status).toBe(404);
    expect((await call('maker', E.create, record())).status).toBe(403);
    expect((await call('dealer', E.subjects, {})).status).toBe(403);
    const subjects = ok(await call('certifier', E.subjects, {})).list;
    expect(subjects.map((s) => s.id)).toContain(makerOrgId);
  });
});

describe('records: bad input', () => {
  it('asks for a deadline for 限期整改, not before the inspection, and products and files of the right owners', async () => {
    let res = await call('committee', E.create, record({ rectificationDeadline: undefined }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toHaveProperty('rectificationDeadline');
    res = await call('committee', E.create, record({ rectificationDeadline: addDays(today, -1) }));
    expect(fieldsOf(res).rectificationDeadline).toBe('整改期限不能早于检查日期');
    res = await callRaw('committee', E.create, { ...record(), kind: 'audit', inspectedOn: '2026-02-30' });
    expect(Object.keys(fieldsOf(res)).sort()).toEqual(['inspectedOn', 'kind']);
    res = await callRaw('committee', E.create, { ...record(), findings: '  ' });
    expect(fieldsOf(res)).toHaveProperty('findings');

    const dealerProduct = ok(await call('committee', E.subjects, {})).list.flatMap((s) =>
      s.id === makerOrgId ? [] : s.products,
    )[0];
    if (dealerProduct) {
      res = await call('committee', E.create, record({ productIds: [dealerProduct.id] }));
      expect(fieldsOf(res)).toHaveProperty(['productIds.0']);
    }
    const makersFile = await upload('maker', 'theirs.pdf');
    res = await call('committee', E.create, record({ evidenceUploadIds: [makersFile] }));
    expect(fieldsOf(res)).toHaveProperty(['evidenceUploadIds.0']);
  });
});

describe('records: the workflow', () => {
  it('enters, submits with a file, reopens, resubmits and closes, telling the other side each time', async () => {
    const evidence = await upload('committee', 'photo.pdf');
    const created = ok(
      await call('committee', E.create, record({ productIds: [makerProductId], evidenceUploadIds: [evidence] })),
    );
    expect(created.state).toBe('open');
    const told = ok(await call('maker', M.getMessageList, { pageNum: 1, pageSize: 5 }));
    expect(JSON.stringify(told)).toContain(`/enterpriseInspection/detail?id=${created.id}`);

    // Only the subject submits; the inspector may not close what is not submitted.
    expect((await call('committee', E.close, { id: created.id })).status).toBe(409);
    expect((await call('committee', E.submit, { id: created.id, rectification: 'x' })).status).toBe(403);
    const fix = await upload('staff', 'fixed.pdf');
    const submitted = ok(
      await call('staff', E.submit, { id: created.id, rectification: '已整改标识', attachmentIds: [fix] }),
    );
    expect(submitted.state).toBe('submitted');
    expect((await call('staff', E.submit, { id: created.id, rectification: '再次' })).status).toBe(409);
    expect((await call('maker', E.close, { id: created.id })).status).toBe(403);
    expect((await call('certifier', E.close, { id: created.id })).status).toBe(404);

    const inspectorTold = ok(await call('committee', M.getMessageList, { pageNum: 1, pageSize: 5 }));
    expect(JSON.stringify(inspectorTold)).toContain('已提交整改');

    const reopenRes = await callRaw('committee', E.reopen, { id: created.id, reason: '' });
    expect(fieldsOf(reopenRes)).toHaveProperty('reason');
    expect(ok(await call('committee', E.reopen, { id: created.id, reason: '照片不清晰' })).state).toBe('open');
    ok(await call('maker', E.submit, { id: created.id, rectification: '补充照片', attachmentIds: [fix] }));
    expect(ok(await call('committee', E.close, { id: created.id, remark: '同意' })).state).toBe('closed');

    const detail = ok(await call('committee', E.detail, { id: created.id }));
    expect(detail).toMatchObject({ state: 'closed', actions: [], side: 'inspector', decisionNote: '同意' });
    expect(detail.products.map((p) => p.id)).toEqual([makerProductId]);
    expect(detail.rectificationFiles.map((f) => f.uploadId)).toEqual([fix]);
    expect((await download('committee', E.file, { id: created.id, uploadId: fix })).status).toBe(200);
    expect((await download('certifier', E.file, { id: created.id, uploadId: fix })).status).toBe(404);
    expect((await download('committee', E.file, { id: created.id, uploadId: evidence + 100_000 })).status).toBe(404);
  });

  it('enters a 合格 record closed, with nothing to do', async () => {
    const created = ok(
      await call(
        'certifier',
        E.create,
        record({ kind: 'surveillance', result: 'pass', rectificationDeadline: undefined }),
      ),
    );
    expect(created.state).toBe('closed');
    const detail = ok(await call('maker', E.detail, { id: created.id }));
    expect(detail.actions).toEqual([]);
  });
});
