import { FieldType } from './enums.ts';

/**
 * The rules of a dynamic form's values (spec §3, §5), as pure functions shared by the server and the web client:
 * which value field a display type uses, the clearing of option values that are not among the element's options,
 * the required check of a submission, and whether a listing meets its city's government-procurement demand
 * standard.
 */

export interface ElementRule {
  id: number;
  name: string;
  displayType: number;
  /** 0 optional, 1 required. */
  required: number;
  govProcurement: boolean;
  standardMin: number | null;
  options: readonly { enumId: number; meetsStandard: boolean }[];
}

/** One element's answer. Only the field of the element's display type is kept (see normalizeElementValue). */
export interface ElementValue {
  elementId: number;
  /** Text (types 1, 2) or the chosen enumId (types 3, 5). */
  propertyValue: string | null;
  /** The number of a numeric text answer. */
  propertyNumValue: number | null;
  /** Chosen enumIds of a checkbox (type 4), as strings as the original client sent them. */
  propertyArrayValue: string[] | null;
  /** Upload ids of a file element (type 6). */
  resourceValue: number[] | null;
}

export const emptyElementValue = (elementId: number): ElementValue => ({
  elementId,
  propertyValue: null,
  propertyNumValue: null,
  propertyArrayValue: null,
  resourceValue: null,
});

const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
/** Numbers are stored with 14 integer digits (numeric(18, 4)); a larger one is not read as a number. */
export const ELEMENT_NUMBER_LIMIT = 1e14;
const storable = (n: number) => Number.isFinite(n) && Math.abs(n) < ELEMENT_NUMBER_LIMIT;

/**
 * Spec §5: a value of a radio, checkbox or dropdown element (display types 3, 4, 5) that is not among the element's
 * options is cleared to empty. A checkbox keeps those of its choices that are still options (in the order chosen,
 * without repeats) and is empty when none is. Other types are returned unchanged.
 */
export function clearValuesNotInOptions(element: ElementRule, value: ElementValue): ElementValue {
  const known = new Set(element.options.map((o) => String(o.enumId)));
  switch (element.displayType) {
    case FieldType.RADIO:
    case FieldType.SELECT: {
      const chosen = value.propertyValue?.trim() ?? '';
      return { ...value, propertyValue: known.has(chosen) ? chosen : null };
    }
    case FieldType.CHECKBOX: {
      const kept = [...new Set((value.propertyArrayValue ?? []).map((v) => String(v).trim()))].filter((v) =>
        known.has(v),
      );
      return { ...value, propertyArrayValue: kept.length > 0 ? kept : null };
    }
    default:
      return value;
  }
}

/**
 * Keep only the value field(s) of the element's display type, trimmed, with option values cleared as above. A text
 * answer that is a number also fills propertyNumValue when the client did not send one, so a numeric standard
 * (standardMin) can be checked whichever field the client used.
 */
export function normalizeElementValue(element: ElementRule, value: Partial<ElementValue>): ElementValue {
  const out = emptyElementValue(element.id);
  switch (element.displayType) {
    case FieldType.TEXT:
    case FieldType.TEXTAREA: {
      const text = value.propertyValue?.trim() ?? '';
      out.propertyValue = text === '' ? null : text;
      const given = value.propertyNumValue;
      if (given !== null && given !== undefined && storable(given)) out.propertyNumValue = given;
      else if (NUMBER_TEXT.test(text) && storable(Number(text))) out.propertyNumValue = Number(text);
      return out;
    }
    case FieldType.RADIO:
    case FieldType.SELECT:
      return clearValuesNotInOptions(element, { ...out, propertyValue: value.propertyValue ?? null });
    case FieldType.CHECKBOX:
      return clearValuesNotInOptions(element, { ...out, propertyArrayValue: value.propertyArrayValue ?? null });
    case FieldType.FILE: {
      const ids = [...new Set(value.resourceValue ?? [])];
      out.resourceValue = ids.length > 0 ? ids : null;
      return out;
    }
    default:
      return out;
  }
}

/** Whether an (already normalised) value answers its element. */
export function isElementValueFilled(element: ElementRule, value: ElementValue | undefined): boolean {
  if (!value) return false;
  switch (element.displayType) {
    case FieldType.TEXT:
    case FieldType.TEXTAREA:
      return (value.propertyValue ?? '') !== '' || value.propertyNumValue !== null;
    case FieldType.RADIO:
    case FieldType.SELECT:
      return (value.propertyValue ?? '') !== '';
    case FieldType.CHECKBOX:
      return (value.propertyArrayValue?.length ?? 0) > 0;
    case FieldType.FILE:
      return (value.resourceValue?.length ?? 0) > 0;
    default:
      return false;
  }
}

/** The required elements a submission leaves empty (a draft may leave them so). */
export function missingRequiredElements(
  elements: readonly ElementRule[],
  values: ReadonlyMap<number, ElementValue>,
): ElementRule[] {
  return elements.filter((e) => e.required === 1 && !isElementValueFilled(e, values.get(e.id)));
}

/**
 * Whether a value meets its demand-standard element: radio and dropdown, the chosen option meets the standard;
 * checkbox, at least one chosen option does; text, non-empty and, with a standardMin, a number at least that;
 * file, at least one file.
 */
export function meetsElementStandard(element: ElementRule, value: ElementValue | undefined): boolean {
  if (!value) return false;
  const meeting = new Set(element.options.filter((o) => o.meetsStandard).map((o) => String(o.enumId)));
  switch (element.displayType) {
    case FieldType.RADIO:
    case FieldType.SELECT:
      return value.propertyValue !== null && meeting.has(value.propertyValue);
    case FieldType.CHECKBOX:
      return (value.propertyArrayValue ?? []).some((v) => meeting.has(v));
    case FieldType.TEXT:
    case FieldType.TEXTAREA:
      if (!isElementValueFilled(element, value)) return false;
      if (element.standardMin === null) return true;
      return value.propertyNumValue !== null && value.propertyNumValue >= element.standardMin;
    case FieldType.FILE:
      return (value.resourceValue?.length ?? 0) > 0;
    default:
      return false;
  }
}

/**
 * Whether a listing meets its city's government-procurement demand standard: every demand-standard element of the
 * form (the city's enabled elements and the nationwide ones, as passed in) is met. A form without any
 * demand-standard element sets no standard, so nothing meets it (docs/decisions.md).
 */
export function meetsDemandStandard(
  elements: readonly ElementRule[],
  values: ReadonlyMap<number, ElementValue>,
): boolean {
  const standard = elements.filter((e) => e.govProcurement);
  if (standard.length === 0) return false;
  return standard.every((e) => meetsElementStandard(e, values.get(e.id)));
}
