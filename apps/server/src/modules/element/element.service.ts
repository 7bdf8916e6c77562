import {
  type adminGroupListQuery,
  type cityGroupsBody,
  type elementCreateBody,
  type elementUpdateBody,
  type groupCreateBody,
  type groupUpdateBody,
  OPTION_FIELD_TYPES,
  Role,
  Scenario,
  type sortBody,
  UseStatus,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditAction, recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './element.repository.ts';
import { groupView, loadCityForm, withElements } from './element-form.ts';

type ElementBody = z.output<typeof elementUpdateBody>;

const AUDIT_ENTITY = 'element';

/**
 * Dynamic-form elements (spec §3): the platform administrator's definitions per city and nationwide, and the form
 * definitions every signed-in user reads. A change to a demand-standard element re-evaluates the
 * government-procurement flag of the listings it concerns in the same transaction.
 */
export type ElementService = ReturnType<typeof createElementService>;

/**
 * `recomputeCityStandard` re-evaluates the listings of a city after its demand-standard elements changed. The listing
 * module owns it and depends on this one (its forms), so app.ts passes it in: element never imports listing.
 */
export interface ElementServiceDeps {
  db: Db;
  recomputeCityStandard: (tx: Tx, cityCode: string | null) => Promise<number>;
}

export function createElementService({ db, recomputeCityStandard }: ElementServiceDeps) {
  async function requireOpenedCity(tx: Tx, cityCode: string, field = 'cityCode') {
    if (!(await repo.isOpenedCity(tx, cityCode))) {
      throw invalidInput([{ field, message: '该城市尚未开通' }]);
    }
  }

  async function requireGroup(tx: Tx, id: number) {
    const group = await repo.findGroup(tx, id);
    if (!group) throw notFound('分组不存在');
    return group;
  }

  async function requireElement(tx: Tx, id: number) {
    const element = await repo.findElement(tx, id);
    if (!element) throw notFound('要素不存在');
    return element;
  }

  async function groupDetail(tx: Tx, id: number, includeDisabled: boolean) {
    const group = await requireGroup(tx, id);
    const [withEls] = await withElements(tx, [group], includeDisabled);
    return withEls as NonNullable<typeof withEls>;
  }

  async function elementDetail(tx: Tx, id: number) {
    const element = await requireElement(tx, id);
    const group = await groupDetail(tx, element.groupId, true);
    const found = group.elements.find((e) => e.id === id);
    if (!found) throw notFound('要素不存在');
    return found;
  }

  /** Standard-relevant changes re-evaluate the listings of the element's city (all cities when nationwide). */
  async function afterStandardChange(tx: Tx, cityCode: string | null) {
    await recomputeCityStandard(tx, cityCode);
  }

  async function audit(
    tx: Tx,
    user: SessionUser,
    action: AuditAction<'element'>,
    entityId: number,
    detail: Record<string, unknown> | readonly unknown[],
  ) {
    await recordAudit(tx, {
      entity: AUDIT_ENTITY,
      entityId: entityId,
      orgId: null,
      actor: user,
      action,
      data: detail,
    });
  }

  /** Write the element's options: keep those named by enumId (updated), add new ones, delete the rest. */
  async function writeOptions(tx: Tx, elementId: number, body: ElementBody) {
    const existing = (await repo.optionsOf(tx, [elementId])).get(elementId) ?? [];
    const existingIds = new Set(existing.map((o) => o.id));
    const keep = new Set<number>();
    for (const [i, o] of body.options.entries()) {
      const values = {
        label: o.label,
        meetsStandard: body.govProcurement ? o.meetsStandard : false,
        sort: o.sort || i,
      };
      if (o.enumId !== undefined) {
        if (!existingIds.has(o.enumId)) {
          throw invalidInput([{ field: `options.${i}.enumId`, message: '选项不存在，请刷新后重试' }]);
        }
        keep.add(o.enumId);
        await repo.updateOption(tx, o.enumId, values);
      } else {
        await repo.insertOption(tx, { elementId, ...values });
      }
    }
    await repo.deleteOptions(
      tx,
      existing.filter((o) => !keep.has(o.id)).map((o) => o.id),
    );
  }

  /** The demand standard is judged on the listing form only: an approval form's element cannot be part of it. */
  function refuseStandardInApprovalForm(scenario: number, body: ElementBody) {
    if (scenario === Scenario.CUSTOM_APPROVAL_FLOW && body.govProcurement) {
      throw invalidInput([{ field: 'govProcurement', message: '审批流要素不参与政府采购需求标准，请关闭此项' }]);
    }
  }

  function elementColumns(body: ElementBody) {
    return {
      name: body.name,
      displayType: body.displayType,
      required: body.required,
      govProcurement: body.govProcurement,
      standardMin: body.standardMin === null ? null : String(body.standardMin),
      placeholder: body.placeholder || null,
      sort: body.sort,
    };
  }

  return {
    // ---- Form definitions (any signed-in user) ----

    /** bm-attribute-group/selectHtmlByGroupId/{id}: a group with its enabled elements; disabled groups 404 except for the platform. */
    async groupForm(user: SessionUser, id: number) {
      const group = await groupDetail(db, id, false);
      if (group.useStatus !== UseStatus.ENABLED && !user.roles.includes(Role.SUPER_ADMIN)) {
        throw notFound('分组不存在');
      }
      return group;
    },

    /** selectGroupByLocalCityIdNeedSelect: the city's enabled groups of a scenario and the nationwide ones. */
    async cityGroups(body: z.output<typeof cityGroupsBody>) {
      await requireOpenedCity(db, body.cityCode);
      return withElements(db, await repo.formGroups(db, body.cityCode, body.scenario));
    },

    /** The city's listing-form elements, flat, each with its group's name. */
    async cityElements(cityCode: string, onlyGovProcurement: boolean) {
      await requireOpenedCity(db, cityCode);
      const form = await loadCityForm(db, cityCode);
      return form.groups.flatMap((g) =>
        g.elements.filter((e) => !onlyGovProcurement || e.govProcurement).map((e) => ({ ...e, groupName: g.name })),
      );
    },

    /** The nationwide part of every city's listing form. */
    async nationwide() {
      return (await loadCityForm(db, null)).groups;
    },

    // ---- The platform administrator's definitions ----

    async adminGroups(query: z.output<typeof adminGroupListQuery>) {
      const rows = await repo.listGroups(db, query);
      return rows.map((r) => ({ ...groupView(r), elementCount: r.elementCount }));
    },

    async adminGroup(id: number) {
      return groupDetail(db, id, true);
    },

    async createGroup(user: SessionUser, body: z.output<typeof groupCreateBody>) {
      return db.transaction(async (tx) => {
        if (body.cityCode !== null) await requireOpenedCity(tx, body.cityCode);
        const id = await repo.insertGroup(tx, {
          cityCode: body.cityCode,
          name: body.name,
          scenario: body.scenario,
          sort: body.sort,
        });
        await audit(tx, user, 'group.create', id, body);
        return groupDetail(tx, id, true);
      });
    },

    async updateGroup(user: SessionUser, id: number, body: z.output<typeof groupUpdateBody>) {
      return db.transaction(async (tx) => {
        const before = await requireGroup(tx, id);
        if (
          body.scenario === Scenario.CUSTOM_APPROVAL_FLOW &&
          before.scenario !== body.scenario &&
          (await repo.groupHasStandardElements(tx, id))
        ) {
          throw invalidInput([
            { field: 'scenario', message: '该分组含政府采购需求标准要素，不能改为审批流；请先取消这些要素的需求标准' },
          ]);
        }
        await repo.updateGroup(tx, id, body);
        await audit(tx, user, 'group.update', id, body);
        // Moving a group into or out of the listing form changes which standard elements apply.
        if (before.scenario !== body.scenario) await afterStandardChange(tx, before.cityCode);
        return groupDetail(tx, id, true);
      });
    },

    async setGroupUseStatus(user: SessionUser, id: number, useStatus: number) {
      return db.transaction(async (tx) => {
        const before = await requireGroup(tx, id);
        await repo.updateGroup(tx, id, { useStatus });
        await audit(tx, user, 'group.use_status', id, { from: before.useStatus, to: useStatus });
        if (before.useStatus !== useStatus && before.scenario === Scenario.WAREHOUSING_FORM) {
          await afterStandardChange(tx, before.cityCode);
        }
        return groupDetail(tx, id, true);
      });
    },

    /** Only a group none of whose elements has an answer; otherwise disable it (409). */
    async deleteGroup(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const group = await requireGroup(tx, id);
        if (await repo.elementsHaveValues(tx, await repo.elementIdsOfGroup(tx, id))) {
          throw conflict('该分组的要素已有入库填报数据，不能删除，请改为停用');
        }
        await repo.deleteGroup(tx, id);
        await audit(tx, user, 'group.delete', id, { name: group.name, cityCode: group.cityCode });
        await afterStandardChange(tx, group.cityCode);
        return { id, deleted: true };
      });
    },

    async createElement(user: SessionUser, body: z.output<typeof elementCreateBody>) {
      return db.transaction(async (tx) => {
        const group = await repo.findGroup(tx, body.groupId);
        if (!group) throw invalidInput([{ field: 'groupId', message: '分组不存在' }]);
        refuseStandardInApprovalForm(group.scenario, body);
        const id = await repo.insertElement(tx, {
          groupId: group.id,
          cityCode: group.cityCode,
          ...elementColumns(body),
        });
        await writeOptions(tx, id, body);
        await audit(tx, user, 'element.create', id, body);
        if (body.govProcurement) await afterStandardChange(tx, group.cityCode);
        return elementDetail(tx, id);
      });
    },

    /**
     * Update an element and its options. Its display type may change only while no listing has answered it (the
     * answers would no longer fit).
     */
    async updateElement(user: SessionUser, id: number, body: ElementBody) {
      return db.transaction(async (tx) => {
        const before = await requireElement(tx, id);
        refuseStandardInApprovalForm((await requireGroup(tx, before.groupId)).scenario, body);
        if (before.displayType !== body.displayType && (await repo.elementsHaveValues(tx, [id]))) {
          throw invalidInput([{ field: 'displayType', message: '该要素已有入库填报数据，不能修改字段类型' }]);
        }
        if (!OPTION_FIELD_TYPES.includes(body.displayType)) body.options = [];
        await repo.updateElement(tx, id, elementColumns(body));
        await writeOptions(tx, id, body);
        await audit(tx, user, 'element.update', id, body);
        await afterStandardChange(tx, before.cityCode);
        return elementDetail(tx, id);
      });
    },

    async setElementUseStatus(user: SessionUser, id: number, useStatus: number) {
      return db.transaction(async (tx) => {
        const before = await requireElement(tx, id);
        await repo.updateElement(tx, id, { useStatus });
        await audit(tx, user, 'element.use_status', id, { from: before.useStatus, to: useStatus });
        if (before.govProcurement && before.useStatus !== useStatus) await afterStandardChange(tx, before.cityCode);
        return elementDetail(tx, id);
      });
    },

    /** Only an element no listing has answered; otherwise disable it (409). */
    async deleteElement(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const element = await requireElement(tx, id);
        if (await repo.elementsHaveValues(tx, [id])) {
          throw conflict('该要素已有入库填报数据，不能删除，请改为停用');
        }
        await repo.deleteElement(tx, id);
        await audit(tx, user, 'element.delete', id, { name: element.name, cityCode: element.cityCode });
        if (element.govProcurement) await afterStandardChange(tx, element.cityCode);
        return { id, deleted: true };
      });
    },

    async sort(user: SessionUser, body: z.output<typeof sortBody>) {
      return db.transaction(async (tx) => {
        let groups = 0;
        let elements = 0;
        for (const g of body.groups) groups += await repo.setGroupSort(tx, g.id, g.sort);
        for (const e of body.elements) elements += await repo.setElementSort(tx, e.id, e.sort);
        if (groups !== body.groups.length || elements !== body.elements.length) {
          throw notFound('分组或要素不存在，请刷新后重试');
        }
        await audit(tx, user, 'sort', 0, body);
        return { groups, elements };
      });
    },
  };
}
