import { sourcingEndpoints as api, type EndpointInput, OrgType } from '@jcbb/contract';
import { addDays, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  authorisations,
  materialListLines,
  messages,
  purchaseOrderLines,
  purchaseOrders,
  quotes,
} from '../../db/schema/index.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { projectIdOf, specOf, userOf } from '../trace/trace.test-support.ts';
import { createProcurementSourcingServices } from './index.ts';
import { addLine, passDeadline } from './procurement.sourcing.test-support.ts';

/**
 * Sourcing (docs/procurement.md, "Selection and purchase"): candidates of a line, choosing one, inquiries with sealed
 * quotes, the award that makes a draft order, and direct purchase.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let maker = 0;
let dealer = 0;
let school = 0;
let hospital = 0;
let rockLine = 0;
let brickLine = 0;
let rockWool = { productId: 0, specId: 0 };

const inFuture = (days = 7) => formatShanghaiTime(Date.now() + days * 86_400_000).slice(0, 16);

const inquiry = (over: Partial<EndpointInput<typeof api.inquirySave>> = {}) =>
  ({
    projectId: school,
    title: '岩棉保温板询价',
    deadline: inFuture(),
    lines: [{ listLineId: rockLine, quantity: '500' }],
    supplierOrgIds: [maker, dealer],
    ...over,
  }) as EndpointInput<typeof api.inquirySave>;

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    otherMaker: '13800000008',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  maker = (await userOf(server, '13800000001')).orgId;
  dealer = (await userOf(server, '13800000002')).orgId;
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  hospital = (
    await server.database.db.query.projects.findFirst({ where: (p, { like }) => like(p.name, '%江宁区人民医院%') })
  )?.id as number;
  rockWool = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  // Required within the demo rock wool certificate's last 45 days.
  rockLine = await addLine(server, {
    projectId: school,
    classifyCode: '0105',
    commonName: '岩棉板',
    unitId: 31,
    requiredBy: addDays(shanghaiToday(), 30),
  });
  brickLine = await addLine(server, { projectId: school, classifyCode: '0208', commonName: '透水砖', unitId: 31 });
  await addOrgWithUser(server, {
    name: '上海另一建设开发公司',
    type: OrgType.DEVELOPER,
    regionCode: '310101',
    mobile: '13900000801',
  });
  tokens.otherDeveloper = await server.login('13900000801');
}, 60_000);
afterAll(() => server?.stop());

describe('candidates', () => {
  it('lists the city’s listed products in the line’s class, from the maker and the distributor authorised there', async () => {
    const d = ok(await call('developer', api.selectionCandidates, { lineId: rockLine }));
    expect(d.list.length).toBeGreaterThan(0);
    expect(d.list.every((c) => c.productName === '岩棉保温板')).toBe(true);
    const roles = new Set(d.list.map((c) => `${c.supplierName}:${c.supplierRole}`));
    expect([...roles].some((r) => r.endsWith(':maker'))).toBe(true);
    expect(d.list.some((c) => c.supplierOrgId === dealer && c.supplierRole === 'distributor')).toBe(true);
    const c = d.list[0] as (typeof d.list)[number];
    expect(c.distanceSource).toBe('default');
    expect(c.distanceKm).toBe(500);
    expect(c.whatIf).toHaveProperty('met');
    // Sorted: green through the required-by date first.
    const order = d.list.map((x) => ({ through: 0, lapses: 1, none: 2 })[x.certificate.runway]);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('offers no distributor where no letter covers the class', async () => {
    const d = ok(await call('developer', api.selectionCandidates, { lineId: brickLine }));
    expect(d.list.every((c) => c.supplierRole === 'maker')).toBe(true);
    expect(d.list.every((c) => c.supplierOrgId !== dealer)).toBe(true);
  });

  it('flags a certificate that ends before the required-by date, with its end date', async () => {
    const far = await addLine(server, {
      projectId: school,
      classifyCode: '0105',
      commonName: '岩棉板（远期）',
      unitId: 31,
      requiredBy: '2099-12-31',
    });
    const d = ok(await call('developer', api.selectionCandidates, { lineId: far }));
    const ours = d.list.find((c) => c.productId === rockWool.productId) as (typeof d.list)[number];
    expect(ours.certificate.runway).toBe('lapses');
    expect(ours.certificate.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((ours.certificate.validUntil as string) < '2099-12-31').toBe(true);
    // The same product is green through a required-by date within its certificate.
    const near = ok(await call('developer', api.selectionCandidates, { lineId: rockLine }));
    expect(near.list.find((c) => c.productId === rockWool.productId)?.certificate.runway).toBe('through');
  });

  it('refuses another project’s line (404), the wrong organisation type (403) and no session (401)', async () => {
    expect((await call('otherDeveloper', api.selectionCandidates, { lineId: rockLine })).status).toBe(404);
    expect((await call('maker', api.selectionCandidates, { lineId: rockLine })).status).toBe(403);
    expect((await call(null, api.selectionCandidates, { lineId: rockLine })).status).toBe(401);
    expect((await callRaw('developer', api.selectionCandidates, { lineId: 'x' })).status).toBe(400);
  });
});

describe('choosing', () => {
  it('moves the line’s green state and the project’s compliance; clearing moves it back', async () => {
    const before = ok(await call('developer', api.selectionOverview, { projectId: school }));
    const d = ok(await call('developer', api.selectionCandidates, { lineId: rockLine }));
    const green = d.list.find((c) => c.certificate.runway === 'through') as (typeof d.list)[number];
    expect(green).toBeDefined();
    const chosen = ok(
      await call('builder', api.selectionChoose, {
        lineId: rockLine,
        specId: green.specId,
        supplierOrgId: green.supplierOrgId,
        reason: '证书覆盖需用日期，价格最低',
      }),
    );
    expect(chosen.line.green).toBe(true);
    expect(chosen.line.chosen?.supplierOrgId).toBe(green.supplierOrgId);
    expect(chosen.compliance).toEqual(green.whatIf);
    // Rock wool is mandatory under the school's 2020 trial edition: one more mandatory line green.
    expect(before.lines.find((l) => l.id === rockLine)?.kind).toBe('mandatory');
    expect(chosen.compliance.mandatoryGreenLines).toBe(before.compliance.mandatoryGreenLines + 1);
    const cleared = ok(await call('developer', api.selectionUnchoose, { lineId: rockLine }));
    expect(cleared.line.chosen).toBeNull();
    expect(cleared.compliance).toEqual(before.compliance);
  });

  it('refuses a spec its supplier does not offer here (400) and another organisation’s line (404)', async () => {
    const brick = ok(await call('developer', api.selectionCandidates, { lineId: brickLine })).list[0];
    const res = await call('developer', api.selectionChoose, {
      lineId: brickLine,
      specId: brick?.specId as number,
      supplierOrgId: dealer,
    });
    expect(fieldsOf(res)).toHaveProperty('specId');
    const other = await call('otherDeveloper', api.selectionChoose, {
      lineId: rockLine,
      specId: rockWool.specId,
      supplierOrgId: maker,
    });
    expect(other.status).toBe(404);
  });
});

describe('an inquiry from draft to award', () => {
  it('publishes, takes sealed quotes, closes at the deadline and awards into a draft order', async () => {
    const draft = ok(await call('developer', api.inquirySave, inquiry()));
    expect(draft.status).toBe('draft');
    expect(draft.actions).toContain('publish');
    // Not invited yet: a draft is the buyer's alone.
    expect((await call('maker', api.supplierInquiryDetail, { id: draft.id })).status).toBe(404);
    const published = ok(await call('developer', api.inquiryPublish, { id: draft.id }));
    expect(published.status).toBe('published');
    const told = await server.database.db.select().from(messages).where(eq(messages.title, '询价邀请：岩棉保温板询价'));
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(told[0]?.targetUrl).toContain(`id=${draft.id}`);

    // Each supplier quotes; it sees only the specs it may offer.
    const seen = ok(await call('maker', api.supplierInquiryDetail, { id: draft.id }));
    const line = seen.lines[0] as (typeof seen.lines)[number];
    expect(line.offers.map((o) => o.specId)).toContain(rockWool.specId);
    const mine = ok(
      await call('maker', api.quoteSave, {
        inquiryId: draft.id,
        lines: [{ inquiryLineId: line.id, specId: rockWool.specId, unitPriceFen: 3600, deliveryDate: '2027-03-01' }],
      }),
    );
    const makerQuote = mine.myQuote?.id as number;
    ok(await call('maker', api.quoteSubmit, { id: makerQuote }));
    const dealerDraft = ok(
      await call('dealer', api.quoteSave, {
        inquiryId: draft.id,
        lines: [{ inquiryLineId: line.id, specId: rockWool.specId, unitPriceFen: 3700, deliveryDate: '2027-02-20' }],
      }),
    );
    const dealerQuote = dealerDraft.myQuote?.id as number;
    ok(await call('dealer', api.quoteSubmit, { id: dealerQuote }));

    // Sealed: the other supplier's quote is 404 to each; the buyer sees a count, no quotes.
    expect((await call('dealer', api.quoteWithdraw, { id: makerQuote })).status).toBe(404);
    expect((await call('dealer', api.quoteSubmit, { id: makerQuote })).status).toBe(404);
    const dealerView = ok(await call('dealer', api.supplierInquiryDetail, { id: draft.id }));
    expect(dealerView.myQuote?.id).toBe(dealerQuote);
    expect(JSON.stringify(dealerView)).not.toContain('3600');
    const sealed = ok(await call('developer', api.inquiryDetail, { id: draft.id }));
    expect(sealed.status).toBe('quoting');
    expect(sealed.submittedCount).toBe(2);
    expect(sealed.quotes).toEqual([]);
    expect(sealed.suppliers.every((s) => s.submitted === null)).toBe(true);
    // Not invited: another manufacturer 404.
    expect((await call('otherMaker', api.supplierInquiryDetail, { id: draft.id })).status).toBe(404);

    // The deadline passes: quoting closed, quotes readable; a late quote 409.
    await passDeadline(server, draft.id);
    expect((await call('dealer', api.quoteWithdraw, { id: dealerQuote })).status).toBe(409);
    const late = await call('maker', api.quoteSave, {
      inquiryId: draft.id,
      lines: [{ inquiryLineId: line.id, specId: rockWool.specId, unitPriceFen: 1, deliveryDate: '2027-03-01' }],
    });
    expect(late.status).toBe(409);
    const open = ok(await call('developer', api.inquiryDetail, { id: draft.id }));
    expect(open.status).toBe('evaluating');
    expect(open.quotes.map((q) => q.amountFen).sort()).toEqual([1_800_000, 1_850_000]);
    expect(open.actions).toEqual(expect.arrayContaining(['award', 'fail', 'new_round']));

    // A construction unit of the project reads it but may not award it (403); a reason is needed (400).
    expect(
      (await call('builder', api.inquiryAward, { id: draft.id, quoteId: makerQuote, reason: '价低' })).status,
    ).toBe(403);
    expect(
      fieldsOf(await callRaw('developer', api.inquiryAward, { id: draft.id, quoteId: makerQuote, reason: '' })),
    ).toHaveProperty('reason');

    const awarded = ok(
      await call('developer', api.inquiryAward, {
        id: draft.id,
        quoteId: makerQuote,
        reason: '价格最低，证书覆盖需用日期',
      }),
    );
    expect(awarded.status).toBe('awarded');
    expect(awarded.orderNumber).toMatch(/^CG\d{12}$/);
    const [order] = await server.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, awarded.orderId as number));
    expect(order).toMatchObject({ status: 'draft', origin: 'inquiry', supplierOrgId: maker, amountFen: 1_800_000 });
    const lines = await server.database.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, awarded.orderId as number));
    expect(lines).toMatchObject([{ listLineId: rockLine, specId: rockWool.specId, unitPriceFen: 3600 }]);
    const statuses = await server.database.db
      .select({ id: quotes.id, status: quotes.status })
      .from(quotes)
      .where(eq(quotes.inquiryId, draft.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [makerQuote]: 'accepted',
      [dealerQuote]: 'rejected',
    });
    const [chosen] = await server.database.db
      .select()
      .from(materialListLines)
      .where(and(eq(materialListLines.id, rockLine)));
    expect(chosen).toMatchObject({ chosenSpecId: rockWool.specId, chosenSupplierOrgId: maker });
    const loser = ok(await call('dealer', api.supplierInquiryDetail, { id: draft.id }));
    expect(loser.myQuote?.status).toBe('rejected');
    expect(JSON.stringify(loser)).not.toContain('3600');
  });

  it('refuses to award a distributor whose letter was revoked after it quoted (409), and awards once it is in force', async () => {
    const d = ok(await call('developer', api.inquirySave, inquiry({ title: '授权撤销后的定标' })));
    ok(await call('developer', api.inquiryPublish, { id: d.id }));
    const line = ok(await call('dealer', api.supplierInquiryDetail, { id: d.id })).lines[0] as { id: number };
    const q = ok(
      await call('dealer', api.quoteSave, {
        inquiryId: d.id,
        lines: [{ inquiryLineId: line.id, specId: rockWool.specId, unitPriceFen: 3500, deliveryDate: '2027-02-20' }],
      }),
    ).myQuote?.id as number;
    ok(await call('dealer', api.quoteSubmit, { id: q }));
    await passDeadline(server, d.id);

    // The maker revokes the dealer's letters after the quote: the award would make an order it could not ship.
    const db = server.database.db;
    const inForce = await db
      .select({ id: authorisations.id, status: authorisations.status })
      .from(authorisations)
      .where(and(eq(authorisations.distributorOrgId, dealer), inArray(authorisations.status, ['issued', 'active'])));
    expect(inForce.length).toBeGreaterThan(0);
    const ids = inForce.map((a) => a.id);
    await db.update(authorisations).set({ status: 'revoked' }).where(inArray(authorisations.id, ids));
    const refused = await call('developer', api.inquiryAward, { id: d.id, quoteId: q, reason: '价格最低' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('岩棉板');
    expect(ok(await call('developer', api.inquiryDetail, { id: d.id })).status).toBe('evaluating');

    for (const a of inForce)
      await db.update(authorisations).set({ status: a.status }).where(eq(authorisations.id, a.id));
    const awarded = ok(await call('developer', api.inquiryAward, { id: d.id, quoteId: q, reason: '价格最低' }));
    expect(awarded).toMatchObject({ status: 'awarded' });
  });

  it('a new round reopens quoting; the earlier round’s quotes stay; cancel and fail need a reason', async () => {
    const d = ok(await call('developer', api.inquirySave, inquiry({ title: '第二轮询价' })));
    ok(await call('developer', api.inquiryPublish, { id: d.id }));
    ok(await call('developer', api.inquiryClose, { id: d.id }));
    const round = ok(await call('developer', api.inquiryNewRound, { id: d.id, deadline: inFuture(3) }));
    expect(round).toMatchObject({ status: 'quoting', round: 2 });
    await passDeadline(server, d.id);
    const failed = ok(await call('developer', api.inquiryFail, { id: d.id, reason: '报价均超预算' }));
    expect(failed.status).toBe('failed');
    expect((await call('developer', api.inquiryCancel, { id: d.id, reason: '不再需要' })).status).toBe(409);
    const c = ok(await call('developer', api.inquirySave, inquiry({ title: '取消的询价' })));
    expect(fieldsOf(await callRaw('developer', api.inquiryCancel, { id: c.id }))).toHaveProperty('reason');
    expect(ok(await call('developer', api.inquiryCancel, { id: c.id, reason: '需求变更' })).status).toBe('cancelled');
  });

  it('refuses bad drafts per field', async () => {
    const past = formatShanghaiTime(Date.now() - 3_600_000).slice(0, 16);
    expect(fieldsOf(await call('developer', api.inquirySave, inquiry({ deadline: past })))).toHaveProperty('deadline');
    expect(fieldsOf(await callRaw('developer', api.inquirySave, inquiry({ lines: [] })))).toHaveProperty('lines');
    expect(fieldsOf(await callRaw('developer', api.inquirySave, inquiry({ supplierOrgIds: [] })))).toHaveProperty(
      'supplierOrgIds',
    );
    const elsewhere = await addLine(server, {
      projectId: hospital,
      classifyCode: '0105',
      commonName: '岩棉',
      unitId: 31,
    });
    expect(
      fieldsOf(
        await call('developer', api.inquirySave, inquiry({ lines: [{ listLineId: elsewhere, quantity: '1' }] })),
      ),
    ).toHaveProperty('lines.0.listLineId');
    const supervisor = (await userOf(server, '13800000004')).orgId;
    expect(
      fieldsOf(await call('developer', api.inquirySave, inquiry({ supplierOrgIds: [supervisor] }))),
    ).toHaveProperty('supplierOrgIds.0');
  });

  it('refuses a negative price and a spec the supplier may not offer', async () => {
    const d = ok(await call('developer', api.inquirySave, inquiry({ title: '报价校验' })));
    ok(await call('developer', api.inquiryPublish, { id: d.id }));
    const line = ok(await call('maker', api.supplierInquiryDetail, { id: d.id })).lines[0]?.id as number;
    const negative = await callRaw('maker', api.quoteSave, {
      inquiryId: d.id,
      lines: [{ inquiryLineId: line, specId: rockWool.specId, unitPriceFen: -1, deliveryDate: '2027-03-01' }],
    });
    expect(fieldsOf(negative)).toHaveProperty('lines.0.unitPriceFen');
    const brick = await specOf(server, '陶瓷透水砖', '300×150 灰色');
    const wrong = await call('dealer', api.quoteSave, {
      inquiryId: d.id,
      lines: [{ inquiryLineId: line, specId: brick.specId, unitPriceFen: 100, deliveryDate: '2027-03-01' }],
    });
    expect(fieldsOf(wrong)).toHaveProperty('lines.0.specId');
    // The buyer's side is not a supplier's call (403), nor the other way round.
    expect((await call('developer', api.supplierInquiryDetail, { id: d.id })).status).toBe(403);
    expect((await call('maker', api.inquiryDetail, { id: d.id })).status).toBe(403);
    expect((await call('otherDeveloper', api.inquiryDetail, { id: d.id })).status).toBe(404);
    expect((await call(null, api.inquiryDetail, { id: d.id })).status).toBe(401);
  });
});

describe('direct purchase', () => {
  it('makes a draft order at the catalogue price of the chosen supplier', async () => {
    const res = ok(
      await call('developer', api.directPurchase, {
        projectId: school,
        supplierOrgId: maker,
        reason: '小批量补货，直接从目录采购',
        lines: [{ listLineId: rockLine, specId: rockWool.specId, quantity: '10' }],
      }),
    );
    const [order] = await server.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, res.orderId));
    expect(order).toMatchObject({ origin: 'direct', status: 'draft', amountFen: 38_500, supplierOrgId: maker });
  });

  it('refuses a line of another project and a supplier that does not offer the spec', async () => {
    const other = await addLine(server, { projectId: hospital, classifyCode: '0105', commonName: '岩棉', unitId: 31 });
    const res = await call('developer', api.directPurchase, {
      projectId: school,
      supplierOrgId: maker,
      reason: '直购',
      lines: [{ listLineId: other, specId: rockWool.specId, quantity: '1' }],
    });
    expect(fieldsOf(res)).toHaveProperty('lines.0.listLineId');
    const brick = await call('developer', api.directPurchase, {
      projectId: school,
      supplierOrgId: dealer,
      reason: '直购',
      lines: [
        { listLineId: brickLine, specId: (await specOf(server, '陶瓷透水砖', '300×150 灰色')).specId, quantity: '1' },
      ],
    });
    expect(fieldsOf(brick)).toHaveProperty('lines.0.specId');
    expect(
      (
        await call('otherDeveloper', api.directPurchase, {
          projectId: school,
          supplierOrgId: maker,
          reason: '越权',
          lines: [{ listLineId: rockLine, specId: rockWool.specId, quantity: '1' }],
        })
      ).status,
    ).toBe(404);
  });
});

describe('for a demo seed', () => {
  it('records an inquiry through the services, with the suppliers the lines allow', async () => {
    const options = ok(
      await call('developer', api.inquirySupplierOptions, { projectId: school, lineIds: `${rockLine},${brickLine}` }),
    );
    expect(options.map((o) => o.orgId)).toEqual(expect.arrayContaining([maker, dealer]));
    const services = createProcurementSourcingServices({ db: server.database.db });
    const { userId, orgId } = await userOf(server, '13800000005');
    const user = {
      userId,
      orgId,
      orgType: OrgType.DEVELOPER,
      sessionId: 0,
      appCode: 'jcbb',
      mobile: '13800000005',
      username: 'seed',
      realName: null,
      roles: [],
    } as unknown as Parameters<typeof services.inquiries.save>[0];
    const saved = await services.inquiries.save(user, {
      projectId: school,
      title: '种子数据询价',
      remarks: undefined,
      deadline: inFuture(5),
      lines: [{ listLineId: rockLine, quantity: 200 }],
      supplierOrgIds: [maker],
    });
    expect((await services.inquiries.publish(user, saved.id)).status).toBe('published');
  });
});
