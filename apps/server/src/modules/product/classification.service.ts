import {
  type ClassificationTree,
  type ClassifyCountNode,
  materialTypeLabels,
  ProductDocumentKind,
  type ProductDocumentKindValue,
  productDocumentKindLabels,
  STAR_RATINGS,
} from '@jcbb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { createReferenceService, listClassifications } from '../reference/index.ts';
import * as readsRepo from './product-reads.repository.ts';

/** A class and its ancestors, category first ([{01 围护结构及混凝土类}, {0105 砌体材料}]); empty for an unknown code. */
export async function classificationPath(tx: Tx, code: string) {
  const path: { code: string; name: string }[] = [];
  let next: string | null = code;
  // The tree is two levels deep today; the loop allows deeper trees and stops on a cycle.
  for (let depth = 0; next !== null && depth < 8; depth += 1) {
    const row = await readsRepo.findClassification(tx, next);
    if (!row) break;
    path.unshift({ code: row.code, name: row.name });
    next = row.parentCode;
  }
  return path;
}

/**
 * The classification calls of the materials service. The tree itself comes from the reference module (one SQL,
 * built once per process), as /api/dictionary/material-classification answers it.
 */
export function createClassificationService({ db }: { db: Db }) {
  const reference = createReferenceService({ db });

  function findNode(tree: ClassificationTree, code: string) {
    for (const category of tree) {
      if (category.code === code) return category;
      const child = category.children?.find((c) => c.code === code);
      if (child) return child;
    }
    return undefined;
  }

  return {
    tree: () => reference.classificationTree(),

    /** The node of a classification code with everything under it (404 for an unknown code). */
    async subtree(code: string) {
      const node = findNode(await reference.classificationTree(), code);
      if (!node) throw notFound('产品分类不存在');
      return [node];
    },

    /**
     * The whole tree with, on every node, the number of enabled products listed in the city (a category counts
     * its classes). An unknown division code answers 404.
     */
    async byCity(cityCode: string): Promise<ClassifyCountNode[]> {
      return db.transaction(async (tx) => {
        if (!(await readsRepo.divisionName(tx, cityCode))) throw notFound('城市不存在');
        const counts = new Map((await readsRepo.listedCountsByClass(tx, cityCode)).map((r) => [r.code, Number(r.n)]));
        const rows = await listClassifications(tx);
        const roots: ClassifyCountNode[] = [];
        const byCode = new Map<string, ClassifyCountNode>();
        for (const r of rows) {
          const node: ClassifyCountNode = { code: r.code, name: r.name, productCount: counts.get(r.code) ?? 0 };
          byCode.set(r.code, node);
          const parent = r.parentCode === null ? undefined : byCode.get(r.parentCode);
          if (!parent) {
            roots.push(node);
          } else {
            parent.children ??= [];
            parent.children.push(node);
            parent.productCount += node.productCount;
          }
        }
        return roots;
      });
    },

    /** The drop-down data of the qualification documents form. */
    async qualificationDropData() {
      return {
        documentKinds: (Object.values(ProductDocumentKind) as ProductDocumentKindValue[]).map((value) => ({
          value,
          label: productDocumentKindLabels[value].zh,
          enLabel: productDocumentKindLabels[value].en,
        })),
        starRatings: STAR_RATINGS.map((value) => ({ value, label: `${'★'.repeat(value)} ${value} 星级` })),
        issuers: await readsRepo.knownIssuers(db),
        materialTypes: Object.entries(materialTypeLabels).map(([value, label]) => ({ value: Number(value), label })),
      };
    },
  };
}
