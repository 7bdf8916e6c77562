import { signParams } from '@jcbb/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stringify, type TestServer } from '../../../test/harness.ts';
import { productDocuments } from '../../db/schema/index.ts';
import { insertProduct, orgOfMobile } from '../catalogue/catalogue.test-support.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let makerId = 0;
let otherId = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000000', '13800000001', '13800000002', '13800000008']) tokens[m] = await server.login(m);
  makerId = await orgOfMobile(server, '13800000001');
  otherId = await orgOfMobile(server, '13800000008');
  const id = await insertProduct(server, {
    orgId: makerId,
    name: '申请表测试岩棉板',
    green: 'valid',
    starRating: 2,
    cities: { '320100': { status: 2 } },
  });
  await server.database.db.insert(productDocuments).values({
    productId: id,
    kind: 3,
    name: '绿色建材产品认证证书',
    certNo: 'LJC-TEST-0001',
    issuer: '华夏绿色建材认证中心',
    starRating: 2,
    validFrom: '2025-01-01',
    validUntil: '2099-12-31',
    createdBy: 1,
  });
  await insertProduct(server, { orgId: makerId, name: '只在杭州的产品', cities: { '330100': {} } });
});
afterAll(async () => {
  await server?.stop();
});

describe('getCompanyInfoByName', () => {
  it('finds organisations by a fragment, public fields only', async () => {
    const res = await server.call(
      'POST',
      '/materials/bm-company/getCompanyInfoByName',
      { name: '绿筑' },
      tokens['13800000002'],
    );
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      id: makerId,
      name: '南京绿筑新型建材有限公司',
      type: 6,
      typeName: '建材生产企业',
      regionName: '江宁区',
      certified: true,
    });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['address', 'certified', 'creditCode', 'id', 'name', 'regionCode', 'regionName', 'type', 'typeName'].sort(),
    );
  });

  it('needs a session and a name', async () => {
    expect((await server.call('POST', '/materials/bm-company/getCompanyInfoByName', { name: '绿筑' })).status).toBe(
      401,
    );
    expect(
      (await server.call('POST', '/materials/bm-company/getCompanyInfoByName', {}, tokens['13800000001'])).status,
    ).toBe(400);
  });
});

describe('getCityIdByCompanyId', () => {
  const city = (companyId: number, token?: string) =>
    server.call('GET', `/materials/bm-company/getCityIdByCompanyId/${companyId}`, {}, token);

  it("answers the city of the caller's organisation", async () => {
    const res = await city(makerId, tokens['13800000001']);
    expect(res.body.data).toEqual({ companyId: makerId, regionCode: '320115', cityCode: '320100', cityName: '南京市' });
  });

  it("answers 404 for another organisation's, any for platform staff, 401 anonymous", async () => {
    expect((await city(otherId, tokens['13800000001'])).status).toBe(404);
    expect((await city(otherId, tokens['13800000000'])).body.data.cityCode).toBe('320500');
    expect((await city(makerId)).status).toBe(401);
  });
});

describe('downWordInfoByCompanyId', () => {
  const download = (params: Record<string, unknown>, token?: string) =>
    server.call('POST', '/materials/bm-company/downWordInfoByCompanyId', params, token);

  it('answers a real .docx about the company and its products in that city', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/materials/bm-company/downWordInfoByCompanyId',
      headers: { authorization: `Bearer ${tokens['13800000001']}` },
      payload: signParams(
        'POST',
        '/materials/bm-company/downWordInfoByCompanyId',
        { cityLetter: 'nj', tmpName: '入库申请表' },
        server.key,
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('入库申请表-南京绿筑新型建材有限公司-南京市.docx')}`,
    );
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')?.async('string');
    expect(xml).toBeDefined();
    for (const text of [
      '南京市入库申请表',
      '南京绿筑新型建材有限公司',
      '申请表测试岩棉板',
      '保温系统材料',
      'LJC-TEST-0001',
      '城市审核中',
      '标准款',
    ]) {
      expect(xml).toContain(text);
    }
    expect(xml).not.toContain('只在杭州的产品');
  });

  it('takes the query on GET too', async () => {
    const url = '/materials/bm-company/downWordInfoByCompanyId';
    const res = await server.app.inject({
      method: 'GET',
      url,
      query: stringify(signParams('GET', url, { cityLetter: '330100' }, server.key)),
      headers: { authorization: `Bearer ${tokens['13800000001']}` },
    });
    expect(res.statusCode).toBe(200);
    const xml = await (await JSZip.loadAsync(res.rawPayload)).file('word/document.xml')?.async('string');
    expect(xml).toContain('只在杭州的产品');
  });

  it('refuses non-manufacturers, unknown cities and anonymous callers', async () => {
    expect((await download({ cityLetter: 'nj' }, tokens['13800000002'])).status).toBe(403);
    expect((await download({ cityLetter: 'nj' }, tokens['13800000000'])).status).toBe(403);
    const unknown = await download({ cityLetter: 'zz' }, tokens['13800000001']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields[0].field).toBe('cityLetter');
    expect((await download({ cityLetter: 'nj' })).status).toBe(401);
  });
});
