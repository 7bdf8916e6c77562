import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

/** What a browser reads back: the UTF-8 `filename*` when present, else `filename`. */
const fileNameOf = (header: string) => parse(header).parameters.filename;

describe('contentDisposition', () => {
  it('gives a Chinese name with spaces as RFC 8187 UTF-8 plus an ASCII fallback', () => {
    const header = contentDisposition('产品 入库城市.xlsx', { fallback: 'listings.xlsx' });
    expect(header).toBe(
      "attachment; filename=listings.xlsx; filename*=UTF-8''%E4%BA%A7%E5%93%81%20%E5%85%A5%E5%BA%93%E5%9F%8E%E5%B8%82.xlsx",
    );
    expect(fileNameOf(header)).toBe('产品 入库城市.xlsx');
  });

  it.each([['a "quoted" name.pdf'], ['100% 纯;天然.pdf'], ['semi;colon.pdf'], ['%E4%BA%A7.pdf'], ["it's.pdf"]])(
    'round-trips %s without breaking the header',
    (name) => {
      const header = contentDisposition(name);
      expect(header.startsWith('attachment; ')).toBe(true);
      expect(fileNameOf(header)).toBe(name);
    },
  );

  it('keeps only the last path segment of a name', () => {
    expect(fileNameOf(contentDisposition('../../etc/passwd'))).toBe('passwd');
    expect(fileNameOf(contentDisposition('C:\\证书\\报告.pdf'))).toBe('报告.pdf');
    expect(fileNameOf(contentDisposition('dir/'))).toBe('file');
  });

  it('drops control characters (no header injection)', () => {
    const header = contentDisposition('a\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(fileNameOf(header)).toBe('aSet-Cookie: x=1.pdf');
  });

  it('says inline when asked', () => {
    expect(contentDisposition('图片.png', { inline: true })).toMatch(/^inline; /);
    expect(contentDisposition('plain.pdf', { inline: true })).toBe('inline; filename=plain.pdf');
  });
});
