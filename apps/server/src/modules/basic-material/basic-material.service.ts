import type { basicMaterialApplyBody } from '@jcbb/contract';
import {
  type BasicMaterialItem,
  BasicMaterialStatus,
  basicMaterialStatusLabels,
  Channel,
  pages,
  Role,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import * as repo from './basic-material.repository.ts';
import { checkClassAndUnits, DUPLICATE_NAME, storedUnits } from './basic-material-fields.ts';

export type BasicMaterialService = ReturnType<typeof createBasicMaterialService>;
type ApplyInput = z.output<typeof basicMaterialApplyBody>;
type Row = Awaited<ReturnType<typeof repo.findApproved>> & {};

export function createBasicMaterialService({ db }: { db: Db }) {
  async function toItems(rows: Row[]): Promise<BasicMaterialItem[]> {
    const units = await repo.unitNames(db, [...new Set(rows.flatMap((r) => r.units.map((u) => u.unitId)))]);
    return rows.map((r) => ({
      id: r.id,
      commonName: r.commonName,
      classifyCode: r.classifyCode,
      classifyName: r.classifyName,
      units: r.units.map((u) => ({ unitId: u.unitId, unitName: units.get(u.unitId) ?? '', formats: u.formats })),
      status: r.status,
      statusName: basicMaterialStatusLabels[r.status] ?? '',
    }));
  }

  async function approved(commonName: string): Promise<Row> {
    const row = await repo.findApproved(db, commonName);
    if (!row) throw notFound('通用名称不存在');
    return row;
  }

  return {
    async page(f: { take: number; skip: number; commonName?: string; classifyCode?: string }) {
      const { rows, total } = await repo.page(db, f);
      return { list: await toItems(rows), total };
    },

    async units(commonName: string) {
      const [item] = await toItems([await approved(commonName)]);
      return (item?.units ?? []).map((u) => ({ id: u.unitId, name: u.unitName }));
    },

    async formats(commonName: string, unitId: number) {
      const row = await approved(commonName);
      const unit = row.units.find((u) => u.unitId === unitId);
      if (!unit) throw notFound('该通用名称没有此计量单位');
      return unit.formats;
    },

    async classify(commonName: string) {
      const row = await approved(commonName);
      const parent = row.classifyParent ? await repo.classification(db, row.classifyParent) : undefined;
      return {
        commonName: row.commonName,
        classifyCode: row.classifyCode,
        classifyName: row.classifyName,
        path: [
          ...(parent ? [{ code: parent.code, name: parent.name }] : []),
          { code: row.classifyCode, name: row.classifyName },
        ],
      };
    },

    /** A manufacturer applies for a new common name: kept pending, the platform is told. Duplicates answer 400. */
    async apply(user: SessionUser, body: ApplyInput) {
      // Manufacturers only: the route declares `orgTypes: [OrgType.MANUFACTURER]`, so the caller has an organisation.
      const orgId = callerOrgId(user);
      await checkClassAndUnits(db, body);
      try {
        return await db.transaction(async (tx) => {
          if (await repo.findLive(tx, body.commonName))
            throw invalidInput([{ field: 'commonName', message: DUPLICATE_NAME }]);
          const { id } = await repo.insertApplication(tx, {
            commonName: body.commonName,
            classifyCode: body.classifyCode,
            units: storedUnits(body.units),
            status: BasicMaterialStatus.PENDING,
            remark: body.remark ?? null,
            appliedByOrg: orgId,
            appliedByUser: user.userId,
          });
          await recordAudit(tx, {
            entity: 'basic_material',
            entityId: id,
            orgId,
            actor: user,
            action: 'apply',
            fromState: null,
            toState: BasicMaterialStatus.PENDING,
            reason: body.remark ?? null,
          });
          await sendMessage(
            tx,
            { platformRoles: [Role.SUPER_ADMIN] },
            {
              channel: Channel.MATERIALS,
              title: `新增通用名称申请：${body.commonName}`,
              content: `企业申请新增建材通用名称「${body.commonName}」，请审核。`,
              targetUrl: pages.basicMaterialReview.path,
            },
          );
          return { id, status: BasicMaterialStatus.PENDING };
        });
      } catch (error) {
        // Two applications for the same name at once: the partial unique index lets one through.
        if (isUniqueViolation(error)) throw invalidInput([{ field: 'commonName', message: DUPLICATE_NAME }]);
        throw error;
      }
    },

    /** bmUpGradation/page: the caller's organisation's product records (creation, corrections, status changes). */
    async upgradations(user: SessionUser, f: { take: number; skip: number; productId?: number }) {
      const orgId = callerOrgId(user);
      if (f.productId !== undefined && !(await repo.productOfOrg(db, f.productId, orgId))) {
        throw notFound('产品不存在');
      }
      const { rows, total } = await repo.productAuditPage(db, orgId, f);
      return {
        list: rows.map((r) => ({
          id: r.id,
          productId: /^\d+$/.test(r.entityId) ? Number(r.entityId) : null,
          productName: r.productName,
          action: r.action,
          fromState: r.fromState,
          toState: r.toState,
          reason: r.reason,
          createTime: formatShanghaiTime(r.createdAt),
        })),
        total,
      };
    },
  };
}
