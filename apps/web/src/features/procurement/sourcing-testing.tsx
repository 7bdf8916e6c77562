import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signInAs } from '../../test/fake-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import sourcingZh from './locales/sourcing.zh-CN.ts';
import type { InquiryDetail, SupplierInquiry } from './sourcing-api.ts';

// antd forms and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

export const signInDeveloper = () => signInAs(1, { name: '南京城建置业发展有限公司', orgId: 5 });
export const signInMaker = () => signInAs(6, { name: '南京绿筑新型建材有限公司', orgId: 1 });

/** Render a sourcing page with its strings at `path`. */
export const renderSourcing = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { procurementSourcing: sourcingZh }, { path });

const line = {
  id: 11,
  lineNo: 1,
  listLineId: 101,
  commonName: '岩棉板',
  spec: null,
  classifyCode: '0105',
  unitName: '平方米',
  quantity: '500.000',
  requiredBy: '2027-03-31',
};

export const quote = (over: Partial<InquiryDetail['quotes'][number]> = {}): InquiryDetail['quotes'][number] => ({
  id: 71,
  supplierOrgId: 1,
  supplierName: '南京绿筑新型建材有限公司',
  round: 1,
  status: 'submitted',
  amountFen: 1_800_000,
  validUntil: null,
  remarks: null,
  submittedAt: '2026-11-28 10:00:00',
  lines: [
    {
      inquiryLineId: 11,
      productId: 3,
      productName: '岩棉保温板',
      specId: 5,
      specName: 'TR10 50 厚',
      unitPriceFen: 3600,
      amountFen: 1_800_000,
      deliveryDate: '2027-03-01',
      remarks: null,
      runway: 'through',
      validUntil: '2027-06-30',
    },
  ],
  ...over,
});

export const inquiry = (over: Partial<InquiryDetail> = {}): InquiryDetail => ({
  id: 9,
  number: 'XJ202611280001',
  title: '岩棉保温板询价',
  projectId: 1,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  buyerOrgId: 5,
  buyerName: '南京城建置业发展有限公司',
  status: 'quoting',
  round: 1,
  deadline: '2026-12-05 17:00:00',
  remarks: null,
  decisionReason: null,
  awardedQuoteId: null,
  orderId: null,
  orderNumber: null,
  publishedAt: '2026-11-28 09:00:00',
  decidedAt: null,
  lines: [line],
  suppliers: [
    { orgId: 1, name: '南京绿筑新型建材有限公司', submitted: null },
    { orgId: 12, name: '南京恒通建材贸易有限公司', submitted: null },
  ],
  submittedCount: 2,
  quotes: [],
  actions: ['close', 'cancel'],
  ...over,
});

export const supplierInquiry = (over: Partial<SupplierInquiry> = {}): SupplierInquiry => ({
  id: 9,
  number: 'XJ202611280001',
  title: '岩棉保温板询价',
  buyerName: '南京城建置业发展有限公司',
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  projectRegionName: '江苏省南京市鼓楼区',
  status: 'published',
  round: 1,
  deadline: '2026-12-05 17:00:00',
  remarks: null,
  decisionReason: null,
  lines: [
    {
      ...line,
      offers: [
        { specId: 5, productName: '岩棉保温板', specName: 'TR10 50 厚', unitName: '平方米', listPriceFen: 3850 },
      ],
    },
  ],
  myQuote: null,
  earlierQuotes: [],
  actions: ['save'],
  ...over,
});
