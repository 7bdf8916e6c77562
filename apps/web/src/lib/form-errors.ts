import type { FormInstance } from 'antd';
import { ApiError } from './http.ts';

type Path = (string | number)[];

export interface FieldErrorOptions {
  /** Server field names → form field names where they differ (`{ uploadId: 'file' }`). */
  rename?: Record<string, string>;
  /** Moves a message to another field (`units.0.formats.1` → the unit's one format box). */
  mapPath?: (path: Path) => Path;
}

/** "options.0.label" → ['options', 0, 'label']. */
const toPath = (field: string): Path => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

function hasField(form: FormInstance, name: string | number): boolean {
  return (
    Object.hasOwn(form.getFieldsValue(true) as object, name) || Object.hasOwn(form.getFieldsValue() as object, name)
  );
}

/**
 * The one mapping of per-field messages (a 40000 answer's `data.fields`, `{ field: message }`) onto an antd form:
 * dotted names become paths, `rename` and `mapPath` adapt them, and only fields the form has take a message.
 * Answers whether any did; otherwise the caller shows the answer's message.
 */
export function setFieldMessages(
  form: FormInstance,
  messages: Record<string, string>,
  { rename = {}, mapPath = (path) => path }: FieldErrorOptions = {},
): boolean {
  const fields = Object.entries(messages)
    .map(([field, message]) => ({ name: mapPath(toPath(rename[field] ?? field)), errors: [message] }))
    .filter((f) => f.name.length > 0 && hasField(form, f.name[0] as string | number));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}

/** {@link setFieldMessages} for a failed call: false for anything but an {@link ApiError} with field messages. */
export function applyFieldErrors(form: FormInstance, error: unknown, options?: FieldErrorOptions): boolean {
  return error instanceof ApiError && setFieldMessages(form, error.fieldErrors, options);
}
