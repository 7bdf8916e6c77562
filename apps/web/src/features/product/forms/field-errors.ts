import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/http.ts';

/**
 * Put a 40000 answer's per-field messages on the form's fields (`fields` maps server names to form names where
 * they differ). Returns whether any landed on a field the form has; otherwise the caller shows the message.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, fields: Record<string, string> = {}): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = Object.entries(error.fieldErrors)
    .map(([field, message]) => ({ name: fields[field] ?? field, errors: [message] }))
    .filter((f) => hasField(form, f.name));
  if (known.length === 0) return false;
  form.setFields(known);
  return true;
}

function hasField(form: FormInstance, name: string): boolean {
  return Object.hasOwn(form.getFieldsValue(true) as object, name);
}
