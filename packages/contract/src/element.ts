import { FieldType, Scenario, UseStatus } from './enums.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/**
 * Dynamic-form elements (spec §3): attribute groups and their elements per city, or nationwide (cityCode null).
 * The platform administrator defines them; a city's listing form is its enabled scenario-1 groups plus the
 * nationwide ones. Elements marked `govProcurement` are the city's government-procurement demand standard.
 */

export const fieldTypeLabels: Record<number, string> = {
  1: '文本框',
  2: '多行文本',
  3: '单选',
  4: '多选',
  5: '下拉选择',
  6: '文件上传',
};
export const scenarioLabels: Record<number, string> = { 1: '入库表单', 2: '自定义审批流' };
export const useStatusLabels: Record<number, string> = { 1: '启用', 2: '停用' };

/** Field types whose value is one or several of the element's options. */
export const OPTION_FIELD_TYPES: readonly number[] = [FieldType.RADIO, FieldType.CHECKBOX, FieldType.SELECT];

/** A six-digit city code (GB/T 2260); whether the platform has opened it is checked by the server. */
export const cityCodeSchema = z
  .string({ error: '请选择城市' })
  .trim()
  .regex(/^\d{6}$/, '请选择正确的城市');

const displayTypeSchema = z
  .number({ error: '请选择字段类型' })
  .int('请选择字段类型')
  .min(FieldType.TEXT, '请选择字段类型')
  .max(FieldType.FILE, '请选择字段类型');
const scenarioSchema = z
  .number({ error: '请选择使用场景' })
  .int()
  .min(Scenario.WAREHOUSING_FORM, '请选择使用场景')
  .max(Scenario.CUSTOM_APPROVAL_FLOW, '请选择使用场景');
export const useStatusSchema = z
  .number({ error: '请选择启用状态' })
  .int()
  .min(UseStatus.ENABLED, '请选择启用状态')
  .max(UseStatus.DISABLED, '请选择启用状态');
const sortSchema = z.number().int().min(0).max(100000).default(0);

// ---- What the forms look like (answers) ----

/** One option of a radio, checkbox or dropdown element (elementEnumList). `enumId` is what values carry. */
export const elementEnumItem = z.object({
  enumId: z.number().int(),
  label: z.string(),
  /** Choosing this option meets the demand standard (government-procurement elements only). */
  meetsStandard: z.boolean(),
  sort: z.number().int(),
});

export const elementItem = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  cityCode: z.string().nullable(),
  name: z.string(),
  displayType: z.number().int(),
  displayTypeName: z.string(),
  /** 0 optional, 1 required (on submission; a draft may leave it empty). */
  required: z.number().int(),
  useStatus: z.number().int(),
  govProcurement: z.boolean(),
  /** Least number meeting the standard for a numeric text element; null when any non-empty value does. */
  standardMin: z.number().nullable(),
  placeholder: z.string().nullable(),
  sort: z.number().int(),
  elementEnumList: z.array(elementEnumItem),
});
export type ElementItem = z.infer<typeof elementItem>;

export const attributeGroupItem = z.object({
  id: z.number().int(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  name: z.string(),
  scenario: z.number().int(),
  useStatus: z.number().int(),
  sort: z.number().int(),
});

/** A group with its elements: the definition of (part of) a dynamic form. */
export const attributeGroupWithElements = attributeGroupItem.extend({ elements: z.array(elementItem) });
export type AttributeGroupWithElements = z.infer<typeof attributeGroupWithElements>;

export const attributeGroupList = z.array(attributeGroupWithElements);

/** A flat element list, each with its group's name (bmElementProductsSettledInCities calls). */
export const elementWithGroupItem = elementItem.extend({ groupName: z.string() });
export const elementListData = z.array(elementWithGroupItem);

// ---- Calls of spec §7 ----

/** bm-attribute-group/selectGroupByLocalCityIdNeedSelect: a city's groups (with the nationwide ones). */
export const cityGroupsBody = z.object({
  cityCode: cityCodeSchema,
  scenario: scenarioSchema.default(Scenario.WAREHOUSING_FORM),
});

/** bmElementProductsSettledInCities/getElementList and …/getGovProcurementElementList. */
export const cityElementsBody = z.object({ cityCode: cityCodeSchema });

// ---- The platform administrator's calls (/api/admin/elements/…) ----

export const adminGroupListQuery = z.object({
  /** A city's groups; with `nationwide=true` only the nationwide ones; neither: all. */
  cityCode: cityCodeSchema.optional(),
  nationwide: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  scenario: z.coerce.number().int().min(1).max(2).optional(),
  useStatus: z.coerce.number().int().min(1).max(2).optional(),
});

export const adminGroupListItem = attributeGroupItem.extend({ elementCount: z.number().int() });
export const adminGroupList = z.array(adminGroupListItem);

const groupNameSchema = z
  .string({ error: '请输入分组名称' })
  .trim()
  .min(1, '请输入分组名称')
  .max(50, '分组名称不能超过 50 个字');

export const groupCreateBody = z.object({
  /** null: a nationwide group, part of every city's form. */
  cityCode: cityCodeSchema.nullable(),
  name: groupNameSchema,
  scenario: scenarioSchema.default(Scenario.WAREHOUSING_FORM),
  sort: sortSchema,
});
export const groupUpdateBody = z.object({
  name: groupNameSchema,
  scenario: scenarioSchema.default(Scenario.WAREHOUSING_FORM),
  sort: sortSchema,
});

export const useStatusBody = z.object({ useStatus: useStatusSchema });

export const elementOptionInput = z.object({
  /** An existing option keeps its enumId (so chosen values stay valid); leave out for a new one. */
  enumId: z.number().int().positive().max(MAX_ID, '编号超出范围').optional(),
  label: z.string({ error: '请输入选项名称' }).trim().min(1, '请输入选项名称').max(100, '选项名称不能超过 100 个字'),
  meetsStandard: z.boolean().default(false),
  sort: sortSchema,
});

const elementFields = {
  name: z.string({ error: '请输入要素名称' }).trim().min(1, '请输入要素名称').max(100, '要素名称不能超过 100 个字'),
  displayType: displayTypeSchema,
  required: z.union([z.literal(0), z.literal(1)]).default(0),
  govProcurement: z.boolean().default(false),
  standardMin: z.number().finite().gt(-1e14, '数值过大').lt(1e14, '数值过大').nullable().default(null),
  placeholder: z.string().trim().max(100, '提示文字不能超过 100 个字').nullable().default(null),
  sort: sortSchema,
  options: z.array(elementOptionInput).max(100, '选项不能超过 100 个').default([]),
};

/** Options are required for radio, checkbox and dropdown elements and allowed for no other type. */
function checkElement(
  value: { displayType: number; options: unknown[]; standardMin: number | null },
  ctx: z.RefinementCtx,
) {
  const hasOptions = OPTION_FIELD_TYPES.includes(value.displayType);
  if (hasOptions && value.options.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: '单选、多选、下拉要素至少需要一个选项' });
  }
  if (!hasOptions && value.options.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: '只有单选、多选、下拉要素可以设置选项' });
  }
  const isText = value.displayType === FieldType.TEXT || value.displayType === FieldType.TEXTAREA;
  if (!isText && value.standardMin !== null) {
    ctx.addIssue({ code: 'custom', path: ['standardMin'], message: '只有文本要素可以设置标准最小值' });
  }
}

export const elementCreateBody = z
  .object({
    groupId: z.number({ error: '请选择分组' }).int().positive('请选择分组').max(MAX_ID, '请选择分组'),
    ...elementFields,
  })
  .superRefine(checkElement);
export const elementUpdateBody = z.object(elementFields).superRefine(checkElement);

export const sortBody = z
  .object({
    groups: z
      .array(
        z.object({
          id: z.number().int().positive().max(MAX_ID, '编号超出范围'),
          sort: z.number().int().min(0).max(100000),
        }),
      )
      .max(500)
      .default([]),
    elements: z
      .array(
        z.object({
          id: z.number().int().positive().max(MAX_ID, '编号超出范围'),
          sort: z.number().int().min(0).max(100000),
        }),
      )
      .max(500)
      .default([]),
  })
  .refine((v) => v.groups.length + v.elements.length > 0, { message: '请指定要排序的分组或要素', path: ['groups'] });

export const deletedData = z.object({ id: z.number().int(), deleted: z.boolean() });
export const sortedData = z.object({ groups: z.number().int(), elements: z.number().int() });
