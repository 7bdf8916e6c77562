import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CertificateContent, canonicalContent } from './certificate.content.ts';

describe('canonicalContent', () => {
  it('is the ledger canonical JSON of the content (sorted keys, no spaces, Chinese as is) and its SHA-256', () => {
    const content = {
      validUntil: '2031-06-30',
      format: 'jcbb-certificate/v1',
      type: 1,
      certNo: 'CGBM-2026-000001',
      starRating: null,
      holder: '南京绿建材料有限公司',
    } as unknown as CertificateContent;
    const { text, sha256 } = canonicalContent(content);
    expect(text).toBe(
      '{"certNo":"CGBM-2026-000001","format":"jcbb-certificate/v1","holder":"南京绿建材料有限公司","starRating":null,"type":1,"validUntil":"2031-06-30"}',
    );
    expect(sha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
