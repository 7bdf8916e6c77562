import {
  type AuditFormAnswer,
  auditFormAnswer,
  type ElementValue,
  type FieldError,
  FieldType,
  isElementValueFilled,
  type listingValueInput,
  normalizeElementValue,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import type { CityForm } from '../element/index.ts';
import * as repo from './listing.repository.ts';

type ValueInput = z.output<typeof listingValueInput>;

/**
 * Read the values sent against a form (spec §3, §5): the city's listing form of a manufacturer, or an auditor's
 * approval form. Each value is kept in the field of its element's display type, option values not among the options
 * cleared, and every file must be an upload of `owner` (the manufacturer's organisation; the auditor's). `strict`
 * (one listing, a decision): a value for an element outside the form is a 400; otherwise (a batch into several
 * cities) it is left out for the cities whose form lacks it.
 */
export async function readValues(
  tx: Tx,
  form: CityForm,
  input: readonly ValueInput[],
  owner: repo.UploadOwner,
  strict: boolean,
): Promise<Map<number, ElementValue>> {
  const errors: FieldError[] = [];
  const values = new Map<number, ElementValue>();
  const rules = new Map(form.rules.map((r) => [r.id, r]));
  for (const [i, v] of input.entries()) {
    const rule = rules.get(v.elementId);
    if (!rule) {
      if (strict) errors.push({ field: `values.${i}.elementId`, message: '该要素不属于当前表单，请刷新后重试' });
      continue;
    }
    if (values.has(v.elementId)) {
      errors.push({ field: `values.${i}.elementId`, message: `「${rule.name}」重复填写` });
      continue;
    }
    values.set(
      v.elementId,
      normalizeElementValue(rule, {
        propertyValue: v.propertyValue ?? null,
        propertyNumValue: v.propertyNumValue ?? null,
        propertyArrayValue: v.propertyArrayValue ?? null,
        resourceValue: v.resourceValue ?? null,
      }),
    );
  }
  const fileIds = [...values.values()].flatMap((v) => v.resourceValue ?? []);
  const owned = await repo.ownedUploadIds(tx, fileIds, owner);
  for (const [i, v] of input.entries()) {
    const kept = values.get(v.elementId);
    if (kept?.resourceValue?.some((id) => !owned.has(id))) {
      errors.push({ field: `values.${i}.resourceValue`, message: '文件不存在，请重新上传' });
    }
  }
  if (errors.length > 0) throw invalidInput(errors);
  return values;
}

/** The stored values of a listing, read against the form as it is now (elements no longer in it are left out). */
export function storedValues(form: CityForm, rows: Awaited<ReturnType<typeof repo.valuesOf>>) {
  const rules = new Map(form.rules.map((r) => [r.id, r]));
  const values = new Map<number, ElementValue>();
  for (const row of rows) {
    const rule = rules.get(row.elementId);
    if (!rule) continue;
    values.set(
      row.elementId,
      normalizeElementValue(rule, {
        propertyValue: row.propertyValue,
        propertyNumValue: row.propertyNumValue === null ? null : Number(row.propertyNumValue),
        propertyArrayValue: row.propertyArrayValue,
        resourceValue: row.resourceValue,
      }),
    );
  }
  return values;
}

/** Rows to store: empty answers are not kept. */
export function valueRows(form: CityForm, values: ReadonlyMap<number, ElementValue>) {
  const rules = new Map(form.rules.map((r) => [r.id, r]));
  return [...values.values()]
    .filter((v) => {
      const rule = rules.get(v.elementId);
      return rule !== undefined && isElementValueFilled(rule, v);
    })
    .map((v) => ({
      elementId: v.elementId,
      propertyValue: v.propertyValue,
      propertyNumValue: v.propertyNumValue === null ? null : String(v.propertyNumValue),
      propertyArrayValue: v.propertyArrayValue,
      resourceValue: v.resourceValue,
    }));
}

/** The upload ids a listing's file values name. */
export function fileIdsOf(form: CityForm, values: ReadonlyMap<number, ElementValue>): number[] {
  return [...values.values()]
    .filter((v) => form.elements.get(v.elementId)?.displayType === FieldType.FILE)
    .flatMap((v) => v.resourceValue ?? []);
}

/**
 * The answers of an approval form as the audit log keeps them: each filled element in the form's order with its name
 * and its answer as text (option labels, not ids), so the record reads the same after the form changes.
 */
export function answerSnapshot(
  form: CityForm,
  values: ReadonlyMap<number, ElementValue>,
  uploadNames: ReadonlyMap<number, string>,
): AuditFormAnswer[] {
  const answers: AuditFormAnswer[] = [];
  for (const element of form.groups.flatMap((g) => g.elements)) {
    const value = values.get(element.id);
    const rule = form.rules.find((r) => r.id === element.id);
    if (!value || !rule || !isElementValueFilled(rule, value)) continue;
    const label = (enumId: string) => element.elementEnumList.find((o) => String(o.enumId) === enumId)?.label ?? '';
    let text: string | null = null;
    switch (element.displayType) {
      case FieldType.TEXT:
      case FieldType.TEXTAREA:
        text = value.propertyValue ?? (value.propertyNumValue === null ? null : String(value.propertyNumValue));
        break;
      case FieldType.RADIO:
      case FieldType.SELECT:
        text = value.propertyValue === null ? null : label(value.propertyValue);
        break;
      case FieldType.CHECKBOX:
        text = (value.propertyArrayValue ?? []).map(label).join('、');
        break;
    }
    const files = (value.resourceValue ?? []).map((id) => ({ id, name: uploadNames.get(id) ?? '' }));
    answers.push({ elementId: element.id, name: element.name, displayType: element.displayType, text, files });
  }
  return answers;
}

/** The answers an audit row's detail holds (none for rows of other steps, or written before approval forms). */
export function answersOf(detail: unknown): AuditFormAnswer[] {
  const parsed = auditFormAnswer.array().safeParse((detail as { answers?: unknown } | null)?.answers);
  return parsed.success ? parsed.data : [];
}
