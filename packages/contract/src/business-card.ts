import { pageOf } from './envelope.ts';
import { optionalId, optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import { z } from './zod.ts';

/**
 * The smart business card (智能名片, the marketing console's /marketing/dashboard; docs/business-card.md): one card
 * per member of a manufacturer or distributor, its public page /free/card?id=<publicId> with the company's live
 * credentials, a contact form that lands as a message and a lead, and visitor statistics without personal data.
 */

const labels = <K extends string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- limits and code tables ----

export const CARD_NAME_MAX = 40;
export const CARD_TITLE_MAX = 40;
export const CARD_EMAIL_MAX = 100;
export const CARD_INTRO_MAX = 500;
export const CARD_PRODUCTS_MAX = 6;
export const CARD_LEAD_MESSAGE_MAX = 500;
/** Contact-form sends a client may make per card within the window. */
export const CARD_CONTACT_LIMIT = 3;
export const CARD_CONTACT_WINDOW_MS = 60 * 60 * 1000;
/** A certificate ending within this many days reads as expiring on the card. */
export const CARD_EXPIRING_DAYS = 30;
/** The days the dashboard's statistics cover. */
export const CARD_STATS_DAYS = 30;

/** Where a visit came from: the `from` of the address (qr, poster, link), else another site's host, else direct. */
export const CardSource = { QR: 'qr', POSTER: 'poster', LINK: 'link', OTHER: 'other' } as const;
export type CardSourceValue = (typeof CardSource)[keyof typeof CardSource];
export const cardSourceValues = Object.values(CardSource) as [CardSourceValue, ...CardSourceValue[]];
export const cardSourceLabels = labels<CardSourceValue>({
  qr: { zh: '扫二维码', en: 'QR code' },
  poster: { zh: '海报', en: 'Poster' },
  link: { zh: '分享链接', en: 'Shared link' },
  other: { zh: '其他', en: 'Other' },
});

/** A certificate's state on the card, as of today (Asia/Shanghai). */
export const CardCredentialState = {
  VALID: 'valid',
  EXPIRING: 'expiring',
  EXPIRED: 'expired',
  REVOKED: 'revoked',
} as const;
export type CardCredentialStateValue = (typeof CardCredentialState)[keyof typeof CardCredentialState];
export const cardCredentialStateLabels = labels<CardCredentialStateValue>({
  valid: { zh: '有效', en: 'Valid' },
  expiring: { zh: '即将到期', en: 'Expiring soon' },
  expired: { zh: '已过期', en: 'Expired' },
  revoked: { zh: '已撤销', en: 'Revoked' },
});

/** The phone as the public page shows it when its owner does not: 138****0001. */
export const maskPhone = (mobile: string) =>
  mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';

// ---- bodies and queries ----

/** Whose card (an admin picks a member; none = the caller's own). */
export const cardWhoseQuery = z.object({ userId: optionalId('员工') });

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.union([z.literal(''), z.email('请输入正确的邮箱').max(CARD_EMAIL_MAX, `邮箱不能超过 ${CARD_EMAIL_MAX} 个字`)]),
);

export const cardSaveBody = z.object({
  userId: optionalId('员工'),
  displayName: requiredText('姓名', CARD_NAME_MAX),
  title: optionalText('职务', CARD_TITLE_MAX),
  email: email.optional(),
  introduction: optionalText('个人简介', CARD_INTRO_MAX),
  showPhone: z.boolean({ error: '请选择是否公开手机号' }).default(false),
  wechatQrUploadId: z.preprocess((v) => (v === '' ? null : v), positiveId('微信二维码').nullable()).default(null),
  productIds: z
    .array(positiveId('产品'), { error: '请选择产品' })
    .max(CARD_PRODUCTS_MAX, `最多选择 ${CARD_PRODUCTS_MAX} 个产品`)
    .default([]),
  published: z.boolean({ error: '请选择是否发布' }).default(false),
});

export const cardLeadsQuery = z.object({ userId: optionalId('员工'), ...takeSkip(10, 50) });

/** A card's public address part: its public id (random, URL-safe; never the record's number). */
export const cardPublicParams = z.object({
  publicId: z.string({ error: '名片不存在' }).regex(/^[A-Za-z0-9_-]{16,40}$/, '名片不存在'),
});
/** Where the visitor came from (`from` of the address) and the page that sent them (`ref`, its host is kept). */
export const cardVisitQuery = z.object({
  from: optionalText('来源', 20),
  ref: optionalText('来源页面', 500),
});
export const cardClickBody = z.object({
  productId: positiveId('产品'),
  from: optionalText('来源', 20),
  ref: optionalText('来源页面', 500),
});
export const cardContactBody = z.object({
  name: requiredText('您的姓名', 40),
  company: optionalText('公司名称', 100),
  contact: z
    .string({ error: '请输入手机号或邮箱' })
    .trim()
    .min(1, '请输入手机号或邮箱')
    .max(100, '手机号或邮箱不能超过 100 个字')
    .refine((v) => /^1\d{10}$/.test(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '请输入正确的手机号或邮箱'),
  message: requiredText('合作意向', CARD_LEAD_MESSAGE_MAX),
  consent: z.literal(true, { error: '请勾选同意将以上信息提供给该企业' }),
});

// ---- answers ----

const productRef = z.object({ id: z.number().int(), name: z.string() });

export const cardView = z.object({
  id: z.number().int(),
  publicId: z.string(),
  displayName: z.string(),
  title: z.string(),
  email: z.string(),
  introduction: z.string(),
  showPhone: z.boolean(),
  wechatQrUploadId: z.number().int().nullable(),
  wechatQrName: z.string().nullable(),
  products: z.array(productRef),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type CardView = z.infer<typeof cardView>;

/** A member's card as its editor sees it: the member, the phone of the account, and the card if made. */
export const cardData = z.object({
  member: z.object({ userId: z.number().int(), name: z.string(), mobile: z.string() }),
  orgName: z.string(),
  card: cardView.nullable(),
});
export type CardData = z.infer<typeof cardData>;

/** The members whose cards the caller may edit: an admin all the organisation's, a staff member only themself. */
export const cardMembersData = z.object({
  list: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      hasCard: z.boolean(),
      published: z.boolean(),
    }),
  ),
});

/** The products a card may feature: the organisation's own; a distributor's, those it is authorised for. */
export const cardProductsData = z.object({ list: z.array(productRef) });

export const cardStatsData = z.object({
  days: z.array(z.object({ day: z.string(), views: z.number().int(), visitors: z.number().int() })),
  sources: z.array(
    z.object({ source: z.enum(cardSourceValues), host: z.string().nullable(), views: z.number().int() }),
  ),
  products: z.array(z.object({ productId: z.number().int(), name: z.string(), clicks: z.number().int() })),
  totals: z.object({ views: z.number().int(), visitors: z.number().int(), leads: z.number().int() }),
});
export type CardStatsData = z.infer<typeof cardStatsData>;

export const cardLeadView = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  contact: z.string(),
  message: z.string(),
  consentAt: z.string(),
  createdAt: z.string(),
});
export const cardLeadsData = pageOf(cardLeadView);

/** What the public page shows: nothing of its visitors, the phone masked unless its owner shows it. */
export const cardPublicView = z.object({
  publicId: z.string(),
  displayName: z.string(),
  title: z.string(),
  phone: z.string(),
  phoneShown: z.boolean(),
  email: z.string(),
  introduction: z.string(),
  hasWechatQr: z.boolean(),
  org: z.object({ name: z.string(), typeName: z.string(), certified: z.boolean() }),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
  certificates: z.array(
    z.object({
      certNo: z.string(),
      typeName: z.string(),
      productName: z.string(),
      validUntil: z.string(),
      state: z.enum(['valid', 'expiring', 'expired', 'revoked']),
      stateName: z.string(),
      url: z.string(),
    }),
  ),
  listings: z.array(z.object({ cityName: z.string(), productName: z.string(), url: z.string() })),
  authorisations: z.array(
    z.object({
      number: z.string(),
      makerName: z.string(),
      validUntil: z.string(),
      stateName: z.string(),
      url: z.string(),
    }),
  ),
  checkedOn: z.string(),
});
export type CardPublicView = z.infer<typeof cardPublicView>;
