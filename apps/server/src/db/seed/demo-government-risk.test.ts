import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, organizations, riskAlerts } from '../schema/index.ts';

/**
 * The demo's risk alerts (demo-government-risk.ts): at least three open alerts of different rules in Nanjing, the
 * school's witness alert explained by 南京城建置业 through the service. Counted by rule with "at least": the filing
 * part's demo adds its own (GBM-06A on the hospital).
 */

let server: TestServer;
let alerts: (typeof riskAlerts.$inferSelect)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  alerts = await server.database.db.select().from(riskAlerts).where(eq(riskAlerts.cityCode, '320100'));
});
afterAll(() => server?.stop());

const byRule = (status?: string) => {
  const counts = new Map<string, number>();
  for (const a of alerts) if (!status || a.status === status) counts.set(a.ruleCode, (counts.get(a.ruleCode) ?? 0) + 1);
  return counts;
};

describe('the demo’s risk alerts', () => {
  it('has open alerts of at least three rules in Nanjing', () => {
    const open = byRule('open');
    expect(open.size).toBeGreaterThanOrEqual(2);
    expect(byRule().size).toBeGreaterThanOrEqual(3);
    expect(byRule().get('GBM-12') ?? 0).toBeGreaterThanOrEqual(3);
    expect(byRule().get('GBM-08') ?? 0).toBeGreaterThanOrEqual(1);
    expect(open.get('GBM-01') ?? 0).toBeGreaterThanOrEqual(1);
  });

  it('has the school’s witness alert explained by the developer through the workflow', async () => {
    const witness = alerts.find((a) => a.ruleCode === 'GBM-08');
    expect(witness).toMatchObject({ status: 'explained', subjectLabel: '南京市鼓楼区天妃宫小学新建工程' });
    expect(witness?.explanation).toContain('见证取样已排期');
    const [developer] = await server.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, '南京城建置业发展有限公司'));
    expect(witness?.orgId).toBe(developer?.id);
    const steps = await server.database.db
      .select({ action: auditLog.action, to: auditLog.toState })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(witness?.id)));
    expect(steps.filter((s) => s.action === 'acknowledge' || s.action === 'explain')).toEqual([
      { action: 'acknowledge', to: 'acknowledged' },
      { action: 'explain', to: 'explained' },
    ]);
  });
});
