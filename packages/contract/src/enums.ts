/** Code tables of spec §1, §3, §6 and §9. Numbers are the spec's own; do not renumber. */

export const APP_CODE = 'jcbb';
export const PRODUCT_TITLE = '建材帮帮';
/** spec §9 */
export const REQUEST_TIMEOUT_MS = 20000;
export const PRODUCT_PAGE_SIZE = 10;
export const MESSAGE_PAGE_SIZE = 5;

export const OrgType = {
  ALL: 0,
  DEVELOPER: 1,
  DESIGN_INSTITUTE: 2,
  SUPERVISION: 3,
  CONSTRUCTION: 4,
  GOVERNMENT: 5,
  MANUFACTURER: 6,
  DISTRIBUTOR: 7,
  CERTIFICATION_BODY: 8,
  REGULATOR: 9,
  PLATFORM_USER: 10,
} as const;
export type OrgTypeValue = (typeof OrgType)[keyof typeof OrgType];

export const orgTypeLabels: Record<OrgTypeValue, { zh: string; en: string; enum: string }> = {
  0: { zh: '全部', en: 'All', enum: 'ALL' },
  1: { zh: '建设单位', en: 'Developer', enum: 'DEVELOPER' },
  2: { zh: '设计院', en: 'Design institute', enum: 'DESIGN_INSTITUTE' },
  3: { zh: '监理单位', en: 'Supervision unit', enum: 'SUPERVISION' },
  4: { zh: '施工单位', en: 'Construction unit', enum: 'CONSTRUCTION' },
  5: { zh: '政府单位', en: 'Government unit', enum: 'GOVERNMENT' },
  6: { zh: '建材生产企业', en: 'Manufacturer', enum: 'MANUFACTURER' },
  7: { zh: '经销商', en: 'Distributor', enum: 'DISTRIBUTOR' },
  8: { zh: '认证机构', en: 'Certification body', enum: 'CERTIFICATION_BODY' },
  9: { zh: '监管单位', en: 'Regulator', enum: 'REGULATOR' },
  10: { zh: '平台用户', en: 'Platform user', enum: 'PLATFORM_USER' },
};
export const orgTypeValues = Object.values(OrgType) as OrgTypeValue[];

/** Role names as the spec writes them; plain staff carry 员工. */
export const Role = {
  SUPER_ADMIN: 'super_admin',
  ENTERPRISE_ADMIN: '企业管理员',
  CITY_COMMITTEE: '住建委',
  STAFF: '员工',
} as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Module codes (spec §6): the consoles an organisation may enable. */
export const ModuleCode = {
  PRODUCTION: 'jcbb-production',
  AGENT: 'jcbb-agent',
  CONSTRUCTION: 'jcbb-construction',
  SUPERVISOR: 'jcbb-supervisor',
} as const;
export type ModuleCodeValue = (typeof ModuleCode)[keyof typeof ModuleCode];
export const moduleCodeValues = Object.values(ModuleCode) as ModuleCodeValue[];

export const moduleLabels: Record<ModuleCodeValue, { zh: string; en: string }> = {
  'jcbb-production': { zh: '建材生产', en: 'Material production' },
  'jcbb-agent': { zh: '经销代理', en: 'Distribution' },
  'jcbb-construction': { zh: '项目施工', en: 'Project construction' },
  'jcbb-supervisor': { zh: '项目监理', en: 'Project supervision' },
};

/** The console module each organisation type gets by default; government and others get none (spec §6). */
export const defaultModulesByOrgType: Partial<Record<OrgTypeValue, ModuleCodeValue[]>> = {
  6: ['jcbb-production'],
  7: ['jcbb-agent'],
  4: ['jcbb-construction'],
  3: ['jcbb-supervisor'],
};

/** Message channels (spec §1, §6). */
export const Channel = {
  JCBB: 'jcbb',
  AGENT: 'agent',
  MATERIALS: 'materials',
  CONSTRUCTION: 'construction',
  SUPERVISION: 'supervision',
} as const;
export type ChannelValue = (typeof Channel)[keyof typeof Channel];
export const channelValues = Object.values(Channel) as ChannelValue[];

/** Channels a console shows, by current application (spec §6). */
export function channelsForApp(moduleCode: string | null | undefined): ChannelValue[] {
  switch (moduleCode) {
    case 'jcbb-agent':
      return ['jcbb', 'agent'];
    case 'jcbb-production':
      return ['jcbb', 'materials'];
    case 'jcbb-construction':
      return ['construction'];
    case 'jcbb-supervisor':
      return ['supervision'];
    default:
      return [];
  }
}

/** Message read marker (spec §3): 1 unread, 2 read. */
export const ReadPoint = { UNREAD: 1, READ: 2 } as const;

export const MaterialType = { CONVENTIONAL: 1, PREFABRICATED: 2 } as const;

// Project step and design stage (spec §3) live with the project module: project.ts.

/** Dynamic form field types (spec §3). */
export const FieldType = { TEXT: 1, TEXTAREA: 2, RADIO: 3, CHECKBOX: 4, SELECT: 5, FILE: 6 } as const;
export const Scenario = { WAREHOUSING_FORM: 1, CUSTOM_APPROVAL_FLOW: 2 } as const;
export const UseStatus = { ENABLED: 1, DISABLED: 2 } as const;

/** Organisation natures (spec §3). */
export const orgNatures = [
  { code: 1, zh: '国有企业', en: 'State-owned' },
  { code: 2, zh: '合资企业', en: 'Joint venture' },
  { code: 3, zh: '独资企业', en: 'Sole proprietorship' },
  { code: 4, zh: '私营企业', en: 'Private' },
  { code: 5, zh: '集体企业', en: 'Collective' },
  { code: 6, zh: '事业单位', en: 'Public institution' },
] as const;
export type OrgNatureCode = (typeof orgNatures)[number]['code'];

/** Certification state of an organisation. The spec shows only 已认证 or not; the states between are ours. */
export const CertStatus = { NONE: 0, PENDING: 1, CERTIFIED: 2, REJECTED: 3 } as const;
export type CertStatusValue = (typeof CertStatus)[keyof typeof CertStatus];
export const certStatusLabels: Record<CertStatusValue, string> = {
  0: '未认证',
  1: '审核中',
  2: '已认证',
  3: '未通过',
};

/** Why a session ended; `invalidIndex` of /api/auth/token/invalid/details (spec §8). */
export const InvalidIndex = { EXPIRED_OR_SIGNED_OUT: 1, SIGNED_IN_ELSEWHERE: 2 } as const;

/** Organisation type 5 is exempt from the uncertified warning (spec §9). */
export const CERT_EXEMPT_ORG_TYPE = OrgType.GOVERNMENT;

/* ---- Product centre (issue 4). States are ours: the spec names the flows but not their values. ---- */

/** Product enable status (bmProduct/setProductEnableStatus). */
export const ProductEnableStatus = { ENABLED: 1, DISABLED: 2 } as const;
export type ProductEnableStatusValue = (typeof ProductEnableStatus)[keyof typeof ProductEnableStatus];

/** Specification model (sales information) status. */
export const SpecStatus = { ON_SALE: 1, OFF_SALE: 2 } as const;
export type SpecStatusValue = (typeof SpecStatus)[keyof typeof SpecStatus];

/** Kinds of a product's documents: manuals and the qualification documents the tags are derived from. */
export const ProductDocumentKind = {
  MANUAL: 1,
  CARBON_FOOTPRINT_REPORT: 2,
  GREEN_CERTIFICATE: 3,
  TEST_REPORT: 4,
  OTHER: 5,
} as const;
export type ProductDocumentKindValue = (typeof ProductDocumentKind)[keyof typeof ProductDocumentKind];
/** The product documents the platform reads on upload (docs/evidence-reading.md): green certificates and test reports. */
export const READ_DOCUMENT_KINDS: readonly number[] = [
  ProductDocumentKind.GREEN_CERTIFICATE,
  ProductDocumentKind.TEST_REPORT,
];
export const productDocumentKindLabels: Record<ProductDocumentKindValue, { zh: string; en: string }> = {
  1: { zh: '产品说明书', en: 'Product manual' },
  2: { zh: '碳足迹报告', en: 'Carbon-footprint report' },
  3: { zh: '绿色建材认证证书', en: 'Green building material certificate' },
  4: { zh: '检测报告', en: 'Test report' },
  5: { zh: '其他资质文件', en: 'Other qualification document' },
};

/** Green building material certificates are rated one to three stars. */
export const STAR_RATINGS = [1, 2, 3] as const;
/** The manufacturer is told this many days before a green certificate expires. */
export const CERT_EXPIRY_NOTICE_DAYS = 90;

/**
 * A product's listing in a city (products-settled-in-cities): save draft → submit → platform audit →
 * city audit → listed; a rejection at either audit keeps its reason and may be corrected and resubmitted.
 * The city committee may instead mark the product not green: it is then listed as an ordinary product in
 * that city, without the green tag (docs/decisions.md).
 */
export const ListingStatus = {
  DRAFT: 0,
  PLATFORM_AUDIT: 1,
  CITY_AUDIT: 2,
  LISTED: 3,
  PLATFORM_REJECTED: 4,
  CITY_REJECTED: 5,
  DELISTED: 6,
} as const;
export type ListingStatusValue = (typeof ListingStatus)[keyof typeof ListingStatus];
export const listingStatusLabels: Record<ListingStatusValue, { zh: string; en: string }> = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '平台审核中', en: 'Awaiting platform audit' },
  2: { zh: '城市审核中', en: 'Awaiting city audit' },
  3: { zh: '已入库', en: 'Listed' },
  4: { zh: '平台驳回', en: 'Rejected by the platform' },
  5: { zh: '城市驳回', en: 'Rejected by the city' },
  6: { zh: '已下架', en: 'Delisted' },
};

/** Actions recorded in the audit log of listings and products (audit_log.action). */
export const ListingAction = {
  SAVE: 'save',
  SUBMIT: 'submit',
  PLATFORM_APPROVE: 'platform_approve',
  PLATFORM_REJECT: 'platform_reject',
  CITY_APPROVE: 'city_approve',
  CITY_REJECT: 'city_reject',
  CITY_NOT_GREEN: 'city_not_green',
  DELIST: 'delist',
  DELETE: 'delete',
} as const;
export type ListingActionValue = (typeof ListingAction)[keyof typeof ListingAction];

/** Tooltips of the four derived product tags (spec §1). */
export const productTagTips = {
  prefabricated: { zh: '装配式部品部件', en: 'Prefabricated component' },
  lowCarbon: { zh: '已上传碳足迹报告', en: 'Carbon-footprint report uploaded' },
  green: { zh: '符合绿色建材评价标准', en: 'Meets the green building material evaluation standard' },
  govProcurement: { zh: '符合政府采购需求标准', en: 'Meets the government procurement demand standard' },
} as const;
