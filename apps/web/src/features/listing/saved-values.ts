import type { AttributeGroupWithElements, ElementValue } from '@jcbb/contract';
import { type SavedElementValue, toElementValue, toFieldValue, visibleElements } from '../element/public.ts';

/** The enabled elements of a city's form, in order. */
export function formElements(groups: readonly AttributeGroupWithElements[]) {
  return groups.filter((g) => g.useStatus === 1).flatMap((g) => visibleElements(g.elements));
}

/**
 * A listing's saved answers as a save body's values, through the same mapping as the form (so options that are no
 * longer offered are cleared, spec §5): submitting from the list sends what the form would.
 */
export function savedToValues(
  groups: readonly AttributeGroupWithElements[],
  saved: readonly SavedElementValue[],
): ElementValue[] {
  const byElement = new Map(saved.map((v) => [v.elementId, v]));
  return formElements(groups).map((e) => toElementValue(e, toFieldValue(e, byElement.get(e.id))));
}
