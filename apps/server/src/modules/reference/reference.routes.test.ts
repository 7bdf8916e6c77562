import { orgNatures } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { materialClassificationSource } from '../../db/seed/material-classifications.ts';
import { divisionPath, findDivision } from './reference.repository.ts';

interface TreeNode {
  code: string;
  name: string;
  children?: TreeNode[];
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('13800000001');
});
afterAll(() => server.stop());

const get = (url: string, params: Record<string, unknown> = {}) => server.call('GET', url, params, token);
const post = (url: string, params: Record<string, unknown> = {}) => server.call('POST', url, params, token);
const child = (nodes: TreeNode[] | undefined, code: string) => nodes?.find((n) => n.code === code);

describe('GET /common/administrative/all', () => {
  it('answers provinces → cities → counties', async () => {
    const res = await get('/common/administrative/all');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const tree = res.body.data as TreeNode[];
    expect(tree).toHaveLength(34);
    const jiangsu = child(tree, '320000');
    expect(jiangsu?.name).toBe('江苏省');
    const nanjing = child(jiangsu?.children, '320100');
    expect(nanjing?.name).toBe('南京市');
    const jiangning = child(nanjing?.children, '320115');
    expect(jiangning).toEqual({ code: '320115', name: '江宁区' });
  });

  it('keeps the municipalities’ 市辖区 level and leaves Hong Kong, Macao and Taiwan without subdivisions', async () => {
    const tree = (await get('/common/administrative/all')).body.data as TreeNode[];
    const beijing = child(tree, '110000');
    expect(beijing?.children?.map((c) => [c.code, c.name])).toEqual([['110100', '市辖区']]);
    expect(child(beijing?.children?.[0]?.children, '110101')?.name).toBe('东城区');
    expect(child(tree, '500000')?.children?.map((c) => c.name)).toEqual(['市辖区', '县']);
    for (const code of ['710000', '810000', '820000']) expect(child(tree, code)?.children).toBeUndefined();
    expect(tree.filter((p) => p.children !== undefined)).toHaveLength(31);
    // 东莞 has no counties: it is one division, a city leaf.
    expect(child(child(tree, '440000')?.children, '441900')).toEqual({ code: '441900', name: '东莞市' });
  });
});

describe('GET /api/dictionary/administrative', () => {
  it('answers the provinces without a parent code, or with an empty one', async () => {
    for (const params of [{}, { parentCode: '' }]) {
      const res = await get('/api/dictionary/administrative', params);
      expect(res.status).toBe(200);
      const list = res.body.data as { code: string; level: number; hasChildren: boolean }[];
      expect(list).toHaveLength(34);
      expect(list.every((d) => d.level === 1)).toBe(true);
      expect(list.find((d) => d.code === '320000')).toEqual({
        code: '320000',
        name: '江苏省',
        level: 1,
        hasChildren: true,
      });
      expect(list.find((d) => d.code === '810000')?.hasChildren).toBe(false);
    }
  });

  it('answers the children of a city, counties without children', async () => {
    const res = await get('/api/dictionary/administrative', { parentCode: '320100' });
    expect(res.status).toBe(200);
    const list = res.body.data as { code: string }[];
    expect(list).toContainEqual({ code: '320115', name: '江宁区', level: 3, hasChildren: false });
    expect(list.map((d) => d.code)).toEqual([...list.map((d) => d.code)].sort());
    const cities = (await get('/api/dictionary/administrative', { parentCode: '320000' })).body.data;
    expect(cities).toContainEqual({ code: '320100', name: '南京市', level: 2, hasChildren: true });
  });

  it('answers 404 for an unknown parent code and 400 for a malformed one', async () => {
    const unknown = await get('/api/dictionary/administrative', { parentCode: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(40400);
    const malformed = await get('/api/dictionary/administrative', { parentCode: '32a000' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(40000);
    expect(malformed.body.data.fields[0].field).toBe('parentCode');
  });

  it('an empty parent (a county) answers an empty list, not 404', async () => {
    const res = await get('/api/dictionary/administrative', { parentCode: '320115' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('POST /materials/city/selectCityTree', () => {
  it('answers the six pilot cities under their provinces with code 200', async () => {
    const res = await post('/materials/city/selectCityTree');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual([
      { code: '320000', name: '江苏省', children: [{ code: '320100', name: '南京市', letter: 'nj' }] },
      {
        code: '330000',
        name: '浙江省',
        children: [
          { code: '330100', name: '杭州市', letter: 'hz' },
          { code: '330500', name: '湖州市', letter: 'huz' },
          { code: '330600', name: '绍兴市', letter: 'sx' },
        ],
      },
      { code: '370000', name: '山东省', children: [{ code: '370200', name: '青岛市', letter: 'qd' }] },
      { code: '440000', name: '广东省', children: [{ code: '440600', name: '佛山市', letter: 'fs' }] },
    ]);
  });
});

describe('units of measure', () => {
  it('selectUnitList answers the 37 units by id', async () => {
    const res = await post('/materials/bmProductUnit/selectUnitList');
    expect(res.body.code).toBe(200);
    const list = res.body.data as { id: number; name: string; enName: string }[];
    expect(list.map((u) => u.id)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    expect(list[0]).toEqual({ id: 1, name: '箱', enName: 'box' });
    expect(list[36]).toEqual({ id: 37, name: '升', enName: 'litre' });
  });

  it('selectBmProductUnit filters by a name substring, literally', async () => {
    const all = await post('/materials/bmProductUnit/selectBmProductUnit');
    expect(all.body.code).toBe(200);
    expect(all.body.data).toHaveLength(37);
    const metres = await post('/materials/bmProductUnit/selectBmProductUnit', { name: ' 米 ' });
    expect(metres.body.data.map((u: { name: string }) => u.name)).toEqual(['米', '延米', '千米', '平方米', '立方米']);
    expect((await post('/materials/bmProductUnit/selectBmProductUnit', { name: '%' })).body.data).toEqual([]);
    expect((await post('/materials/bmProductUnit/selectBmProductUnit', { name: '' })).body.data).toHaveLength(37);
  });

  it('refuses a filter that is not text', async () => {
    const res = await post('/materials/bmProductUnit/selectBmProductUnit', { name: 'x'.repeat(21) });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('name');
  });
});

describe('dictionaries', () => {
  it('transport types: 16 with factors as decimal strings', async () => {
    const res = await get('/api/dictionary/transport-types');
    expect(res.body.code).toBe(0);
    const list = res.body.data as { id: number; factor: string }[];
    expect(list).toHaveLength(16);
    expect(list.find((t) => t.id === 10)).toEqual({
      id: 10,
      name: '重型柴油货车运输（载重46t）',
      enName: 'Heavy diesel truck (46 t)',
      factor: '0.057',
    });
    expect(list.find((t) => t.id === 1)?.factor).toBe('0.334');
    expect(list.find((t) => t.id === 11)?.factor).toBe('0.010');
  });

  it('organisation natures', async () => {
    const res = await get('/api/dictionary/org-natures');
    expect(res.body.data).toHaveLength(orgNatures.length);
    expect(res.body.data[0]).toEqual({ code: 1, name: '国有企业', enName: 'State-owned' });
  });

  it('material classification: six categories with their products in catalogue order', async () => {
    const res = await get('/api/dictionary/material-classification');
    expect(res.body.code).toBe(0);
    const tree = res.body.data as TreeNode[];
    expect(tree.map((c) => c.code)).toEqual(['01', '02', '03', '04', '05', '06']);
    expect(tree[0]?.name).toBe('围护结构及混凝土类');
    expect(tree[0]?.children?.[0]).toEqual({ code: '0101', name: '预制构件' });
    tree.forEach((category, i) => {
      expect(category.children?.map((p) => p.name)).toEqual(materialClassificationSource[i]?.products);
      for (const product of category.children ?? []) expect(product.code.startsWith(category.code)).toBe(true);
    });
  });
});

describe('POST /api/track/check/town/code', () => {
  const check = (code: unknown) => post('/api/track/check/town/code', { code });

  it('a county of a platform city is valid and opened', async () => {
    const res = await check('320115');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data).toEqual({
      valid: true,
      code: '320115',
      checkedCode: '320115',
      name: '江宁区',
      path: [
        { code: '320000', name: '江苏省' },
        { code: '320100', name: '南京市' },
        { code: '320115', name: '江宁区' },
      ],
      cityCode: '320100',
      opened: true,
    });
  });

  it('town and village codes are checked on their county', async () => {
    const town = (await check('320115001')).body.data;
    expect(town).toMatchObject({ valid: true, code: '320115001', checkedCode: '320115', name: '江宁区' });
    const village = (await check('110101001001')).body.data;
    expect(village).toMatchObject({ valid: true, checkedCode: '110101', cityCode: '110100', opened: false });
    const dongguan = (await check('441900003')).body.data;
    expect(dongguan).toMatchObject({ valid: true, name: '东莞市', cityCode: '441900', opened: false });
    expect(dongguan.path).toEqual([
      { code: '440000', name: '广东省' },
      { code: '441900', name: '东莞市' },
    ]);
  });

  it('an unknown code, or one above county level, is not valid but no error', async () => {
    for (const code of ['999999', '320100', '320000', '810000', '320199001']) {
      const res = await check(code);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ valid: false, code, name: null, path: [], cityCode: null, opened: false });
    }
  });

  it('a malformed code answers 400 with a field message', async () => {
    for (const code of ['32011', '3201150', '32011a', '', 320115]) {
      const res = await check(code);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.data.fields[0].field).toBe('code');
    }
    const missing = await post('/api/track/check/town/code');
    expect(missing.status).toBe(400);
  });
});

describe('access', () => {
  const routes: [string, string][] = [
    ['GET', '/common/administrative/all'],
    ['GET', '/api/dictionary/administrative'],
    ['POST', '/materials/city/selectCityTree'],
    ['POST', '/materials/bmProductUnit/selectBmProductUnit'],
    ['POST', '/materials/bmProductUnit/selectUnitList'],
    ['GET', '/api/dictionary/transport-types'],
    ['GET', '/api/dictionary/org-natures'],
    ['GET', '/api/dictionary/material-classification'],
    ['POST', '/api/track/check/town/code'],
  ];

  it('every route needs a session: 401 with 10100 without a token', async () => {
    for (const [method, url] of routes) {
      const res = await server.call(method, url, url.endsWith('/code') ? { code: '320115' } : {}, null);
      expect(res.status, url).toBe(401);
      expect(res.body.code, url).toBe(10100);
    }
  });

  it('every route is in the OpenAPI document under the reference tag, its schemas complete', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(res.body) as {
      paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const [method, url] of routes) {
      const op = doc.paths[url]?.[method.toLowerCase()];
      expect(op?.tags, url).toEqual(['参考数据 Reference']);
      expect(op?.summary, url).toMatch(/[\u4e00-\u9fff].* [A-Z]/);
      for (const [, name] of JSON.stringify(op).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        expect(doc.components.schemas, `${url} refers to ${name}`).toHaveProperty(name as string);
      }
    }
  });
});

describe('helpers for other modules', () => {
  it('findDivision and divisionPath', async () => {
    const db = server.database.db;
    expect(await findDivision(db, '320115')).toEqual({
      code: '320115',
      name: '江宁区',
      level: 3,
      parentCode: '320100',
    });
    expect(await findDivision(db, '000000')).toBeUndefined();
    expect((await divisionPath(db, '320115')).map((d) => d.name)).toEqual(['江苏省', '南京市', '江宁区']);
    expect((await divisionPath(db, '320000')).map((d) => d.code)).toEqual(['320000']);
    expect(await divisionPath(db, '000000')).toEqual([]);
  });
});
