import { describe, expect, it } from 'vitest';
import type { DocumentFacts, FactChange, ProductFacts, SpecFacts } from '../product/index.ts';
import { mergeChange } from './revision.changes.ts';

const approved: ProductFacts = {
  name: '岩棉板',
  brand: null,
  classifyCode: '0105',
  materialType: 1,
  description: null,
  images: [1],
};
const spec: SpecFacts = { name: 'A', model: 'A-100', unitId: 31 };
const doc: DocumentFacts = {
  kind: 4,
  uploadId: 9,
  name: '检测报告',
  certNo: null,
  issuer: null,
  starRating: null,
  validFrom: null,
  validUntil: null,
};
const product = (after: Partial<ProductFacts>): FactChange => ({
  kind: 'product',
  before: approved,
  after: { ...approved, ...after },
});

describe('a revision’s change list', () => {
  it('keeps the approved value and the newest proposal of the product', () => {
    let changes = mergeChange([], product({ name: '岩棉板二代' }));
    // The next edit starts from the revision's proposal, but its "before" is still the approved fact.
    changes = mergeChange(changes, {
      kind: 'product',
      before: approved,
      after: { ...approved, name: '岩棉板三代', images: [1, 2] },
    });
    expect(changes).toEqual([
      { kind: 'product', before: approved, after: { ...approved, name: '岩棉板三代', images: [1, 2] } },
    ]);
  });

  it('drops the product entry when the proposal is back to the approved facts', () => {
    const changes = mergeChange(mergeChange([], product({ name: '改名' })), product({}));
    expect(changes).toEqual([]);
  });

  it('keeps one update per specification, and an unchanged one goes', () => {
    let changes = mergeChange([], { kind: 'spec_update', specId: 5, before: spec, after: { ...spec, model: 'A-200' } });
    changes = mergeChange(changes, { kind: 'spec_update', specId: 6, before: spec, after: { ...spec, name: 'B' } });
    changes = mergeChange(changes, {
      kind: 'spec_update',
      specId: 5,
      before: spec,
      after: { ...spec, model: 'A-300' },
    });
    expect(changes.map((c) => (c.kind === 'spec_update' ? [c.specId, c.after.model, c.after.name] : null))).toEqual([
      [5, 'A-300', 'A'],
      [6, 'A-100', 'B'],
    ]);
    changes = mergeChange(changes, { kind: 'spec_update', specId: 6, before: spec, after: spec });
    expect(changes).toHaveLength(1);
  });

  it('replaces a pending update by the deletion of the approved specification', () => {
    let changes = mergeChange([], { kind: 'spec_update', specId: 5, before: spec, after: { ...spec, model: 'X' } });
    changes = mergeChange(changes, { kind: 'spec_delete', specId: 5, before: { ...spec, model: 'X' } });
    expect(changes).toEqual([{ kind: 'spec_delete', specId: 5, before: spec }]);
    expect(mergeChange(changes, { kind: 'spec_delete', specId: 5, before: spec })).toHaveLength(1);
  });

  it('keeps additions and deletions of documents in order, each deletion once', () => {
    let changes = mergeChange([], { kind: 'document_add', after: doc });
    changes = mergeChange(changes, { kind: 'document_delete', documentId: 3, before: doc });
    changes = mergeChange(changes, { kind: 'document_delete', documentId: 3, before: doc });
    expect(changes.map((c) => c.kind)).toEqual(['document_add', 'document_delete']);
  });
});
