import { distributionEndpoints as api, ledgerEndpoints } from '@jcbb/contract';
import { verifyAuthorisation } from '@jcbb/contract/distribution-proof';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { DEMO_LETTER_PUBLIC_ID } from './demo-distribution.ts';

/** The demo letters (demo-distribution.ts): what the README names, really issued, signed and on the ledger. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.dealer = await server.login('13800000002');
});
afterAll(() => server?.stop());

describe('the demo authorisations', () => {
  it('are three letters of 南京绿筑 to 南京恒通: one in force for a year, one ending within 30 days, one revoked', async () => {
    const { list } = ok(await call('dealer', api.authorisationList, { take: 50 }));
    expect(list.every((l) => l.maker.name === '南京绿筑新型建材有限公司')).toBe(true);
    const states = list.map((l) => [l.state, l.items.map((i) => i.productName).join('、')]);
    expect(states).toEqual(
      expect.arrayContaining([
        ['active', '岩棉保温板、蒸压加气混凝土砌块、预制混凝土叠合板'],
        ['active', '断桥铝合金节能窗'],
        ['revoked', '水性建筑涂料（内墙）'],
      ]),
    );
    const expiring = ok(await call('maker', api.authorisationList, { expiringWithinDays: 30 }));
    expect(expiring.list.map((l) => [l.items[0]?.productName, l.expiresInDays])).toEqual([['断桥铝合金节能窗', 20]]);
    const revoked = list.find((l) => l.state === 'revoked');
    expect(revoked?.statusReason).toBe('经销商未按约定提供售后服务，授权撤销');
  });

  it('has the letter the README names, verified with the published key', async () => {
    const answer = ok(await call(null, api.authorisationVerify, { id: DEMO_LETTER_PUBLIC_ID }));
    expect(answer.state).toBe('active');
    const key = ok(await call(null, ledgerEndpoints.key)).publicKey;
    const check = verifyAuthorisation(answer, key);
    expect(check).toMatchObject({ ok: true, covered: { letter: true, state: true, reason: true } });
    expect(check.content?.credentialSubject.items[0]).toMatchObject({
      product: { name: '岩棉保温板' },
      quantityCap: '20000',
    });
  });
});
