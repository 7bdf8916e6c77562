import type { AdminBasicMaterialItem } from './api.ts';

/** An application as the server answers it; override what a test needs. */
export const application = (extra: Partial<AdminBasicMaterialItem> = {}): AdminBasicMaterialItem => ({
  id: 7,
  code: null,
  commonName: '发泡陶瓷保温板',
  classifyCode: '0105',
  classifyName: '保温系统材料',
  units: [{ unitId: 31, unitName: '平方米', formats: ['50mm', '80mm'] }],
  status: 2,
  statusName: '待审核',
  remark: '新产品线',
  orgId: 3,
  orgName: '南京绿筑新材料有限公司',
  applicant: { id: 2, realName: '张伟', mobile: '13800000001' },
  createTime: '2026-03-01 09:30:00',
  rejectReason: null,
  decidedAt: null,
  decidedBy: null,
  ...extra,
});

export const classificationTree = [
  {
    code: '01',
    name: '围护结构及混凝土类',
    children: [
      { code: '0104', name: '砌体材料' },
      { code: '0105', name: '保温系统材料' },
    ],
  },
];
