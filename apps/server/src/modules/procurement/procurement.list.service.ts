import {
  type LineSourceValue,
  MATERIAL_LINES_MAX,
  type MaterialListStatusValue,
  type materialLineInput,
  type materialListSaveBody,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { milliText, toMilli } from '@jcbb/contract/quantity';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf } from '../trace/index.ts';
import { requireBuyerProject } from './procurement.access.ts';
import { type ImportFile, importTemplate, previewImport } from './procurement.list.import.ts';
import * as repo from './procurement.list.repository.ts';
import { type MaterialListActionValue, materialListTransition } from './procurement.list.transitions.ts';
import { lineAmountFen, listView, snapshotLine } from './procurement.list.views.ts';

/**
 * A project's material list (docs/procurement.md, "Material lists"): its developer and the construction units that
 * joined it build it (grid, import, copy), confirm it (quantities locked, the lines kept as the version) and reopen
 * it with a reason (the next version's draft). One transaction per change, audited (entity material_list); a
 * confirmation or a reopening tells the other buyers on the project.
 */

type LineInput = z.output<typeof materialLineInput>;
type SaveBody = z.output<typeof materialListSaveBody>;
type Field = { field: string; message: string };
/** A line to add: as sent, or copied (its quantity as the column's text). */
type NewLine = Omit<LineInput, 'id' | 'quantity'> & { quantity: number | string };

const LOCKED =
  '清单已确认，数量已锁定：不能增加或删除材料，也不能修改分类、单位、数量和需用日期。如需调整，请先“重新编制”并说明原因';

/** The state an action leads to, or 409 with what the list's state allows. */
function step(action: MaterialListActionValue, from: MaterialListStatusValue | null) {
  const t = materialListTransition('buyer', action, from);
  if (t.ok) return t.to;
  throw conflict(
    {
      edit: LOCKED,
      amend: '清单未确认',
      confirm: from === 'confirmed' ? '清单已经确认' : '清单中还没有材料，无法确认',
      reopen: '只有已确认的清单可以重新编制',
    }[action],
  );
}

const lineColumns = (l: NewLine) => ({
  classifyCode: l.classifyCode,
  commonName: l.commonName,
  spec: l.spec ?? null,
  unitId: l.unitId,
  quantity: milliText(toMilli(l.quantity)),
  requiredBy: l.requiredBy,
  useLocation: l.useLocation ?? null,
  budgetUnitPriceFen: l.budgetUnitPriceFen,
  remarks: l.remarks ?? null,
});

/** Field errors for classifications that are not product classes. */
async function classErrors(tx: Tx, lines: readonly NewLine[], prefix = 'lines') {
  const known = await repo.productClasses(
    tx,
    lines.map((l) => l.classifyCode),
  );
  return lines.flatMap((l, i) =>
    known.has(l.classifyCode) ? [] : [{ field: `${prefix}.${i}.classifyCode`, message: '材料分类不存在' }],
  );
}

export function createMaterialListService({ db }: { db: Db }) {
  /** The project (the caller buys for it, else 404) with its list locked for a change. */
  async function changing(tx: Tx, user: SessionUser, projectId: number) {
    const project = await requireBuyerProject(tx, user, projectId, { lock: true });
    const list = await repo.listOfProject(tx, projectId, true);
    return { project, list };
  }

  /** Adds lines at the end of the list (created on its first save), within MATERIAL_LINES_MAX. */
  async function addLines(
    tx: Tx,
    user: SessionUser,
    project: { id: number; developerOrgId: number },
    listId: number,
    lines: readonly NewLine[],
    source: LineSourceValue,
    removing = 0,
  ) {
    const active = await repo.countActive(tx, listId);
    if (active - removing + lines.length > MATERIAL_LINES_MAX) {
      throw invalidInput([
        {
          field: 'lines',
          message: `清单最多 ${MATERIAL_LINES_MAX} 行：现有 ${active} 行，本次增加 ${lines.length} 行`,
        },
      ]);
    }
    let lineNo = await repo.nextLineNo(tx, listId);
    return repo.insertLines(
      tx,
      lines.map((l) => ({
        ...lineColumns(l),
        listId,
        projectId: project.id,
        lineNo: lineNo++,
        source,
        createdBy: user.userId,
      })),
    );
  }

  async function tellOthers(tx: Tx, user: SessionUser, project: { id: number; name: string }, title: string) {
    const orgId = callerOrgId(user);
    for (const other of await repo.otherBuyers(tx, project.id, orgId)) {
      await sendMessage(
        tx,
        { orgId: other.orgId },
        {
          channel: channelOf(other.orgType),
          title: `${title}：${project.name}`,
          content: `项目“${project.name}”的材料清单${title.replace('材料清单', '')}。`,
          targetUrl: pageUrl(pages.procurementMaterialsList, { projectId: project.id }),
        },
      );
    }
  }

  return {
    async detail(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => listView(tx, await requireBuyerProject(tx, user, projectId)));
    },

    save(user: SessionUser, b: SaveBody) {
      return db.transaction(async (tx) => {
        const { project, list: before } = await changing(tx, user, b.projectId);
        const from = (before?.status ?? null) as MaterialListStatusValue | null;
        const confirmed = from === 'confirmed';
        step(confirmed ? 'amend' : 'edit', from);
        const errors: Field[] = await classErrors(tx, b.lines);
        const list =
          before ??
          (await repo.ensureList(tx, {
            projectId: project.id,
            developerOrgId: project.developerOrgId,
            userId: user.userId,
          }));
        const changedIds = b.lines.flatMap((l) => (l.id === undefined ? [] : [l.id]));
        const existing = await repo.linesOf(tx, list.id, [...changedIds, ...b.removedLineIds]);
        const seen = new Set<number>();
        b.lines.forEach((l, i) => {
          if (l.id === undefined) return;
          const row = existing.get(l.id);
          if (!row || row.removedAt) errors.push({ field: `lines.${i}.id`, message: '清单行不存在' });
          else if (seen.has(l.id)) errors.push({ field: `lines.${i}.id`, message: '同一行提交了两次' });
          seen.add(l.id);
        });
        b.removedLineIds.forEach((id, i) => {
          const row = existing.get(id);
          if (!row || row.removedAt) errors.push({ field: `removedLineIds.${i}`, message: '清单行不存在' });
          else if (seen.has(id)) errors.push({ field: `removedLineIds.${i}`, message: '同一行不能既修改又删除' });
        });
        if (errors.length > 0) throw invalidInput(errors);

        const added = b.lines.filter((l) => l.id === undefined);
        const changed = b.lines.filter((l) => l.id !== undefined);
        const removed = [...new Set(b.removedLineIds)].map((id) => existing.get(id) as repo.LineRow);
        if (confirmed) {
          if (added.length > 0 || removed.length > 0) throw conflict(LOCKED);
          for (const l of changed) {
            const row = existing.get(l.id as number) as repo.LineRow;
            const moved =
              row.classifyCode !== l.classifyCode ||
              row.unitId !== l.unitId ||
              toMilli(row.quantity) !== toMilli(l.quantity) ||
              row.requiredBy !== l.requiredBy;
            if (moved) throw conflict(`第 ${row.lineNo} 行（${row.commonName}）：${LOCKED}`);
          }
        }
        const refs = await repo.referencesOf(
          tx,
          removed.map((r) => r.id),
        );
        for (const r of removed) {
          const ref = refs.get(r.id);
          if (ref && (ref.inquiries > 0 || ref.orders > 0)) {
            const why = [
              ref.inquiries > 0 ? `${ref.inquiries} 个询价` : '',
              ref.orders > 0 ? `${ref.orders} 个订单` : '',
            ]
              .filter(Boolean)
              .join('、');
            throw conflict(`第 ${r.lineNo} 行（${r.commonName}）已有${why}引用，不能删除`);
          }
        }
        for (const l of changed) await repo.updateLine(tx, l.id as number, lineColumns(l));
        await repo.removeLines(
          tx,
          removed.map((r) => r.id),
        );
        const addedIds = await addLines(tx, user, project, list.id, added, 'manual', removed.length);
        await repo.updateList(tx, list.id, {});
        await recordAudit(tx, {
          entity: 'material_list',
          entityId: list.id,
          action: 'save',
          fromState: from,
          toState: list.status,
          actor: user,
          orgId: project.developerOrgId,
          data: {
            projectId: project.id,
            added: addedIds,
            changed: changed.map((l) => l.id),
            removed: removed.map((r) => r.id),
          },
        });
        return listView(tx, project);
      });
    },

    importCommit(user: SessionUser, b: { projectId: number; lines: Omit<LineInput, 'id'>[] }) {
      return db.transaction(async (tx) => {
        const { project, list: before } = await changing(tx, user, b.projectId);
        step('edit', (before?.status ?? null) as MaterialListStatusValue | null);
        const errors = await classErrors(tx, b.lines);
        if (errors.length > 0) throw invalidInput(errors);
        const list =
          before ??
          (await repo.ensureList(tx, {
            projectId: project.id,
            developerOrgId: project.developerOrgId,
            userId: user.userId,
          }));
        const ids = await addLines(tx, user, project, list.id, b.lines, 'import');
        await recordAudit(tx, {
          entity: 'material_list',
          entityId: list.id,
          action: 'import',
          actor: user,
          orgId: project.developerOrgId,
          data: { projectId: project.id, added: ids.length },
        });
        return listView(tx, project);
      });
    },

    copy(user: SessionUser, b: { projectId: number; fromProjectId: number }) {
      return db.transaction(async (tx) => {
        if (b.fromProjectId === b.projectId) {
          throw invalidInput([{ field: 'fromProjectId', message: '请选择另一个项目' }]);
        }
        const { project, list: before } = await changing(tx, user, b.projectId);
        step('edit', (before?.status ?? null) as MaterialListStatusValue | null);
        await requireBuyerProject(tx, user, b.fromProjectId);
        const source = await repo.listOfProject(tx, b.fromProjectId);
        const rows = source ? await repo.activeLines(tx, source.id) : [];
        if (rows.length === 0) throw invalidInput([{ field: 'fromProjectId', message: '该项目的清单中没有材料' }]);
        const list =
          before ??
          (await repo.ensureList(tx, {
            projectId: project.id,
            developerOrgId: project.developerOrgId,
            userId: user.userId,
          }));
        const ids = await addLines(
          tx,
          user,
          project,
          list.id,
          rows.map(({ line: l }) => ({
            ...l,
            spec: l.spec ?? undefined,
            useLocation: l.useLocation ?? undefined,
            remarks: l.remarks ?? undefined,
          })),
          'copy',
        );
        await recordAudit(tx, {
          entity: 'material_list',
          entityId: list.id,
          action: 'copy',
          actor: user,
          orgId: project.developerOrgId,
          data: { projectId: project.id, fromProjectId: b.fromProjectId, added: ids.length },
        });
        return listView(tx, project);
      });
    },

    confirm(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => {
        const { project, list } = await changing(tx, user, projectId);
        const from = (list?.status ?? null) as MaterialListStatusValue | null;
        const rows = list ? await repo.activeLines(tx, list.id) : [];
        if (!list || rows.length === 0) throw conflict('清单中还没有材料，无法确认');
        const to = step('confirm', from);
        const now = new Date();
        await repo.insertVersion(tx, {
          listId: list.id,
          version: list.version,
          lines: rows.map(snapshotLine),
          lineCount: rows.length,
          budgetFen: Math.min(
            rows.reduce((s, r) => s + lineAmountFen(r.line.quantity, r.line.budgetUnitPriceFen), 0),
            Number.MAX_SAFE_INTEGER,
          ),
          confirmedAt: now,
          confirmedBy: user.userId,
        });
        await repo.updateList(tx, list.id, { status: to, confirmedAt: now, confirmedBy: user.userId });
        await recordAudit(tx, {
          entity: 'material_list',
          entityId: list.id,
          action: 'confirm',
          fromState: from,
          toState: to,
          actor: user,
          orgId: project.developerOrgId,
          data: { projectId, version: list.version, lines: rows.length },
        });
        await tellOthers(tx, user, project, `材料清单第 ${list.version} 版已确认`);
        return listView(tx, project);
      });
    },

    reopen(user: SessionUser, projectId: number, reason: string) {
      return db.transaction(async (tx) => {
        const { project, list } = await changing(tx, user, projectId);
        const from = (list?.status ?? null) as MaterialListStatusValue | null;
        const to = step('reopen', from);
        const current = list as repo.ListRow;
        await repo.markReopened(tx, current.id, current.version, user.userId, reason);
        await repo.updateList(tx, current.id, {
          status: to,
          version: current.version + 1,
          reopenReason: reason,
          confirmedAt: null,
          confirmedBy: null,
        });
        await recordAudit(tx, {
          entity: 'material_list',
          entityId: current.id,
          action: 'reopen',
          fromState: from,
          toState: to,
          actor: user,
          orgId: project.developerOrgId,
          reason,
          data: { projectId, version: current.version + 1 },
        });
        await tellOthers(tx, user, project, `材料清单已重新编制（第 ${current.version + 1} 版），原因：${reason}`);
        return listView(tx, project);
      });
    },

    async version(user: SessionUser, projectId: number, version: number) {
      return db.transaction(async (tx) => {
        await requireBuyerProject(tx, user, projectId);
        const list = await repo.listOfProject(tx, projectId);
        const rows = list ? await repo.versionsOf(tx, list.id) : [];
        const found = rows.find((r) => r.v.version === version);
        if (!found) throw notFound('该版本不存在');
        const { v, confirmedByName, reopenedByName } = found;
        return {
          version: v.version,
          lineCount: v.lineCount,
          budgetFen: v.budgetFen,
          confirmedAt: formatShanghaiTime(v.confirmedAt),
          confirmedByName,
          reopenReason: v.reopenReason,
          reopenedAt: formatOptionalShanghaiTime(v.reopenedAt),
          reopenedByName,
          lines: v.lines as ReturnType<typeof snapshotLine>[],
        };
      });
    },

    async copySources(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => {
        await requireBuyerProject(tx, user, projectId);
        return repo.copySources(tx, callerOrgId(user), projectId);
      });
    },

    async template(user: SessionUser, projectId: number) {
      await db.transaction((tx) => requireBuyerProject(tx, user, projectId));
      return importTemplate(db);
    },

    async preview(user: SessionUser, projectId: number, file: ImportFile) {
      return db.transaction(async (tx) => {
        const project = await requireBuyerProject(tx, user, projectId);
        return previewImport(tx, project.standardEdition, file);
      });
    },
  };
}
