import { diskEndpoints as D } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { DEMO_DISK_CODE, DEMO_DISK_TOKEN } from './demo-disk.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
});
afterAll(async () => server?.stop());

describe('demo enterprise disk', () => {
  it('gives 南京绿筑 folders with files of each badge, and a live link that opens with its code', async () => {
    const top = ok(await call('maker', D.list, {}));
    expect(top.folders.map((f) => f.name).sort()).toEqual(['合同与授权', '投标资料包'].sort());
    const tender = top.folders.find((f) => f.name === '投标资料包');
    const inside = ok(await call('maker', D.list, { folderId: tender?.id }));
    expect(new Set(inside.files.map((f) => f.expiry))).toEqual(new Set(['none', 'valid', 'expiring']));
    expect(inside.files.some((f) => f.ledgerLeafIndex !== null)).toBe(true);

    const landing = ok(await call(null, D.link, { token: DEMO_DISK_TOKEN }));
    expect(landing).toMatchObject({ state: 'active', needsCode: true });
    const { key } = ok(await call(null, D.unlock, { token: DEMO_DISK_TOKEN, code: DEMO_DISK_CODE }));
    const open = ok(await call(null, D.link, { token: DEMO_DISK_TOKEN, key }));
    expect(open.files).toHaveLength(4);
    expect(open.files.some((f) => f.evidence !== null)).toBe(true);
  });
});
