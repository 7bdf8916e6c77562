import { distributionEndpoints as api, OrgType } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { demoScope, letterInput } from './distribution.authorisation.test-support.ts';

/**
 * Issuing under concurrency on a real PostgreSQL server (docs/distribution.md, "On issue"): sixteen exclusive letters
 * of one maker with the same scope, each to another distributor, issued at once through the API. The maker's issues
 * take turns (an advisory lock), so exactly one issues and the others are refused naming it; two acceptances of one
 * letter at once accept it once.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, as trace.stock.pg.test.ts); without one it is skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CLIENTS = 16;

describe.runIf(!!adminUrl)('exclusive letters issued at once on PostgreSQL', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const { call } = callsAs(() => server, tokens);
  const distributors: number[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    tokens.maker = await server.login('13800000001');
    tokens.dealer = await server.login('13800000002');
    for (let i = 0; i < CLIENTS; i++) {
      const org = await addOrgWithUser(server, {
        name: `并发经销商 ${i}`,
        type: OrgType.DISTRIBUTOR,
        regionCode: '320100',
        mobile: `139000009${String(i).padStart(2, '0')}`,
      });
      distributors.push(org.orgId);
    }
  });
  afterAll(() => server?.stop());

  it('issues exactly one of sixteen overlapping exclusive letters', async () => {
    const scope = await demoScope(server);
    const drafts = [];
    for (const distributorOrgId of distributors)
      drafts.push(
        ok(
          await call(
            'maker',
            api.authorisationSave,
            letterInput(scope, { distributorOrgId, exclusive: true, regionCodes: ['350000'] }),
          ),
        ).id,
      );
    const answers = await Promise.all(drafts.map((id) => call('maker', api.authorisationIssue, { id })));
    const issued = answers.filter((a) => a.status === 200);
    expect(issued).toHaveLength(1);
    const number = issued[0]?.body.data.number as string;
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(number);
    }
  });

  it('accepts a letter once when the distributor accepts twice at once', async () => {
    const scope = await demoScope(server);
    const draft = ok(await call('maker', api.authorisationSave, letterInput(scope, { regionCodes: ['360000'] })));
    ok(await call('maker', api.authorisationIssue, { id: draft.id }));
    const answers = await Promise.all([1, 2].map(() => call('dealer', api.authorisationAccept, { id: draft.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const detail = ok(await call('maker', api.authorisationDetail, { id: draft.id }));
    expect(detail.state).toBe('active');
  });
});
