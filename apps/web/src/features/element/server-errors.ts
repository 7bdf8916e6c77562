import type { FormInstance } from 'antd';
import type { ApiError } from '../../lib/http.ts';

/**
 * Put a 40000 answer's per-field messages on the form's fields ("options.0.label" → ['options', 0, 'label']).
 * Answers whether any field took a message; the caller toasts the rest.
 */
export function applyServerErrors(form: FormInstance, error: ApiError): boolean {
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  form.setFields(
    entries.map(([field, message]) => ({
      name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [message],
    })),
  );
  return true;
}
