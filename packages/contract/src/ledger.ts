import { pageOf } from './envelope.ts';
import { blankToUndefined, digitsToNumber, optionalId, optionalText, positiveId } from './params.ts';
import { z } from './zod.ts';

/**
 * The evidence ledger (issue 5): public log calls under /open/ledger/… and document storage under
 * /api/blockchain/…. Proof formats and verification live in `./ledger-proof.ts` (a subpath export, so the browser
 * can load it without the rest of the contract).
 */

/** What kind of document an organisation puts on record. */
export const LedgerDocType = {
  TEST_REPORT: 1,
  CARBON_FOOTPRINT_REPORT: 2,
  CERTIFICATE: 3,
  CONTRACT: 4,
  AUTHORISATION_LETTER: 5,
  OTHER: 6,
} as const;
export type LedgerDocTypeValue = (typeof LedgerDocType)[keyof typeof LedgerDocType];
export const ledgerDocTypeValues = Object.values(LedgerDocType) as LedgerDocTypeValue[];
export const ledgerDocTypeLabels: Record<LedgerDocTypeValue, { zh: string; en: string }> = {
  1: { zh: '检测报告', en: 'Test report' },
  2: { zh: '碳足迹报告', en: 'Carbon-footprint report' },
  3: { zh: '证书', en: 'Certificate' },
  4: { zh: '合同', en: 'Contract' },
  5: { zh: '授权书', en: 'Authorisation letter' },
  6: { zh: '其他', en: 'Other' },
};

export const LEDGER_PAGE_SIZE = 10;
export const LEDGER_PAGE_SIZE_MAX = 50;

const hex64 = (label: string) =>
  z
    .string({ error: `请提供${label}` })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, `${label}应为 64 位十六进制 SHA-256`);
const hexString = z.string().regex(/^[0-9a-f]*$/);
/** A non-negative integer (leaf indexes start at 0); a JSON number or a string of digits. */
const index = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? `请提供${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(0, `${label}不能小于 0`)
      .max(Number.MAX_SAFE_INTEGER, `${label}过大`),
  );
const size = (label: string) =>
  z.preprocess(digitsToNumber, index(label).pipe(z.number().min(1, `${label}必须大于 0`)));

// ---- public log (/open/ledger/…) ----------------------------------------------------------------------------

export const ledgerKeyData = z.object({
  algorithm: z.literal('Ed25519'),
  /** Raw 32-byte public key, hex. */
  publicKey: hexString,
  hashAlgorithm: z.literal('SHA-256'),
  /** First line of the signed tree-head text (ledger-proof.ts `treeHeadSigningInput`). */
  treeHeadFormat: z.string(),
  /** SHA-256 of the raw key, first 128 bits in groups of four hex digits (ledger-proof.ts `keyFingerprint`). */
  fingerprint: z.string(),
});

export const signedTreeHeadSchema = z.object({
  treeSize: z.number().int(),
  rootHash: hexString,
  /** Milliseconds since the epoch. */
  timestamp: z.number().int(),
  signature: hexString,
});
export type SignedTreeHeadData = z.infer<typeof signedTreeHeadSchema>;

export const treeSizeParams = z.object({ treeSize: index('树大小') });
export const leafIndexParams = z.object({ leafIndex: index('叶子序号') });

export const inclusionProofQuery = z.object({
  leafIndex: index('叶子序号'),
  /** Omitted: the latest signed head. */
  treeSize: z.preprocess(blankToUndefined, size('树大小').optional()),
});
export const inclusionProofData = z.object({
  leafIndex: z.number().int(),
  treeSize: z.number().int(),
  leafHash: hexString,
  inclusionProof: z.array(hexString),
  /** The signed head of `treeSize` the proof leads to. */
  sth: signedTreeHeadSchema,
});

export const consistencyProofQuery = z.object({ first: size('第一个树大小'), second: size('第二个树大小') });
export const consistencyProofData = z.object({
  first: z.number().int(),
  second: z.number().int(),
  consistencyProof: z.array(hexString),
});

export const ledgerEntryData = z.object({
  leafIndex: z.number().int(),
  kind: z.string(),
  contentSha256: hexString,
  /** The entry's exact bytes (canonical JSON, UTF-8), base64: hash them with 0x00 in front to get leafHash. */
  entry: z.string(),
  leafHash: hexString,
  /** Milliseconds since the epoch. */
  timestamp: z.number().int(),
});

/** An entry with its proof against the latest signed head: all a verifier needs. */
export const ledgerEvidenceSchema = ledgerEntryData.extend({
  inclusionProof: z.array(hexString),
  sth: signedTreeHeadSchema,
});
export type LedgerEvidence = z.infer<typeof ledgerEvidenceSchema>;

export const publicCheckQuery = z.object({ sha256: hex64('文件哈希') });
export const publicCheckData = z.object({
  sha256: hexString,
  found: z.boolean(),
  /** Entries vouching for this hash, oldest first (at most 20), each with its proof. */
  entries: z.array(ledgerEvidenceSchema),
});

// ---- storage (/api/blockchain/…) --------------------------------------------------------------------------

const docTypeSchema = z.preprocess(
  digitsToNumber,
  z.union(
    ledgerDocTypeValues.map((v) => z.literal(v)),
    { error: `文件类型只能是 ${ledgerDocTypeValues.join('、')}` },
  ),
);

/** Put a document on record: an upload of the caller's organisation, or one of its product documents. */
export const storageAddBody = z
  .object({
    uploadId: optionalId('文件编号'),
    productDocumentId: optionalId('产品文件编号'),
    /** Defaults to the upload's or the product document's name. */
    title: optionalText('标题', 100),
    /** Defaults, for a product document, to its kind (carbon report → 2, test report → 1, certificate → 3). */
    docType: z.preprocess(blankToUndefined, docTypeSchema.optional()),
    /** With an upload: the product it belongs to (one of the organisation's), optional. */
    productId: optionalId('产品编号'),
  })
  .superRefine((v, ctx) => {
    if ((v.uploadId === undefined) === (v.productDocumentId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['uploadId'], message: '请上传文件或选择一份产品文件（二选一）' });
    }
    if (v.uploadId !== undefined && v.docType === undefined) {
      ctx.addIssue({ code: 'custom', path: ['docType'], message: '请选择文件类型' });
    }
  });

export const storageListBody = z.object({
  pageNum: positiveId('页码').default(1),
  pageSize: z
    .preprocess(
      digitsToNumber,
      z.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX, `每页最多 ${LEDGER_PAGE_SIZE_MAX} 条`),
    )
    .default(LEDGER_PAGE_SIZE),
  docType: z.preprocess(blankToUndefined, docTypeSchema.optional()),
  productId: optionalId('产品编号'),
  /** Title contains this text. */
  keyword: optionalText('关键词', 50),
  /** YYYY-MM-DD, inclusive, in China time. */
  dateFrom: z.preprocess(blankToUndefined, z.iso.date('开始日期格式应为 YYYY-MM-DD').optional()),
  dateTo: z.preprocess(blankToUndefined, z.iso.date('结束日期格式应为 YYYY-MM-DD').optional()),
});

export const storageRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  docType: z.number().int(),
  leafIndex: z.number().int(),
  sha256: hexString,
  uploadId: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productDocumentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const storageListData = pageOf(storageRecordSchema);

export const storageIdQuery = z.object({ id: positiveId('存证编号') });
export const storageDetailData = storageRecordSchema.extend({
  /** Size of the first tree that contained the entry. */
  recordedTreeSize: z.number().int(),
  evidence: ledgerEvidenceSchema,
});

/** The organisation's product documents that have a file, for choosing one to put on record. */
export const storageDocumentsQuery = z.object({ productId: optionalId('产品编号') });
export const storageDocumentsData = z.array(
  z.object({
    productDocumentId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    kind: z.number().int(),
    name: z.string(),
    uploadId: z.number().int(),
    sha256: hexString,
    /** Already on record by this organisation: the record's id. */
    recordId: z.number().int().nullable(),
  }),
);

/** Check a file against the log: its SHA-256 (hashed in the browser) or an upload of the caller's organisation. */
export const checkBody = z
  .object({
    sha256: z.preprocess(blankToUndefined, hex64('文件哈希').optional()),
    uploadId: optionalId('文件编号'),
  })
  .superRefine((v, ctx) => {
    if ((v.sha256 === undefined) === (v.uploadId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['sha256'], message: '请提供文件哈希或上传文件（二选一）' });
    }
  });
export const checkData = publicCheckData.extend({
  /** The caller's own records of this file. */
  records: z.array(storageRecordSchema),
});
