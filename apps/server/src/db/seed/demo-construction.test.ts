import { evidenceReadingEndpoints } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projects, siteDeliveries, siteInspections, stockBalances } from '../schema/index.ts';
import { DEMO_MEMBRANE_CARD } from './demo-evidence.ts';
import { RISK_DEMO_MATERIALS } from './demo-government-risk.ts';

/** The demo school's site (demo-construction.ts): every state of a delivered lot a newcomer can try. */

let server: TestServer;
let school = 0;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  const [p] = await server.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
  school = p?.id as number;
});
afterAll(() => server?.stop());

describe('the demo site', () => {
  it('has a lot in every state the README names, each with its stock where the state says', async () => {
    const rows = (
      await server.database.db
        .select({ state: siteInspections.state, lotId: siteInspections.lotId, material: siteInspections.materialName })
        .from(siteInspections)
        .where(eq(siteInspections.projectId, school))
    )
      .filter((r) => !r.material.includes('断桥铝合金节能窗')) // the procurement demo's windows, awaiting inspection
      .filter((r) => !RISK_DEMO_MATERIALS.includes(r.material)); // the risk demo's retests and late paint
    const states = rows.map((r) => r.state).sort();
    expect(states).toEqual(['pending', 'pending_retest', 'released', 'returned']);
    const balance = async (lotId: number, bucket: string) => {
      const [b] = await server.database.db
        .select({ q: stockBalances.quantity })
        .from(stockBalances)
        .where(
          and(
            eq(stockBalances.holderKey, `project:${school}`),
            eq(stockBalances.lotId, lotId),
            eq(stockBalances.bucket, bucket),
          ),
        );
      return Number(b?.q ?? 0);
    };
    const of = (state: string) => rows.find((r) => r.state === state)?.lotId as number;
    expect(await balance(of('released'), 'usable')).toBe(320);
    expect(await balance(of('pending'), 'quarantined')).toBe(1500);
    expect(await balance(of('pending_retest'), 'quarantined')).toBeGreaterThan(0);
    expect(await balance(of('pending_retest'), 'usable')).toBe(0);
    expect(await balance(of('returned'), 'rejected')).toBe(0);
  });

  it('shows the storekeeper the membrane’s 合格证 as read: for another model than the one delivered', async () => {
    const [membrane] = await server.database.db
      .select({ id: siteInspections.id, state: siteInspections.state, checks: siteInspections.checks })
      .from(siteInspections)
      .where(and(eq(siteInspections.projectId, school), eq(siteInspections.materialName, 'SBS 改性沥青防水卷材')));
    expect(membrane?.state, 'sent back: awaiting the storekeeper again').toBe('pending');
    const card = membrane?.checks?.find((c) => c.kind === 'conformity')?.uploadId as number;
    expect(card).toBeGreaterThan(0);
    tokens.builder = await server.login('13800000003');
    const view = ok(
      await call('builder', evidenceReadingEndpoints.reading, {
        subject: 'inspection',
        id: membrane?.id as number,
        uploadId: card,
      }),
    );
    expect(view).toMatchObject({ state: 'done', kind: 'conformity_certificate', canReview: true });
    expect(view.findings[0]).toMatchObject({
      code: 'ER-02',
      outcome: 'fail',
      found: DEMO_MEMBRANE_CARD.model,
      expected: 'PY Ⅱ 4 mm',
    });
    // Only the model disagrees: the product and the maker are the ones the storekeeper typed.
    expect(view.findings.filter((f) => f.outcome === 'fail')).toHaveLength(1);
    expect(view.findings.find((f) => f.code === 'ER-03')?.outcome).toBe('pass');
  });

  it('keeps the dates the people stated, not the moment of seeding', async () => {
    const deliveries = await server.database.db
      .select({ arrivedOn: siteDeliveries.arrivedOn, createdAt: siteDeliveries.createdAt })
      .from(siteDeliveries)
      .where(eq(siteDeliveries.projectId, school));
    expect(new Set(deliveries.map((d) => d.arrivedOn)).size).toBeGreaterThan(2);
    const decided = await server.database.db
      .select({ at: siteInspections.decidedAt })
      .from(siteInspections)
      .where(eq(siteInspections.state, 'released'));
    for (const d of decided) expect(Date.now() - (d.at as Date).getTime()).toBeGreaterThan(24 * 3600 * 1000);
  });
});
