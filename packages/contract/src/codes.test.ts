import { describe, expect, it } from 'vitest';
import { errorCatalogue, ResponseCode, reloginCodes } from './codes.ts';
import { isMaterialsPath } from './envelope.ts';

const hasChinese = /\p{Script=Han}/u;

describe('response codes (docs/design.md §3)', () => {
  it('every error code has a 4xx/5xx status and a Chinese message', () => {
    const errorCodes = Object.values(ResponseCode).filter((c) => c !== ResponseCode.OK && c !== 200);
    expect(Object.keys(errorCatalogue).map(Number).sort()).toEqual([...errorCodes].sort());
    for (const [code, { status, msg }] of Object.entries(errorCatalogue)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(msg, code).toMatch(hasChinese);
    }
  });

  it('has the statuses the design fixes', () => {
    const status = (code: keyof typeof errorCatalogue) => errorCatalogue[code].status;
    expect(status(10001)).toBe(400);
    for (const c of [10002, 10003, 10004, 10005, 10100, 10101] as const) expect(status(c), String(c)).toBe(401);
    expect(status(40000)).toBe(400);
    expect(status(40300)).toBe(403);
    expect(status(40400)).toBe(404);
    expect(status(40900)).toBe(409);
    expect(status(41300)).toBe(413);
    expect(status(41500)).toBe(415);
    expect(status(42900)).toBe(429);
    expect(status(50000)).toBe(500);
  });

  it('the re-login codes are 10100 and 10101 (spec §8)', () => {
    expect([...reloginCodes].sort()).toEqual([10100, 10101]);
  });

  it('materials paths succeed with 200', () => {
    expect(ResponseCode.MATERIALS_OK).toBe(200);
    expect(isMaterialsPath('/materials/UserInfoController/getUserRole')).toBe(true);
    expect(isMaterialsPath('/open/materials/show/getRegionTree')).toBe(true);
    expect(isMaterialsPath('/api/materials/x')).toBe(false);
    expect(isMaterialsPath('/materialsX/y')).toBe(false);
  });
});
