import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projects, siteInspections, spotChecks, witnessSamples } from '../schema/index.ts';

/** Witness sampling and a spot check on the demo school's site (demo-witness.ts): what a newcomer continues. */

let server: TestServer;
let school = 0;

beforeAll(async () => {
  server = await startTestServer();
  const [p] = await server.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
  school = p?.id as number;
});
afterAll(() => server?.stop());

describe('the demo site’s samples and checks', () => {
  it('has the blocks held for their retest sampled and sent, awaiting the report that releases them', async () => {
    const [sample] = await server.database.db
      .select({ state: witnessSamples.state, lotState: siteInspections.state, sampleNo: witnessSamples.sampleNo })
      .from(witnessSamples)
      .innerJoin(siteInspections, eq(siteInspections.id, witnessSamples.inspectionId))
      .where(eq(witnessSamples.projectId, school));
    expect(sample).toMatchObject({ state: 'sent', lotState: 'pending_retest', sampleNo: expect.stringMatching(/^QY/) });
  });

  it('has a failed patrol check under rectification, not yet overdue', async () => {
    const checks = await server.database.db
      .select({ state: spotChecks.state, result: spotChecks.result, deadline: spotChecks.rectificationDeadline })
      .from(spotChecks)
      .where(eq(spotChecks.projectId, school));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ state: 'rectifying', result: 'fail' });
    expect(new Date(`${checks[0]?.deadline}T23:59:59+08:00`).getTime()).toBeGreaterThan(Date.now());
  });
});
