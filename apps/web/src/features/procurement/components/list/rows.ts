import { type Compliance, type ComplianceRule, complianceOf, greenOn, type StandardKindValue } from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import type { LineInput, MaterialLine, MaterialList } from '../../list-api.ts';

/**
 * The grid's rows (the form's `rows`) and what the page computes from them before saving: each row's policy kind
 * under the project's edition, whether it is green as planned, and the live compliance (`complianceOf`, the rule the
 * server runs). Prices are typed in yuan and sent in fen.
 */

export interface Row {
  /** A server line's `id:<id>`, or `new:<n>` for a row not saved yet. */
  key: string;
  id?: number;
  classifyCode?: string;
  commonName?: string;
  spec?: string;
  unitId?: number;
  quantity?: string;
  requiredBy?: string;
  useLocation?: string;
  /** Yuan, as typed. */
  price?: string;
  remarks?: string;
}

const NO_RULE: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: null };

/** Fen as yuan text: 52000 → "520", 53050 → "530.5". */
export const yuanText = (fen: number) => String(fen / 100);

/** Yuan text → fen (a whole number), or the text itself when it is not an amount (the server says why). */
export function fenOf(yuan: string | undefined): number | string {
  const t = (yuan ?? '').trim();
  if (t === '') return 0;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : t;
}

export const rowOf = (l: MaterialLine): Row => ({
  key: `id:${l.id}`,
  id: l.id,
  classifyCode: l.classifyCode,
  commonName: l.commonName,
  spec: l.spec ?? '',
  unitId: l.unitId,
  quantity: l.quantity,
  requiredBy: l.requiredBy,
  useLocation: l.useLocation ?? '',
  price: yuanText(l.budgetUnitPriceFen),
  remarks: l.remarks ?? '',
});

/** A row as the save sends it. */
export const lineOf = (r: Row): LineInput => ({
  ...(r.id ? { id: r.id } : {}),
  classifyCode: r.classifyCode ?? '',
  commonName: r.commonName ?? '',
  spec: r.spec ?? '',
  unitId: r.unitId as number,
  quantity: r.quantity ?? '',
  requiredBy: r.requiredBy ?? '',
  useLocation: r.useLocation ?? '',
  budgetUnitPriceFen: fenOf(r.price) as number,
  remarks: r.remarks ?? '',
});

const same = (a: Row, b: Row) =>
  a.classifyCode === b.classifyCode &&
  (a.commonName ?? '') === (b.commonName ?? '') &&
  (a.spec ?? '') === (b.spec ?? '') &&
  a.unitId === b.unitId &&
  toMilli(a.quantity ?? '') === toMilli(b.quantity ?? '') &&
  a.requiredBy === b.requiredBy &&
  (a.useLocation ?? '') === (b.useLocation ?? '') &&
  fenOf(a.price) === fenOf(b.price) &&
  (a.remarks ?? '') === (b.remarks ?? '');

/** What a save sends: new and changed rows (with their row keys, to place the server's messages), removed ids. */
export function changesOf(list: MaterialList, rows: readonly Row[]) {
  const saved = new Map(list.lines.map((l) => [l.id, rowOf(l)]));
  const sent = rows.filter((r) => {
    const before = r.id === undefined ? undefined : saved.get(r.id);
    return !before || !same(before, r);
  });
  const kept = new Set(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
  const removedLineIds = list.lines.filter((l) => !kept.has(l.id)).map((l) => l.id);
  return { lines: sent.map(lineOf), keys: sent.map((r) => r.key), removedLineIds };
}

export interface RowPolicy {
  kind: StandardKindValue;
  categoryCode: string | null;
  categoryName: string | null;
  green: boolean;
}

/** A row's kind under the project's edition and whether it is green as planned on its required-by date. */
export function rowPolicy(list: MaterialList, row: Row): RowPolicy {
  const category =
    list.rule && row.classifyCode ? list.placement.find((p) => p.classifyCode === row.classifyCode) : undefined;
  const server = row.id === undefined ? undefined : list.lines.find((l) => l.id === row.id);
  let green = false;
  if (server && server.classifyCode === row.classifyCode) {
    if (server.requiredBy === row.requiredBy) green = server.green;
    else if (server.evidence && row.requiredBy) green = greenOn(server.evidence, row.requiredBy, list.rule ?? NO_RULE);
  }
  return {
    kind: category?.category.kind ?? 'outside',
    categoryCode: category?.category.code ?? null,
    categoryName: category?.category.name ?? null,
    green,
  };
}

/** The policy's two rules over the grid as it stands (before saving). */
export function liveCompliance(list: MaterialList, rows: readonly Row[]): Compliance {
  return complianceOf(
    rows.map((r, i) => {
      const p = rowPolicy(list, r);
      const fen = fenOf(r.price);
      return {
        lineId: r.id ?? -(i + 1),
        categoryCode: p.categoryCode,
        kind: p.kind,
        green: p.green,
        amountFen: typeof fen === 'number' ? Math.round((toMilli(r.quantity ?? '') * fen) / 1000) : 0,
      };
    }),
    list.rule ?? NO_RULE,
  );
}
