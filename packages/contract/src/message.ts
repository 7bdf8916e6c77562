import { channelValues, MESSAGE_PAGE_SIZE, ReadPoint } from './enums.ts';
import { pageOf } from './envelope.ts';
import { z } from './zod.ts';

/** The message centre (spec §3, §7 `/notice/bmMessage/*`). */

/** Ids are the database's 32-bit integers: a larger one cannot exist, so it is refused as input, not looked up. */
const MAX_ID = 2_147_483_647;
export const MESSAGE_PAGE_SIZE_MAX = 50;

/** A string of digits counts as its number: form values and query strings arrive as text. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A positive integer; a JSON number or a string of digits. */
const positiveInt = (label: string, max = MAX_ID) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? `请提供${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(1, `${label}必须大于 0`)
      .max(max, `${label}不能大于 ${max}`),
  );

/**
 * An optional field that the console may also send as "" or null (the spec's "empty" readPoint): all three mean
 * absent. A union rather than a preprocess, so the OpenAPI document still shows the accepted types.
 */
const blankable = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .union([z.literal(''), z.null(), schema], { error: message })
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));

export const messageIdSchema = positiveInt('消息编号');
const channelSchema = z.enum(channelValues, { error: `消息渠道只能是 ${channelValues.join('、')}` });
/** Channels to look in; absent, null or [] = every channel. */
const channelNosSchema = z
  .array(channelSchema, { error: '消息渠道必须是列表，例如 ["jcbb"]' })
  .max(channelValues.length * 2, '消息渠道过多')
  .nullish();

export const readPointSchema = z.union([z.literal(ReadPoint.UNREAD), z.literal(ReadPoint.READ)]);
export type ReadPointValue = z.infer<typeof readPointSchema>;

/**
 * toUid and companyId name the caller's own inbox (the console sends them); any other value answers 404, as
 * another user's inbox does not exist for the caller.
 */
const ownerFields = {
  toUid: blankable(positiveInt('用户编号'), '用户编号必须是正整数'),
  companyId: blankable(positiveInt('企业编号'), '企业编号必须是正整数'),
};

export const messageListBody = z.object({
  /** Empty = all, 1 = unread only (spec §3); 2 = read only. */
  readPoint: blankable(
    z.union([
      z.literal(1),
      z.literal(2),
      z.literal('1').transform(() => 1 as const),
      z.literal('2').transform(() => 2 as const),
    ]),
    '阅读状态只能是 1（未读）或 2（已读）',
  ),
  pageSize: positiveInt('每页条数', MESSAGE_PAGE_SIZE_MAX).default(MESSAGE_PAGE_SIZE),
  pageNum: positiveInt('页码').default(1),
  ...ownerFields,
  channelNos: channelNosSchema,
});
export type MessageListBody = z.input<typeof messageListBody>;
export type MessageListQuery = z.output<typeof messageListBody>;

export const messageIdBody = z.object({ id: messageIdSchema });

export const deleteMessageBody = z
  .object({
    id: messageIdSchema.optional(),
    /** Several at once; all must be the caller's or nothing is deleted. */
    ids: z.array(messageIdSchema).min(1, '请选择要删除的消息').max(100, '一次最多删除 100 条消息').optional(),
  })
  .refine((b) => b.id !== undefined || b.ids !== undefined, { message: '请选择要删除的消息', path: ['id'] });

/** Bulk changes on the caller's inbox: updateReadPoint and deleteAllMessage. */
export const messageBulkBody = z.object({ ...ownerFields, channelNos: channelNosSchema });

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  channelNo: channelSchema,
  /** 1 unread, 2 read. */
  readPoint: readPointSchema,
  /** Where opening the message sends the reader; null = nowhere. */
  targetUrl: z.string().nullable(),
  /** Asia/Shanghai, `YYYY-MM-DD HH:mm:ss`. */
  createTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListData = z.object({
  list: pageOf(messageSchema),
  /** The caller's unread messages in the requested channels, whatever the readPoint filter. */
  unReadCount: z.number().int(),
});
export type MessageListData = z.infer<typeof messageListData>;

export const updateReadPointData = z.object({ updated: z.number().int() });
export const deleteMessagesData = z.object({ deleted: z.number().int() });
