import type { SessionUser } from '../../lib/session.ts';
import type { ProductItem, SpecItem } from './api.ts';

/** Fixtures of the product centre's component tests. */

export const adminUser: SessionUser = {
  id: 1,
  username: 'zhangwei',
  realName: '张伟',
  mobile: '13800000001',
  headimgurl: null,
  roles: ['企业管理员'],
  org: { name: '南京绿筑新型建材有限公司' },
  organization: { id: 1, type: 6, type_enum: 'MANUFACTURER', status: '已认证', certStatus: 2 },
  companyId: 1,
};

export const staffUser: SessionUser = { ...adminUser, id: 9, username: 'zhengmin', realName: '郑敏', roles: ['员工'] };

export function productItem(id: number, name: string, over: Partial<ProductItem> = {}): ProductItem {
  return {
    id,
    name,
    brand: '绿筑',
    classifyCode: '0104',
    classifyName: '砌体材料',
    materialType: 1,
    materialTypeName: '常规材料',
    images: [],
    enableStatus: 1,
    enableStatusName: '启用',
    recommended: false,
    tags: {
      isPrefabricated: false,
      isLowCarbon: true,
      isGreen: true,
      starRating: 3,
      greenValidUntil: '2029-05-10',
      isGovProcurement: false,
    },
    specCount: 2,
    minPrice: '305.00',
    createdAt: '2026-11-22 11:17:37',
    updatedAt: '2026-11-22 11:17:37',
    ...over,
  };
}

export function specItem(id: number, over: Partial<SpecItem> = {}): SpecItem {
  return {
    id,
    productId: 1,
    name: 'B06 A5.0',
    model: '600×240×200',
    unitId: 31,
    unitName: '立方米',
    price: '320.00',
    minOrder: '20',
    massPerUnitKg: null,
    status: 1,
    statusName: '在售',
    createdAt: '2026-11-22 11:17:37',
    updatedAt: '2026-11-22 11:17:37',
    ...over,
  };
}

export const classificationTree = [
  {
    code: '01',
    name: '围护结构及混凝土类',
    children: [
      { code: '0104', name: '砌体材料' },
      { code: '0105', name: '预拌混凝土' },
    ],
  },
];

export const units = [
  { id: 6, name: '套', enName: 'set' },
  { id: 31, name: '立方米', enName: 'cubic metre' },
];
