import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api.ts';
import { setNotifier } from '../lib/notify.ts';
import { session } from '../lib/session.ts';
import { answer, fakeServer, fieldErrors, only, signInAs } from './fake-server.ts';

// The fake server of component tests (fake-server.ts), through the console's own client (lib/api.ts).

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe('the fake server', () => {
  it('answers the declared endpoints and records what was sent, without the signature', async () => {
    setNotifier({ error: () => {}, warning: () => {}, success: () => {} });
    signInAs(6);
    const sent = fakeServer(
      answer(traceEndpoints.addressList, () => ({ list: [], total: 0 })),
      answer(traceEndpoints.addressSave, () => fieldErrors({ name: '请输入地址名称' })),
      answer(
        traceEndpoints.lotDetail,
        only(9, () => ({ id: 9 }) as never),
      ),
    );
    await expect(call(traceEndpoints.addressList, { take: 5 })).resolves.toEqual({ list: [], total: 0 });
    await expect(
      call(traceEndpoints.addressSave, {
        kind: 'warehouse',
        name: ' ',
        regionCode: '320115',
        detail: 'x',
        contactName: 'x',
        contactPhone: '13800000001',
      }),
    ).rejects.toMatchObject({ status: 400 });
    // Another record than the one answered is not found.
    await expect(call(traceEndpoints.lotDetail, { id: 8 })).rejects.toMatchObject({ status: 404 });
    expect(sent.map((s) => [s.method, s.endpoint, s.params])).toEqual([
      ['POST', traceEndpoints.addressList, {}],
      ['POST', traceEndpoints.addressSave, {}],
      ['GET', traceEndpoints.lotDetail, { id: '8' }],
    ]);
    expect(sent[0]?.body).toEqual({ take: 5 });
  });

  // A call to an endpoint the test did not answer fails the test once it ends, naming the call: this test must fail.
  it.fails('fails a test that calls an endpoint it did not answer', async () => {
    setNotifier({ error: () => {}, warning: () => {}, success: () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(answer(traceEndpoints.addressList, () => ({ list: [], total: 0 })));
    await call(traceEndpoints.shipmentList, {}).catch(() => undefined);
  });
});
