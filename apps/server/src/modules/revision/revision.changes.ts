import type { FactChange } from '../product/index.ts';
import { changedFacts } from '../product/index.ts';

/**
 * A revision's change list, kept minimal and in order: one entry per product, per specification and per document.
 * Pure, so the rules are tested apart from the database.
 *
 * - A product or specification update keeps the approved value it started from (`before`) and takes the newest
 *   proposal (`after`); when the proposal is back to the approved value, the entry goes.
 * - Deleting a specification whose update was pending replaces the update (the approved value is what goes).
 * - Deleting a document added by the same revision removes the addition; one that was approved becomes a deletion.
 */
export function mergeChange(changes: readonly FactChange[], change: FactChange): FactChange[] {
  const out = [...changes];
  switch (change.kind) {
    case 'product': {
      const i = out.findIndex((c) => c.kind === 'product');
      const before = i >= 0 ? (out[i] as Extract<FactChange, { kind: 'product' }>).before : change.before;
      const merged: FactChange = { kind: 'product', before, after: change.after };
      if (i >= 0) out.splice(i, 1);
      if (changedFacts(before, change.after).length > 0) out.splice(Math.max(i, 0), 0, merged);
      return out;
    }
    case 'spec_update': {
      const i = out.findIndex((c) => c.kind === 'spec_update' && c.specId === change.specId);
      const before = i >= 0 ? (out[i] as Extract<FactChange, { kind: 'spec_update' }>).before : change.before;
      if (i >= 0) out.splice(i, 1);
      if (changedFacts(before, change.after).length > 0) {
        out.splice(i >= 0 ? i : out.length, 0, {
          kind: 'spec_update',
          specId: change.specId,
          before,
          after: change.after,
        });
      }
      return out;
    }
    case 'spec_delete': {
      const i = out.findIndex((c) => c.kind === 'spec_update' && c.specId === change.specId);
      const before = i >= 0 ? (out[i] as Extract<FactChange, { kind: 'spec_update' }>).before : change.before;
      if (i >= 0) out.splice(i, 1);
      if (!out.some((c) => c.kind === 'spec_delete' && c.specId === change.specId)) {
        out.push({ kind: 'spec_delete', specId: change.specId, before });
      }
      return out;
    }
    case 'spec_add':
    case 'document_add':
      out.push(change);
      return out;
    case 'document_delete': {
      if (!out.some((c) => c.kind === 'document_delete' && c.documentId === change.documentId)) out.push(change);
      return out;
    }
  }
}
