/** The demo accounts (apps/server/src/db/seed/demo.ts, README.md) and what each e2e test may change. */
export const PASSWORD = 'Jcbb@2026';

export const ACCOUNTS = {
  platform: '13800000000',
  manufacturer: '13800000001',
  distributor: '13800000002',
  construction: '13800000003',
  supervision: '13800000004',
  developer: '13800000005',
  government: '13800000006',
  certificationBody: '13800000007',
  uncertifiedManufacturer: '13800000008',
  manufacturerStaff: '13800000009',
  /** 江苏筑安's staff, 刘洋 and 黄婷. */
  constructionStaff: '13800000010',
  constructionStaff2: '13800000011',
} as const;

/** Only the certification test changes this organisation (it goes from uncertified to certified). */
export const CERTIFICATION_MOBILE = ACCOUNTS.uncertifiedManufacturer;
/**
 * The message test's own account (support/prepare-data.ts makes it, in an organisation of its own): only that test
 * signs in as it, and its inbox holds these messages and nothing else.
 */
export const MESSAGES_MOBILE = '13800000099';
export const EXTRA_MESSAGES = [
  '城市入驻申请已受理：南京市',
  '授权产品信息更新提醒',
  '合同待确认：南京城建置业发展有限公司',
  '发货记录已签收',
  '平台服务协议更新通知',
  '区块链存证完成',
];
/** The remote-login test ends this account's sessions by signing in twice. */
export const REMOTE_LOGIN_MOBILE = ACCOUNTS.developer;
