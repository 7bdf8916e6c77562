import { EVIDENCE_DOCUMENT_KINDS, PRODUCT_FACT_FIELDS, SPEC_FACT_FIELDS } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../lib/session-user.ts';

/**
 * A listed product's approved facts (docs/decisions.md, "Approved facts and revisions") and the gate every change of
 * them passes. The product services describe each change of an approved fact as a `FactChange`; the gate (the
 * revision module, wired in app.ts) keeps it for audit when the product is listed, or lets the service apply it at
 * once. Defined here, implemented there: the product module does not depend on the revision module.
 */
export interface ProductFacts {
  name: string;
  brand: string | null;
  classifyCode: string;
  materialType: number;
  description: string | null;
  images: number[];
}
export interface SpecFacts {
  name: string;
  model: string;
  unitId: number;
}
/** A new specification carries its sales fields too: they take effect with it. */
export interface NewSpec extends SpecFacts {
  price: string | null;
  minOrder: string | null;
  status: number;
  /** Mass of one unit, kg (transport carbon); absent in revisions recorded before it existed. */
  massPerUnitKg?: string | null;
}
export interface DocumentFacts {
  kind: number;
  uploadId: number | null;
  name: string;
  certNo: string | null;
  issuer: string | null;
  starRating: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

export type FactChange =
  | { kind: 'product'; before: ProductFacts; after: ProductFacts }
  | { kind: 'spec_update'; specId: number; before: SpecFacts; after: SpecFacts }
  | { kind: 'spec_add'; after: NewSpec }
  | { kind: 'spec_delete'; specId: number; before: SpecFacts }
  | { kind: 'document_add'; after: DocumentFacts }
  | { kind: 'document_delete'; documentId: number; before: DocumentFacts };

export interface FactGate {
  /**
   * Record `change` in the product's open revision (made if needed) when the product is listed or already has one
   * open: answers the revision's id and the caller must not apply the change. Null: the caller applies it now.
   * A change back to the approved value removes it from the open revision.
   */
  propose(tx: Tx, user: SessionUser, productId: number, change: FactChange): Promise<number | null>;
}

export function productFacts(p: ProductFacts): ProductFacts {
  return Object.fromEntries(PRODUCT_FACT_FIELDS.map((f) => [f, p[f]])) as unknown as ProductFacts;
}
export function specFacts(s: SpecFacts): SpecFacts {
  return Object.fromEntries(SPEC_FACT_FIELDS.map((f) => [f, s[f]])) as unknown as SpecFacts;
}
export const isEvidenceKind = (kind: number) => (EVIDENCE_DOCUMENT_KINDS as readonly number[]).includes(kind);

/** The names of the fields that differ between two fact records. */
export function changedFacts<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T)[])
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map(String);
}
