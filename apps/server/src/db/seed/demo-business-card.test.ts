import { businessCardEndpoints as B, messageEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { DEMO_CARD_DEALER, DEMO_CARD_MAKER } from './demo-business-card.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.dealer = await server.login('13800000002');
});
afterAll(async () => server?.stop());

describe('demo business cards', () => {
  it('gives 南京绿筑’s admin a published card with three products, 20 days of views and a lead that is a message', async () => {
    const mine = ok(await call('maker', B.card, {}));
    expect(mine.card).toMatchObject({ publicId: DEMO_CARD_MAKER, published: true });
    expect(mine.card?.products).toHaveLength(3);
    const stats = ok(await call('maker', B.stats, {}));
    expect(stats.days.filter((d) => d.views > 0).length).toBeGreaterThanOrEqual(19);
    expect(new Set(stats.sources.map((s) => s.source))).toEqual(new Set(['qr', 'poster', 'link', 'other']));
    expect(stats.products.length).toBeGreaterThan(0);
    const leads = ok(await call('maker', B.leads, {}));
    expect(leads.list).toHaveLength(1);
    const inbox = ok(await call('maker', messageEndpoints.getMessageList, {}));
    expect(JSON.stringify(inbox)).toContain('名片收到合作意向');
    const open = ok(await call(null, B.publicCard, { publicId: DEMO_CARD_MAKER }));
    expect(open.phone).toBe('138****0001');
  });

  it('gives 南京恒通’s admin a published card with its letters on the public page', async () => {
    expect(ok(await call('dealer', B.card, {})).card?.publicId).toBe(DEMO_CARD_DEALER);
    const open = ok(await call(null, B.publicCard, { publicId: DEMO_CARD_DEALER }));
    expect(open.authorisations.length).toBeGreaterThan(0);
    expect(open.authorisations[0]?.url).toMatch(/^\/free\/authorisation\?id=/);
  });
});
