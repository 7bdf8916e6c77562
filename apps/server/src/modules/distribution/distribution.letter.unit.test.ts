import type { AuthorisationLetterContent } from '@jcbb/contract/distribution-proof';
import { describe, expect, it } from 'vitest';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { type LetterInput, renderAuthorisationLetter } from './distribution.letter.ts';

/** The PDF letter (distribution.letter.ts): a real PDF carrying the number and the verification link, any length. */

const content: AuthorisationLetterContent = {
  type: ['VerifiableCredential', 'JcbbProductAuthorisation'],
  id: 'urn:jcbb:authorisation:demo-lvzhu-hengtong',
  publicId: 'demo-lvzhu-hengtong',
  number: 'AU202611280001',
  version: 2,
  supersedes: 'older-version',
  issuer: { name: '南京绿筑新型建材有限公司', creditCode: '91320115MA1W9E4F7X' },
  issuedAt: '2026-11-28T02:00:00.000Z',
  validFrom: '2026-10-14',
  validUntil: '2027-10-14',
  credentialSubject: {
    distributor: { name: '南京恒通建材贸易有限公司', creditCode: '91320113MA1N8K2L3Y' },
    kind: 'project',
    project: { name: '江宁区人民医院门急诊综合楼', tenderNo: 'JSZC-2026-118', platformProjectId: 2 },
    exclusive: true,
    regions: [
      { code: '320100', name: '南京市' },
      { code: '320200', name: '无锡市' },
    ],
    items: [
      { product: { id: 3, name: '岩棉保温板' }, specifications: [], quantityCap: '20000', unit: 'm²' },
      {
        product: { id: 1, name: '蒸压加气混凝土砌块' },
        specifications: [{ id: 1, name: 'B06 A5.0 600×240×200' }],
        quantityCap: null,
        unit: 'm³',
      },
    ],
    commitments: {
      afterSales: '产品质保 5 年，质保期内质量问题免费更换，48 小时内到场处理',
      supply: '江苏省内 72 小时到货',
    },
  },
};
const input: LetterInput = {
  content,
  signatoryName: '张伟',
  signatoryTitle: '总经理',
  leafIndex: 42,
  state: 'active',
  statusReason: null,
  verifyUrl: 'https://jcbb.example.cn/free/authorisation?id=demo-lvzhu-hengtong',
};

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('the authorisation letter PDF', () => {
  for (const font of [findCjkFont(null), null]) {
    it(`is a PDF with the number and the verification link (${font ? 'Chinese' : 'English'} layout)`, async () => {
      const pdf = await renderAuthorisationLetter(input, font);
      const text = pdf.toString('latin1');
      expect(text.slice(0, 5)).toBe('%PDF-');
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      expect(text).toContain('(AU202611280001)');
      expect(text).toContain(`/URI (${input.verifyUrl})`);
      expect(pages(pdf)).toBe(1);
    });
  }

  it('runs onto more pages for a long scope, stamped when no longer in force', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      product: { id: i, name: `产品 ${i}` },
      specifications: [],
      quantityCap: null,
      unit: null,
    }));
    const pdf = await renderAuthorisationLetter(
      {
        ...input,
        content: { ...content, credentialSubject: { ...content.credentialSubject, items: many } },
        state: 'revoked',
        statusReason: '合作终止',
      },
      findCjkFont(null),
    );
    expect(pages(pdf)).toBeGreaterThan(1);
  });
});
