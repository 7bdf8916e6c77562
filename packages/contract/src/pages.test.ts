import { describe, expect, it } from 'vitest';
import { type PageDef, pages, pageUrl } from './pages.ts';

const declared: [string, PageDef][] = Object.entries(pages);

describe('pages', () => {
  it('have absolute paths without a query, each page (path and its record parameter) declared once', () => {
    for (const [, page] of declared) {
      expect(page.path).toMatch(/^\/[A-Za-z0-9/-]+$/);
    }
    // One route may show two kinds of record by its parameter (a spot check ?id=, a sample ?sample=).
    const keys = declared.map(([, page]) => `${page.path}?${page.query ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('build addresses with the page’s query parameter, URL-encoded', () => {
    expect(pageUrl(pages.shipmentDetail, { id: 7 })).toBe('/productionManagement/sourceDetail?id=7');
    expect(pageUrl(pages.certificateVerify, { no: 'CGBM-2026 /1' })).toBe('/free/certificate?no=CGBM-2026%20%2F1');
    expect(pageUrl(pages.home)).toBe('/home');
  });

  it('refuse a detail page without its record', () => {
    // @ts-expect-error the page needs { id }
    expect(() => pageUrl(pages.projectDetail)).toThrow(/\?id=/);
  });
});
