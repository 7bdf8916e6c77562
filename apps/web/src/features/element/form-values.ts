import {
  clearValuesNotInOptions,
  type ElementItem,
  type ElementRule,
  type ElementValue,
  emptyElementValue,
  FieldType,
  normalizeElementValue,
} from '@jcbb/contract';

/**
 * Between a dynamic form's antd fields and the value fields of spec §3 (propertyValue, propertyNumValue,
 * propertyArrayValue, resourceValue). The rules themselves (which field a type uses, clearing option values that
 * are not among the options, spec §5) are the contract's, shared with the server.
 */

/** A file of a file-upload element: the upload's id and its name (shown and opened). */
export interface FileRef {
  id: number;
  name: string;
}

/** What one antd field holds: text (1, 2), the chosen enumId as text (3, 5), enumIds (4), files (6). */
export type ElementFieldValue = string | string[] | FileRef[] | undefined;

/** A saved value as the server answers it: the value fields and the names of its files. */
export type SavedElementValue = Partial<ElementValue> & { elementId: number; resources?: FileRef[] };

/** The form's field name of an element: a string key, so antd does not read a numeric id as an array index. */
export const fieldKey = (elementId: number) => `e${elementId}`;
/** Dynamic values live under this key of the surrounding form. */
export const VALUES_FIELD = 'values';
export const fieldName = (elementId: number): [typeof VALUES_FIELD, string] => [VALUES_FIELD, fieldKey(elementId)];

/** The contract's rule view of an element (its options as enumId and standard flag). */
export function toRule(element: ElementItem): ElementRule {
  return {
    id: element.id,
    name: element.name,
    displayType: element.displayType,
    required: element.required,
    govProcurement: element.govProcurement,
    standardMin: element.standardMin,
    options: element.elementEnumList.map((o) => ({ enumId: o.enumId, meetsStandard: o.meetsStandard })),
  };
}

/** A text element with a numeric standard is answered with a number (NumericInput; propertyNumValue). */
export const isNumericElement = (element: Pick<ElementItem, 'displayType' | 'standardMin'>) =>
  element.displayType === FieldType.TEXT && element.standardMin !== null;

function formatNumber(value: number): string {
  // The server keeps four decimals; show them without trailing zeros.
  return String(Number(value.toFixed(4)));
}

/** The antd field value of one saved value; options that are no longer among the element's are cleared (§5). */
export function toFieldValue(element: ElementItem, saved: SavedElementValue | undefined): ElementFieldValue {
  const value = clearValuesNotInOptions(toRule(element), { ...emptyElementValue(element.id), ...saved });
  switch (element.displayType) {
    case FieldType.TEXT:
    case FieldType.TEXTAREA:
      if (value.propertyValue !== null) return value.propertyValue;
      return value.propertyNumValue !== null ? formatNumber(value.propertyNumValue) : undefined;
    case FieldType.RADIO:
    case FieldType.SELECT:
      return value.propertyValue ?? undefined;
    case FieldType.CHECKBOX:
      return value.propertyArrayValue ?? undefined;
    case FieldType.FILE: {
      const names = new Map((saved?.resources ?? []).map((r) => [r.id, r.name]));
      const ids = value.resourceValue ?? [];
      return ids.length > 0 ? ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` })) : undefined;
    }
    default:
      return undefined;
  }
}

/** The form's initial `values` object for a listing's saved values. */
export function toFormValues(
  elements: readonly ElementItem[],
  saved: readonly SavedElementValue[],
): Record<string, ElementFieldValue> {
  const byElement = new Map(saved.map((v) => [v.elementId, v]));
  return Object.fromEntries(elements.map((e) => [fieldKey(e.id), toFieldValue(e, byElement.get(e.id))]));
}

/** One antd field value as the value fields of its element's display type (normalised by the contract's rules). */
export function toElementValue(element: ElementItem, field: ElementFieldValue): ElementValue {
  const raw: Partial<ElementValue> = {};
  switch (element.displayType) {
    case FieldType.TEXT:
    case FieldType.TEXTAREA:
      raw.propertyValue = typeof field === 'string' ? field : null;
      if (isNumericElement(element) && typeof field === 'string' && field.trim() !== '') {
        const number = Number(field);
        if (Number.isFinite(number)) raw.propertyNumValue = number;
      }
      break;
    case FieldType.RADIO:
    case FieldType.SELECT:
      raw.propertyValue = typeof field === 'string' ? field : null;
      break;
    case FieldType.CHECKBOX:
      raw.propertyArrayValue = Array.isArray(field) ? (field as string[]).map(String) : null;
      break;
    case FieldType.FILE:
      raw.resourceValue = Array.isArray(field) ? (field as FileRef[]).map((f) => f.id) : null;
      break;
  }
  return normalizeElementValue(toRule(element), raw);
}

/** The values a save sends: one per element of the form, empty ones included (so a cleared answer is cleared). */
export function toElementValues(
  elements: readonly ElementItem[],
  fields: Record<string, ElementFieldValue> | undefined,
): ElementValue[] {
  return elements.map((e) => toElementValue(e, fields?.[fieldKey(e.id)]));
}

/** The elements a form shows: enabled ones, in their order. */
export function visibleElements<T extends Pick<ElementItem, 'useStatus' | 'sort' | 'id'>>(elements: readonly T[]): T[] {
  return elements.filter((e) => e.useStatus === 1).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * A refused save's per-field messages (`elements.<id>`, `values.<i>.…` of the values sent) as antd field errors of
 * the dynamic form's fields; messages of other fields are left out.
 */
export function elementFieldErrors(
  fieldErrors: Record<string, string>,
  sent: readonly Pick<ElementValue, 'elementId'>[],
) {
  return Object.entries(fieldErrors).flatMap(([field, message]) => {
    const byId = /^elements\.(\d+)/.exec(field);
    const byIndex = /^values\.(\d+)/.exec(field);
    const id = byId ? Number(byId[1]) : byIndex ? sent[Number(byIndex[1])]?.elementId : undefined;
    return id === undefined ? [] : [{ name: fieldName(id), errors: [message] }];
  });
}
