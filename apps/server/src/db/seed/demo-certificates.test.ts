import { certificateEndpoints, evidenceReadingEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  DEMO_CERTIFICATE_NO,
  DEMO_PENDING_PRODUCT,
  DEMO_PENDING_STARS,
  seedDemoCertificates,
} from './demo-certificates.ts';

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
    expect(queue.body.data.list[0]).toMatchObject({ status: 1, product: { name: DEMO_PENDING_PRODUCT } });
    expect(await server.database.db.transaction((tx) => seedDemoCertificates(tx))).toBe(false);
  });

  it('the waiting application’s evidence is read: its old certificate gives fewer stars than applied for, and expired', async () => {
    tokens.certifier ??= await server.login('13800000007');
    const queue = await call('certifier', certificateEndpoints.approvals, {});
    const id = queue.body.data.list[0].id as number;
    const detail = await call('certifier', certificateEndpoints.application, { id });
    const files = detail.body.data.evidence as { id: number; name: string }[];
    expect(files.map((f) => f.name).sort()).toEqual([
      `${DEMO_PENDING_PRODUCT}-检测报告.pdf`,
      `${DEMO_PENDING_PRODUCT}-绿色建材认证证书.pdf`,
    ]);
    const views = [];
    for (const f of files) {
      const res = await call('certifier', evidenceReadingEndpoints.reading, {
        subject: 'application',
        id,
        uploadId: f.id,
      });
      expect(res.status, res.raw.slice(0, 300)).toBe(200);
      views.push(res.body.data);
    }
    const report = views.find((v) => v.kind === 'test_report');
    const cert = views.find((v) => v.kind === 'green_certificate');
    expect(report).toMatchObject({ state: 'done', canReview: true });
    // The report agrees (nothing planted on it).
    expect(report.findings.filter((f: { outcome: string }) => f.outcome === 'fail')).toEqual([]);
    const failed = cert.findings.filter((f: { outcome: string }) => f.outcome === 'fail');
    expect(failed.map((f: { code: string }) => f.code).sort()).toEqual(['ER-04', 'ER-09']);
    expect(failed.find((f: { code: string }) => f.code === 'ER-09').message).toBe(
      `星级填写为 ${DEMO_PENDING_STARS} 星，证书为 1 星。`,
    );
  });
});
