import { procurementPolicyEndpoints as api, type EndpointInput, materialListEndpoints } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { classNamed, projectNamed, SPORTS } from './procurement.list.test-support.ts';

/**
 * Policy data (docs/procurement.md, "Policy data"): the platform operator edits an edition's rule, a category, the
 * classifications mapped onto it and the policy cities, each audited with before and after; a project's list
 * follows the change at once. Anyone else: 403.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let sports = 0;
let stone = '';
let tiles = '';

const rule2025 = (over: Partial<EndpointInput<typeof api.policyRuleSave>> = {}) =>
  ({
    editionCode: '2025',
    mandatoryGreenPct: 100,
    optionalCoverageMinPct: 40,
    testReportMaxAgeDays: 365,
    confidence: 'secondary',
    note: '财库〔2024〕36号',
    ...over,
  }) as EndpointInput<typeof api.policyRuleSave>;

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = await server.login('13800000000');
  tokens.developer = await server.login('13800000005');
  tokens.maker = await server.login('13800000001');
  sports = (await projectNamed(server, SPORTS)).id;
  stone = await classNamed(server, '石材');
  tiles = await classNamed(server, '建筑陶瓷');
});

afterAll(async () => {
  await server?.close();
});

describe('policy data', () => {
  it('lists the editions with their rules, and an edition’s categories with their classes', async () => {
    const editions = ok(await call('admin', api.policyEditions));
    expect(editions.map((e) => e.code)).toEqual(expect.arrayContaining(['2020-trial', '2022', '2025']));
    const e2025 = editions.find((e) => e.code === '2025');
    expect(e2025?.rule).toMatchObject({ optionalCoverageMinPct: 40, confidence: 'secondary' });
    const edition = ok(await call('admin', api.policyEdition, { editionCode: '2025' }));
    const stoneCategory = edition.categories.find((c) => c.code === stone);
    expect(stoneCategory).toMatchObject({ kind: 'optional', confidence: 'unconfirmed' });
    expect(stoneCategory?.classes).toEqual([{ code: stone, name: '石材' }]);
    expect((await call('admin', api.policyEdition, { editionCode: '1999' })).status).toBe(404);
  });

  it('refuses everyone but the platform operator', async () => {
    expect((await call('developer', api.policyEditions)).status).toBe(403);
    expect((await call('maker', api.policyCities)).status).toBe(403);
    expect((await call('developer', api.policyRuleSave, rule2025())).status).toBe(403);
    expect((await call(null, api.policyEditions)).status).toBe(401);
  });

  it('edits a rule with per-field checks, audited with before and after', async () => {
    const bad = await callRaw('admin', api.policyRuleSave, {
      ...rule2025(),
      mandatoryGreenPct: 120,
      optionalCoverageMinPct: -1,
      testReportMaxAgeDays: 0,
      confidence: 'rumour',
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(
      ['confidence', 'mandatoryGreenPct', 'optionalCoverageMinPct', 'testReportMaxAgeDays'].sort(),
    );
    const saved = ok(await call('admin', api.policyRuleSave, rule2025({ optionalCoverageMinPct: 50 })));
    expect(saved.optionalCoverageMinPct).toBe(50);
    const trail = ok(await call('admin', api.policyAudit, { target: 'rule', key: '2025' }));
    expect(trail[0]).toMatchObject({
      action: 'rule.save',
      before: { optionalCoverageMinPct: 40 },
      after: { optionalCoverageMinPct: 50 },
    });
    expect(trail[0]?.actorName).not.toBeNull();
    const list = ok(await call('developer', materialListEndpoints.materialList, { projectId: sports }));
    expect(list.rule?.optionalCoverageMinPct).toBe(50);
    ok(await call('admin', api.policyRuleSave, rule2025()));
  });

  it('changes a category’s kind and mapping; the list’s kinds follow', async () => {
    ok(
      await call('developer', materialListEndpoints.materialListSave, {
        projectId: sports,
        lines: [
          {
            classifyCode: stone,
            commonName: '花岗岩',
            unitId: 31,
            quantity: 50,
            requiredBy: addDays(shanghaiToday(), 20),
          },
          {
            classifyCode: tiles,
            commonName: '地砖',
            unitId: 31,
            quantity: 80,
            requiredBy: addDays(shanghaiToday(), 20),
          },
        ],
      }),
    );
    const edition = ok(await call('admin', api.policyEdition, { editionCode: '2025' }));
    const stoneCategory = edition.categories.find((c) => c.code === stone) as { id: number; name: string };
    const tilesCategory = edition.categories.find((c) => c.code === tiles) as { id: number };

    const missingName = await callRaw('admin', api.policyCategorySave, {
      id: stoneCategory.id,
      name: '',
      kind: 'required',
      confidence: 'primary',
    });
    expect(Object.keys(fieldsOf(missingName)).sort()).toEqual(['kind', 'name']);
    const changed = ok(
      await call('admin', api.policyCategorySave, {
        id: stoneCategory.id,
        name: '石材',
        kind: 'mandatory',
        confidence: 'primary',
        note: '据附件核对',
      }),
    );
    expect(changed).toMatchObject({ kind: 'mandatory', confidence: 'primary' });
    let list = ok(await call('developer', materialListEndpoints.materialList, { projectId: sports }));
    // Stone follows the operator's change; tiles keep the seeded 2025 split (建筑陶瓷 assumed 可选类).
    expect(list.lines.map((l) => [l.commonName, l.kind])).toEqual([
      ['花岗岩', 'mandatory'],
      ['地砖', 'optional'],
    ]);

    // Tiles' class moves onto the stone category; the tiles category then holds none.
    const unknown = await call('admin', api.policyCategoryClasses, { id: stoneCategory.id, classifyCodes: ['9999'] });
    expect(fieldsOf(unknown)).toEqual({ 'classifyCodes.0': '产品分类 9999 不存在' });
    const mapped = ok(
      await call('admin', api.policyCategoryClasses, { id: stoneCategory.id, classifyCodes: [stone, tiles] }),
    );
    expect(mapped.classes.map((c) => c.code)).toEqual([stone, tiles].sort());
    list = ok(await call('developer', materialListEndpoints.materialList, { projectId: sports }));
    expect(list.lines.map((l) => l.categoryCode)).toEqual([stone, stone]);
    const trail = ok(await call('admin', api.policyAudit, { target: 'category', key: String(stoneCategory.id) }));
    expect(trail.map((t) => t.action)).toEqual(['category.classes', 'category.save']);
    expect(trail[0]?.after).toMatchObject({ movedFrom: [{ classifyCode: tiles, categoryId: tilesCategory.id }] });

    // Nothing mapped: both lines fall outside the standard.
    ok(await call('admin', api.policyCategoryClasses, { id: stoneCategory.id, classifyCodes: [] }));
    list = ok(await call('developer', materialListEndpoints.materialList, { projectId: sports }));
    expect(list.lines.map((l) => l.kind)).toEqual(['outside', 'outside']);
    expect((await call('admin', api.policyCategorySave, { ...changed, id: 999_999 })).status).toBe(404);
  });

  it('adds, edits and removes a policy city, audited', async () => {
    const cities = ok(await call('admin', api.policyCities));
    expect(cities.list.map((c) => c.regionCode)).toContain('320100');
    const city = {
      create: true,
      regionCode: '320500',
      name: '苏州市',
      batchCode: '2022',
      fromDate: '2022-11-01',
      confidence: 'secondary' as const,
      note: '财库〔2022〕35号（据转载）',
    };
    const bad = await callRaw('admin', api.policyCitySave, {
      ...city,
      regionCode: '3205',
      fromDate: '2022-13-01',
      toDate: '2020-01-01',
    });
    expect(Object.keys(fieldsOf(bad))).toEqual(expect.arrayContaining(['regionCode', 'fromDate']));
    const noBatch = await call('admin', api.policyCitySave, { ...city, batchCode: '1999' });
    expect(fieldsOf(noBatch)).toEqual({ batchCode: '批次不存在' });
    const backwards = await call('admin', api.policyCitySave, { ...city, toDate: '2021-01-01' });
    expect(fieldsOf(backwards)).toEqual({ toDate: '截止日期不能早于起始日期' });
    ok(await call('admin', api.policyCitySave, city));
    expect((await call('admin', api.policyCitySave, city)).status).toBe(409);
    const edited = ok(await call('admin', api.policyCitySave, { ...city, create: false, toDate: '2030-12-31' }));
    expect(edited).toMatchObject({ toDate: '2030-12-31', batchName: expect.any(String) });
    ok(await call('admin', api.policyCityRemove, { regionCode: '320500' }));
    expect((await call('admin', api.policyCityRemove, { regionCode: '320500' })).status).toBe(404);
    expect((await call('admin', api.policyCitySave, { ...city, create: false })).status).toBe(404);
    const trail = ok(await call('admin', api.policyAudit, { target: 'city', key: '320500' }));
    expect(trail.map((t) => t.action)).toEqual(['city.remove', 'city.update', 'city.create']);
    expect(trail[0]).toMatchObject({ before: { name: '苏州市', toDate: '2030-12-31' }, after: null });
  });
});
