import {
  type AttributeGroupWithElements,
  type ElementItem,
  type ElementRule,
  fieldTypeLabels,
  Scenario,
} from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import * as repo from './element.repository.ts';

/** An element row and its options as the contract shows them. */
export function elementView(element: repo.ElementRow, options: repo.EnumRow[]): ElementItem {
  return {
    id: element.id,
    groupId: element.groupId,
    cityCode: element.cityCode,
    name: element.name,
    displayType: element.displayType,
    displayTypeName: fieldTypeLabels[element.displayType] ?? '',
    required: element.required,
    useStatus: element.useStatus,
    govProcurement: element.govProcurement,
    standardMin: element.standardMin === null ? null : Number(element.standardMin),
    placeholder: element.placeholder,
    sort: element.sort,
    elementEnumList: options.map((o) => ({
      enumId: o.id,
      label: o.label,
      meetsStandard: o.meetsStandard,
      sort: o.sort,
    })),
  };
}

export function groupView(group: repo.GroupRow) {
  return {
    id: group.id,
    cityCode: group.cityCode,
    cityName: group.cityName,
    name: group.name,
    scenario: group.scenario,
    useStatus: group.useStatus,
    sort: group.sort,
  };
}

/** The rule view of an element that the value functions of the contract take. */
export function elementRule(element: ElementItem): ElementRule {
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

/** Groups with their elements (enabled only unless `includeDisabled`). */
export async function withElements(
  tx: Tx,
  groups: repo.GroupRow[],
  includeDisabled = false,
): Promise<AttributeGroupWithElements[]> {
  const rows = await repo.elementsOfGroups(
    tx,
    groups.map((g) => g.id),
    includeDisabled,
  );
  return groups.map((g) => ({
    ...groupView(g),
    elements: rows.filter((r) => r.element.groupId === g.id).map((r) => elementView(r.element, r.options)),
  }));
}

export interface CityForm {
  groups: AttributeGroupWithElements[];
  /** Every enabled element of the form, by id. */
  elements: Map<number, ElementItem>;
  rules: ElementRule[];
}

/**
 * A city's listing form (scenario 1) as it is now: its enabled groups and the nationwide ones, with their enabled
 * elements. `cityCode` null: the nationwide part alone.
 */
export async function loadCityForm(tx: Tx, cityCode: string | null): Promise<CityForm> {
  return toForm(await withElements(tx, await repo.formGroups(tx, cityCode, Scenario.WAREHOUSING_FORM)));
}

/**
 * The approval form (scenario 2, the custom approval flow) an auditor fills with a decision on a listing: the
 * platform's audit uses the nationwide groups (`cityCode` null), a city committee's audit its city's own groups.
 */
export async function loadApprovalForm(tx: Tx, cityCode: string | null): Promise<CityForm> {
  return toForm(await withElements(tx, await repo.ownGroups(tx, cityCode, Scenario.CUSTOM_APPROVAL_FLOW)));
}

function toForm(groups: AttributeGroupWithElements[]): CityForm {
  const all = groups.flatMap((g) => g.elements);
  return { groups, elements: new Map(all.map((e) => [e.id, e])), rules: all.map(elementRule) };
}
