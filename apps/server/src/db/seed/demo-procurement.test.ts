import { purchaseOrderEndpoints as orders, sourcingEndpoints as sourcing } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projects } from '../schema/index.ts';

/** Procurement's demo (demo-procurement.ts), as the README describes it. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
let school = 0;
let hospital = 0;

beforeAll(async () => {
  server = await startTestServer();
  tokens.developer = await server.login('13800000005');
  tokens.maker = await server.login('13800000001');
  tokens.dealer = await server.login('13800000002');
  const idOf = async (name: string) =>
    (await server.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]
      ?.id as number;
  school = await idOf('南京市鼓楼区天妃宫小学新建工程');
  hospital = await idOf('江宁区人民医院门急诊综合楼');
});
afterAll(() => server?.stop());

describe('the demo procurement', () => {
  it('has the school meeting both rules and the hospital failing both', async () => {
    const s = ok(await call('developer', sourcing.selectionOverview, { projectId: school })).compliance;
    expect(s).toMatchObject({ applicable: true, met: true, mandatoryMet: true, optionalMet: true });
    expect(s.optionalCoverageBp).toBeGreaterThanOrEqual(4000);
    const h = ok(await call('developer', sourcing.selectionOverview, { projectId: hospital })).compliance;
    expect(h).toMatchObject({ applicable: true, met: false, mandatoryMet: false, optionalMet: false });
    expect(h.optionalCoverageBp).toBeLessThan(4000);
  });

  it('has the school’s windows awarded to the maker and partly delivered, the hospital’s blocks still quoting', async () => {
    const { list } = ok(await call('developer', orders.orderList, { projectId: school }));
    const windows = list.find((o) => o.supplierName === '南京绿筑新型建材有限公司');
    expect(windows).toMatchObject({ origin: 'inquiry', status: 'partly_delivered', deliveredPct: 40 });
    const inquiries = ok(await call('developer', sourcing.inquiryList, { projectId: hospital })).list;
    expect(inquiries[0]).toMatchObject({ status: 'quoting', supplierCount: 2, submittedCount: 1 });
    // The maker is invited and has not quoted yet: it can.
    const mine = ok(await call('maker', sourcing.supplierInquiryDetail, { id: inquiries[0]?.id as number }));
    expect(mine.myQuote).toBeNull();
  });

  it('keeps the distributor’s windows quote as an alternate, and flags the hospital’s rock wool', async () => {
    const schoolAlternates = ok(await call('developer', orders.alternateList, { projectId: school }));
    const windows = schoolAlternates.lines.find((l) => l.commonName === '断桥铝合金节能窗');
    expect(windows?.alternates.map((a) => a.supplierName)).toEqual(['南京恒通建材贸易有限公司']);
    const hospitalAlternates = ok(await call('developer', orders.alternateList, { projectId: hospital }));
    const rockWool = hospitalAlternates.lines.find((l) => l.commonName === '岩棉保温板');
    expect(rockWool?.flags.map((f) => f.flag)).toContain('certificate_lapses');
  });
});
