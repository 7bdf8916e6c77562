import { BasicMaterialStatus, Channel, pages, Role } from '@jcbb/contract';
import { inArray } from 'drizzle-orm';
import { sendMessage } from '../../modules/message/index.ts';
import type { Tx } from '../client.ts';
import { auditLog, basicMaterials, materialClassifications, productUnits } from '../schema/index.ts';

interface DemoApplication {
  commonName: string;
  className: string;
  units: Record<string, string[]>;
  remark: string;
  /** Rejected by the platform with this reason; pending without. */
  rejectReason?: string;
}

/** Names the platform's list lacks, as a manufacturer of new wall and insulation materials would ask for them. */
const APPLICATIONS: readonly DemoApplication[] = [
  {
    commonName: '相变储能石膏板',
    className: '纸面石膏板',
    units: { 平方米: ['9.5mm', '12mm'] },
    remark: '我司新产品，石膏板内掺微胶囊相变材料，用于被动式建筑室内调温，现有通用名称均不适用。',
  },
  {
    commonName: '真空绝热板',
    className: '保温系统材料',
    units: { 平方米: ['15mm', '20mm', '25mm'] },
    remark: '外墙保温用 STP 真空绝热板，导热系数 ≤0.008 W/(m·K)。',
  },
  {
    commonName: '新型墙板',
    className: '砌体材料',
    units: { 平方米: ['100mm'] },
    remark: '轻质隔墙板。',
    rejectReason: '名称过于笼统，请按材料与工艺写明通用名称（如“蒸压加气混凝土条板”）后重新申请。',
  },
];

/**
 * The demo manufacturer's applications for new basic materials, so the platform's 基础材料申请 queue is alive on a
 * fresh start: two pending (with the message the platform receives) and one rejected with its reason. Runs in the
 * caller's transaction.
 */
export async function seedDemoBasicMaterialApplications(
  tx: Tx,
  maker: { orgId: number; userId: number },
  platformUserId: number | null,
): Promise<number> {
  const classes = await tx
    .select({ code: materialClassifications.code, name: materialClassifications.name })
    .from(materialClassifications)
    .where(inArray(materialClassifications.name, [...new Set(APPLICATIONS.map((a) => a.className))]));
  const units = await tx.select({ id: productUnits.id, name: productUnits.name }).from(productUnits);
  const classCode = new Map(classes.map((c) => [c.name, c.code]));
  const unitId = new Map(units.map((u) => [u.name, u.id]));
  let written = 0;
  for (const a of APPLICATIONS) {
    const code = classCode.get(a.className);
    if (!code) continue;
    const rejected = a.rejectReason !== undefined && platformUserId !== null;
    const [row] = await tx
      .insert(basicMaterials)
      .values({
        commonName: a.commonName,
        classifyCode: code,
        units: Object.entries(a.units).flatMap(([unit, formats]) => {
          const id = unitId.get(unit);
          return id === undefined ? [] : [{ unitId: id, formats }];
        }),
        status: rejected ? BasicMaterialStatus.REJECTED : BasicMaterialStatus.PENDING,
        remark: a.remark,
        appliedByOrg: maker.orgId,
        appliedByUser: maker.userId,
        ...(rejected ? { rejectReason: a.rejectReason, decidedAt: new Date(), decidedBy: platformUserId } : {}),
      })
      .returning({ id: basicMaterials.id });
    const id = String((row as { id: number }).id);
    const base = { entityType: 'basic_material', entityId: id, orgId: maker.orgId };
    await tx.insert(auditLog).values({
      ...base,
      actorUserId: maker.userId,
      action: 'apply',
      fromState: null,
      toState: String(BasicMaterialStatus.PENDING),
      reason: a.remark,
    });
    if (rejected) {
      await tx.insert(auditLog).values({
        ...base,
        actorUserId: platformUserId,
        action: 'reject',
        fromState: String(BasicMaterialStatus.PENDING),
        toState: String(BasicMaterialStatus.REJECTED),
        reason: a.rejectReason,
      });
    } else {
      await sendMessage(
        tx,
        { platformRoles: [Role.SUPER_ADMIN] },
        {
          channel: Channel.MATERIALS,
          title: `新增通用名称申请：${a.commonName}`,
          content: `企业申请新增建材通用名称「${a.commonName}」，请审核。`,
          targetUrl: pages.basicMaterialReview.path,
        },
      );
    }
    written += 1;
  }
  return written;
}
