import {
  CANDIDATE_TRANSPORT_TYPE,
  type chooseBody,
  type directPurchaseBody,
  type SelectionCandidatesData,
  type SourcingOverviewData,
  transportFactor,
} from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { materialListLines, type projects } from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { invalidInput } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { regionFullNames } from '../trace/index.ts';
import { requireBuyerProject } from './procurement.access.ts';
import {
  briefOf,
  type Candidate,
  candidatesFor,
  type LineRow,
  projectLines,
  requireBuyerLine,
} from './procurement.candidates.ts';
import { createPurchaseOrder } from './procurement.order.create.ts';
import { policyOf } from './procurement.policy.ts';

type ProjectRow = typeof projects.$inferSelect;
type ChooseBody = z.output<typeof chooseBody>;
type DirectBody = z.output<typeof directPurchaseBody>;

/** The suppliers that may offer any of the lines: each candidate's supplier, with how many lines it can offer. */
export async function supplierOptionsOf(tx: Tx, project: ProjectRow, lines: readonly LineRow[]) {
  const policy = await policyOf(tx, project.standardEdition);
  const out = new Map<number, { orgId: number; name: string; role: Candidate['supplierRole']; lineCount: number }>();
  for (const line of lines) {
    const seen = new Set<number>();
    for (const c of await candidatesFor(tx, project, line, policy)) {
      if (seen.has(c.supplierOrgId)) continue;
      seen.add(c.supplierOrgId);
      const o = out.get(c.supplierOrgId) ?? {
        orgId: c.supplierOrgId,
        name: c.supplierName,
        role: c.supplierRole,
        lineCount: 0,
      };
      o.lineCount += 1;
      out.set(c.supplierOrgId, o);
    }
  }
  return [...out.values()].sort((a, b) => b.lineCount - a.lineCount || a.orgId - b.orgId);
}

/** The project's current lines by id (removed lines and other projects' lines are absent). */
export async function projectLinesById(tx: Tx, projectId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, LineRow>();
  const rows = await tx
    .select()
    .from(materialListLines)
    .where(
      and(
        eq(materialListLines.projectId, projectId),
        inArray(materialListLines.id, [...new Set(ids)]),
        isNull(materialListLines.removedAt),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Selection and direct purchase (docs/procurement.md, "Selection and purchase"): the project's lines with the
 * compliance simulator, a line's candidates with each one's what-if, choosing (and clearing) a line's candidate, and
 * a direct purchase that makes a draft order at catalogue prices.
 */
export function createSourcingService({ db }: { db: Db }) {
  async function overviewIn(tx: Tx, project: ProjectRow): Promise<SourcingOverviewData> {
    const { policy, lines } = await projectLines(tx, project);
    return {
      projectId: project.id,
      projectName: project.name,
      editionCode: policy.editionCode,
      compliance: briefOf(policy, lines),
      lines,
    };
  }

  async function chosenAnswer(tx: Tx, project: ProjectRow, lineId: number) {
    const { policy, lines } = await projectLines(tx, project);
    const line = lines.find((l) => l.id === lineId);
    return { line: line as (typeof lines)[number], compliance: briefOf(policy, lines) };
  }

  return {
    async overview(user: SessionUser, projectId: number) {
      const project = await requireBuyerProject(db, user, projectId);
      return overviewIn(db, project);
    },

    async candidates(user: SessionUser, lineId: number): Promise<SelectionCandidatesData> {
      const { line, project } = await requireBuyerLine(db, user, lineId);
      const { policy, lines } = await projectLines(db, project);
      const view = lines.find((l) => l.id === lineId) as (typeof lines)[number];
      const list = await candidatesFor(db, project, line, policy);
      const names = await regionFullNames(db, [project.cityCode]);
      return {
        line: view,
        projectId: project.id,
        cityName: names.get(project.cityCode) ?? null,
        compliance: briefOf(policy, lines),
        transportFactor: transportFactor(CANDIDATE_TRANSPORT_TYPE),
        list: list.map(({ unitId: _unitId, ...c }) => ({
          ...c,
          whatIf: briefOf(policy, lines, { lineId, green: c.certificate.runway === 'through' }),
          chosen: line.chosenSpecId === c.specId && line.chosenSupplierOrgId === c.supplierOrgId,
        })),
      };
    },

    async choose(user: SessionUser, b: ChooseBody) {
      return db.transaction(async (tx) => {
        const { line, project } = await requireBuyerLine(tx, user, b.lineId, { lock: true });
        const policy = await policyOf(tx, project.standardEdition);
        const offered = (await candidatesFor(tx, project, line, policy, { onlySupplier: b.supplierOrgId })).find(
          (c) => c.specId === b.specId,
        );
        if (!offered) {
          throw invalidInput([
            { field: 'specId', message: '该供应商不能为本项目供应此规格（未在本市上架或未获授权）' },
          ]);
        }
        await tx
          .update(materialListLines)
          .set({
            chosenSpecId: b.specId,
            chosenSupplierOrgId: b.supplierOrgId,
            chosenReason: b.reason ?? null,
            updatedAt: new Date(),
          })
          .where(eq(materialListLines.id, line.id));
        await recordAudit(tx, {
          entity: 'material_line_choice',
          entityId: line.id,
          action: 'choose',
          actor: user,
          reason: b.reason ?? null,
          data: {
            projectId: project.id,
            specId: b.specId,
            supplierOrgId: b.supplierOrgId,
            before: { specId: line.chosenSpecId, supplierOrgId: line.chosenSupplierOrgId },
          },
        });
        return chosenAnswer(tx, project, line.id);
      });
    },

    async unchoose(user: SessionUser, lineId: number) {
      return db.transaction(async (tx) => {
        const { line, project } = await requireBuyerLine(tx, user, lineId, { lock: true });
        if (line.chosenSpecId !== null) {
          await tx
            .update(materialListLines)
            .set({ chosenSpecId: null, chosenSupplierOrgId: null, chosenReason: null, updatedAt: new Date() })
            .where(eq(materialListLines.id, line.id));
          await recordAudit(tx, {
            entity: 'material_line_choice',
            entityId: line.id,
            action: 'unchoose',
            actor: user,
            data: { projectId: project.id, specId: line.chosenSpecId, supplierOrgId: line.chosenSupplierOrgId },
          });
        }
        return chosenAnswer(tx, project, line.id);
      });
    },

    async supplierOptions(user: SessionUser, projectId: number, lineIds: readonly number[]) {
      const project = await requireBuyerProject(db, user, projectId);
      const lines = await projectLinesById(db, project.id, lineIds);
      return supplierOptionsOf(db, project, [...lines.values()]);
    },

    /** A draft order to one supplier at its catalogue prices (the distributor's own, else the specification's). */
    async directPurchase(user: SessionUser, b: DirectBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const project = await requireBuyerProject(tx, user, b.projectId, { lock: true });
        const policy = await policyOf(tx, project.standardEdition);
        const lines = await projectLinesById(
          tx,
          project.id,
          b.lines.map((l) => l.listLineId),
        );
        const errors: { field: string; message: string }[] = [];
        const orderLines = [];
        const seen = new Set<number>();
        for (const [i, l] of b.lines.entries()) {
          const line = lines.get(l.listLineId);
          if (!line) {
            errors.push({ field: `lines.${i}.listLineId`, message: '材料清单行不存在' });
            continue;
          }
          if (seen.has(line.id)) {
            errors.push({ field: `lines.${i}.listLineId`, message: '同一行材料只能采购一次' });
            continue;
          }
          seen.add(line.id);
          if (toMilli(l.quantity) <= 0) errors.push({ field: `lines.${i}.quantity`, message: '采购数量必须大于 0' });
          const offered = (
            await candidatesFor(tx, project, line, policy, {
              quantity: String(l.quantity),
              onlySupplier: b.supplierOrgId,
            })
          ).find((c) => c.specId === l.specId);
          if (!offered) {
            errors.push({
              field: `lines.${i}.specId`,
              message: '该供应商不能为本项目供应此规格（未在本市上架或未获授权）',
            });
            continue;
          }
          if (offered.unitPriceFen === null) {
            errors.push({ field: `lines.${i}.specId`, message: '该规格价格面议，请发起询价' });
            continue;
          }
          orderLines.push({
            listLineId: line.id,
            productId: offered.productId,
            specId: offered.specId,
            unitId: offered.unitId,
            quantity: String(l.quantity),
            unitPriceFen: offered.unitPriceFen,
            requiredBy: line.requiredBy,
          });
        }
        if (errors.length > 0) throw invalidInput(errors);
        const order = await createPurchaseOrder(tx, user, {
          projectId: project.id,
          buyerOrgId: orgId,
          supplierOrgId: b.supplierOrgId,
          origin: 'direct',
          reason: b.reason,
          lines: orderLines,
        });
        return { orderId: order.orderId, number: order.number };
      });
    },
  };
}
