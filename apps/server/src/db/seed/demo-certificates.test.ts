import { certificateEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { DEMO_CERTIFICATE_NO, seedDemoCertificates } from './demo-certificates.ts';

/** The demo certificate a newcomer verifies at /free/certificate, and the application awaiting the demo body. */
let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
beforeAll(async () => {
  server = await startTestServer();
  // The lead's demo seed may already call it; a second run does nothing.
  await server.database.db.transaction((tx) => seedDemoCertificates(tx));
});
afterAll(async () => {
  await server?.stop();
});

describe('demo certificates', () => {
  it('the README’s certificate number verifies publicly, valid, on the ledger, and its product is green', async () => {
    const res = await call(null, certificateEndpoints.verify, { no: DEMO_CERTIFICATE_NO });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      certNo: DEMO_CERTIFICATE_NO,
      holder: '南京绿筑新型建材有限公司',
      issuer: '华夏绿色建材认证中心有限公司',
      product: { name: '石膏基自流平砂浆' },
      state: 'valid',
      starRating: 2,
    });
    expect(res.body.data.certificate.inclusionProof).toBeInstanceOf(Array);
    tokens.maker = await server.login('13800000001');
    const mine = await call('maker', certificateEndpoints.certificates, {});
    expect(mine.body.data.list.map((c: { certNo: string }) => c.certNo)).toContain(DEMO_CERTIFICATE_NO);
  });

  it('an application awaits the demo certification body', async () => {
    tokens.certifier = await server.login('13800000007');
    const queue = await call('certifier', certificateEndpoints.approvals, {});
    expect(queue.body.data.total).toBe(1);
    expect(queue.body.data.list[0]).toMatchObject({ status: 1, product: { name: '水性建筑涂料（内墙）' } });
    expect(await server.database.db.transaction((tx) => seedDemoCertificates(tx))).toBe(false);
  });
});
