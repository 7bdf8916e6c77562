import type { AdminBasicMaterialItem, basicMaterialApproveBody } from '@jcbb/contract';
import { BasicMaterialStatus, basicMaterialStatusLabels, Channel } from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { basicMaterialCode } from '../../db/seed/basic-materials.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import * as repo from './basic-material.repository.ts';
import { checkClassAndUnits, DUPLICATE_NAME, storedUnits } from './basic-material-fields.ts';
import * as review from './basic-material-review.repository.ts';

export type BasicMaterialReviewService = ReturnType<typeof createBasicMaterialReviewService>;
type ApproveInput = z.output<typeof basicMaterialApproveBody>;

const DECIDED = '该申请已审核，请勿重复操作';

type Units = { unitId: number; formats: string[] }[];
const unitsKey = (units: Units) => JSON.stringify(units.map((u) => [u.unitId, u.formats]));
const sameUnits = (a: Units, b: Units) => unitsKey(a) === unitsKey(b);

async function toItems(tx: Tx, rows: review.ApplicationRow[]): Promise<AdminBasicMaterialItem[]> {
  const units = await repo.unitNames(tx, [...new Set(rows.flatMap((r) => r.units.map((u) => u.unitId)))]);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    commonName: r.commonName,
    classifyCode: r.classifyCode,
    classifyName: r.classifyName ?? '',
    units: r.units.map((u) => ({ unitId: u.unitId, unitName: units.get(u.unitId) ?? '', formats: u.formats })),
    status: r.status,
    statusName: basicMaterialStatusLabels[r.status] ?? '',
    remark: r.remark,
    orgId: r.orgId,
    orgName: r.orgName,
    applicant:
      r.applicantId === null ? null : { id: r.applicantId, realName: r.applicantName, mobile: r.applicantMobile ?? '' },
    createTime: formatShanghaiTime(r.createdAt),
    rejectReason: r.rejectReason,
    decidedAt: formatOptionalShanghaiTime(r.decidedAt),
    decidedBy: r.deciderId === null ? null : { id: r.deciderId, realName: r.deciderName },
  }));
}

/**
 * The platform (super_admin) decides on manufacturers' applications for new common names: approve, optionally
 * correcting the name, class and units (the row gets the next stable code and is offered from then on), or reject
 * with a reason (the name may be applied for again). Only a pending application can be decided (409); the
 * platform's own rows and unknown ids answer 404. Each decision is one transaction with an audit row and a message
 * to the applicant's organisation.
 */
export function createBasicMaterialReviewService({ db }: { db: Db }) {
  async function item(tx: Tx, id: number) {
    const row = await review.findApplication(tx, id);
    if (!row) throw notFound('申请不存在');
    const [view] = await toItems(tx, [row]);
    return view as AdminBasicMaterialItem;
  }

  async function pending(id: number) {
    const row = await review.findApplication(db, id);
    if (!row) throw notFound('申请不存在');
    if (row.status !== BasicMaterialStatus.PENDING) throw conflict(DECIDED);
    return row;
  }

  return {
    async list(f: { take: number; skip: number; status?: number; commonName?: string }) {
      const status = f.status ?? BasicMaterialStatus.PENDING;
      const { rows, total } = await review.listApplications(db, { ...f, status: status === 0 ? undefined : status });
      return { list: await toItems(db, rows), total };
    },

    detail: (id: number) => item(db, id),

    async approve(user: SessionUser, id: number, body: ApproveInput) {
      const before = await pending(id);
      await checkClassAndUnits(db, body);
      const commonName = body.commonName ?? before.commonName;
      const classifyCode = body.classifyCode ?? before.classifyCode;
      const units = storedUnits(body.units ?? before.units);
      const corrected = {
        ...(commonName !== before.commonName ? { commonName: before.commonName } : {}),
        ...(classifyCode !== before.classifyCode ? { classifyCode: before.classifyCode } : {}),
        ...(sameUnits(units, before.units) ? {} : { units: before.units }),
      };
      try {
        return await db.transaction(async (tx) => {
          if (await review.otherLiveName(tx, commonName, id)) {
            throw invalidInput([{ field: 'commonName', message: DUPLICATE_NAME }]);
          }
          const code = basicMaterialCode(await review.nextCodeNumber(tx));
          const decided = await review.decide(tx, id, {
            status: BasicMaterialStatus.APPROVED,
            code,
            commonName,
            classifyCode,
            units,
            decidedBy: user.userId,
          });
          if (!decided) throw conflict(DECIDED);
          await recordAudit(tx, {
            entity: 'basic_material',
            entityId: id,
            orgId: before.orgId,
            actor: user,
            action: 'approve',
            fromState: BasicMaterialStatus.PENDING,
            toState: BasicMaterialStatus.APPROVED,
            // What the applicant gave, where the platform changed it.
            data: { code, ...(Object.keys(corrected).length > 0 ? { applied: corrected } : {}) },
          });
          if (before.orgId !== null) {
            const renamed = commonName !== before.commonName ? `（平台已更正为「${commonName}」）` : '';
            await sendMessage(
              tx,
              { orgId: before.orgId },
              {
                channel: Channel.MATERIALS,
                title: `基础材料申请已通过：${commonName}`,
                content: `贵单位申请的建材通用名称「${before.commonName}」已通过审核${renamed}，编号 ${code}，现可在填报产品时选用。`,
              },
            );
          }
          return item(tx, id);
        });
      } catch (error) {
        // An application of the corrected name arriving at the same moment: the live-name index lets one through.
        if (isUniqueViolation(error)) throw invalidInput([{ field: 'commonName', message: DUPLICATE_NAME }]);
        throw error;
      }
    },

    async reject(user: SessionUser, id: number, reason: string) {
      const before = await pending(id);
      return db.transaction(async (tx) => {
        const decided = await review.decide(tx, id, {
          status: BasicMaterialStatus.REJECTED,
          rejectReason: reason,
          decidedBy: user.userId,
        });
        if (!decided) throw conflict(DECIDED);
        await recordAudit(tx, {
          entity: 'basic_material',
          entityId: id,
          orgId: before.orgId,
          actor: user,
          action: 'reject',
          fromState: BasicMaterialStatus.PENDING,
          toState: BasicMaterialStatus.REJECTED,
          reason,
        });
        if (before.orgId !== null) {
          await sendMessage(
            tx,
            { orgId: before.orgId },
            {
              channel: Channel.MATERIALS,
              title: `基础材料申请未通过：${before.commonName}`,
              content: `贵单位申请的建材通用名称「${before.commonName}」未通过审核。原因：${reason}。可修改后重新申请。`,
            },
          );
        }
        return item(tx, id);
      });
    },
  };
}
