import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizations, projects, traceCodes } from '../../db/schema/index.ts';
import { textList } from './trace.sql.ts';

/** SQL only (docs/architecture.md): every function runs in the caller's transaction. */

/**
 * Of these codes, those already issued (a repeat among 2^100 random codes: practically never). The codes travel as
 * one list parameter (trace.sql.ts): one statement, one parameter, whatever the count.
 */
export async function takenCodes(tx: Tx, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx
    .select({ code: traceCodes.code })
    .from(traceCodes)
    .where(sql`${traceCodes.code} = any(${textList(codes)})`);
  return new Set(rows.map((r) => r.code));
}

export interface NewCodes {
  orgId: number;
  lotId: number;
  specId: number;
  holderKey: string;
  /** One entry per code, in the same order. */
  codes: readonly { code: string; level: string; quantity: string; parentCode: string | null }[];
}

/**
 * Insert a call's codes (status active) in one statement: each column travels as one list parameter (trace.sql.ts)
 * unnested in the database (codes, levels and decimal quantities hold no comma). Ten thousand rows as ordinary
 * multi-row VALUES take 90 000 parameters and seconds on PGlite; this takes four.
 */
export async function insertCodes(tx: Tx, n: NewCodes): Promise<void> {
  if (n.codes.length === 0) return;
  const column = (f: (c: NewCodes['codes'][number]) => string) => textList(n.codes.map(f));
  await tx.execute(sql`
    insert into ${traceCodes} (code, org_id, lot_id, spec_id, level, quantity, parent_code, status, holder_key)
    select t.code, ${n.orgId}::int, ${n.lotId}::int, ${n.specId}::int, t.level, t.quantity::numeric,
           nullif(t.parent, ''), 'active', ${n.holderKey}
      from unnest(
        ${column((c) => c.code)},
        ${column((c) => c.level)},
        ${column((c) => c.quantity)},
        ${column((c) => c.parentCode ?? '')}
      ) as t(code, level, quantity, parent)`);
}

export interface CodeFilter {
  lotId: number;
  status?: string;
  /** Codes without a parent only (packages and lone items). */
  topLevelOnly?: boolean;
  /** One level only. */
  level?: string;
}

function codeWhere(f: CodeFilter): SQL | undefined {
  return and(
    eq(traceCodes.lotId, f.lotId),
    f.status === undefined ? undefined : eq(traceCodes.status, f.status),
    f.topLevelOnly ? isNull(traceCodes.parentCode) : undefined,
    f.level === undefined ? undefined : eq(traceCodes.level, f.level),
  );
}

/**
 * A lot's codes in the order they were issued, each package followed by its items (a call's codes share one
 * creation time; within it by code).
 */
const issueOrder = [
  asc(traceCodes.createdAt),
  asc(sql`coalesce(${traceCodes.parentCode}, ${traceCodes.code})`),
  sql`${traceCodes.parentCode} nulls first`,
  asc(traceCodes.code),
];

// The outer row's code, qualified: in a one-table query Drizzle writes columns bare, which would mean child.code.
const childCount = sql<number>`(select count(*)::int from ${traceCodes} as child where child.parent_code = ${traceCodes}.code)`;

export async function codePage(tx: Tx, f: CodeFilter & { take: number; skip: number }) {
  const where = codeWhere(f);
  const rows = await tx
    .select({ code: traceCodes, childCount })
    .from(traceCodes)
    .where(where)
    .orderBy(...issueOrder)
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(traceCodes).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every code of the filter, in issue order (exports and label sheets); `limit`/`offset` page a long lot. */
export async function codesOf(tx: Tx, f: CodeFilter, page?: { limit: number; offset: number }) {
  const q = tx
    .select({
      code: traceCodes.code,
      level: traceCodes.level,
      quantity: traceCodes.quantity,
      parentCode: traceCodes.parentCode,
      status: traceCodes.status,
    })
    .from(traceCodes)
    .where(codeWhere(f))
    .orderBy(...issueOrder);
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

/** Display names of stock holders ('org:12' → the organisation's name, 'project:5' → the project's). */
export async function holderNames(tx: Tx, keys: readonly string[]): Promise<Map<string, string>> {
  const orgIds = new Set<number>();
  const projectIds = new Set<number>();
  for (const k of keys) {
    const [kind, id] = k.split(':');
    if (kind === 'org') orgIds.add(Number(id));
    if (kind === 'project') projectIds.add(Number(id));
  }
  const names = new Map<string, string>();
  if (orgIds.size > 0) {
    const rows = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, [...orgIds]));
    for (const r of rows) names.set(`org:${r.id}`, r.name);
  }
  if (projectIds.size > 0) {
    const rows = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(inArray(projects.id, [...projectIds]));
    for (const r of rows) names.set(`project:${r.id}`, r.name);
  }
  return names;
}
