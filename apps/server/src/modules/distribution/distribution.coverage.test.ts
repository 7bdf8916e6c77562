import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { productSpecs } from '../../db/schema/index.ts';
import { addBareProduct, certify, projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { type CoverageQuestion, coverageOf, type LineCoverage } from './distribution.coverage.ts';
import { addLetter, type Letter } from './distribution.test-support.ts';

/**
 * The scope rule (docs/distribution.md, "Scope"), asked directly on the demo data: 南京绿筑 (…01) authorises 南京恒通
 * (…02); 苏州新材 (…08) is another manufacturer. Each case takes a product of its own, so the letters of one case
 * are the only candidates it sees.
 */

let server: TestServer;
const today = shanghaiToday();
const ctx = {
  maker: { orgId: 0, userId: 0 },
  dealer: { orgId: 0, userId: 0 },
  other: { orgId: 0, userId: 0 },
  school: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  ctx.maker = await userOf(server, '13800000001');
  ctx.dealer = await userOf(server, '13800000002');
  ctx.other = await userOf(server, '13800000008');
  await certify(server, ctx.other.orgId);
  ctx.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
});
afterAll(() => server?.stop());

/** A fresh product of the maker (or `maker`), with its one specification. */
const product = (maker = ctx.maker) => addBareProduct(server, maker, '320100');

const letter = (l: Partial<Letter> & { items: Letter['items'] }) =>
  addLetter(server.database.db, { makerOrgId: ctx.maker.orgId, distributorOrgId: ctx.dealer.orgId, ...l });

function ask(lines: CoverageQuestion['lines'], over: Partial<CoverageQuestion> = {}): Promise<LineCoverage[]> {
  return coverageOf(server.database.db, {
    distributorOrgId: ctx.dealer.orgId,
    regionCode: '320113',
    date: today,
    projectId: null,
    lines,
    ...over,
  });
}

const refusals = (c: LineCoverage[]) => c.map((l) => (l.covered ? 'covered' : l.refusal));

describe('the first rule no letter passes', () => {
  it('no_authorisation: no letter names the product for this distributor', async () => {
    const p = await product();
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['no_authorisation']);
  });

  it('no_authorisation for another maker’s product, though the distributor holds letters of its own maker', async () => {
    const own = await product();
    await letter({ items: [{ productId: own.productId }] });
    const foreign = await product(ctx.other);
    const c = await ask([
      { ...own, quantity: 1 },
      { ...foreign, quantity: 1 },
    ]);
    expect(refusals(c)).toEqual(['covered', 'no_authorisation']);
  });

  it('no_authorisation for another distributor’s letter, and for a draft', async () => {
    const p = await product();
    const builder = await userOf(server, '13800000003');
    await letter({ distributorOrgId: builder.orgId, items: [{ productId: p.productId }] });
    await letter({ status: 'draft', items: [{ productId: p.productId }] });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['no_authorisation']);
  });

  for (const status of ['issued', 'suspended', 'revoked', 'superseded'] as const) {
    it(`not_active for a letter ${status}`, async () => {
      const p = await product();
      const l = await letter({ status, items: [{ productId: p.productId }] });
      const [c] = await ask([{ ...p, quantity: 1 }]);
      expect(c).toEqual({ covered: false, refusal: 'not_active', authorisationId: l.id });
    });
  }

  it('not_active for an active letter whose period has ended (expired), before the period rule', async () => {
    const p = await product();
    await letter({
      validFrom: addDays(today, -30),
      validUntil: addDays(today, -1),
      items: [{ productId: p.productId }],
    });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['not_active']);
  });

  it('region: no letter in force covers the destination; an unknown destination is never covered', async () => {
    const p = await product();
    await letter({ regionCodes: ['310000'], items: [{ productId: p.productId }] });
    // A suspended letter for the right region does not help: the rule after not_active sees only letters in force.
    await letter({ status: 'suspended', regionCodes: ['320000'], items: [{ productId: p.productId }] });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['region']);
    expect(refusals(await ask([{ ...p, quantity: 1 }], { regionCode: null }))).toEqual(['region']);
  });

  it('a province covers its counties, a city its own counties only', async () => {
    const p = await product();
    await letter({ regionCodes: ['320100'], items: [{ productId: p.productId }] });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['covered']);
    expect(refusals(await ask([{ ...p, quantity: 1 }], { regionCode: '320205' }))).toEqual(['region']);
  });

  it('period: the date is before the period starts', async () => {
    const p = await product();
    await letter({ validFrom: addDays(today, 1), validUntil: addDays(today, 90), items: [{ productId: p.productId }] });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['period']);
  });

  it('project: a project letter covers its own project only', async () => {
    const p = await product();
    await letter({ kind: 'project', projectId: ctx.school, items: [{ productId: p.productId }] });
    expect(refusals(await ask([{ ...p, quantity: 1 }]))).toEqual(['project']);
    expect(refusals(await ask([{ ...p, quantity: 1 }], { projectId: ctx.school + 100_000 }))).toEqual(['project']);
    expect(refusals(await ask([{ ...p, quantity: 1 }], { projectId: ctx.school }))).toEqual(['covered']);
  });

  it('a letter for chosen specifications does not cover another specification of the product', async () => {
    const p = await product();
    const [second] = await server.database.db
      .insert(productSpecs)
      .values({ productId: p.productId, name: '第二规格', model: 'T-2', unitId: 32 })
      .returning({ id: productSpecs.id });
    await letter({ items: [{ productId: p.productId, specId: p.specId }] });
    const c = await ask([
      { ...p, quantity: 1 },
      { productId: p.productId, specId: second?.id as number, quantity: 1 },
    ]);
    expect(refusals(c)).toEqual(['covered', 'no_authorisation']);
  });
});

describe('caps', () => {
  it('cap: beyond what the cap leaves, earlier lines of the same request counting', async () => {
    const p = await product();
    const l = await letter({ items: [{ productId: p.productId, cap: '10', shipped: '4' }] });
    expect(refusals(await ask([{ ...p, quantity: 7 }]))).toEqual(['cap']);
    const c = await ask([
      { ...p, quantity: 5 },
      { ...p, quantity: '0.999' },
      { ...p, quantity: '0.002' },
    ]);
    expect(refusals(c)).toEqual(['covered', 'covered', 'cap']);
    expect(c[1]).toMatchObject({ covered: true, authorisationId: l.id, remainingCapMilli: 1 });
  });

  it('a full cap passes to the next covering letter; with lock the same answer', async () => {
    const p = await product();
    const full = await letter({ items: [{ productId: p.productId, cap: '5', shipped: '5' }] });
    const next = await letter({ validUntil: addDays(today, 400), items: [{ productId: p.productId }] });
    const [c] = await ask([{ ...p, quantity: 3 }]);
    expect(c).toMatchObject({ covered: true, authorisationId: next.id, remainingCapMilli: null });
    const [locked] = await server.database.db.transaction((tx) =>
      coverageOf(
        tx,
        {
          distributorOrgId: ctx.dealer.orgId,
          regionCode: '320113',
          date: today,
          projectId: null,
          lines: [{ ...p, quantity: 3 }],
        },
        { lock: true },
      ),
    );
    expect(locked).toEqual(c);
    expect(full.id).not.toBe(next.id);
  });
});

describe('preference among covering letters', () => {
  it('the project’s own letter before a general one', async () => {
    const p = await product();
    await letter({ validUntil: addDays(today, 10), items: [{ productId: p.productId }] });
    const own = await letter({ kind: 'project', projectId: ctx.school, items: [{ productId: p.productId }] });
    const [c] = await ask([{ ...p, quantity: 1 }], { projectId: ctx.school });
    expect(c).toMatchObject({ covered: true, authorisationId: own.id, number: own.number, publicId: own.publicId });
  });

  it('one naming the specification before one naming the whole product, then the one ending first', async () => {
    const p = await product();
    await letter({ validUntil: addDays(today, 5), items: [{ productId: p.productId }] });
    const later = await letter({
      validUntil: addDays(today, 300),
      items: [{ productId: p.productId, specId: p.specId }],
    });
    const sooner = await letter({
      validUntil: addDays(today, 200),
      items: [{ productId: p.productId, specId: p.specId }],
    });
    const [c] = await ask([{ ...p, quantity: 1 }]);
    expect(c).toMatchObject({ covered: true, authorisationId: sooner.id, makerOrgId: ctx.maker.orgId });
    expect(later.id).not.toBe(sooner.id);
  });
});
