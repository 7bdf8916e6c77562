import { randomBytes } from 'node:crypto';
import {
  certificateEndpoints,
  endpointKey,
  fillPath,
  ListingStatus,
  type ListingStatusValue,
  listingStatusLabels,
  type TraceProofData,
  traceEndpoints,
} from '@jcbb/contract';
import { documentEventHashes } from '@jcbb/contract/epcis';
import { bytesToHex } from '@jcbb/contract/ledger-proof';
import { custodyStep } from '@jcbb/contract/trace-custody';
import { verifyTraceProof } from '@jcbb/contract/trace-proof';
import { and, asc, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  certificates,
  listings,
  lots,
  messages,
  productSpecs,
  products,
  shipmentCodes,
  shipmentLines,
  shipments,
  traceAlerts,
  traceCodes,
  traceScanCounts,
  users,
} from '../../db/schema/index.ts';
import { type EpcisEvent, eventHashId, URN } from './trace.epcis.ts';
import { recordTraceEvent } from './trace.events.ts';

/*
 * The public scan page's calls (docs/traceability.md, "The public scan page"). The fixtures are written straight
 * into the database — a lot of 南京绿筑's certified product, a package of two items, a lone installed item, two
 * shipments, events through recordTraceEvent — so these tests stand apart from the lot and shipment calls.
 */

let server: TestServer;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const newCode = () => Array.from(randomBytes(20), (b) => BASE32[b % 32]).join('');

/** Names and phones of the demo's people (users and legal persons): none may appear in a public answer. */
const DEMO_PEOPLE = ['张伟', '李娜', '王强', '赵磊', '钱静', '孙明', '周洁', '吴昊', '郑敏', '王建国', '陈立新'];

interface Fixture {
  makerOrgId: number;
  makerUserId: number;
  dealerOrgId: number;
  productId: number;
  lotId: number;
  batchNo: string;
  pkg: string;
  item1: string;
  item2: string;
  installed: string;
  shipmentNumber: string;
  returnNumber: string;
}
let fx: Fixture;

async function userOf(mobile: string) {
  const [u] = await server.database.db
    .select({ id: users.id, orgId: users.orgId })
    .from(users)
    .where(eq(users.mobile, mobile));
  return { id: u?.id as number, orgId: u?.orgId as number };
}

async function buildFixture(): Promise<Fixture> {
  const db = server.database.db;
  const maker = await userOf('13800000001');
  const dealer = await userOf('13800000002');
  const builder = await userOf('13800000003');
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.orgId, maker.orgId), eq(products.name, '石膏基自流平砂浆')));
  const productId = product?.id as number;
  const [spec] = await db
    .select({ id: productSpecs.id, unitId: productSpecs.unitId })
    .from(productSpecs)
    .where(eq(productSpecs.productId, productId));
  const batchNo = `T${Date.now().toString(36).toUpperCase()}`;
  const [lot] = await db
    .insert(lots)
    .values({
      orgId: maker.orgId,
      productId,
      specId: spec?.id as number,
      batchNo,
      productionDate: '2026-01-10',
      expiryDate: '2026-07-10',
      quantity: '100',
      evidence: {},
      createdBy: maker.id,
    })
    .returning({ id: lots.id });
  const lotId = lot?.id as number;
  const [pkg, item1, item2, installed] = [newCode(), newCode(), newCode(), newCode()] as [
    string,
    string,
    string,
    string,
  ];
  const base = { orgId: maker.orgId, lotId, specId: spec?.id as number };
  await db.insert(traceCodes).values([
    { ...base, code: pkg, level: 'package', quantity: '2', status: 'held', holderKey: `org:${dealer.orgId}` },
    {
      ...base,
      code: item1,
      level: 'item',
      quantity: '1',
      parentCode: pkg,
      status: 'held',
      holderKey: `org:${dealer.orgId}`,
    },
    {
      ...base,
      code: item2,
      level: 'item',
      quantity: '1',
      parentCode: pkg,
      status: 'held',
      holderKey: `org:${dealer.orgId}`,
    },
    { ...base, code: installed, level: 'item', quantity: '1', status: 'installed', holderKey: `org:${builder.orgId}` },
  ]);

  const shipmentNumber = `FH${Date.now()}1`;
  const returnNumber = `FH${Date.now()}2`;
  await db.transaction(async (tx) => {
    const commissioning: EpcisEvent = {
      type: 'ObjectEvent',
      eventTime: '2026-01-10T09:00:00.000+08:00',
      eventTimeZoneOffset: '+08:00',
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      epcList: [pkg, item1, item2, installed].map(URN.code),
      readPoint: { id: URN.region('320115') },
      ilmd: { 'cbvmda:lotNumber': batchNo, 'cbvmda:itemExpirationDate': '2026-07-10' },
    };
    await recordTraceEvent(tx, {
      event: commissioning,
      orgId: maker.orgId,
      regionCode: '320115',
      lotId,
      codes: [pkg, item1, item2, installed],
    });
    await recordTraceEvent(tx, {
      event: {
        type: 'AggregationEvent',
        eventTime: '2026-01-10T09:05:00.000+08:00',
        eventTimeZoneOffset: '+08:00',
        action: 'ADD',
        bizStep: 'packing',
        disposition: 'container_closed',
        parentID: URN.code(pkg),
        childEPCs: [item1, item2].map(URN.code),
        readPoint: { id: URN.region('320115') },
      },
      orgId: maker.orgId,
      regionCode: '320115',
      lotId,
      codes: [pkg, item1, item2],
    });

    // Shipped to the dealer with a measured distance and a known mass; the installed item by the standard default
    // and no mass (the figure "missing").
    const ship = async (number: string, code: string, kgCo2e: string | null, source: string, km: string) => {
      const [s] = await tx
        .insert(shipments)
        .values({
          number,
          fromOrgId: maker.orgId,
          fromHolderKey: `org:${maker.orgId}`,
          toKind: 'org',
          toOrgId: dealer.orgId,
          toHolderKey: `org:${dealer.orgId}`,
          fromRegionCode: '320115',
          toRegionCode: '320102',
          shipDate: '2026-01-12',
          transportType: 2,
          distanceKm: km,
          distanceSource: source,
          status: 4,
          kgCo2e,
          massKg: kgCo2e === null ? null : '50',
          createdBy: maker.id,
        })
        .returning({ id: shipments.id });
      const shipmentId = s?.id as number;
      const [line] = await tx
        .insert(shipmentLines)
        .values({
          shipmentId,
          lineNo: 1,
          productId,
          specId: spec?.id as number,
          lotId,
          unitId: spec?.unitId as number,
          quantity: '2',
          accepted: '2',
        })
        .returning({ id: shipmentLines.id });
      await tx
        .insert(shipmentCodes)
        .values({ shipmentId, lineId: line?.id as number, code, open: false, outcome: 'accepted' });
      return shipmentId;
    };
    const shipmentId = await ship(shipmentNumber, pkg, '1.625', 'measured', '65');
    await ship(returnNumber, installed, null, 'default_500', '500');
    const where = { readPoint: { id: URN.region('320115') } };
    await recordTraceEvent(tx, {
      event: {
        type: 'ObjectEvent',
        eventTime: '2026-01-12T10:00:00.000+08:00',
        eventTimeZoneOffset: '+08:00',
        action: 'OBSERVE',
        bizStep: 'shipping',
        disposition: 'in_transit',
        epcList: [URN.code(pkg)],
        ...where,
        bizTransactionList: [{ type: 'desadv', bizTransaction: URN.shipment(shipmentNumber) }],
        sourceList: [{ type: 'owning_party', source: URN.org(maker.orgId) }],
        destinationList: [{ type: 'owning_party', destination: URN.org(dealer.orgId) }],
      },
      orgId: maker.orgId,
      regionCode: '320115',
      lotId,
      shipmentId,
      codes: [pkg],
    });
    await recordTraceEvent(tx, {
      event: {
        type: 'ObjectEvent',
        eventTime: '2026-01-13T15:30:00.000+08:00',
        eventTimeZoneOffset: '+08:00',
        action: 'OBSERVE',
        bizStep: 'receiving',
        disposition: 'in_progress',
        epcList: [URN.code(pkg)],
        readPoint: { id: URN.region('320102') },
        bizTransactionList: [{ type: 'desadv', bizTransaction: URN.shipment(shipmentNumber) }],
      },
      orgId: dealer.orgId,
      regionCode: '320102',
      lotId,
      shipmentId,
      codes: [pkg],
    });
  });
  return {
    makerOrgId: maker.orgId,
    makerUserId: maker.id,
    dealerOrgId: dealer.orgId,
    productId,
    lotId,
    batchNo,
    pkg,
    item1,
    item2,
    installed,
    shipmentNumber,
    returnNumber,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  fx = await buildFixture();
}, 60_000);
afterAll(() => server?.stop());

const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const scan = (code: string) => call(null, traceEndpoints.publicTrace, { code });
const epcis = (code: string) => call(null, traceEndpoints.publicEpcis, { code });
const proofOf = (code: string) => call(null, traceEndpoints.publicTraceProof, { code });

const ledgerKey = async () =>
  JSON.parse((await server.call('GET', '/.well-known/jcbb-ledger-key.json')).raw).publicKey as string;

/** Every record of a proof checks as an outsider checks it (contract trace-proof.ts, what the scan page runs). */
function expectProofHolds(proof: TraceProofData, publicKey: string) {
  const report = verifyTraceProof(proof, publicKey);
  expect(report.headOk).toBe(true);
  for (const e of report.events) expect([e.leafIndex, e.failure]).toEqual([e.leafIndex, null]);
  expect(report.ok).toBe(true);
}

/** No person in a public answer: no demo mobile, no demo name, no user id field, no contact. */
function expectNoPersonalData(raw: string) {
  expect(raw).not.toMatch(/1380000000\d/);
  for (const name of DEMO_PEOPLE) expect(raw).not.toContain(name);
  expect(raw).not.toMatch(/"(userId|createdBy|created_by|actorUserId|contactName|contactPhone|mobile|realName)"/i);
}

describe(endpointKey(traceEndpoints.publicTrace), () => {
  it('answers an item: product, maker, lot, certificate, listings, and its events through its package with their proofs', async () => {
    const res = await scan(fx.item1);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      code: fx.item1,
      level: 'item',
      quantity: 1,
      parentCode: fx.pkg,
      childCount: 0,
      status: 'held',
      statusName: '已收货',
      product: { id: fx.productId, name: '石膏基自流平砂浆', specName: '25 kg 袋装' },
      maker: { name: '南京绿筑新型建材有限公司', cityName: '南京市' },
      lot: { batchNo: fx.batchNo, productionDate: '2026-01-10', expiryDate: '2026-07-10' },
      certificate: { kind: 'certificate', certNo: 'CGBM-2026-000001', valid: true },
      certificateState: 'valid',
    });
    expect(typeof d.certificate.leafIndex).toBe('number');
    expect(d.unitName).not.toBe('');

    // Listings: every non-draft listing of the product, with its city's name and state (the demo's is in the city's
    // audit in Nanjing).
    const expected = await server.database.db
      .select({ cityCode: listings.cityCode, status: listings.status })
      .from(listings)
      .where(and(eq(listings.productId, fx.productId), ne(listings.status, ListingStatus.DRAFT)))
      .orderBy(asc(listings.cityCode));
    expect(d.listings).toEqual(
      expected.map((r) => ({
        cityCode: r.cityCode,
        cityName: expect.any(String),
        listed: r.status === ListingStatus.LISTED,
        stateName: listingStatusLabels[r.status as ListingStatusValue].zh,
      })),
    );
    expect(d.listings.find((l: { cityCode: string }) => l.cityCode === '320100')?.cityName).toBe('南京市');

    // The item's chain runs through its package: commissioning, packing, shipping by the maker, receipt by the dealer,
    // each event with the ledger entry that holds its hash and an inclusion proof under the one signed head.
    const events = d.proof.events as { event: Record<string, unknown>; leafIndex: number }[];
    expect(events.map((e) => custodyStep(e.event)).map((c) => [c.step, c.date])).toEqual([
      ['commissioning', '2026-01-10'],
      ['packing', '2026-01-10'],
      ['shipping', '2026-01-12'],
      ['receiving', '2026-01-13'],
    ]);
    expectProofHolds(d.proof, await ledgerKey());
    expect(custodyStep(events[2]?.event ?? {}).shipmentNumber).toBe(fx.shipmentNumber);
    // The certificate valid today: its entry and the canonical JSON that entry vouches for.
    expect(d.proof.certificate.leafIndex).toBe(d.certificate.leafIndex);
    expect(JSON.parse(d.proof.certificate.content)).toMatchObject({ certNo: 'CGBM-2026-000001' });
    expect(d.alerts).toEqual([]);
  });

  it('answers a package with its children', async () => {
    const pkg = (await scan(fx.pkg)).body.data;
    expect(pkg).toMatchObject({ level: 'package', quantity: 2, parentCode: null, childCount: 2 });
    const lone = (await scan(fx.installed)).body.data;
    // The lone item is named by commissioning only.
    expect(lone.proof.events.map((e: { event: Record<string, unknown> }) => custodyStep(e.event).step)).toEqual([
      'commissioning',
    ]);
  });

  it('tells no one about people', async () => {
    for (const code of [fx.item1, fx.pkg, fx.installed]) expectNoPersonalData((await scan(code)).raw);
  });

  it('reads lower case and dashes, answers 404 for a code nobody issued and 400 for one that cannot be a code', async () => {
    const dashed = `${fx.item2.slice(0, 5)}-${fx.item2.slice(5, 10)}-${fx.item2.slice(10)}`.toLowerCase();
    const ok = await scan(dashed);
    expect(ok.status).toBe(200);
    expect(ok.body.data.code).toBe(fx.item2);

    const unknown = await scan(newCode());
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未找到该追溯码');

    for (const bad of ['ABC', 'AAAAAAAAAAAAAAAAAAA1', `${newCode()}A`, '%E4%B8%AD%E6%96%87']) {
      const res = await scan(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.data.fields[0].field).toBe('code');
    }
  });

  it('counts a scan of a code once per scanner and day, and keeps nothing about the scanner', async () => {
    // Both from inject's 127.0.0.1: the second is the same scanner's (test/open-reads.test.ts: two addresses).
    const first = (await scan(fx.item2)).body.data.scanCount;
    const second = (await scan(fx.item2)).body.data.scanCount;
    expect(second).toBe(first);
    const rows = await server.database.db.select().from(traceScanCounts).where(eq(traceScanCounts.code, fx.item2));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['code', 'count', 'day']);
    expect(rows[0]?.count).toBe(second);
  });

  it('warns when installed material is scanned again: one alert, one message to the maker, shown on the page', async () => {
    const db = server.database.db;
    const makerMembers = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, fx.makerOrgId), eq(users.status, 1)));

    const first = await scan(fx.installed);
    expect(first.body.data.status).toBe('installed');
    expect(first.body.data.alerts).toEqual([
      { kind: 'after_installed', message: '此码对应的材料已安装使用，又被扫描，请核实是否为重复使用的标签' },
    ]);
    await scan(fx.installed);
    await scan(fx.installed.toLowerCase());

    const alerts = await db.select().from(traceAlerts).where(eq(traceAlerts.code, fx.installed));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'after_installed', orgId: fx.makerOrgId });
    expect(JSON.stringify(alerts[0]?.details)).not.toMatch(/1380000000\d/);

    const sent = await db
      .select({ toUid: messages.toUid, companyId: messages.companyId, content: messages.content })
      .from(messages)
      .where(like(messages.title, `%${fx.installed}%`));
    expect(sent.map((m) => m.toUid).sort()).toEqual(makerMembers.map((m) => m.id).sort());
    expect(sent.every((m) => m.companyId === fx.makerOrgId && m.content.includes(fx.batchNo))).toBe(true);

    // A code in stock raises nothing.
    expect((await scan(fx.item1)).body.data.alerts).toEqual([]);
    expect(await db.select().from(traceAlerts).where(eq(traceAlerts.code, fx.item1))).toHaveLength(0);
  });

  it('is a signed call: an unsigned request is refused', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: fillPath(traceEndpoints.publicTrace.path, { code: fx.item1 }),
    });
    expect(res.statusCode).not.toBe(200);
  });
});

describe(endpointKey(traceEndpoints.publicEpcis), () => {
  it('answers an EPCIS 2.0 JSON-LD document of the code’s and its package’s events, oldest first', async () => {
    const res = await epcis(fx.item1);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/ld\+json/);
    const doc = JSON.parse(res.raw);
    expect(doc['@context'][0]).toBe('https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld');
    expect(doc).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0' });
    expect(Number.isNaN(Date.parse(doc.creationDate))).toBe(false);
    const list = doc.epcisBody.eventList as (EpcisEvent & { eventID: string })[];
    // Commissioning and packing name the item; shipping and receiving name only its package.
    expect(list.map((e) => e.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'receiving']);
    expect(
      list.filter((e) => e.epcList?.includes(URN.code(fx.pkg)) && !e.epcList.includes(URN.code(fx.item1))),
    ).toHaveLength(2);
    for (const e of list) {
      expect(e.eventID).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
      const { eventID, ...event } = e;
      expect(eventHashId(event as EpcisEvent)).toBe(eventID);
    }
    // A reader holding the document recomputes every id from it, as GS1's reference tool reads a document.
    expect(documentEventHashes(doc).map((h) => h.id)).toEqual(list.map((e) => e.eventID));
    // The same ids as the page's events.
    const page = (await scan(fx.item1)).body.data;
    expect(list).toEqual(page.proof.events.map((e: { event: unknown }) => e.event));
    expectNoPersonalData(res.raw);
  });

  it('is verifiable from the proof document alone: every event on the ledger under one signed head, no scan counted', async () => {
    const counted = async () =>
      (
        await server.database.db
          .select({ n: sql<number>`coalesce(sum(${traceScanCounts.count}), 0)::int` })
          .from(traceScanCounts)
      )[0]?.n;
    const before = await counted();
    const res = await proofOf(fx.item2);
    expect(res.status).toBe(200);
    const proof = res.body.data as TraceProofData;
    expect(proof.events.map((e) => custodyStep(e.event).step)).toEqual([
      'commissioning',
      'packing',
      'shipping',
      'receiving',
    ]);
    expectProofHolds(proof, await ledgerKey());
    // Each event is the one the EPCIS document publishes.
    const doc = JSON.parse((await epcis(fx.item2)).raw);
    expect(proof.events.map((e) => e.event)).toEqual(doc.epcisBody.eventList);
    // Reading the proof counts no scan.
    expect(await counted()).toBe(before);
    expect((await proofOf(newCode())).status).toBe(404);
  });

  it('does not vouch for an event whose receiver, date or quantity was altered, even with its id recomputed', async () => {
    const key = await ledgerKey();
    const proof = (await proofOf(fx.item1)).body.data as TraceProofData;
    const at = proof.events.findIndex((e) => custodyStep(e.event).step === 'receiving');
    expect(at).toBeGreaterThan(0);
    const alter = (change: Record<string, unknown>, recomputeId: boolean) => {
      const event = { ...(proof.events[at]?.event ?? {}), ...change };
      if (recomputeId) event.eventID = eventHashId(event as unknown as EpcisEvent);
      const events = proof.events.map((e, i) => (i === at ? { ...e, event } : e));
      return verifyTraceProof({ ...proof, events }, key).events[at];
    };
    const changes = {
      receiver: { 'jcbb:destinationName': '别的公司' },
      date: { eventTime: '2026-01-14T15:30:00.000+08:00' },
      quantity: {
        'jcbb:lines': [
          { 'jcbb:lot': URN.lot(fx.lotId), 'jcbb:quantity': '200', 'jcbb:unitName': '袋', 'jcbb:codeCount': '1' },
        ],
      },
    };
    for (const [what, change] of Object.entries(changes)) {
      // The id no longer is the event's hash; recomputed, the ledger entry records another hash.
      expect(alter(change, false), what).toMatchObject({ ok: false, failure: 'id' });
      expect(alter(change, true), what).toMatchObject({ ok: false, failure: 'content' });
    }
    // Untouched, it checks; under another key, nothing does.
    expect(verifyTraceProof(proof, key).events[at]).toMatchObject({ ok: true, failure: null });
    const other = bytesToHex(new Uint8Array(32).fill(7));
    expect(verifyTraceProof(proof, other)).toMatchObject({ headOk: false, ok: false });
  });

  it('takes a package’s items’ events in, and answers 404 / 400 like the page', async () => {
    const doc = JSON.parse((await epcis(fx.pkg.toLowerCase())).raw);
    expect(doc.epcisBody.eventList).toHaveLength(4);
    const lone = JSON.parse((await epcis(fx.installed)).raw);
    expect(lone.epcisBody.eventList.map((e: EpcisEvent) => e.bizStep)).toEqual(['commissioning']);

    const unknown = await epcis(newCode());
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未找到该追溯码');
    expect((await epcis('NOT-A-CODE')).status).toBe(400);
  });

  it('does not count a scan', async () => {
    const before = (
      await server.database.db
        .select({ n: sql<number>`coalesce(sum(${traceScanCounts.count}), 0)::int` })
        .from(traceScanCounts)
        .where(eq(traceScanCounts.code, fx.pkg))
    )[0]?.n;
    await epcis(fx.pkg);
    const after = (
      await server.database.db
        .select({ n: sql<number>`coalesce(sum(${traceScanCounts.count}), 0)::int` })
        .from(traceScanCounts)
        .where(eq(traceScanCounts.code, fx.pkg))
    )[0]?.n;
    expect(after).toBe(before);
  });
});

describe('the certificate’s live state', () => {
  it('shows a certificate revoked since as revoked, no longer valid', async () => {
    const before = (await scan(fx.item1)).body.data;
    expect(before.certificateState).toBe('valid');
    const [cert] = await server.database.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.certNo, 'CGBM-2026-000001'));
    tokens.certifier = await server.login('13800000007');
    const revoked = await call('certifier', certificateEndpoints.revokeCertificate, {
      id: cert?.id as number,
      reason: '抽检不合格，撤销证书',
    });
    expect(revoked.status).toBe(200);

    const after = (await scan(fx.item1)).body.data;
    expect(after.certificateState).toBe('revoked');
    expect(after.certificate.kind === 'certificate' && after.certificate.valid).toBe(false);
  });
});
