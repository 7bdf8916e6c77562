import { z } from './zod.ts';

/** Level of a GB/T 2260 division as the server stores it. */
export const DivisionLevel = { PROVINCE: 1, CITY: 2, COUNTY: 3 } as const;
export type DivisionLevelValue = (typeof DivisionLevel)[keyof typeof DivisionLevel];

/** A six-digit GB/T 2260 code: province 320000, city 320100, county 320115. */
export const DIVISION_CODE_PATTERN = /^\d{6}$/;
/** County (6), town (9) or village (12) statistical division code. */
export const TOWN_CODE_PATTERN = /^(?:\d{6}|\d{9}|\d{12})$/;

/** A node without children: a county, a product class, or a province or city without subdivisions. */
const treeLeaf = z.object({ code: z.string(), name: z.string() });

/**
 * The whole division tree: provinces → cities → counties. The depth is fixed, so each level has its own schema (a
 * self-referencing schema would leave a dangling $ref in the OpenAPI document). Leaves carry no `children`.
 */
export const divisionCityNode = treeLeaf.extend({ children: z.array(treeLeaf).optional() });
export const divisionProvinceNode = treeLeaf.extend({ children: z.array(divisionCityNode).optional() });
export const divisionTreeData = z.array(divisionProvinceNode);
export type DivisionTree = z.infer<typeof divisionTreeData>;

/** An empty `parentCode` means the same as none (the client's cascader sends '' for the first column). */
export const divisionChildrenQuery = z.object({
  parentCode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(DIVISION_CODE_PATTERN, { message: '上级区划代码应为 6 位数字' }).optional(),
  ),
});
export type DivisionChildrenQuery = z.input<typeof divisionChildrenQuery>;

export const divisionChild = z.object({
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  hasChildren: z.boolean(),
});
export const divisionChildrenData = z.array(divisionChild);
export type DivisionChild = z.infer<typeof divisionChild>;

/** The platform's opened cities grouped under their provinces. */
export const platformCityTreeData = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    children: z.array(z.object({ code: z.string(), name: z.string(), letter: z.string() })),
  }),
);
export type PlatformCityTree = z.infer<typeof platformCityTreeData>;

export const unitFilterBody = z.object({
  name: z.string({ error: '单位名称应为文本' }).trim().max(20, '单位名称最多 20 个字').optional(),
});
export const productUnitItem = z.object({ id: z.number().int(), name: z.string(), enName: z.string() });
export const productUnitListData = z.array(productUnitItem);
export type ProductUnitItem = z.infer<typeof productUnitItem>;

export const transportTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  enName: z.string(),
  /** kgCO2e per tonne-kilometre, as the decimal string of the stored numeric ('0.334'). */
  factor: z.string(),
});
export const transportTypeListData = z.array(transportTypeItem);

export const orgNatureItem = z.object({ code: z.number().int(), name: z.string(), enName: z.string() });
export const orgNatureListData = z.array(orgNatureItem);

/** Categories (level 1) and their products (level 2). */
export const classificationCategoryNode = treeLeaf.extend({ children: z.array(treeLeaf).optional() });
export const classificationTreeData = z.array(classificationCategoryNode);
export type ClassificationTree = z.infer<typeof classificationTreeData>;

export const townCodeBody = z.object({
  code: z
    .string({ error: '请输入区划代码' })
    .trim()
    .regex(TOWN_CODE_PATTERN, { message: '区划代码应为 6 位（区县）、9 位（乡镇）或 12 位（村）数字' }),
});
export type TownCodeBody = z.input<typeof townCodeBody>;

export const divisionPathItem = z.object({ code: z.string(), name: z.string() });
export const townCodeCheckData = z.object({
  /** The code names a known county-level division, or lies inside one (9 and 12 digits). */
  valid: z.boolean(),
  /** The code as sent. */
  code: z.string(),
  /** The six-digit county code actually checked: the code itself, or the first six digits of a longer one. */
  checkedCode: z.string(),
  /** Name of the county; null when not valid. */
  name: z.string().nullable(),
  /** Province, city, county; empty when not valid. */
  path: z.array(divisionPathItem),
  cityCode: z.string().nullable(),
  /** The county's city is one of the platform's opened cities. */
  opened: z.boolean(),
});
export type TownCodeCheckData = z.infer<typeof townCodeCheckData>;
