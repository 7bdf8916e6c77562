import { pageOf } from './envelope.ts';
import { ledgerEvidenceSchema } from './ledger.ts';
import { blankToUndefined, numberText, optionalId, optionalText, positiveId, takeSkip } from './params.ts';
import { optionalDate } from './trace.ts';
import { z } from './zod.ts';

/**
 * The enterprise disk (企业网盘, spec §2 /marketing/documentManagement; docs/disk.md): an organisation's folders and
 * files on the content-addressed file store, each file with its versions, tags, document type and validity; share
 * links to a chosen set of files or a folder, with an audience, an optional extraction code (kept hashed), an expiry,
 * a download limit and an access log; and the public landing page /showDiskLoginInfo that opens a link.
 */

const labels = <K extends string>(m: Record<K, { zh: string; en: string }>) => m;
const tuple = <T extends string>(o: Record<string, T>) => Object.values(o) as [T, ...T[]];

// ---- code tables ----

/** What a document is (its badge and the validity it is expected to carry). */
export const DiskDocType = {
  LICENCE: 'licence',
  CERTIFICATE: 'certificate',
  TEST_REPORT: 'test_report',
  MANUAL: 'manual',
  AUTHORISATION: 'authorisation',
  CONTRACT: 'contract',
  DRAWING: 'drawing',
  EPD: 'epd',
  OTHER: 'other',
} as const;
export type DiskDocTypeValue = (typeof DiskDocType)[keyof typeof DiskDocType];
export const diskDocTypeValues = tuple(DiskDocType);
export const diskDocTypeLabels = labels<DiskDocTypeValue>({
  licence: { zh: '营业执照/许可证', en: 'Licence' },
  certificate: { zh: '证书', en: 'Certificate' },
  test_report: { zh: '检测报告', en: 'Test report' },
  manual: { zh: '说明书', en: 'Manual' },
  authorisation: { zh: '授权书', en: 'Authorisation' },
  contract: { zh: '合同', en: 'Contract' },
  drawing: { zh: '图纸', en: 'Drawing' },
  epd: { zh: '环境产品声明 EPD', en: 'EPD' },
  other: { zh: '其他', en: 'Other' },
});

/** How a file's validity reads on a day: no end date, in force, ending within EXPIRING_DAYS, or ended. */
export const DiskExpiry = { NONE: 'none', VALID: 'valid', EXPIRING: 'expiring', EXPIRED: 'expired' } as const;
export type DiskExpiryValue = (typeof DiskExpiry)[keyof typeof DiskExpiry];
export const diskExpiryLabels = labels<DiskExpiryValue>({
  none: { zh: '长期有效', en: 'No end date' },
  valid: { zh: '有效', en: 'Valid' },
  expiring: { zh: '即将到期', en: 'Expiring soon' },
  expired: { zh: '已过期', en: 'Expired' },
});
/** A file whose validity ends within this many days reads "即将到期". */
export const DISK_EXPIRING_DAYS = 30;

/** The expiry badge of a file on `today` (yyyy-mm-dd, Shanghai). */
export function diskExpiryOf(validUntil: string | null, today: string): DiskExpiryValue {
  if (!validUntil) return 'none';
  if (validUntil < today) return 'expired';
  const days = Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return days <= DISK_EXPIRING_DAYS ? 'expiring' : 'valid';
}

/** Who may open a share link. */
export const ShareAudience = { ANYONE: 'anyone', SIGNED_IN: 'signed_in', ORGS: 'orgs' } as const;
export type ShareAudienceValue = (typeof ShareAudience)[keyof typeof ShareAudience];
export const shareAudienceValues = tuple(ShareAudience);
export const shareAudienceLabels = labels<ShareAudienceValue>({
  anyone: { zh: '任何拿到链接的人', en: 'Anyone with the link' },
  signed_in: { zh: '已登录的平台用户', en: 'Signed-in users' },
  orgs: { zh: '指定企业', en: 'Chosen organisations' },
});

/** How a share link reads now: open, or why it no longer is. Never stored: derived from its row. */
export const ShareState = { ACTIVE: 'active', EXPIRED: 'expired', EXHAUSTED: 'exhausted', REVOKED: 'revoked' } as const;
export type ShareStateValue = (typeof ShareState)[keyof typeof ShareState];
export const shareStateLabels = labels<ShareStateValue>({
  active: { zh: '有效', en: 'Active' },
  expired: { zh: '已过期', en: 'Expired' },
  exhausted: { zh: '下载次数已用完', en: 'Download limit reached' },
  revoked: { zh: '已撤销', en: 'Revoked' },
});

/** A share link's state from its row: revoked first, then expired, then its downloads used up. */
export function shareStateOf(
  share: { revokedAt: string | Date | null; expiresAt: string | Date; maxDownloads: number | null; downloads: number },
  now: Date = new Date(),
): ShareStateValue {
  if (share.revokedAt) return 'revoked';
  if (new Date(share.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (share.maxDownloads !== null && share.downloads >= share.maxDownloads) return 'exhausted';
  return 'active';
}

/** What the access log records. */
export const ShareAction = {
  OPEN: 'open',
  CODE_OK: 'code_ok',
  CODE_WRONG: 'code_wrong',
  PREVIEW: 'preview',
  DOWNLOAD: 'download',
  REFUSED: 'refused',
} as const;
export type ShareActionValue = (typeof ShareAction)[keyof typeof ShareAction];
export const shareActionLabels = labels<ShareActionValue>({
  open: { zh: '打开链接', en: 'Opened' },
  code_ok: { zh: '提取码正确', en: 'Code accepted' },
  code_wrong: { zh: '提取码错误', en: 'Wrong code' },
  preview: { zh: '预览', en: 'Previewed' },
  download: { zh: '下载', en: 'Downloaded' },
  refused: { zh: '被拒绝', en: 'Refused' },
});

// ---- limits ----

export const DISK_NAME_MAX = 100;
export const DISK_TAG_MAX = 20;
export const DISK_TAGS_MAX = 10;
export const DISK_NOTE_MAX = 200;
export const SHARE_FILES_MAX = 50;
export const SHARE_ORGS_MAX = 20;
export const SHARE_DAYS_MAX = 365;
export const SHARE_DOWNLOADS_MAX = 10_000;
/** Extraction codes: 4 to 8 letters or digits. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9]{4,8}$/;
/** Wrong codes a client may try on one link in SHARE_CODE_WINDOW_MS before it must wait. */
export const SHARE_CODE_ATTEMPTS = 5;
export const SHARE_CODE_WINDOW_MS = 15 * 60_000;

/** The types a browser shows safely as they are (previewed inline); everything else is only downloaded. */
export const DISK_PREVIEW_MIMES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const isPreviewable = (mime: string) => (DISK_PREVIEW_MIMES as readonly string[]).includes(mime);

// ---- fields ----

/**
 * A folder's or file's name: no path separators, no "." or "..", no control characters (a name is never a path, so
 * `../x` cannot climb anywhere, and the refusal says why).
 */
export const diskNameField = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}`, abort: true })
    .max(DISK_NAME_MAX, { message: `${label}不能超过 ${DISK_NAME_MAX} 个字`, abort: true })
    .refine((v) => !/[/\\]/.test(v), { message: `${label}不能包含 / 或 \\`, abort: true })
    .refine((v) => v !== '.' && v !== '..', { message: `${label}不能是 . 或 ..`, abort: true })
    .refine((v) => !/\p{Cc}/u.test(v), { message: `${label}不能包含控制字符`, abort: true });

const tagField = z
  .string({ error: '标签应为文本' })
  .trim()
  .min(1, '标签不能为空')
  .max(DISK_TAG_MAX, `每个标签不能超过 ${DISK_TAG_MAX} 个字`)
  .refine((v) => !/\p{Cc}/u.test(v), '标签不能包含控制字符');
const tagsField = z
  .array(tagField, { error: '标签应为列表' })
  .max(DISK_TAGS_MAX, `标签最多 ${DISK_TAGS_MAX} 个`)
  .transform((tags) => [...new Set(tags)]);

const docTypeField = z.enum(diskDocTypeValues, { error: '请选择文件类型' });

/** A validity period: the end, if given, on or after the start. */
const withValidity = <T extends z.ZodType<{ validFrom?: string; validUntil?: string }>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '有效期止不能早于有效期起' });
  });

// ---- bodies, queries, params ----

export const diskIdParams = z.object({ id: positiveId('编号') });

export const diskListQuery = z.object({
  /** The folder to list; none = the disk's top level. */
  folderId: optionalId('文件夹'),
  keyword: optionalText('关键词', 50),
});

export const diskFolderBody = z.object({ parentId: optionalId('上级文件夹'), name: diskNameField('文件夹名称') });
export const diskFolderRenameBody = z.object({ name: diskNameField('文件夹名称') });

export const diskFileAddBody = withValidity(
  z.object({
    folderId: optionalId('文件夹'),
    uploadId: positiveId('上传文件'),
    docType: docTypeField.default('other'),
    tags: tagsField.default([]),
    validFrom: optionalDate('有效期起'),
    validUntil: optionalDate('有效期止'),
  }),
);

export const diskFileSaveBody = withValidity(
  z.object({
    name: diskNameField('文件名'),
    folderId: optionalId('文件夹'),
    docType: docTypeField,
    tags: tagsField,
    validFrom: optionalDate('有效期起'),
    validUntil: optionalDate('有效期止'),
    note: optionalText('备注', DISK_NOTE_MAX),
  }),
);

export const diskVersionBody = z.object({ uploadId: positiveId('上传文件') });

export const diskContentQuery = z.object({
  /** A version number; none = the current one. */
  version: optionalId('版本'),
  /** Shown in the browser (PDF and images only). */
  inline: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional(),
});

const codeField = z.preprocess(
  blankToUndefined,
  z.string({ error: '提取码应为文本' }).trim().regex(SHARE_CODE_PATTERN, '提取码为 4–8 位字母或数字').optional(),
);

export const shareCreateBody = z
  .object({
    title: optionalText('分享标题', 50),
    fileIds: z
      .array(positiveId('文件'), { error: '文件应为列表' })
      .max(SHARE_FILES_MAX, `一次最多分享 ${SHARE_FILES_MAX} 个文件`)
      .default([]),
    folderId: optionalId('文件夹'),
    audience: z.enum(shareAudienceValues, { error: '请选择分享对象' }),
    orgIds: z
      .array(positiveId('企业'), { error: '企业应为列表' })
      .max(SHARE_ORGS_MAX, `最多指定 ${SHARE_ORGS_MAX} 家企业`)
      .default([]),
    code: codeField,
    expiresInDays: numberText(
      z
        .number({ error: '请填写有效天数' })
        .int('有效天数必须是整数')
        .min(1, '有效天数至少 1 天')
        .max(SHARE_DAYS_MAX, `有效天数最多 ${SHARE_DAYS_MAX} 天`),
    ),
    maxDownloads: numberText(
      z
        .number({ error: '下载次数必须是数字' })
        .int('下载次数必须是整数')
        .min(1, '下载次数至少 1 次')
        .max(SHARE_DOWNLOADS_MAX, `下载次数最多 ${SHARE_DOWNLOADS_MAX} 次`)
        .optional(),
    ),
    watermark: z.boolean({ error: '水印只能是 是/否' }).default(false),
  })
  .superRefine((v, ctx) => {
    const hasFolder = v.folderId !== undefined;
    if (hasFolder === v.fileIds.length > 0)
      ctx.addIssue({ code: 'custom', path: ['fileIds'], message: '请选择要分享的文件，或一个文件夹（二选一）' });
    if (v.audience === 'orgs' && v.orgIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['orgIds'], message: '请选择可以查看的企业' });
  });

export const shareListQuery = z.object({ ...takeSkip(10, 50) });
export const shareLogQuery = z.object({ ...takeSkip(20, 100) });
export const diskOrgQuery = z.object({ keyword: optionalText('企业名称', 50) });

/** A share link's address parts: its token (random, URL-safe). */
export const shareTokenParams = z.object({
  token: z.string({ error: '链接无效' }).regex(/^[A-Za-z0-9_-]{16,64}$/, '链接无效'),
});
export const shareFileParams = shareTokenParams.extend({ fileId: positiveId('文件') });
/** What a landing call carries: the grant the extraction code earned, if the link has one. */
export const shareGrantQuery = z.object({
  key: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, '凭证无效')
      .optional(),
  ),
});
export const shareFileQuery = shareGrantQuery.extend({
  inline: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional(),
});
export const shareUnlockBody = z.object({
  code: z.string({ error: '请输入提取码' }).trim().min(1, '请输入提取码').max(16, '提取码不正确'),
});

// ---- answers ----

export const diskFolderView = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  createdAt: z.string(),
});

export const diskFileView = z.object({
  id: z.number().int(),
  folderId: z.number().int().nullable(),
  name: z.string(),
  docType: z.enum(diskDocTypeValues),
  tags: z.array(z.string()),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  expiry: z.enum(tuple(DiskExpiry)),
  note: z.string().nullable(),
  version: z.number().int(),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
  /** The evidence ledger's record of the current version, if it was put there. */
  ledgerLeafIndex: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type DiskFileView = z.infer<typeof diskFileView>;

export const diskListData = z.object({
  folder: diskFolderView.nullable(),
  /** From the top level down to the folder listed. */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  folders: z.array(diskFolderView),
  files: z.array(diskFileView),
});

export const diskVersionView = z.object({
  version: z.number().int(),
  uploadId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
  ledgerLeafIndex: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});

export const diskFileDetail = diskFileView.extend({ versions: z.array(diskVersionView) });

export const shareView = z.object({
  id: z.number().int(),
  token: z.string(),
  title: z.string(),
  folderId: z.number().int().nullable(),
  fileCount: z.number().int(),
  audience: z.enum(shareAudienceValues),
  orgs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hasCode: z.boolean(),
  expiresAt: z.string(),
  maxDownloads: z.number().int().nullable(),
  downloads: z.number().int(),
  watermark: z.boolean(),
  state: z.enum(tuple(ShareState)),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const shareListData = pageOf(shareView);
/** A new link: the view, with the extraction code said once (it is kept only hashed). */
export const shareCreatedData = shareView.extend({ code: z.string().nullable() });

export const shareLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(tuple(ShareAction)),
  /** Who, when the visitor was signed in: a person's name and organisation; else null. */
  viewer: z.string().nullable(),
  /** The visitor's address as a salted hash: tells visits apart without naming anyone. */
  client: z.string(),
  fileName: z.string().nullable(),
  detail: z.string().nullable(),
});
export const shareLogData = pageOf(shareLogEntry);

export const diskOrgOption = z.object({ id: z.number().int(), name: z.string() });
export const diskOrgData = z.array(diskOrgOption);

export const shareLandingFile = z.object({
  id: z.number().int(),
  name: z.string(),
  docType: z.enum(diskDocTypeValues),
  validUntil: z.string().nullable(),
  expiry: z.enum(tuple(DiskExpiry)),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
  previewable: z.boolean(),
  /** The ledger's entry for these bytes with its proof, for the browser to verify; null when never recorded. */
  evidence: ledgerEvidenceSchema.nullable(),
});

/** What the landing page may show: always who shared and the link's state; the files only once allowed in. */
export const shareLandingData = z.object({
  state: z.enum(tuple(ShareState)),
  sharer: z.string(),
  title: z.string(),
  expiresAt: z.string(),
  downloadsLeft: z.number().int().nullable(),
  /** The link asks for an extraction code and this visit has not given it. */
  needsCode: z.boolean(),
  /** The link is for signed-in users (or chosen organisations) and the visitor is not signed in. */
  needsSignIn: z.boolean(),
  /** Signed in, but not of an organisation the link was made for. */
  notForYou: z.boolean(),
  /** The words drawn across previews, when the sharer asked for a watermark. */
  watermark: z.string().nullable(),
  files: z.array(shareLandingFile),
});
export type ShareLandingData = z.infer<typeof shareLandingData>;
export const shareUnlockData = z.object({ key: z.string() });
