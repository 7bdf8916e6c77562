import { READ_DOCUMENT_KINDS, type ReadDocument, type ReadPage } from '@jcbb/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { evidenceFieldReviews, evidenceReadings, fileBlobs } from '../../db/schema/index.ts';

/**
 * The reading queue and its results (evidence_readings is both). Claiming takes the oldest queued reading, or one
 * whose worker's lease ran out (the process died mid-reading), with FOR UPDATE SKIP LOCKED: two workers never take
 * the same file. After MAX_ATTEMPTS claims a file is marked failed rather than taken again forever.
 */

export const MAX_ATTEMPTS = 3;

/**
 * Where files to read come from: one SELECT of upload ids (one column) per table that holds evidence, written by
 * the module that owns the table (docs/evidence-reading.md, "The queue") and handed to the runner by app.ts.
 */
export type ReadingSource = SQL;

/** The products' certificate and test-report documents (listings and the manufacturer's own product page). */
export const productReadingUploads: ReadingSource = sql`
  select d.upload_id from product_documents d
  where d.kind in (${sql.raw(READ_DOCUMENT_KINDS.join(', '))}) and d.upload_id is not null`;

/**
 * Queue every file that a source names and that has no reading yet. One statement; a file already queued or read
 * is left as it is (the same bytes are read once).
 */
export async function queueUnread(tx: Tx, sources: ReadingSource[]): Promise<number> {
  if (sources.length === 0) return 0;
  const result = (await tx.execute(sql`
    insert into ${evidenceReadings} (sha256)
    select distinct u.sha256 from (${sql.join(sources, sql` union `)}) wanted (id)
    join uploads u on u.id = wanted.id
    where not exists (select 1 from ${evidenceReadings} r where r.sha256 = u.sha256)
    on conflict do nothing`)) as unknown as { affectedRows?: number; rowCount?: number };
  return result.affectedRows ?? result.rowCount ?? 0;
}

export interface ClaimedReading {
  id: number;
  sha256: string;
  mime: string;
  attempts: number;
}

/** Take the next reading for this worker until `leaseMs` from now, or null when there is none. */
export async function claimNext(tx: Tx, leaseMs: number): Promise<ClaimedReading | null> {
  // Readings whose workers died too often are given up: failed, said to the reader.
  await tx.execute(sql`
    update ${evidenceReadings} set state = 'failed', refusal = 'failed', finished_at = now(), lease_until = null
    where state = 'reading' and lease_until < now() and attempts >= ${MAX_ATTEMPTS}`);
  const rows = (await tx.execute(sql`
    update ${evidenceReadings} r
       set state = 'reading', attempts = r.attempts + 1, started_at = now(), pages_done = 0,
           lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      from (select id from ${evidenceReadings}
             where state = 'queued' or (state = 'reading' and lease_until < now())
             order by queued_at, id
             limit 1
             for update skip locked) next, ${fileBlobs} b
     where r.id = next.id and b.sha256 = r.sha256
    returning r.id, r.sha256, b.mime, r.attempts`)) as unknown as {
    rows: { id: number; sha256: string; mime: string; attempts: number }[];
  };
  return rows.rows[0] ?? null;
}

/** Pages read so far; the lease runs on while pages are being read. */
export async function saveProgress(tx: Tx, id: number, done: number, total: number, leaseMs: number): Promise<void> {
  await tx.execute(sql`
    update ${evidenceReadings}
       set pages_done = ${done}, pages_total = ${total},
           lease_until = now() + make_interval(secs => ${leaseMs / 1000})
     where id = ${id} and state = 'reading'`);
}

export async function saveRead(
  tx: Tx,
  id: number,
  result: {
    engine: string;
    pages: ReadPage[];
    document: ReadDocument;
    previews: string[];
    numberRead: string | null;
  },
): Promise<void> {
  await tx
    .update(evidenceReadings)
    .set({
      state: 'done',
      engine: result.engine,
      kind: result.document.kind,
      pages: result.pages,
      document: result.document,
      previews: result.previews,
      numberRead: result.numberRead,
      pagesDone: result.pages.length,
      pagesTotal: result.pages.length,
      refusal: null,
      finishedAt: sql`now()`,
      leaseUntil: null,
    })
    .where(eq(evidenceReadings.id, id));
}

export async function saveRefused(
  tx: Tx,
  id: number,
  state: 'refused' | 'failed' | 'queued',
  refusal: string | null,
): Promise<void> {
  await tx
    .update(evidenceReadings)
    .set({
      state,
      refusal,
      finishedAt: state === 'queued' ? null : sql`now()`,
      leaseUntil: null,
    })
    .where(eq(evidenceReadings.id, id));
}

export async function readingOfSha(tx: Tx, sha256: string) {
  const [row] = await tx.select().from(evidenceReadings).where(eq(evidenceReadings.sha256, sha256));
  return row ?? null;
}

/** The latest word of the auditors on each field of a reading, and how many words there were in all. */
export async function reviewsOf(tx: Tx, readingId: number) {
  return tx
    .select()
    .from(evidenceFieldReviews)
    .where(eq(evidenceFieldReviews.readingId, readingId))
    .orderBy(asc(evidenceFieldReviews.id));
}

export async function insertReview(
  tx: Tx,
  values: {
    readingId: number;
    fieldKey: string;
    fieldIndex: number;
    readValue: string | null;
    value: string;
    subject: string;
    userId: number;
    orgId: number | null;
  },
) {
  const [row] = await tx.insert(evidenceFieldReviews).values(values).returning();
  return row;
}

/**
 * Other products' evidence naming a number (in capitals, without spaces): the typed number of a document (a
 * certificate's cert_no), or the number read from its file. Not the product asked about (null: a material with no
 * product, every product's).
 */
export async function numberUses(tx: Tx, number: string, productId: number | null) {
  const rows = (await tx.execute(sql`
    select distinct p.id as product_id, p.name as product_name, p.classify_code, o.id as org_id, o.name as org_name
    from product_documents d
    join products p on p.id = d.product_id
    join organizations o on o.id = p.org_id
    left join uploads u on u.id = d.upload_id
    left join ${evidenceReadings} r on r.sha256 = u.sha256
    where d.kind in (${sql.raw(READ_DOCUMENT_KINDS.join(', '))})
      and ${productId === null ? sql`true` : sql`p.id <> ${productId}`}
      and (upper(regexp_replace(coalesce(d.cert_no, ''), '\\s', '', 'g')) = ${number} or r.number_read = ${number})
    order by p.id`)) as unknown as {
    rows: {
      product_id: number;
      product_name: string;
      classify_code: string | null;
      org_id: number;
      org_name: string;
    }[];
  };
  return rows.rows.map((r) => ({
    productId: r.product_id,
    productName: r.product_name,
    classifyCode: r.classify_code,
    orgId: r.org_id,
    orgName: r.org_name,
  }));
}

/** The platform's certificate of a number (the evidence ledger's), with its holder's and product's names. */
export async function ledgerCertificate(tx: Tx, number: string) {
  const rows = (await tx.execute(sql`
    select c.cert_no, o.name as holder_name, p.name as product_name, c.star_rating, c.valid_from::text as valid_from,
           c.valid_until::text as valid_until, (c.revoked_at is not null) as revoked
    from certificates c
    join organizations o on o.id = c.holder_org_id
    join products p on p.id = c.product_id
    where upper(regexp_replace(c.cert_no, '\\s', '', 'g')) = ${number}
    limit 1`)) as unknown as {
    rows: {
      cert_no: string;
      holder_name: string;
      product_name: string;
      star_rating: number | null;
      valid_from: string;
      valid_until: string;
      revoked: boolean;
    }[];
  };
  return rows.rows[0] ?? null;
}

/** The thresholds and standards the platform holds for a classification in an edition. */
export async function indicatorsFor(tx: Tx, editionCode: string, classifyCode: string | null, productName: string) {
  if (classifyCode === null) return [];
  const rows = (await tx.execute(sql`
    select i.item, i.aliases, i.op, i.value::float8 as value, i.unit, i.standards, i.source, i.product_words
    from standard_indicators i
    join standard_category_classes cc on cc.category_id = i.category_id
    where cc.edition_code = ${editionCode} and cc.classify_code = ${classifyCode}
    order by i.id`)) as unknown as {
    rows: {
      item: string;
      aliases: string[];
      op: '>=' | '<=' | '>' | '<';
      value: number;
      unit: string | null;
      standards: string[];
      source: string;
      product_words: string[];
    }[];
  };
  return rows.rows
    .filter((r) => r.product_words.length === 0 || r.product_words.some((w) => productName.includes(w)))
    .map((r) => ({
      item: r.item,
      aliases: r.aliases,
      op: r.op,
      value: Number(r.value),
      unit: r.unit,
      standards: r.standards,
      source: r.source,
    }));
}

/** The report window of an edition (standard_rules), days. */
export async function reportWindowDays(tx: Tx, editionCode: string): Promise<number | null> {
  const rows = (await tx.execute(
    sql`select test_report_max_age_days from standard_rules where edition_code = ${editionCode}`,
  )) as unknown as { rows: { test_report_max_age_days: number | null }[] };
  return rows.rows[0]?.test_report_max_age_days ?? null;
}
