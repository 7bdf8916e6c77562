import { describe, expect, it } from 'vitest';
import { filtersToPath, parseFilters, toSearchBody } from './search-params.ts';

const parse = (type: string | undefined, query: string) => parseFilters(type, new URLSearchParams(query));

describe('catalogue search parameters', () => {
  it('builds the request from the address: fragment, classification, the four tags, stars and the page', () => {
    const f = parse('0104', 'city=320100&q=%20%E7%A0%96%20&green=1&gov=1&lowCarbon=1&prefab=1&star=2&page=3');
    expect(toSearchBody({ ...f, city: '320100' })).toEqual({
      cityCode: '320100',
      take: 10,
      skip: 20,
      materialName: '砖',
      classifyCode: '0104',
      isGreen: true,
      isGovProcurement: true,
      isLowCarbon: true,
      isPrefabricated: true,
      starRating: 2,
    });
  });

  it('sends only what is set: no filter means any', () => {
    const f = parse(undefined, 'city=320100');
    expect(toSearchBody({ ...f, city: '320100' })).toEqual({ cityCode: '320100', take: 10, skip: 0 });
  });

  it('ignores malformed values instead of sending them', () => {
    const f = parse('abc', 'city=nanjing&star=5&page=-2&green=yes');
    expect(f).toMatchObject({ city: null, classifyCode: null, starRating: null, page: 1, green: false });
    expect(parse(undefined, 'page=99999').page).toBe(1001);
  });

  it('writes the filters back into a shareable address that reads the same', () => {
    const f = parse('02', 'city=320100&q=透水&gov=1&star=3&page=2');
    const path = filtersToPath(f);
    expect(path).toBe('/cities/02?city=320100&q=%E9%80%8F%E6%B0%B4&gov=1&star=3&page=2');
    const [pathname, query] = path.split('?');
    expect(parse(pathname?.split('/')[2], query ?? '')).toEqual(f);
    expect(
      filtersToPath({ ...f, classifyCode: null, name: '', govProcurement: false, starRating: null, page: 1 }),
    ).toBe('/cities?city=320100');
  });
});
