import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * antd `Form.Item` rules from the contract's zod schemas, so a form checks exactly what the server will: the same
 * limits and the same (Chinese) messages, which cannot drift apart. The schema is the field's own
 * (`projectSaveBody.shape.name`), run on the field's value; checks spanning fields (a finish date after the start)
 * stay with the form, as do values the form holds in another unit than the body (万元 for fen).
 */

/**
 * A blank field is an absent one: antd gives '' or null for a cleared input, the body would omit it; white space
 * alone counts as blank too (TextInput trims it away on blur, and the schemas trim), so a reason of spaces hears
 * 「请填写驳回原因」 rather than 「至少 2 个字」.
 */
const absentIfBlank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Whether the schema refuses an absent value (neither optional, nullable-to-absent, nor defaulted). */
export function isRequiredBySchema(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * One rule that runs the field's schema and rejects with its first message. `required` is set from the schema so
 * antd shows the required mark; antd runs a rule's `validator` in place of its own required check, so the message
 * of an empty required field is the schema's too (「请输入项目名称」).
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    required: isRequiredBySchema(schema),
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(absentIfBlank(value));
      if (result.success) return Promise.resolve();
      return Promise.reject(new Error(result.error.issues[0]?.message ?? 'Invalid value'));
    },
  };
}

/** `rules` for the field `field` of an object schema: `rules={rulesFrom(projectSaveBody, 'name')}`. */
export function rulesFrom<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): FormRule[] {
  return [zodRule(schema.shape[field] as z.ZodType)];
}

/** What the walk below reads of a zod 4 schema's definition (`schema._zod.def`, zod's documented internals). */
interface Def {
  type: string;
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
}
type Walkable = { _zod: { def: Def }; maxLength?: number | null };

/**
 * The longest text the schema accepts (its string's `.max`), through preprocessing, optional, nullable and default
 * wrappers; undefined when it sets none or is not text. For an input's `maxLength`, so it stops where the rule does.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current = schema as unknown as Walkable | undefined;
  for (let depth = 0; current && depth < 8; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'string') return current.maxLength ?? undefined;
    if (def.type === 'pipe') current = (def.in?._zod.def.type === 'transform' ? def.out : def.in) as Walkable;
    else if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default')
      current = def.innerType as Walkable;
    else return undefined;
  }
  return undefined;
}
