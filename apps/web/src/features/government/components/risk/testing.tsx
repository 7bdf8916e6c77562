import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signInAs } from '../../../../test/fake-server.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import riskZh from '../../locales/risk.zh-CN.ts';
import type { AlertDetail, AlertRow, RiskRule } from '../../risk-api.ts';

// antd tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

export { screenWidth } from '../../../../test/screen-width.ts';

/** The demo committee (南京市城乡建设委员会, 孙明), the demo developer (南京城建置业, 钱静). */
export const signInCommittee = () =>
  signInAs(5, { name: '南京市城乡建设委员会', orgId: 6, roles: ['住建委'], user: { realName: '孙明' } });
export const signInDeveloper = () => signInAs(1, { name: '南京城建置业发展有限公司', orgId: 5 });

/** Render a risk page with its strings at `path`. */
export const renderRisk = (ui: ReactNode, path = '/') => renderWithProviders(ui, { governmentRisk: riskZh }, { path });

export const alertRow = (over: Partial<AlertRow> = {}): AlertRow => ({
  id: 2,
  ruleCode: 'GBM-08',
  ruleVersion: 1,
  ruleName: '见证取样比例偏低',
  severity: 'medium',
  status: 'open',
  subjectKind: 'project',
  subjectLabel: '南京市鼓楼区天妃宫小学新建工程',
  summary: '南京市鼓楼区天妃宫小学新建工程 需见证复试的 4 批材料中，仅 1 批有见证取样（25.0%），低于 30%',
  cityCode: '320100',
  projectId: 1,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  orgId: 5,
  orgName: '南京城建置业发展有限公司',
  detectedAt: '2026-11-29 09:00:00',
  lastSeenAt: '2026-11-29 09:15:00',
  resolvedAt: null,
  awaitingMe: false,
  ...over,
});

export const rule = (over: Partial<RiskRule> = {}): RiskRule => ({
  code: 'GBM-08',
  version: 1,
  name: '见证取样比例偏低',
  nameEn: 'Witnessed samples below the share',
  legalBasis: '建建〔2000〕211号：见证取样和送检的数量不得低于应取样数量的 30%',
  definition: '有见证取样的批次占比低于 30%（参数 minSharePct）',
  severity: 'medium',
  params: { minSharePct: 30, minRequired: 3 },
  active: true,
  effectiveFrom: '2026-10-01',
  ...over,
});

export const alertDetail = (over: Partial<AlertDetail> = {}): AlertDetail => ({
  ...alertRow(),
  subjectId: '1',
  rule: rule(),
  evidence: [
    {
      kind: 'project',
      id: '1',
      label: '南京市鼓楼区天妃宫小学新建工程',
      leafIndex: null,
      detail: '需见证复试 4 批，已见证 1 批',
    },
    {
      kind: 'site_inspection',
      id: '31',
      label: 'YS2026112901 热轧带肋钢筋',
      leafIndex: null,
      detail: '需复试，尚无见证取样',
    },
    {
      kind: 'certificate',
      id: 'CGBM-2026-000001',
      label: '平台证书 CGBM-2026-000001',
      leafIndex: 42,
      detail: '已于 2026-11-20 撤销',
    },
  ],
  explanation: null,
  explainedAt: null,
  explainedBy: null,
  attachments: [],
  decisionReason: null,
  decidedAt: null,
  decidedBy: null,
  history: [
    { action: 'detect', fromState: null, toState: 'open', reason: null, actorName: null, time: '2026-11-29 09:00:00' },
  ],
  side: 'committee',
  actions: ['acknowledge'],
  follows: [{ subjectKind: 'project', subjectId: 1, label: '南京市鼓楼区天妃宫小学新建工程', subscriptionId: null }],
  ...over,
});
