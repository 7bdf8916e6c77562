/** What other features may use of the element feature (components, hooks, calls); docs/architecture.md. */
export { elementApi, elementKeys } from './api.ts';
export { DynamicForm } from './components/DynamicForm.tsx';
export { ElementValuesView } from './components/ElementValuesView.tsx';
export {
  type ElementFieldValue,
  elementFieldErrors,
  type FileRef,
  type SavedElementValue,
  toElementValue,
  toElementValues,
  toFieldValue,
  toFormValues,
  toRule,
  VALUES_FIELD,
  visibleElements,
} from './form-values.ts';
