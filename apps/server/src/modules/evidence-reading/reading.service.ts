import {
  ProductDocumentKind,
  type ReadDocument,
  ReadDocumentKind,
  type ReadDocumentKindValue,
  type ReadFieldKeyValue,
  type ReadingDigest,
  type ReadingFieldView,
  type ReadingQuery,
  type ReadingRefusalValue,
  type ReadingReviewBody,
  type ReadingStateValue,
  type ReadingSubjectValue,
  type ReadingView,
  readDocumentKindLabels,
  readFieldLabels,
  readingDigestSchema,
  readingRefusalLabels,
  readingStateLabels,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { StoredFile } from '../../lib/send-file.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { FileService } from '../file/index.ts';
import { documentsOfProduct, findOwnProduct } from '../product/index.ts';
import { checkReading, comparable, type ReadingContext } from './reading.checks.ts';
import * as repo from './reading.repository.ts';

/**
 * A document where it is used (its subject), as read and checked (docs/evidence-reading.md, "Where it is shown").
 * The module that owns the subject says who may see the document there and what it is checked against (a
 * `ReadingSubjectGate`, wired in app.ts, so this module imports none of them); this one reads, checks and keeps the
 * auditors' words on the fields.
 */

/**
 * What a document should speak of when it is no platform product's: a material as a site record describes it (an
 * off-platform lot: docs/evidence-reading.md, "Materials off the platform").
 */
export interface SubjectMaterial {
  name: string;
  classifyCode: string | null;
  /** The specifications it may name (name and model; the model may be blank). */
  specs: { name: string; model: string }[];
  /** The maker (or makers) the record names: the parties a 合格证 or report should name. */
  makerNames: string[];
}

/** A document as its subject shows it: which file, of which product, used when, and whether the caller audits it. */
export interface SubjectDocument {
  /** The key the auditors' words are kept under: 'listing:12'. */
  subjectKey: string;
  uploadId: number;
  /** The platform product it speaks of; null: a material with no product (`material` says what). */
  productId: number | null;
  /** The specification it is attached to; null: any of the product's. */
  specId: number | null;
  /** What it speaks of when `productId` is null; null for a product. */
  material: SubjectMaterial | null;
  /** What it was uploaded as; null when not said. */
  expectedKind: ReadDocumentKindValue | null;
  declared: ReadingContext['declared'];
  /** The day it is used on, YYYY-MM-DD. */
  useDate: string;
  /** The organisations the document may name as its client or holder. */
  partyOrgIds: number[];
  /** The demand-standard edition it is checked against; null: the newest. */
  editionCode: string | null;
  /** The caller audits the subject: it may confirm or correct fields. */
  canReview: boolean;
}

/** What a subject says of where a document is used, whichever document it is. */
export type SubjectFacts = Pick<
  SubjectDocument,
  'subjectKey' | 'useDate' | 'canReview' | 'editionCode' | 'partyOrgIds'
>;

/** How a module shows its documents: the document at `id` of the subject for the caller, or 404. */
export interface ReadingSubjectGate {
  resolve(tx: Tx, user: SessionUser, id: number, uploadId: number): Promise<SubjectDocument>;
}

/** The fields each kind of document is expected to carry, in the order an auditor reads them. */
const FIELDS_OF: Record<ReadDocumentKindValue, ReadFieldKeyValue[]> = {
  test_report: [
    'reportNo',
    'laboratory',
    'cma',
    'cmaNo',
    'cnas',
    'cnasNo',
    'client',
    'manufacturer',
    'productName',
    'model',
    'sampleLot',
    'standard',
    'conclusion',
    'issueDate',
  ],
  green_certificate: [
    'certNo',
    'body',
    'holder',
    'productName',
    'model',
    'standard',
    'starRating',
    'issueDate',
    'expiryDate',
  ],
  conformity_certificate: [
    'productName',
    'model',
    'sampleLot',
    'manufacturer',
    'standard',
    'productionDate',
    'conclusion',
  ],
  unknown: [],
};

const KIND_OF_DOCUMENT: Record<number, ReadDocumentKindValue> = {
  [ProductDocumentKind.GREEN_CERTIFICATE]: ReadDocumentKind.GREEN_CERTIFICATE,
  [ProductDocumentKind.TEST_REPORT]: ReadDocumentKind.TEST_REPORT,
};

/**
 * A product's certificate or test report by its file, as a subject shows it (a module's gate calls this once it has
 * checked the caller may see the product there); 404 when the file is not one of the product's evidence documents.
 */
export async function productEvidenceDocument(
  tx: Tx,
  productId: number,
  uploadId: number,
  subject: SubjectFacts,
): Promise<SubjectDocument> {
  const doc = (await evidenceRows(tx, productId)).findLast((d) => d.uploadId === uploadId);
  if (!doc) throw notFound('文件不存在');
  return evidenceDocumentOf(doc, productId, uploadId, subject);
}

/** The product's certificates and test reports that have a file, oldest first (the product module's rows). */
async function evidenceRows(tx: Tx, productId: number) {
  const rows = await documentsOfProduct(tx, productId);
  return rows
    .map((r) => r.doc)
    .filter((d): d is typeof d & { uploadId: number } => d.uploadId !== null && KIND_OF_DOCUMENT[d.kind] !== undefined)
    .sort((a, b) => a.id - b.id);
}

/** The facts typed beside a product document (a row, or one proposed in a revision) as its subject's document. */
export function evidenceDocumentOf(
  facts: {
    kind: number;
    certNo: string | null;
    issuer: string | null;
    starRating: number | null;
    validFrom: string | null;
    validUntil: string | null;
  },
  productId: number,
  uploadId: number,
  subject: SubjectFacts,
): SubjectDocument {
  const expectedKind = KIND_OF_DOCUMENT[facts.kind];
  if (expectedKind === undefined) throw notFound('文件不存在');
  const isCert = expectedKind === ReadDocumentKind.GREEN_CERTIFICATE;
  return {
    ...subject,
    uploadId,
    productId,
    specId: null,
    material: null,
    expectedKind,
    declared: isCert
      ? {
          certNo: facts.certNo,
          issuer: facts.issuer,
          starRating: facts.starRating,
          validFrom: facts.validFrom,
          validUntil: facts.validUntil,
        }
      : null,
  };
}

/** The manufacturer's own product, before it submits: it sees what the auditors will see, and cannot review. */
export const productSubject: ReadingSubjectGate = {
  async resolve(tx, user, id, uploadId) {
    if (user.orgId === null) throw notFound('产品不存在');
    const product = await findOwnProduct(tx, user.orgId, id);
    if (!product) throw notFound('产品不存在');
    return productEvidenceDocument(tx, id, uploadId, {
      subjectKey: `product:${id}`,
      useDate: shanghaiToday(),
      canReview: false,
      editionCode: null,
      partyOrgIds: [product.orgId],
    });
  },
};

async function latestEdition(tx: Tx): Promise<string | null> {
  const rows = (await tx.execute(
    sql`select code from demand_standard_editions order by sort desc, code desc limit 1`,
  )) as unknown as { rows: { code: string }[] };
  return rows.rows[0]?.code ?? null;
}

/** The product (or the material) a document should speak of, with the specifications it may name. */
async function topicOf(tx: Tx, doc: SubjectDocument): Promise<Pick<ReadingContext, 'product' | 'specs'>> {
  if (doc.productId === null) {
    if (!doc.material) throw new Error(`subject ${doc.subjectKey}: a document with neither product nor material`);
    const m = doc.material;
    return { product: { id: null, name: m.name, classifyCode: m.classifyCode, orgId: null }, specs: m.specs };
  }
  const productRows = (await tx.execute(sql`
    select p.id, p.name, p.classify_code, p.org_id from products p where p.id = ${doc.productId}`)) as unknown as {
    rows: { id: number; name: string; classify_code: string | null; org_id: number }[];
  };
  const product = productRows.rows[0];
  if (!product) throw notFound('产品不存在');
  const specRows = (await tx.execute(sql`
    select name, model from product_specs where product_id = ${doc.productId}
      ${doc.specId === null ? sql`` : sql`and id = ${doc.specId}`}
    order by id`)) as unknown as { rows: { name: string; model: string }[] };
  return {
    product: { id: product.id, name: product.name, classifyCode: product.classify_code, orgId: product.org_id },
    specs: specRows.rows,
  };
}

/** The names the document may give as client, maker or holder: the organisations', then those a record types. */
async function partiesOf(tx: Tx, doc: SubjectDocument): Promise<string[]> {
  const named = doc.material?.makerNames ?? [];
  if (doc.partyOrgIds.length === 0) return named;
  const rows = (await tx.execute(sql`
    select name from organizations where id in (${sql.join(
      doc.partyOrgIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by array_position(${`{${doc.partyOrgIds.join(',')}}`}::int[], id)`)) as unknown as {
    rows: { name: string }[];
  };
  return [...rows.rows.map((r) => r.name), ...named];
}

async function contextFor(tx: Tx, doc: SubjectDocument, document: ReadDocument): Promise<ReadingContext> {
  const { product, specs } = await topicOf(tx, doc);
  const edition = doc.editionCode ?? (await latestEdition(tx));
  const numberField = document.fields.find((f) => f.key === 'reportNo' || f.key === 'certNo');
  const number = numberField ? comparable(numberField.value) : '';
  const ledger =
    number && document.kind === ReadDocumentKind.GREEN_CERTIFICATE ? await repo.ledgerCertificate(tx, number) : null;
  return {
    expectedKind: doc.expectedKind,
    product,
    specs,
    parties: await partiesOf(tx, doc),
    useDate: doc.useDate,
    reportMaxAgeDays: edition === null ? null : await repo.reportWindowDays(tx, edition),
    declared: doc.declared,
    indicators: edition === null ? [] : await repo.indicatorsFor(tx, edition, product.classifyCode, product.name),
    numberUses: number ? await repo.numberUses(tx, number, product.id) : [],
    ledgerCertificate: ledger
      ? {
          certNo: ledger.cert_no,
          holderName: ledger.holder_name,
          productName: ledger.product_name,
          starRating: ledger.star_rating,
          validFrom: ledger.valid_from,
          validUntil: ledger.valid_until,
          revoked: ledger.revoked,
        }
      : null,
  };
}

type ReviewRow = Awaited<ReturnType<typeof repo.reviewsOf>>[number];

/** The fields as shown: each expected field (read or not), each read one, the auditors' last word applied. */
function fieldViews(
  document: ReadDocument,
  reviews: ReviewRow[],
  userNames: Map<number, string>,
): { views: ReadingFieldView[]; reviewed: ReadDocument } {
  const lastWord = new Map<string, ReviewRow>();
  for (const r of reviews) lastWord.set(`${r.fieldKey}#${r.fieldIndex}`, r);
  const keys = [...FIELDS_OF[document.kind]];
  for (const f of document.fields) if (!keys.includes(f.key)) keys.push(f.key);
  const views: ReadingFieldView[] = [];
  const reviewedFields: ReadDocument['fields'] = [];
  for (const key of keys) {
    const read = document.fields.filter((f) => f.key === key);
    const count = Math.max(
      read.length,
      1,
      ...[...lastWord.values()].filter((r) => r.fieldKey === key).map((r) => r.fieldIndex + 1),
    );
    for (let index = 0; index < count; index++) {
      const field = read[index] ?? null;
      const word = lastWord.get(`${key}#${index}`) ?? null;
      const value = word ? word.value : (field?.value ?? '');
      views.push({
        key,
        index,
        label: readFieldLabels[key].zh,
        read: field,
        value,
        review: word
          ? {
              value: word.value,
              confirmed: word.value === (field?.value ?? null),
              userName: userNames.get(word.userId) ?? '',
              at: word.createdAt.toISOString(),
            }
          : null,
      });
      if (value !== '') {
        reviewedFields.push(
          field ? { ...field, value } : { key, value, text: value, confidence: 1, page: 0, box: [0, 0, 0, 0] },
        );
      }
    }
  }
  return { views, reviewed: { ...document, fields: reviewedFields } };
}

async function userNamesOf(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await tx.execute(sql`
    select id, coalesce(nullif(real_name, ''), username) as name from users
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { id: number; name: string }[] };
  return new Map(rows.rows.map((r) => [r.id, r.name]));
}

/**
 * The findings an auditor had before them when deciding (docs/evidence-reading.md, "The machine never decides"): for
 * each of the subject's documents, its reading's state and every finding but the agreeing ones, computed now, as the
 * panel showed them. The deciding module keeps this in its audit record, in the decision's transaction.
 */
export async function readingDigest(tx: Tx, docs: SubjectDocument[]): Promise<ReadingDigest[]> {
  const out: ReadingDigest[] = [];
  for (const doc of docs) {
    const rows = (await tx.execute(sql`select sha256 from uploads where id = ${doc.uploadId}`)) as unknown as {
      rows: { sha256: string }[];
    };
    const sha256 = rows.rows[0]?.sha256;
    const reading = sha256 ? await repo.readingOfSha(tx, sha256) : null;
    const state = (reading?.state ?? 'queued') as ReadingStateValue;
    if (!reading || state !== 'done' || !reading.document) {
      out.push({ uploadId: doc.uploadId, state, findings: [], reviewed: 0 });
      continue;
    }
    const reviews = await repo.reviewsOf(tx, reading.id);
    const { reviewed } = fieldViews(reading.document, reviews, new Map());
    const findings = checkReading(reviewed, await contextFor(tx, doc, reviewed))
      .filter((f) => f.outcome !== 'pass')
      .map((f) => ({ code: f.code, version: f.version, outcome: f.outcome }));
    out.push({ uploadId: doc.uploadId, state, findings, reviewed: reviews.length });
  }
  return out;
}

/** The documents as read before an auditor's decision, as its audit row keeps them (`readings`; none for other rows). */
export function readingsOf(detail: unknown): ReadingDigest[] {
  const parsed = readingDigestSchema.array().safeParse((detail as { readings?: unknown } | null)?.readings);
  return parsed.success ? parsed.data : [];
}

/** A product's certificates and test reports with a file, as one subject shows them (for `readingDigest`). */
export async function productEvidenceDocuments(tx: Tx, productId: number, subject: SubjectFacts) {
  const latest = new Map<number, Awaited<ReturnType<typeof evidenceRows>>[number]>();
  for (const d of await evidenceRows(tx, productId)) latest.set(d.uploadId, d);
  return [...latest.values()]
    .sort((a, b) => a.uploadId - b.uploadId)
    .map((d) => evidenceDocumentOf(d, productId, d.uploadId, subject));
}

export function createReadingService(deps: {
  db: Db;
  files: FileService;
  subjects: Record<ReadingSubjectValue, ReadingSubjectGate>;
}) {
  const { db, files, subjects } = deps;

  async function resolve(tx: Tx, user: SessionUser, query: ReadingQuery) {
    const doc = await subjects[query.subject].resolve(tx, user, query.id, query.uploadId);
    const upload = await files.getUnchecked(doc.uploadId, tx);
    return { doc, upload };
  }

  async function view(tx: Tx, doc: SubjectDocument, upload: { sha256: string; name: string }): Promise<ReadingView> {
    const reading = await repo.readingOfSha(tx, upload.sha256);
    const state = (reading?.state ?? 'queued') as ReadingStateValue;
    const refusal = (reading?.refusal ?? null) as ReadingRefusalValue | null;
    const base = {
      uploadId: doc.uploadId,
      fileName: upload.name,
      state,
      stateName: readingStateLabels[state].zh,
      pagesDone: reading?.pagesDone ?? 0,
      pagesTotal: reading?.pagesTotal ?? null,
      refusal,
      refusalText: refusal === null ? null : readingRefusalLabels[refusal].zh,
      canReview: doc.canReview,
      engine: reading?.engine ?? null,
    };
    if (reading?.state !== 'done' || !reading.document || !reading.pages) {
      return { ...base, kind: null, kindName: null, pages: [], fields: [], items: [], findings: [] };
    }
    const reviews = await repo.reviewsOf(tx, reading.id);
    const names = await userNamesOf(tx, [...new Set(reviews.map((r) => r.userId))]);
    const { views, reviewed } = fieldViews(reading.document, reviews, names);
    const findings = checkReading(reviewed, await contextFor(tx, doc, reviewed));
    return {
      ...base,
      kind: reading.document.kind,
      kindName: readDocumentKindLabels[reading.document.kind].zh,
      pages: reading.pages.map((p, index) => ({ index, width: p.width, height: p.height, source: p.source })),
      fields: views,
      items: reading.document.items,
      findings,
    };
  }

  return {
    async reading(user: SessionUser, query: ReadingQuery): Promise<ReadingView> {
      return db.transaction(async (tx) => {
        const { doc, upload } = await resolve(tx, user, query);
        return view(tx, doc, upload);
      });
    },

    /** A page's preview as a stored file, once the caller may see the document. */
    async page(user: SessionUser, query: ReadingQuery & { page: number }): Promise<StoredFile> {
      return db.transaction(async (tx) => {
        const { upload } = await resolve(tx, user, query);
        const reading = await repo.readingOfSha(tx, upload.sha256);
        const sha256 = reading?.previews?.[query.page];
        if (!sha256) throw notFound('页面不存在');
        const rows = (await tx.execute(sql`select size from file_blobs where sha256 = ${sha256}`)) as unknown as {
          rows: { size: number | string }[];
        };
        return {
          name: `page-${query.page + 1}.jpg`,
          mime: 'image/jpeg',
          size: Number(rows.rows[0]?.size ?? 0),
          sha256,
        };
      });
    },

    /** An auditor confirms (the same value) or corrects a field; kept, and the checks run on the corrected value. */
    async review(user: SessionUser, body: ReadingReviewBody): Promise<ReadingView> {
      return db.transaction(async (tx) => {
        const { doc, upload } = await resolve(tx, user, body);
        if (!doc.canReview) throw forbidden('只有审核方可以核对识别结果');
        const reading = await repo.readingOfSha(tx, upload.sha256);
        if (reading?.state !== 'done' || !reading.document) throw notFound('文件尚未识别完成');
        const read = reading.document.fields.filter((f) => f.key === body.key)[body.index];
        await repo.insertReview(tx, {
          readingId: reading.id,
          fieldKey: body.key,
          fieldIndex: body.index,
          readValue: read?.value ?? null,
          value: body.value,
          subject: doc.subjectKey,
          userId: user.userId,
          orgId: user.orgId,
        });
        return view(tx, doc, upload);
      });
    },

    openPage: (sha256: string) => files.open(sha256),
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
