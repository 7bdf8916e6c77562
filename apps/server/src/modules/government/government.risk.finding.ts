import type { AlertSubjectKindValue, EvidenceKindValue } from '@jcbb/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * What a risk rule's check answers and the small helpers the checks share (docs/government.md, "Risk rules"): a
 * finding is a future alert, its evidence the records it rests on.
 */

/** One record a finding rests on: the page links it (docs/government.md, "Evidence"). */
export interface EvidenceItem {
  kind: EvidenceKindValue;
  id: string;
  label: string;
  /** The evidence ledger's leaf of the record (a certificate's entry, an event, a letter), where it has one. */
  leafIndex?: number | null;
  detail?: string | null;
}

/** What a rule found: one future alert (one open alert per fingerprint). */
export interface Finding {
  /** Rule code + subject: the same finding on the next run has the same fingerprint. */
  fingerprint: string;
  cityCode: string;
  projectId?: number | null;
  subjectKind: AlertSubjectKindValue;
  subjectId: string;
  subjectLabel: string;
  /** The organisation asked to explain: the project's developer, or the supplier (GBM-02, GBM-03). */
  orgId?: number | null;
  /** The supplier and products concerned, for the committee's subscriptions (not shown). */
  supplierOrgId?: number | null;
  productIds?: number[];
  evidence: EvidenceItem[];
  summary: string;
}

/** Where a run looks: every city, one city, or one project (on a change). `today` is a Shanghai day. */
export interface RuleScope {
  cityCode?: string;
  projectId?: number;
  today: string;
}

export type RuleParams = Record<string, number | string | boolean>;
export type RuleCheck = (tx: Tx, scope: RuleScope, params: RuleParams) => Promise<Finding[]>;

/** The rows of a raw query. */
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A project (alias `p`) in the run's scope. */
export function projectInScope(scope: RuleScope, p: SQL = sql.raw('p')): SQL {
  return sql`(${scope.cityCode === undefined ? sql`true` : sql`${p}.city_code = ${scope.cityCode}`} and ${
    scope.projectId === undefined ? sql`true` : sql`${p}.id = ${scope.projectId}`
  })`;
}

/** A numeric parameter, or its default when the row lacks it or holds something else. */
export function numberParam(params: RuleParams, key: string, fallback: number): number {
  const v = params[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The city of a GB/T 2260 county code (its first four digits and 00). */
export const cityOf = (regionCode: string) => `${regionCode.slice(0, 4)}00`;
