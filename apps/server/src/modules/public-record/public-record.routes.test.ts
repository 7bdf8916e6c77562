import { publicRecordEndpoints as api, fillPath, governmentStatisticsEndpoints, ledgerEndpoints } from '@jcbb/contract';
import { hexToBytes, leafHash, verifyInclusion, verifyTreeHeadSignature } from '@jcbb/contract/ledger-proof';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, certificates, listings, productDocuments, products } from '../../db/schema/index.ts';
import { insertProduct, orgOfMobile } from '../catalogue/catalogue.test-support.ts';

/**
 * The public record end to end: the site map (signed, no session), /sitemap.xml and /robots.txt (plain, as a search
 * engine reads them), and the snapshots. A product with a dated history is written in beforeAll: made 2025-01-10,
 * listed in 南京 on 2025-01-15 and in 杭州 on 2025-02-01, delisted in 杭州 on 2025-03-01, a 2-star certificate valid
 * through 2026; beside it a draft, a rejected, a delisted, a disabled product and one in 杭州's audit.
 */

const BASE = 'https://jcbb.example.cn';
let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const ids = { maker: 0, history: 0, draft: 0, rejected: 0, delisted: 0, disabled: 0, otherCity: 0, fresh: 0 };
const day = (iso: string) => new Date(`${iso}T10:00:00+08:00`);

/** A listing's state changes as its audit trail records them (written here as the seeds write history). */
async function history(listingId: number, steps: [string, number, number, string][]) {
  for (const [action, from, to, at] of steps) {
    await server.database.db.insert(auditLog).values({
      entityType: 'listing',
      entityId: String(listingId),
      orgId: ids.maker,
      action,
      fromState: String(from),
      toState: String(to),
      createdAt: day(at),
    });
  }
}

async function listingOf(productId: number, cityCode: string) {
  const [row] = await server.database.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.productId, productId), eq(listings.cityCode, cityCode)));
  return (row as { id: number }).id;
}

beforeAll(async () => {
  server = await startTestServer({ publicBaseUrl: BASE, sitemapMaxUrls: 7 });
  const db = server.database.db;
  ids.maker = await orgOfMobile(server, '13800000001');
  const other = await orgOfMobile(server, '13800000008');
  ids.history = await insertProduct(server, {
    orgId: ids.maker,
    name: '快照测试岩棉板',
    cities: {
      '320100': { listedAt: day('2025-01-15') },
      '330100': { status: 6 },
    },
  });
  await db
    .update(products)
    .set({ createdAt: day('2025-01-10'), updatedAt: day('2025-01-10') })
    .where(eq(products.id, ids.history));
  await db
    .update(listings)
    .set({ createdAt: day('2025-01-10') })
    .where(eq(listings.productId, ids.history));
  await history(await listingOf(ids.history, '320100'), [
    ['submit', 0, 1, '2025-01-11'],
    ['platform_approve', 1, 2, '2025-01-12'],
    ['city_approve', 2, 3, '2025-01-15'],
  ]);
  await history(await listingOf(ids.history, '330100'), [
    ['submit', 0, 1, '2025-01-20'],
    ['platform_approve', 1, 2, '2025-01-25'],
    ['city_approve', 2, 3, '2025-02-01'],
    ['delist', 3, 6, '2025-03-01'],
  ]);
  await db.insert(productDocuments).values({
    productId: ids.history,
    kind: 3,
    name: '绿色建材认证证书',
    certNo: 'SNAP-2025-0001',
    issuer: '测试认证机构',
    starRating: 2,
    validFrom: '2025-01-01',
    validUntil: '2026-12-31',
    createdBy: 1,
    createdAt: day('2025-01-10'),
  });
  ids.draft = await insertProduct(server, {
    orgId: ids.maker,
    name: '快照测试草稿',
    cities: { '320100': { status: 0 } },
  });
  ids.rejected = await insertProduct(server, {
    orgId: ids.maker,
    name: '快照测试驳回',
    cities: { '320100': { status: 5 } },
  });
  ids.delisted = await insertProduct(server, {
    orgId: ids.maker,
    name: '快照测试下架',
    cities: { '320100': { status: 6 } },
  });
  ids.disabled = await insertProduct(server, {
    orgId: ids.maker,
    name: '快照测试停用',
    enabled: false,
    cities: { '320100': {} },
  });
  ids.otherCity = await insertProduct(server, {
    orgId: other,
    name: '杭州审核中',
    cities: { '330100': { status: 2 } },
  });
  ids.fresh = await insertProduct(server, { orgId: ids.maker, name: '快照测试今日', cities: { '320100': {} } });
});
afterAll(async () => {
  await server?.stop();
});

describe('the site map for people', () => {
  it('names the public pages, each opened city with its links and listed products, and the companies', async () => {
    const map = ok(await call(null, api.sitemap));
    expect(map.pages.map((p) => p.href)).toEqual([
      '/cities',
      '/free/certificate',
      '/free/authorisation',
      '/mobile/index',
      '/sitemaps',
    ]);
    const nanjing = map.cities.find((c) => c.code === '320100');
    expect(nanjing).toMatchObject({
      name: '南京市',
      catalogue: '/cities?city=320100',
      committee: '/cities/committee?city=320100',
      openStatistics: fillPath(governmentStatisticsEndpoints.openStatistics.path, { cityCode: '320100' }),
    });
    const named = nanjing?.products.map((p) => p.id) ?? [];
    expect(named).toContain(ids.history);
    expect(nanjing?.products.find((p) => p.id === ids.history)).toMatchObject({
      href: `/product/details/external?id=${ids.history}&city=320100`,
      listedOn: '2025-01-15',
    });
    for (const hidden of [ids.draft, ids.rejected, ids.delisted, ids.disabled]) expect(named).not.toContain(hidden);
    expect(map.cities.flatMap((c) => c.products.map((p) => p.id))).not.toContain(ids.otherCity);
    expect(map.companies.find((c) => c.id === ids.maker)?.href).toBe(`/snapshot?org=${ids.maker}`);
    expect(map.companyCount).toBeGreaterThanOrEqual(map.companies.length);
  });

  it('needs no session, but a signature like every /open/ read', async () => {
    const unsigned = await server.app.inject({ method: 'GET', url: api.sitemap.path });
    expect(unsigned.statusCode).toBe(400);
  });
});

/** Parse with a strict XML parser; answers the root element's name and every <loc> with its <lastmod>. */
function parseSitemap(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  let root = '';
  let ns = '';
  const entries: { loc: string; lastmod: string | null }[] = [];
  let open: string | null = null;
  let current: { loc: string; lastmod: string | null } | null = null;
  parser.on('opentag', (tag) => {
    if (!root) {
      root = tag.local;
      ns = tag.uri;
    }
    if (tag.local === 'url' || tag.local === 'sitemap') current = { loc: '', lastmod: null };
    open = tag.local;
  });
  parser.on('text', (text) => {
    if (!current) return;
    if (open === 'loc') current.loc += text;
    if (open === 'lastmod') current.lastmod = (current.lastmod ?? '') + text;
  });
  parser.on('closetag', (tag) => {
    if ((tag.local === 'url' || tag.local === 'sitemap') && current) {
      entries.push(current);
      current = null;
    }
    open = null;
  });
  parser.write(xml).close();
  return { root, ns, entries };
}

async function getXml(page?: number | string) {
  const res = await server.app.inject({
    method: 'GET',
    url: api.sitemapXml.path,
    ...(page === undefined ? {} : { query: { page: String(page) } }),
  });
  return res;
}

describe('/sitemap.xml', () => {
  it('is well-formed sitemaps.org XML, split into an index of parts beyond the limit, absolute URLs, only listed products', async () => {
    const first = await getXml();
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['content-type'])).toMatch(/^application\/xml/);
    const index = parseSitemap(first.body);
    expect(index).toMatchObject({ root: 'sitemapindex', ns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    expect(index.entries.length).toBeGreaterThan(1);
    const urls: { loc: string; lastmod: string | null }[] = [];
    for (const [i, part] of index.entries.entries()) {
      expect(part.loc).toBe(`${BASE}${api.sitemapXml.path}?page=${i + 1}`);
      const res = await getXml(i + 1);
      expect(res.statusCode).toBe(200);
      const parsed = parseSitemap(res.body);
      expect(parsed.root).toBe('urlset');
      expect(parsed.entries.length).toBeGreaterThan(0);
      expect(parsed.entries.length).toBeLessThanOrEqual(7);
      urls.push(...parsed.entries);
    }
    for (const u of urls) expect(u.loc.startsWith(`${BASE}/`), u.loc).toBe(true);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${BASE}/sitemaps`);
    expect(locs).toContain(`${BASE}/cities/committee?city=320100`);
    const product = (id: number) => `${BASE}/product/details/external?id=${id}`;
    // lastmod is the city's approval of the listing, not the row's write time (today).
    expect(urls.find((u) => u.loc === product(ids.history))?.lastmod).toBe('2025-01-15');
    for (const hidden of [ids.draft, ids.rejected, ids.delisted, ids.disabled, ids.otherCity]) {
      expect(locs).not.toContain(product(hidden));
    }
    expect(await getXml(index.entries.length + 1)).toMatchObject({ statusCode: 404 });
    expect((await getXml('abc')).statusCode).toBe(400);
  });

  it('is named by robots.txt', async () => {
    const res = await server.app.inject({ method: 'GET', url: api.robotsTxt.path });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.body).toContain(`Sitemap: ${BASE}${api.sitemapXml.path}`);
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('a product’s snapshot', () => {
  it('shows the record as it stood: cities and their state then, the certificate valid then, facts unchanged since', async () => {
    const mid = ok(await call(null, api.productSnapshot, { productId: ids.history, at: '2025-02-15' }));
    expect(mid.at).toBe('2025-02-15 23:59:59');
    expect(mid.product.name).toEqual({ value: '快照测试岩棉板', current: false });
    expect(mid.cities.map((c) => [c.cityCode, c.statusName, c.since, c.current])).toEqual([
      ['320100', '已入库', '2025-01-15 10:00:00', false],
      ['330100', '已入库', '2025-02-01 10:00:00', false],
    ]);
    expect(mid.tags.isGreen).toEqual({ value: true, current: false });
    expect(mid.tags.starRating.value).toBe(2);
    expect(mid.tags.isGovProcurement.current).toBe(true);
    expect(mid.certificates).toMatchObject([{ certNo: 'SNAP-2025-0001', starRating: 2, stateName: '有效' }]);
    // The ledger's first head is younger than this moment: no head, and no entry to show, said honestly.
    expect(mid.ledger).toEqual({ head: null, entries: [], truncated: false });

    const later = ok(await call(null, api.productSnapshot, { productId: ids.history, at: '2025-03-15T08:00:00Z' }));
    expect(later.cities.find((c) => c.cityCode === '330100')).toMatchObject({ statusName: '已下架', current: false });
  });

  it('marks a field changed since the moment as today’s value (no history kept)', async () => {
    // As the product service writes a change: the row's updatedAt moves with it.
    await server.database.db
      .update(products)
      .set({ brand: '新品牌', updatedAt: new Date() })
      .where(eq(products.id, ids.history));
    const snap = ok(await call(null, api.productSnapshot, { productId: ids.history, at: '2025-02-15' }));
    expect(snap.product.brand).toEqual({ value: '新品牌', current: true });
    expect(snap.product.name.current).toBe(true);
  });

  it('404 before the product was listed, before it existed, and for products never or no longer public', async () => {
    for (const input of [
      { productId: ids.history, at: '2025-01-14' },
      { productId: ids.history, at: '2024-12-01' },
      { productId: ids.draft },
      { productId: ids.rejected },
      { productId: ids.disabled },
      { productId: ids.otherCity },
      { productId: 2_000_000_000 },
    ]) {
      const res = await call(null, api.productSnapshot, input);
      expect(res.status, JSON.stringify(input)).toBe(404);
    }
    // A product delisted without recorded history is shown as it is today (delisted): not public now.
    expect((await call(null, api.productSnapshot, { productId: ids.delisted })).status).toBe(404);
  });

  it('refuses a malformed or future moment and a malformed id with the field', async () => {
    for (const at of ['yesterday', '2025-02-30', '2025-13-01', '2999-01-01', '2025-02-15T25:00', '1999-12-31']) {
      expect(
        Object.keys(fieldsOf(await callRaw(null, api.productSnapshot, { productId: ids.history, at }))),
        at,
      ).toEqual(['at']);
    }
    expect(Object.keys(fieldsOf(await callRaw(null, api.productSnapshot, { productId: 'abc' })))).toEqual([
      'productId',
    ]);
  });

  it('vouches with the ledger: entries proven against the latest signed head at the moment, verifiable by anyone', async () => {
    // The demo's issued certificate, its product listed in 南京 (as the catalogue shows it once a city approves).
    const [cert] = await server.database.db
      .select({ productId: certificates.productId, leafIndex: certificates.leafIndex, orgId: certificates.holderOrgId })
      .from(certificates)
      .where(and(isNull(certificates.revokedAt), isNotNull(certificates.leafIndex)))
      .limit(1);
    expect(cert, 'the demo has an issued certificate on the ledger').toBeDefined();
    await server.database.db
      .insert(listings)
      .values({
        productId: cert?.productId as number,
        orgId: cert?.orgId as number,
        cityCode: '320100',
        status: 3,
        listedAt: new Date(),
        createdBy: 1,
      })
      .onConflictDoUpdate({
        target: [listings.productId, listings.cityCode],
        set: { status: 3, listedAt: new Date() },
      });
    await server.database.db.insert(auditLog).values({
      entityType: 'listing',
      entityId: String(await listingOf(cert?.productId as number, '320100')),
      orgId: cert?.orgId as number,
      action: 'city_approve',
      fromState: '2',
      toState: '3',
    });
    const snap = ok(await call(null, api.productSnapshot, { productId: cert?.productId as number }));
    const key = ok(await call(null, ledgerEndpoints.key)).publicKey;
    const head = snap.ledger.head;
    expect(head).not.toBeNull();
    expect(verifyTreeHeadSignature(head as NonNullable<typeof head>, key)).toBe(true);
    const entry = snap.ledger.entries.find((e) => e.leafIndex === cert?.leafIndex);
    expect(entry?.label).toMatch(/^绿色建材认证证书 /);
    for (const e of snap.ledger.entries) {
      expect(e.sth).toEqual(head);
      const leaf = leafHash(new Uint8Array(Buffer.from(e.entry, 'base64')));
      const proof = e.inclusionProof.map((p) => hexToBytes(p));
      expect(verifyInclusion(leaf, e.leafIndex, e.sth.treeSize, proof, hexToBytes(e.sth.rootHash))).toBe(true);
    }
  });
});

describe('a company’s snapshot', () => {
  it('shows its products listed then, with their cities, and its certification', async () => {
    const snap = ok(await call(null, api.orgSnapshot, { orgId: ids.maker, at: '2025-02-15' }));
    expect(snap.products).toEqual([{ id: ids.history, name: '快照测试岩棉板', cities: ['南京市', '杭州市'] }]);
    expect(snap.certificates.map((c) => c.productName)).toEqual(['快照测试岩棉板']);
    const now = ok(await call(null, api.orgSnapshot, { orgId: ids.maker }));
    expect(now.products.map((p) => p.id)).toEqual(expect.arrayContaining([ids.history, ids.fresh]));
    expect(now.org.certified.value).toBe(true);
  });

  it('404 for a company without a listed product then, or none at all; 400 for a bad moment', async () => {
    expect((await call(null, api.orgSnapshot, { orgId: ids.maker, at: '2025-01-01' })).status).toBe(404);
    expect((await call(null, api.orgSnapshot, { orgId: await orgOfMobile(server, '13800000005') })).status).toBe(404);
    expect((await call(null, api.orgSnapshot, { orgId: 2_000_000_000 })).status).toBe(404);
    expect(Object.keys(fieldsOf(await callRaw(null, api.orgSnapshot, { orgId: ids.maker, at: 'x' })))).toEqual(['at']);
  });
});
