import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signInAs } from '../../../../test/fake-server.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { FilingDetail, FilingLine, FilingList } from '../../filing-api.ts';
import filingZh from '../../locales/filing.zh-CN.ts';

// antd forms and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** The demo construction unit (江苏筑安), a supervision unit and the city's committee (南京市住建委). */
export const signInBuilder = () => signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 3 });
export const signInCommittee = () => signInAs(5, { name: '南京市城乡建设委员会', orgId: 6, roles: ['住建委'] });

/** Render a filing page with its strings at `path`. */
export const renderFiling = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { governmentFiling: filingZh }, { path });

export const filingLine = (over: Partial<FilingLine> = {}): FilingLine => ({
  id: 31,
  lineNo: 1,
  source: 'system',
  changedFields: ['amountFen'],
  sources: [
    { kind: 'delivery', id: 4, label: '到货单 JC202611190001', url: '/projectConstruction/receiveDetail?id=4' },
    { kind: 'inspection', id: 9, label: '进场验收 JC202611190001-1', url: null },
  ],
  classifyCode: '0212',
  categoryCode: '0212',
  categoryName: '石材',
  standardKind: 'optional',
  commonName: '花岗岩板材',
  spec: '600×600×20 芝麻灰',
  quantity: '320',
  unit: '平方米',
  amountFen: 8_320_000,
  supplierOrgId: null,
  supplierName: '南京栖霞石材经营部',
  supplierCreditCode: '92320113MA1NBQ8X36',
  procurementMethod: 'open_tender',
  isGreen: false,
  evidenceKind: 'none',
  certificateId: null,
  certificateNo: null,
  certificateBody: null,
  star: null,
  reportNo: null,
  reportDate: null,
  deliveryDate: '2026-11-19',
  ...over,
});

export const filingDetail = (over: Partial<FilingDetail> = {}): FilingDetail => ({
  id: 7,
  projectId: 1,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  regionCode: '320106',
  regionName: '鼓楼区',
  editionCode: '2025',
  filerOrgId: 3,
  filerName: '江苏筑安建设工程有限公司',
  period: '2026-Q4',
  periodFrom: '2026-10-01',
  periodTo: '2026-12-31',
  version: 1,
  correctsId: null,
  correctionReason: null,
  supersededById: null,
  status: 'draft',
  contractNo: 'HT-2026-Q4-1',
  defaultMethod: 'open_tender',
  completedValueFen: 1_980_000_000,
  progressPaidFen: 1_650_000_000,
  paymentRatioBp: 8_333,
  remarks: null,
  returnReason: null,
  dueOn: '2027-01-05',
  daysLeft: 38,
  late: false,
  firstSubmittedAt: null,
  submittedAt: null,
  confirmedAt: null,
  lockedAt: null,
  amountFen: 8_320_000 + 48_125,
  greenAmountFen: 48_125,
  lines: [
    filingLine(),
    filingLine({
      id: 32,
      lineNo: 2,
      source: 'typed',
      changedFields: [],
      sources: [],
      commonName: '岩棉保温板',
      spec: 'TR10 80 厚',
      quantity: '12.5',
      amountFen: 0,
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CQC-GBM-2026-00001',
      certificateBody: '中国质量认证中心',
      star: 2,
      standardKind: 'mandatory',
      categoryName: '保温系统材料',
    }),
  ],
  checks: [
    { lineId: 32, field: 'amountFen', level: 'error', message: '请填写金额' },
    { lineId: 32, field: 'certificateNo', level: 'note', message: '其他机构颁发的证书，平台无法核验，以纸质证书为准' },
  ],
  history: [
    { action: 'open', fromState: null, toState: 'draft', reason: null, actorName: '王强', at: '2026-11-28 08:30:00' },
  ],
  role: 'filer',
  actions: ['save', 'prefill', 'submit'],
  ...over,
});

export const filerList = (over: Partial<FilingList> = {}): FilingList => ({
  role: 'filer',
  projects: [
    {
      projectId: 1,
      projectName: '南京市鼓楼区天妃宫小学新建工程',
      projectCode: 'NJGL-2025-017',
      regionCode: '320106',
      regionName: '鼓楼区',
      quarters: [
        { period: '2026-Q4', dueOn: '2027-01-05', daysLeft: 38, late: false, filing: null, canOpen: true },
        {
          period: '2026-Q3',
          dueOn: '2026-10-05',
          daysLeft: -54,
          late: false,
          filing: { id: 5, status: 'confirmed', version: 1 },
          canOpen: false,
        },
        { period: '2026-Q2', dueOn: '2026-07-05', daysLeft: -146, late: true, filing: null, canOpen: true },
      ],
    },
  ],
  list: [],
  total: 0,
  overdue: [],
  period: null,
  periodClosed: false,
  closable: 0,
  districts: [],
  ...over,
});

export const committeeList = (over: Partial<FilingList> = {}): FilingList => ({
  role: 'committee',
  projects: [],
  list: [
    {
      id: 5,
      projectId: 1,
      projectName: '南京市鼓楼区天妃宫小学新建工程',
      regionCode: '320106',
      regionName: '鼓楼区',
      filerName: '江苏筑安建设工程有限公司',
      period: '2026-Q3',
      version: 1,
      status: 'submitted',
      dueOn: '2026-10-05',
      late: true,
      submittedAt: '2026-10-08',
      lineCount: 5,
      amountFen: 120_000_000,
      greenAmountFen: 90_000_000,
    },
  ],
  total: 1,
  overdue: [
    {
      projectId: 4,
      projectName: '建邺区青少年体育中心',
      regionCode: '320105',
      regionName: '建邺区',
      developerName: '南京城建置业发展有限公司',
      period: '2026-Q3',
      dueOn: '2026-10-05',
      daysOverdue: 54,
      filingId: null,
    },
  ],
  period: '2026-Q3',
  periodClosed: false,
  closable: 2,
  districts: [
    { code: '320105', name: '建邺区' },
    { code: '320106', name: '鼓楼区' },
  ],
  ...over,
});
