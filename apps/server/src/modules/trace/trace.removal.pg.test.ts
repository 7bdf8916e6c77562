import { MembershipStatus, projectEndpoints, traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projectInput } from '../project/test-support.ts';
import { addAddress, addLot, balanceOf, specOf, userOf } from './trace.test-support.ts';

/**
 * The project's removal rule under concurrency on a real PostgreSQL server (docs/decisions.md, "Removal rule"): a
 * receipt that arrives while the developer's removal of its construction unit is in progress must not slip in
 * between the removal's checks and its commit. The removal holds the membership FOR UPDATE (here a second connection
 * does, as the removal would); the receipt holds it FOR SHARE, so it waits, then finds no membership and receives
 * nothing.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, as trace.stock.pg.test.ts); embedded PGlite has a single
 * connection and nothing can race there.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(!!adminUrl)('a receipt racing the removal of its construction unit, on PostgreSQL', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const { call } = callsAs(() => server, tokens);
  const today = shanghaiToday();
  let builderOrg = 0;
  let projectId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    const who = { maker: '13800000001', builder: '13800000003', developer: '13800000005' };
    for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
    builderOrg = (await userOf(server, who.builder)).orgId;
    projectId = ok(
      await call(
        'developer',
        projectEndpoints.createProject,
        projectInput('T-RM-RACE', { inPolicyScope: false, policyBatch: undefined, standardEdition: undefined }),
      ),
    ).id as number;
    ok(await call('developer', projectEndpoints.inviteOrg, { projectId, orgId: builderOrg }));
    ok(await call('builder', projectEndpoints.respondInvitation, { projectId, accept: true }));
  });
  afterAll(() => server?.stop());

  it('waits for a removal in progress, then answers 404 and receives nothing', async () => {
    const insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const lotId = await addLot(server, insul, 10);
    const saved = ok(
      await call('maker', traceEndpoints.shipmentSave, {
        destination: { kind: 'project', projectId },
        fromAddressId: await addAddress(server, insul.orgId, { kind: 'factory' }),
        shipDate: today,
        transportType: 8,
        distanceKm: 30,
        lines: [{ specId: insul.specId, lotId, quantity: 10 }],
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
    const lineId = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id })).lines[0]?.id as number;

    const removal = new pg.Client({ connectionString: server.config.databaseUrl as string });
    await removal.connect();
    try {
      const where = 'where project_id = $1 and org_id = $2';
      await removal.query('begin');
      await removal.query(`select id from project_orgs ${where} for update`, [projectId, builderOrg]);
      const receipt = call('builder', traceEndpoints.receiptCreate, {
        shipmentId: saved.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: lineId, received: 10, accepted: 10, rejected: 0 }],
      });
      // The receipt's transaction is waiting for the membership the removal holds.
      await vi.waitFor(
        async () => {
          const waiting = await removal.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          expect(waiting.rows[0].n).toBe(1);
        },
        { timeout: 15_000, interval: 50 },
      );
      await removal.query(`update project_orgs set status = $3 ${where}`, [
        projectId,
        builderOrg,
        MembershipStatus.REMOVED,
      ]);
      await removal.query('commit');
      expect((await receipt).status).toBe(404);
    } finally {
      await removal.end();
    }
    expect(await balanceOf(server, `project:${projectId}`, lotId)).toBe(0);
    expect(ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id })).status).toBe(2);
  });
});
