import { certificateEndpoints } from '@jcbb/contract/certificate.endpoints';
import { fillPath } from '@jcbb/contract/endpoint';
import { signParams } from '@jcbb/contract/signing';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { describe, expect, it } from 'vitest';
import { signedQuery } from './prefetch-sign.ts';

const key = { appCode: 'jcbb', authKey: 'jcbb-web-dev', secret: 'jcbb-web-dev-secret-change-me' };

describe('the light entry’s first script signs as the contract does', () => {
  for (const [path, params] of [
    [fillPath(traceEndpoints.publicTrace.path, { code: 'JCBBDEMOYM2622NJLZAA' }), {}],
    [certificateEndpoints.verify.path, { no: 'CGBM-2026-000001' }],
  ] as const) {
    it(`GET ${path}`, async () => {
      const query = await signedQuery(path, params, key, 1_795_859_483_356, 'ab'.repeat(16));
      const expected = signParams('GET', path, params, key, 1_795_859_483_356, 'ab'.repeat(16));
      expect(Object.fromEntries(new URLSearchParams(query ?? ''))).toEqual(
        Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, String(v)])),
      );
    });
  }
});
