import {
  businessCardEndpoints as B,
  CARD_CONTACT_LIMIT,
  type EndpointInput,
  messageEndpoints,
  signParams,
} from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, stringify, type TestServer } from '../../../test/harness.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';

/**
 * The smart business card on the demo data: 13800000009 南京绿筑's staff member (the card's owner), 13800000001 its
 * admin, 13800000002 南京恒通 (a distributor: another organisation with cards), 13800000005 a developer (no card: 403).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const publicPath = (e: { path: string }, publicId: string) => e.path.replace('{publicId}', publicId);

/** A public page view with the visitor cookie (or none) and a client address, as a browser would send it. */
async function view(publicId: string, options: { cookie?: string; from?: string; ip?: string } = {}) {
  const url = publicPath(B.publicCard, publicId);
  const res = await server.app.inject({
    method: 'GET',
    url,
    query: stringify(signParams('GET', url, options.from ? { from: options.from } : {}, server.key)),
    headers: options.cookie ? { cookie: `jcbb_cv=${options.cookie}` } : {},
    remoteAddress: options.ip ?? '203.0.113.9',
  });
  return { status: res.statusCode, body: JSON.parse(res.body), setCookie: res.headers['set-cookie'] };
}

async function contact(publicId: string, body: Record<string, unknown>, ip: string) {
  const url = publicPath(B.publicContact, publicId);
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: signParams('POST', url, body, server.key),
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const base: EndpointInput<typeof B.save> = {
  displayName: '王小明',
  title: '销售经理',
  email: 'wang@example.com',
  introduction: '十年建材销售经验',
  showPhone: false,
  productIds: [],
  published: true,
};

let staffId = 0;
let productIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  for (const [who, mobile] of [
    ['staff', '13800000009'],
    ['admin', '13800000001'],
    ['dist', '13800000002'],
    ['dev', '13800000005'],
  ] as const)
    tokens[who] = await server.login(mobile);
  staffId = ok(await call('staff', B.card, {})).member.userId;
  productIds = ok(await call('staff', B.products, {})).list.map((p) => p.id);
});
afterAll(async () => server?.stop());

describe('the editor', () => {
  it('makes the staff member’s own card, with an image QR and the organisation’s products', async () => {
    expect(productIds.length).toBeGreaterThan(2);
    const up = await uploadFile(server, tokens.staff as string, 'wechat.png', PNG, 'image/png');
    expect(up.status, up.raw).toBe(200);
    const saved = ok(
      await call('staff', B.save, { ...base, wechatQrUploadId: up.body.data.id, productIds: productIds.slice(0, 3) }),
    );
    expect(saved.card).toMatchObject({ displayName: '王小明', published: true, wechatQrName: 'wechat.png' });
    expect(saved.card?.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(saved.card?.products.map((p) => p.id)).toEqual(productIds.slice(0, 3));
    expect(ok(await call('staff', B.card, {})).card?.id).toBe(saved.card?.id);
  });

  it('lets the organisation’s admin edit a member’s card, but not a member a colleague’s, nor another organisation', async () => {
    const byAdmin = ok(await call('admin', B.save, { ...base, userId: staffId, title: '区域经理' }));
    expect(byAdmin.card?.title).toBe('区域经理');
    expect(ok(await call('admin', B.members, {})).list.map((m) => m.userId)).toContain(staffId);
    expect(ok(await call('staff', B.members, {})).list.map((m) => m.userId)).toEqual([staffId]);
    const adminId = ok(await call('admin', B.card, {})).member.userId;
    expect((await call('staff', B.card, { userId: adminId })).status).toBe(403);
    expect((await call('staff', B.save, { ...base, userId: adminId })).status).toBe(403);
    for (const e of [B.card, B.stats, B.leads] as const)
      expect((await call('dist', e, { userId: staffId })).status).toBe(404);
    expect((await call('dist', B.save, { ...base, userId: staffId })).status).toBe(404);
    expect((await call('dev', B.card, {})).status).toBe(403);
    expect((await call(null, B.card, {})).status).toBe(401);
  });

  it('refuses bad input with the field: a non-image QR, another organisation’s product, too many products', async () => {
    const pdf = await uploadFile(server, tokens.staff as string, 'qr.pdf', SMALL_PDF, 'application/pdf');
    expect(pdf.status, pdf.raw).toBe(200);
    const notImage = await call('staff', B.save, { ...base, wechatQrUploadId: pdf.body.data.id });
    expect(notImage.status).toBe(400);
    expect(fieldsOf(notImage).wechatQrUploadId).toContain('图片');
    // Another organisation's product is tried in cross-organisation.test.ts; here one that is nobody's.
    const wrong = await call('staff', B.save, { ...base, productIds: [2_000_000] });
    expect(fieldsOf(wrong).productIds).toBeTruthy();
    const many = await callRaw('staff', B.save, { ...base, productIds: [1, 2, 3, 4, 5, 6, 7] });
    expect(many.status).toBe(400);
    expect(fieldsOf(many).productIds).toContain('6');
    const blank = await callRaw('staff', B.save, { ...base, displayName: ' ', email: 'not-an-email' });
    expect(Object.keys(fieldsOf(blank))).toEqual(expect.arrayContaining(['displayName', 'email']));
  });
});

describe('the public page', () => {
  it('shows a published card with a masked phone, live credentials and nothing of its visitors', async () => {
    const card = ok(await call('staff', B.save, { ...base, productIds: productIds.slice(0, 3) })).card;
    const got = await view(card?.publicId as string, { from: 'qr' });
    expect(got.status).toBe(200);
    const data = got.body.data;
    expect(data.phone).toBe('138****0009');
    expect(JSON.stringify(data)).not.toContain('13800000009');
    expect(JSON.stringify(data)).not.toMatch(/visitor|203\.0\.113/);
    expect(data.org).toMatchObject({ name: expect.stringContaining('南京绿筑'), certified: true });
    expect(data.products).toHaveLength(3);
    expect(data.products[0].url).toContain('/product/details/external?id=');
    for (const c of data.certificates) expect(c.url).toMatch(/^\/free\/certificate\?no=/);
    expect(String(got.setCookie)).toMatch(/jcbb_cv=[A-Za-z0-9_-]{22}; Path=\/api\/card\/public;.*HttpOnly/);

    ok(await call('staff', B.save, { ...base, showPhone: true }));
    expect((await view(card?.publicId as string)).body.data.phone).toBe('13800000009');

    ok(await call('staff', B.save, { ...base, published: false }));
    expect((await view(card?.publicId as string)).status).toBe(404);
    expect((await view('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await callRaw(null, B.publicCard, { publicId: '1' })).status).toBe(400);
    ok(await call('staff', B.save, { ...base, published: true, productIds: productIds.slice(0, 3) }));
  });

  it('counts views by day and source, unique visitors by the salted cookie hash, and product clicks', async () => {
    const publicId = ok(await call('staff', B.card, {})).card?.publicId as string;
    const before = ok(await call('staff', B.stats, {})).totals;
    const a = 'aaaaaaaaaaaaaaaaaaaaaa';
    const b = 'bbbbbbbbbbbbbbbbbbbbbb';
    await view(publicId, { cookie: a, from: 'poster' });
    await view(publicId, { cookie: a, from: 'poster', ip: '198.51.100.1' });
    await view(publicId, { cookie: b, from: 'link' });
    expect(
      (await call(null, B.publicClick, { publicId, productId: productIds[0] as number, from: 'poster' })).status,
    ).toBe(200);
    expect((await call(null, B.publicClick, { publicId, productId: 999_999 })).status).toBe(404);
    const stats = ok(await call('staff', B.stats, {}));
    expect(stats.days).toHaveLength(30);
    expect(stats.totals.views - before.views).toBe(3);
    expect(stats.totals.visitors - before.visitors).toBe(2);
    expect(stats.sources.find((s) => s.source === 'poster')?.views).toBeGreaterThanOrEqual(2);
    expect(stats.products[0]).toMatchObject({ productId: productIds[0], clicks: expect.any(Number) });
    expect(JSON.stringify(stats)).not.toContain(a);
  });

  it('needs consent, lands as a message and a lead, and throttles a client', async () => {
    const publicId = ok(await call('staff', B.card, {})).card?.publicId as string;
    const form = { name: '李工', company: '某建设公司', contact: '13900000000', message: '想了解保温板报价' };
    const refused = await contact(publicId, { ...form, consent: false }, '192.0.2.10');
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.map((f: { field: string }) => f.field)).toContain('consent');
    expect((await contact(publicId, { ...form, contact: 'nobody' }, '192.0.2.10')).status).toBe(400);

    expect((await contact(publicId, { ...form, consent: true }, '192.0.2.11')).status).toBe(200);
    const leads = ok(await call('staff', B.leads, {}));
    expect(leads.list[0]).toMatchObject({ name: '李工', contact: '13900000000', consentAt: expect.any(String) });
    const inbox = ok(await call('staff', messageEndpoints.getMessageList, {}));
    expect(JSON.stringify(inbox)).toContain('名片收到合作意向');

    for (let i = 1; i < CARD_CONTACT_LIMIT; i++)
      expect((await contact(publicId, { ...form, consent: true }, '192.0.2.11')).status).toBe(200);
    expect((await contact(publicId, { ...form, consent: true }, '192.0.2.11')).status).toBe(429);
    expect((await contact(publicId, { ...form, consent: true }, '192.0.2.12')).status).toBe(200);
  });
});
