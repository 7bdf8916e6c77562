import {
  type ClassificationTree,
  type DivisionChild,
  DivisionLevel,
  type DivisionTree,
  type PlatformCityTree,
  type ProductUnitItem,
  type TownCodeCheckData,
} from '@jcbb/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './reference.repository.ts';

interface Deps {
  db: Db;
}

interface Flat {
  code: string;
  name: string;
  parentCode: string | null;
}

interface TreeNode {
  code: string;
  name: string;
  children?: TreeNode[];
}

/** Nest rows under their parents, keeping the rows' order among siblings; leaves get no `children`. */
function buildTree(rows: readonly Flat[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) nodes.set(r.code, { code: r.code, name: r.name });
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code) as TreeNode;
    if (r.parentCode === null) {
      roots.push(node);
      continue;
    }
    const parent = nodes.get(r.parentCode);
    if (!parent) continue;
    parent.children ??= [];
    parent.children.push(node);
  }
  return roots;
}

/**
 * Reference data is written only at start-up (seedReferenceData), so the trees are built once per process and
 * kept; a failed build is not kept, the next call tries again.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

export function createReferenceService({ db }: Deps) {
  const divisionTree = once(async (): Promise<DivisionTree> => buildTree(await repo.allDivisions(db)));
  const classificationTree = once(
    async (): Promise<ClassificationTree> => buildTree(await repo.listClassifications(db)),
  );

  async function divisionChildren(parentCode: string | undefined): Promise<DivisionChild[]> {
    if (parentCode === undefined) return repo.childDivisions(db, null);
    return db.transaction(async (tx) => {
      if (!(await repo.findDivision(tx, parentCode))) throw notFound('行政区划不存在');
      return repo.childDivisions(tx, parentCode);
    });
  }

  async function cityTree(): Promise<PlatformCityTree> {
    const rows = await repo.openedCities(db);
    const provinces = new Map<string, PlatformCityTree[number]>();
    for (const r of rows) {
      let province = provinces.get(r.provinceCode);
      if (!province) {
        province = { code: r.provinceCode, name: r.provinceName, children: [] };
        provinces.set(r.provinceCode, province);
      }
      province.children.push({ code: r.cityCode, name: r.cityName, letter: r.letter });
    }
    return [...provinces.values()].sort((a, b) => a.code.localeCompare(b.code));
  }

  async function units(nameContains?: string): Promise<ProductUnitItem[]> {
    return repo.listUnits(db, nameContains || undefined);
  }

  /**
   * A county code (or the county part of a town or village code) is valid when it names a county-level division:
   * a county, or a city that has no counties (东莞 441900). Codes of provinces and of cities with counties are not.
   */
  async function checkTownCode(code: string): Promise<TownCodeCheckData> {
    const checkedCode = code.slice(0, 6);
    const invalid: TownCodeCheckData = {
      valid: false,
      code,
      checkedCode,
      name: null,
      path: [],
      cityCode: null,
      opened: false,
    };
    return db.transaction(async (tx) => {
      const path = await repo.divisionPath(tx, checkedCode);
      const self = path.at(-1);
      if (!self) return invalid;
      const countyLevel =
        self.level === DivisionLevel.COUNTY ||
        (self.level === DivisionLevel.CITY && !(await repo.hasChildDivisions(tx, self.code)));
      if (!countyLevel) return invalid;
      const city = path.find((d) => d.level === DivisionLevel.CITY);
      const cityCode = city?.code ?? null;
      return {
        valid: true,
        code,
        checkedCode,
        name: self.name,
        path: path.map((d) => ({ code: d.code, name: d.name })),
        cityCode,
        opened: cityCode !== null && (await repo.isOpenedCity(tx, cityCode)),
      };
    });
  }

  return {
    divisionTree,
    divisionChildren,
    cityTree,
    units,
    transportTypes: () => repo.listTransportTypes(db),
    orgNatures: () => repo.listOrgNatures(db),
    classificationTree,
    checkTownCode,
  };
}
