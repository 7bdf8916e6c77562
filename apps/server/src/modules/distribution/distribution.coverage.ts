import {
  type AuthorisationKindValue,
  authorisationState,
  type CoverageRefusalValue,
  DIVISION_CODE_PATTERN,
  regionCovers,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { milliText, toMilli } from '@jcbb/contract/quantity';
import { and, arrayOverlaps, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authorisationItems, authorisations, type salesContractLines } from '../../db/schema/index.ts';
import { textList } from '../trace/index.ts';

/**
 * The scope rule (docs/distribution.md, "Scope"): which of a distributor's authorisations covers a line — a product
 * and specification, a destination region, a date, a project — and, when none does, the first rule it fails. The
 * shipment gate, the contract's line check and the coverage call all ask this one function.
 */

export interface CoverageLine {
  productId: number;
  specId: number;
  /** The quantity the line would take, in the specification's unit (decimal text or number). */
  quantity: string | number;
}

export interface CoverageQuestion {
  distributorOrgId: number;
  /** The destination's GB/T 2260 code (a project's county, an address's county); null = unknown, never covered. */
  regionCode: string | null;
  /** The day of the shipment or contract (yyyy-mm-dd, Shanghai). */
  date: string;
  /** The destination project, when there is one (project authorisations cover only theirs). */
  projectId: number | null;
  lines: readonly CoverageLine[];
}

/** The authorisation item a covered line relies on. */
export interface CoveringItem {
  authorisationId: number;
  authorisationItemId: number;
  number: string;
  publicId: string;
  makerOrgId: number;
  /** The item's shipped quantity as read, in thousandths (before this request). */
  shippedMilli: number;
  /** What the cap leaves after this request's earlier lines on the same item, in thousandths; null = no cap. */
  remainingCapMilli: number | null;
}

export type LineCoverage =
  | ({ covered: true } & CoveringItem)
  | { covered: false; refusal: CoverageRefusalValue; authorisationId: number | null };

interface Candidate {
  authorisationId: number;
  itemId: number;
  number: string | null;
  publicId: string;
  makerOrgId: number;
  status: StoredAuthorisationStatus;
  kind: AuthorisationKindValue;
  projectId: number | null;
  regionCodes: string[];
  validFrom: string;
  validUntil: string;
  productId: number;
  specId: number | null;
  capMilli: number | null;
  shippedMilli: number;
}

/** The rules in the order a refusal names them; a candidate that passes all of them covers the line. */
const RULES: { refusal: CoverageRefusalValue; passes: (c: Candidate, q: CoverageQuestion) => boolean }[] = [
  { refusal: 'not_active', passes: (c, q) => authorisationState(c.status, c.validUntil, q.date) === 'active' },
  {
    refusal: 'region',
    passes: (c, q) => q.regionCode !== null && c.regionCodes.some((r) => regionCovers(r, q.regionCode ?? '')),
  },
  { refusal: 'period', passes: (c, q) => c.validFrom <= q.date && q.date <= c.validUntil },
  {
    refusal: 'project',
    passes: (c, q) => c.kind === 'general' || (c.projectId !== null && c.projectId === q.projectId),
  },
];

/**
 * Answers, line by line, whether the distributor's authorisations cover the question. With `lock`, the items chosen
 * are locked (FOR UPDATE, in id order) for the rest of the transaction, so a caller that then adds to their
 * `shipped_quantity` (`drawDownItems`) cannot be raced past a cap (the shipment gate): chosen without locks, then
 * locked; when one of them changed in between, every candidate is locked and the answer made again.
 *
 * Two reads: the items in force for the question (every rule but the cap checked in SQL: few rows, the ones to
 * lock), then, only for lines none of them covers, every issued item of their products, to name the first rule
 * no letter passes (`RULES`, the same rules in the same order).
 */
export async function coverageOf(
  tx: Tx,
  question: CoverageQuestion,
  options: { lock?: boolean } = {},
): Promise<LineCoverage[]> {
  if (!options.lock) return answer(tx, question, await candidatesFor(tx, question, IN_FORCE));
  // Optimistic first: choose without locks, then lock only the chosen items; if another transaction drew one of them
  // down meanwhile, answer again with every candidate locked.
  const first = await answer(tx, question, await candidatesFor(tx, question, IN_FORCE));
  const chosen = new Map<number, number>();
  for (const c of first) if (c.covered) chosen.set(c.authorisationItemId, c.shippedMilli);
  if (chosen.size === 0) return first;
  const locked = await tx
    .select({ id: authorisationItems.id, shipped: authorisationItems.shippedQuantity })
    .from(authorisationItems)
    .where(sql`${authorisationItems.id} = any(${textList([...chosen.keys()])}::int[])`)
    .orderBy(asc(authorisationItems.id))
    .for('update');
  if (locked.every((r) => toMilli(r.shipped) === chosen.get(r.id))) return first;
  return answer(tx, question, await candidatesFor(tx, question, { ...IN_FORCE, lock: true }));
}

const IN_FORCE = { lock: false, inForceOnly: true } as const;

/** The answer from the items in force; lines none covers are explained by a second read of every issued item. */
async function answer(tx: Tx, question: CoverageQuestion, candidates: Candidate[]): Promise<LineCoverage[]> {
  const inForce = byProduct(candidates);
  const usedMilli = new Map<number, number>();
  const answers: (LineCoverage | null)[] = question.lines.map((line) => {
    const pool = ownOf(inForce, line);
    if (pool.length === 0) return null;
    const wanted = toMilli(line.quantity);
    const fits = pool.filter(
      (c) => c.capMilli === null || c.capMilli - c.shippedMilli - (usedMilli.get(c.itemId) ?? 0) >= wanted,
    );
    const chosen = preferred(fits);
    if (!chosen) return { covered: false, refusal: 'cap', authorisationId: pool[0]?.authorisationId ?? null };
    const used = (usedMilli.get(chosen.itemId) ?? 0) + wanted;
    usedMilli.set(chosen.itemId, used);
    return {
      covered: true,
      authorisationId: chosen.authorisationId,
      authorisationItemId: chosen.itemId,
      number: chosen.number ?? '',
      publicId: chosen.publicId,
      makerOrgId: chosen.makerOrgId,
      shippedMilli: chosen.shippedMilli,
      remainingCapMilli: chosen.capMilli === null ? null : chosen.capMilli - chosen.shippedMilli - used,
    };
  });
  const uncovered = question.lines.filter((_, i) => answers[i] === null);
  if (uncovered.length === 0) return answers as LineCoverage[];
  const all = byProduct(
    await candidatesFor(tx, { ...question, lines: uncovered }, { lock: false, inForceOnly: false }),
  );
  return answers.map((a, i) => a ?? refusalOf(ownOf(all, question.lines[i] as CoverageLine), question));
}

/** The candidates of a line's product that name all its specifications or the line's. */
const ownOf = (candidates: ReadonlyMap<number, Candidate[]>, line: CoverageLine) =>
  (candidates.get(line.productId) ?? []).filter((c) => c.specId === null || c.specId === line.specId);

function byProduct(candidates: readonly Candidate[]): Map<number, Candidate[]> {
  const map = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const list = map.get(c.productId);
    if (list) list.push(c);
    else map.set(c.productId, [c]);
  }
  return map;
}

/** The first rule none of a line's candidates passes (they passed the in-force read's SQL, so one fails). */
function refusalOf(own: readonly Candidate[], q: CoverageQuestion): LineCoverage {
  if (own.length === 0) return { covered: false, refusal: 'no_authorisation', authorisationId: null };
  let pool = own;
  for (const rule of RULES) {
    const passing = pool.filter((c) => rule.passes(c, q));
    if (passing.length === 0)
      return { covered: false, refusal: rule.refusal, authorisationId: pool[0]?.authorisationId ?? null };
    pool = passing;
  }
  // Unreachable while the SQL of the in-force read says what RULES say; never a cover without its lock.
  return { covered: false, refusal: 'not_active', authorisationId: pool[0]?.authorisationId ?? null };
}

/** Among covering items: a project's own letter before a general one, one specification before all, then the earliest end. */
function preferred(fits: Candidate[]): Candidate | undefined {
  return [...fits].sort(
    (a, b) =>
      Number(a.kind === 'general') - Number(b.kind === 'general') ||
      Number(a.specId === null) - Number(b.specId === null) ||
      a.validUntil.localeCompare(b.validUntil) ||
      a.itemId - b.itemId,
  )[0];
}

/** The region codes that cover a place: itself, its city and its province (`regionCovers`). */
function coveringCodes(place: string | null): string[] {
  if (place === null || !DIVISION_CODE_PATTERN.test(place)) return [];
  return [...new Set([place, `${place.slice(0, 4)}00`, `${place.slice(0, 2)}0000`])];
}

/** What the answer and the preference read of an item and its letter. */
const answerColumns = {
  authorisationId: authorisations.id,
  itemId: authorisationItems.id,
  number: authorisations.number,
  publicId: authorisations.publicId,
  makerOrgId: authorisations.makerOrgId,
  kind: authorisations.kind,
  validUntil: authorisations.validUntil,
  productId: authorisationItems.productId,
  specId: authorisationItems.specId,
  cap: authorisationItems.quantityCap,
  shipped: authorisationItems.shippedQuantity,
};
/** What naming a refusal reads besides (`RULES`). */
const ruleColumns = {
  status: authorisations.status,
  projectId: authorisations.projectId,
  regionCodes: authorisations.regionCodes,
  validFrom: authorisations.validFrom,
};

/**
 * The distributor's issued (not draft) items for the question's products, in id order; `inForceOnly`: only those
 * passing every rule but the cap (active, the period, the region, the project), in SQL — the same rules as `RULES` —
 * and without the rules' own columns (the answer needs none of them: a read kept small for the shipment gate).
 */
async function candidatesFor(
  tx: Tx,
  q: CoverageQuestion,
  o: { lock: boolean; inForceOnly: boolean },
): Promise<Candidate[]> {
  const productIds = [...new Set(q.lines.map((l) => l.productId))];
  const specIds = [...new Set(q.lines.map((l) => l.specId))];
  if (productIds.length === 0) return [];
  const regions = coveringCodes(q.regionCode);
  const ofProducts = [
    eq(authorisations.distributorOrgId, q.distributorOrgId),
    // Hundreds of ids travel as one parameter each list (trace's textList), not one parameter per id.
    sql`${authorisationItems.productId} = any(${textList(productIds)}::int[])`,
    or(isNull(authorisationItems.specId), sql`${authorisationItems.specId} = any(${textList(specIds)}::int[])`),
  ];
  if (!o.inForceOnly) {
    const rows = await tx
      .select({ ...answerColumns, ...ruleColumns })
      .from(authorisationItems)
      .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
      .where(and(...ofProducts, ne(authorisations.status, 'draft')))
      .orderBy(asc(authorisationItems.id));
    return rows.map((r) => candidate(r, r));
  }
  if (regions.length === 0) return [];
  const query = tx
    .select(answerColumns)
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .where(
      and(
        ...ofProducts,
        eq(authorisations.status, 'active'),
        lte(authorisations.validFrom, q.date),
        gte(authorisations.validUntil, q.date),
        arrayOverlaps(authorisations.regionCodes, regions),
        q.projectId === null
          ? eq(authorisations.kind, 'general')
          : or(eq(authorisations.kind, 'general'), eq(authorisations.projectId, q.projectId)),
      ),
    )
    .orderBy(asc(authorisationItems.id));
  const rows = o.lock ? await query.for('update', { of: authorisationItems }) : await query;
  // The rules' columns as the SQL above established them.
  const passed = { status: 'active', projectId: q.projectId, regionCodes: regions, validFrom: q.date };
  return rows.map((r) => candidate(r, passed));
}

interface AnswerRow {
  authorisationId: number;
  itemId: number;
  number: string | null;
  publicId: string;
  makerOrgId: number;
  kind: string;
  validUntil: string;
  productId: number;
  specId: number | null;
  cap: string | null;
  shipped: string;
}

function candidate(
  r: AnswerRow,
  rules: { status: string; projectId: number | null; regionCodes: string[]; validFrom: string },
): Candidate {
  return {
    authorisationId: r.authorisationId,
    itemId: r.itemId,
    number: r.number,
    publicId: r.publicId,
    makerOrgId: r.makerOrgId,
    status: rules.status as StoredAuthorisationStatus,
    kind: r.kind as AuthorisationKindValue,
    projectId: rules.projectId,
    regionCodes: rules.regionCodes,
    validFrom: rules.validFrom,
    validUntil: r.validUntil,
    productId: r.productId,
    specId: r.specId,
    capMilli: r.cap === null ? null : toMilli(r.cap),
    shippedMilli: toMilli(r.shipped),
  };
}

/**
 * Adds each quantity (decimal text; `sign` -1 gives it back) to the `shipped_quantity` of the rows of `table` it
 * names, in one statement, summed per row and locked in id order (so two transactions cannot deadlock). The table's
 * CHECK refuses going past a cap or a contracted quantity, or below zero.
 */
export async function addPerId(
  tx: Tx,
  table: typeof authorisationItems | typeof salesContractLines,
  draws: readonly { id: number; quantity: string | number }[],
  sign: 1 | -1 = 1,
): Promise<void> {
  const sums = new Map<number, number>();
  for (const d of draws) sums.set(d.id, (sums.get(d.id) ?? 0) + sign * toMilli(d.quantity));
  const rows = [...sums.entries()].filter(([, q]) => q !== 0).sort(([a], [b]) => a - b);
  if (rows.length === 0) return;
  // Ids and thousandths are integers we computed: written into the statement, one row per id.
  const values = sql.raw(rows.map(([id, q]) => `(${Math.trunc(id)}, ${milliText(q)})`).join(', '));
  // The rows locked in id order first (an UPDATE over VALUES takes them in whatever order its plan reads them).
  await tx.execute(sql`
    with locked as (
      select id from ${table} where id = any(${textList(rows.map(([id]) => id))}::int[]) order by id for update
    )
    update ${table} t set shipped_quantity = t.shipped_quantity + d.q::numeric
    from (values ${values}) as d(id, q)
    where t.id = d.id and t.id in (select id from locked)`);
}

/** Draws several items down at once (the gate's ship): `addPerId` on the authorisation items. */
export const drawDownItems = (
  tx: Tx,
  draws: readonly { id: number; quantity: string | number }[],
  sign: 1 | -1 = 1,
): Promise<void> => addPerId(tx, authorisationItems, draws, sign);
