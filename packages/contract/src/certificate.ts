import { pageOf, pageQuerySchema } from './envelope.ts';
import { readingDigestSchema } from './evidence-reading.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/*
 * Green building material certificates (issue 5): applications by manufacturers, decisions by certification
 * bodies (organisation type 8), issued certificates on the evidence ledger, and their public verification.
 * States and numbers are ours (the spec names the screens only); docs/decisions.md explains them.
 */

/** What is applied for. */
export const ApplicationType = {
  /** The product already holds a certificate: its issuing body confirms it on the platform. */
  CERTIFIED: 1,
  /** A declaration of conformity with its evidence, published as such (自我声明), no third party. */
  SELF_DECLARED: 2,
  /** An assessment by a chosen certification body. */
  NORMAL: 3,
} as const;
export type ApplicationTypeValue = (typeof ApplicationType)[keyof typeof ApplicationType];
export const applicationTypeLabels: Record<ApplicationTypeValue, { zh: string; en: string }> = {
  1: { zh: '已获证确认', en: 'Existing certificate' },
  2: { zh: '自我声明', en: 'Self-declaration' },
  3: { zh: '认证申请', en: 'Assessment' },
};

/**
 * draft → submitted → approved | rejected; draft or submitted → withdrawn (before a decision). A self-declaration
 * has no decider: submitting publishes it at once (draft → approved).
 */
export const ApplicationStatus = { DRAFT: 0, SUBMITTED: 1, APPROVED: 2, REJECTED: 3, WITHDRAWN: 4 } as const;
export type ApplicationStatusValue = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];
export const applicationStatusLabels: Record<ApplicationStatusValue, { zh: string; en: string }> = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '待审核', en: 'Submitted' },
  2: { zh: '已通过', en: 'Approved' },
  3: { zh: '已驳回', en: 'Rejected' },
  4: { zh: '已撤回', en: 'Withdrawn' },
};

export const ApplicationAction = {
  SAVE: 'save',
  SUBMIT: 'submit',
  WITHDRAW: 'withdraw',
  APPROVE: 'approve',
  REJECT: 'reject',
} as const;
export type ApplicationActionValue = (typeof ApplicationAction)[keyof typeof ApplicationAction];

/** A certificate as the public sees it today (computed from its dates in Asia/Shanghai and its revocation). */
export const CertificateState = { VALID: 'valid', EXPIRED: 'expired', REVOKED: 'revoked' } as const;
export type CertificateStateValue = (typeof CertificateState)[keyof typeof CertificateState];
export const certificateStateLabels: Record<CertificateStateValue, { zh: string; en: string }> = {
  valid: { zh: '有效', en: 'Valid' },
  expired: { zh: '已过期', en: 'Expired' },
  revoked: { zh: '已撤销', en: 'Revoked' },
};

/** Default validity of an issued certificate, from the decision date. */
export const CERTIFICATE_VALIDITY_YEARS = 5;
/** Ledger entry kinds written by this module. */
export const CertificateLedgerKind = {
  CERTIFICATE: 'certificate',
  DECLARATION: 'declaration',
  REVOCATION: 'revocation',
} as const;
/** Certificate numbers: letters, digits and hyphens, so they are URL-safe as they are (e.g. CGBM-2026-000001). */
export const certNoSchema = z
  .string({ error: '请输入证书编号' })
  .trim()
  .toUpperCase()
  .min(4, '证书编号至少 4 位')
  .max(40, '证书编号不能超过 40 位')
  .regex(/^[A-Z0-9][A-Z0-9-]*[A-Z0-9]$/, '证书编号只能包含字母、数字和连字符，且不以连字符开头或结尾');

const dateSchema = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label}不是有效日期`,
      },
    );

const starRatingSchema = z
  .number({ error: '请选择星级' })
  .int('星级为 1–3 星')
  .min(1, '星级为 1–3 星')
  .max(3, '星级为 1–3 星');

const remarksSchema = z.string().trim().max(500, '备注不能超过 500 个字');

// Applications (applicant side)

/**
 * POST /api/certificate/applications (a draft) and PUT /api/certificate/applications/:id (edit a draft).
 * bodyOrgId: the certification body addressed (types 1 and 3; ignored for a self-declaration).
 * certNo / validUntil: for type 1, the certificate the product already holds (the body confirms or corrects them).
 */
/** The id in a certificate path (`/api/certificate/applications/{id}`, `…/approvals/{id}/…`, `…/certificates/{id}`). */
export const certificatePathParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

export const applicationSaveBody = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择申请类型' }),
  productId: z.number({ error: '请选择产品' }).int('请选择产品').positive('请选择产品').max(MAX_ID, '请选择产品'),
  bodyOrgId: z.number().int().positive().max(MAX_ID, '编号超出范围').nullish(),
  starRating: starRatingSchema,
  evidenceUploadIds: z
    .array(z.number().int().positive().max(MAX_ID, '编号超出范围'))
    .max(20, '证明材料最多 20 个文件')
    .default([]),
  remarks: remarksSchema.nullish(),
  certNo: certNoSchema.nullish(),
  validUntil: dateSchema('有效期至').nullish(),
});
export type ApplicationSaveBody = z.input<typeof applicationSaveBody>;

export const applicationListQuery = pageQuerySchema.extend({
  /** ApplicationStatus; left out: every status (applicant) or submitted (a body's approval queue). */
  status: z.coerce.number().int().min(0).max(4).optional(),
  type: z.coerce.number().int().min(1).max(3).optional(),
  keyword: z.string().trim().max(50).optional(),
});

const orgRef = z.object({ id: z.number().int(), name: z.string() });
const fileRef = z.object({ id: z.number().int(), name: z.string() });

export const applicationItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  applicant: orgRef,
  product: z.object({ id: z.number().int(), name: z.string() }),
  body: orgRef.nullable(),
  starRating: z.number().int(),
  certNo: z.string().nullable(),
  validUntil: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Rejection reason. */
  reason: z.string().nullable(),
  certificateId: z.number().int().nullable(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai */
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export const applicationList = pageOf(applicationItem);

export const applicationHistoryItem = z.object({
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  /** A body's decision: the evidence as read and the findings before it (docs/evidence-reading.md); else empty. */
  readings: z.array(readingDigestSchema),
});

export const applicationDetail = applicationItem.extend({
  evidence: z.array(fileRef),
  history: z.array(applicationHistoryItem),
});

/** GET /api/certificate/products: the products the caller may apply for (the form's picker), at most 50. */
export const applicableProductQuery = z.object({ keyword: z.string().trim().max(50).optional() });
export const applicableProductList = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** Certification bodies an application may be addressed to (type 8, certified). */
export const certificationBodyList = z.array(orgRef);

// Decisions (certification body side)

/** validFrom defaults to the decision date, validUntil to five years after validFrom (the day before). */
export const approveBody = z.object({
  certNo: certNoSchema,
  starRating: starRatingSchema,
  validFrom: dateSchema('有效期起').nullish(),
  validUntil: dateSchema('有效期至').nullish(),
});
export type ApproveBody = z.input<typeof approveBody>;

export const applicationRejectBody = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(2, '驳回原因至少 2 个字')
    .max(200, '驳回原因不能超过 200 个字'),
});

export const revokeBody = z.object({
  reason: z
    .string({ error: '请填写撤销原因' })
    .trim()
    .min(2, '撤销原因至少 2 个字')
    .max(200, '撤销原因不能超过 200 个字'),
});

// Certificates

export const certificateListQuery = pageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional(),
  /** valid / expired / revoked */
  state: z.enum(['valid', 'expired', 'revoked']).optional(),
});

export const certificateItem = z.object({
  id: z.number().int(),
  certNo: z.string(),
  /** URL-safe, stable identifier (also accepted by the public lookup). */
  publicId: z.string(),
  /** ApplicationType it came from: 2 = self-declaration (no third-party certificate). */
  type: z.number().int(),
  typeName: z.string(),
  holder: orgRef,
  product: z.object({ id: z.number().int(), name: z.string() }),
  issuer: orgRef,
  starRating: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  state: z.enum(['valid', 'expired', 'revoked']),
  stateName: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  leafIndex: z.number().int().nullable(),
  applicationId: z.number().int().nullable(),
  issuedAt: z.string(),
  /** The public verification page the QR code opens. */
  verifyUrl: z.string(),
});
export const certificateList = pageOf(certificateItem);

export const decisionData = z.object({
  application: applicationItem,
  certificate: certificateItem.nullable(),
});

// Public verification: GET /open/certificate/verify?no=… | ?id=…

export const certificateVerifyQuery = z
  .object({
    no: z.string().trim().max(60).optional(),
    id: z.string().trim().max(60).optional(),
  })
  .refine((q) => Boolean(q.no || q.id), { message: '请输入证书编号', path: ['no'] });

/** A ledger entry with what a browser needs to check it without trusting the server's word. */
export const ledgerEvidence = z.object({
  kind: z.string(),
  leafIndex: z.number().int(),
  /** The entry's bytes (base64): its leaf hash is SHA-256(0x00 ‖ bytes) (hex). */
  entry: z.string(),
  leafHash: z.string(),
  /** SHA-256 (hex) of `content`, recorded in the entry. */
  contentSha256: z.string(),
  /** The canonical JSON whose hash the entry records (no personal data). */
  content: z.string(),
  /** Audit path from the leaf to the root of `sth` (hex node hashes, RFC 9162 order). */
  inclusionProof: z.array(z.string()),
  /** The signed tree head the proof leads to (contract ledger-proof.ts: SignedTreeHead). */
  sth: z.object({
    treeSize: z.number().int(),
    rootHash: z.string(),
    timestamp: z.number().int(),
    signature: z.string(),
  }),
});

export const certificateVerifyData = z.object({
  certNo: z.string(),
  publicId: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  holder: z.string(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  issuer: z.string(),
  starRating: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  state: z.enum(['valid', 'expired', 'revoked']),
  stateName: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** Today's date in Asia/Shanghai, as the state was computed. */
  checkedOn: z.string(),
  certificate: ledgerEvidence.nullable(),
  revocation: ledgerEvidence.nullable(),
  /** Where the ledger's Ed25519 public key is published. */
  publicKeyUrl: z.string(),
  verifyUrl: z.string(),
});
export type CertificateVerifyData = z.infer<typeof certificateVerifyData>;
