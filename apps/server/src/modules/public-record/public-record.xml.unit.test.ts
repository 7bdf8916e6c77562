import { describe, expect, it } from 'vitest';
import { escapeXml, sitemapDocument } from './public-record.xml.ts';

const urls = Array.from({ length: 5 }, (_, i) => ({
  loc: `https://jcbb.example.cn/product/details/external?id=${i + 1}&city=320100`,
  lastmod: `2025-0${i + 1}-01`,
}));
const part = (n: number) => `https://jcbb.example.cn/sitemap.xml?page=${n}`;

describe('sitemapDocument', () => {
  it('answers one urlset when the URLs fit, escaping &', () => {
    const xml = sitemapDocument(urls, 10, undefined, part) as string;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<url>/g)).toHaveLength(5);
    expect(xml).toContain('?id=1&amp;city=320100');
    expect(xml).not.toMatch(/&city/);
    expect(sitemapDocument(urls, 10, 1, part)).toBe(xml);
    expect(sitemapDocument(urls, 10, 2, part)).toBeNull();
  });

  it('splits beyond the limit: an index of parts with their latest lastmod, each part at most the limit', () => {
    const index = sitemapDocument(urls, 2, undefined, part) as string;
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain('<loc>https://jcbb.example.cn/sitemap.xml?page=3</loc><lastmod>2025-05-01</lastmod>');
    expect(index).toContain('<loc>https://jcbb.example.cn/sitemap.xml?page=1</loc><lastmod>2025-02-01</lastmod>');
    expect((sitemapDocument(urls, 2, 3, part) as string).match(/<url>/g)).toHaveLength(1);
    expect(sitemapDocument(urls, 2, 4, part)).toBeNull();
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});
