import { projectEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, procurementFilings, purchaseOrders } from '../src/db/schema/index.ts';
import { siteProject } from '../src/modules/construction/construction.sample.test-support.ts';
import { FILINGS_NAME_ORG } from '../src/modules/government/index.ts';
import { PURCHASES_NAME_ORG } from '../src/modules/procurement/index.ts';
import { userOf } from '../src/modules/trace/trace.test-support.ts';
import { callsAs, ok } from './calls.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The project's removal rule as app.ts wires it (docs/decisions.md, "Removal rule"): the later modules' checks hold
 * an organisation their sent records name on the project, and let it go while those records are drafts.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
let builder = { orgId: 0, userId: 0 };

beforeAll(async () => {
  server = await startTestServer();
  for (const [k, m] of Object.entries({
    developer: '13800000005',
    builder: '13800000003',
    supervisor: '13800000004',
  })) {
    tokens[k] = await server.login(m);
  }
  const u = await userOf(server, '13800000003');
  builder = u;
}, 60_000);
afterAll(() => server?.stop());

const site = (code: string) =>
  siteProject(
    server,
    {
      builder: tokens.builder as string,
      supervisor: tokens.supervisor as string,
      developer: tokens.developer as string,
    },
    code,
  );

describe('the project’s removal rule, for procurement and filings', () => {
  it('holds the buyer of a published inquiry, not of a draft one', async () => {
    const projectId = await site('RM-INQ-1');
    const [row] = await server.database.db
      .insert(inquiries)
      .values({
        number: 'XJ-RM-INQ-1',
        projectId,
        buyerOrgId: builder.orgId,
        title: '移除规则测试询价',
        deadline: new Date(Date.now() + 86_400_000),
        status: 'published',
        createdBy: builder.userId,
      })
      .returning({ id: inquiries.id });
    const refused = await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder.orgId });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(PURCHASES_NAME_ORG);
    await server.database.db
      .update(inquiries)
      .set({ status: 'draft' })
      .where(eq(inquiries.id, row?.id as number));
    ok(await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder.orgId }));
  });

  it('holds the buyer of a sent purchase order', async () => {
    const projectId = await site('RM-ORD-1');
    const supplier = (await userOf(server, '13800000001')).orgId;
    await server.database.db.insert(purchaseOrders).values({
      number: 'CG-RM-ORD-1',
      projectId,
      buyerOrgId: builder.orgId,
      supplierOrgId: supplier,
      origin: 'direct',
      reason: '直接采购',
      status: 'sent',
      createdBy: builder.userId,
    });
    const refused = await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder.orgId });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(PURCHASES_NAME_ORG);
  });

  it('holds the filer of a filing sent to the committee, not of a draft', async () => {
    const projectId = await site('RM-FIL-1');
    const developer = (await userOf(server, '13800000005')).orgId;
    const [row] = await server.database.db
      .insert(procurementFilings)
      .values({
        projectId,
        developerOrgId: developer,
        cityCode: '320100',
        filerOrgId: builder.orgId,
        period: '2026-Q3',
        status: 'submitted',
        dueOn: shanghaiToday(),
        createdBy: builder.userId,
      })
      .returning({ id: procurementFilings.id });
    const refused = await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder.orgId });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(FILINGS_NAME_ORG);
    await server.database.db
      .update(procurementFilings)
      .set({ status: 'draft' })
      .where(eq(procurementFilings.id, row?.id as number));
    ok(await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder.orgId }));
  });
});
