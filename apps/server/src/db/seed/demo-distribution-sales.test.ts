import { distributionEndpoints as api } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

/** 南京恒通's demo contracts with 南京城建置业 (demo-distribution-sales.ts), as the README describes them. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.dealer = await server.login('13800000002');
  tokens.developer = await server.login('13800000005');
});
afterAll(() => server?.stop());

describe('the demo sales contracts', () => {
  it('has a signed contract with its file on the ledger and a draft, for the school', async () => {
    const { list } = ok(await call('dealer', api.contractList, {}));
    const byNumber = Object.fromEntries(list.map((c) => [c.number, c]));
    expect(byNumber['HT-2026-001']).toMatchObject({
      buyerName: '南京城建置业发展有限公司',
      projectName: '南京市鼓楼区天妃宫小学新建工程',
      amountFen: 300 * 4_850 + 120 * 6_200,
    });
    // The demo letter covers rock wool in Jiangsu: the first is in force.
    expect(byNumber['HT-2026-001']?.status).toBe('active');
    expect(byNumber['HT-2026-002']?.status).toBe('draft');
    const first = ok(await call('dealer', api.contractDetail, { id: byNumber['HT-2026-001']?.id as number }));
    expect(first.leafIndex).not.toBeNull();
    expect(first.signedFile?.name).toContain('HT-2026-001');
    // Its first batch shipped to the school under the letter: 100 of its 300 m² drawn down.
    expect(first.lines[0]).toMatchObject({ quantity: 300, shippedQuantity: 100 });
    // The buyer reads the signed one, not the draft.
    const theirs = ok(await call('developer', api.contractList, { side: 'buyer' }));
    expect(theirs.list.map((c) => c.number)).toEqual(['HT-2026-001']);
  });

  it('has a product record of each product the letters name, the revoked one not covered', async () => {
    const { list } = ok(await call('dealer', api.productList, { take: 50 }));
    const coverage = Object.fromEntries(list.map((r) => [r.productName, r.coverage]));
    expect(coverage).toMatchObject({ 岩棉保温板: 'in_force', '水性建筑涂料（内墙）': 'not_covered' });
    expect(coverage.断桥铝合金节能窗).toBe('expiring');
    expect(list.find((r) => r.productName === '岩棉保温板')?.supplyAddresses.map((a) => a.name)).toEqual([
      '恒通栖霞仓库',
    ]);
  });
});
