import {
  OrgType,
  Role,
  type sampleCreateBody as SampleCreate,
  type spotCheckCreateBody as SpotCheckCreate,
  sampleCreateBody,
  sampleSendBody,
  spotCheckCreateBody,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../lib/session-user.ts';
import { createSiteServices } from '../../modules/construction/index.ts';
import { createTraceReceiptService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import { projects, siteInspections } from '../schema/index.ts';
import { demoMoment } from './demo-trace.ts';

interface Party {
  orgId: number;
  userId: number;
}

const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';

const supervisorOf = (p: Party): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType: OrgType.SUPERVISION,
  roles: [Role.ENTERPRISE_ADMIN],
});

/**
 * Witness sampling and a spot check on the demo school's site (after demo-construction.ts), through the services as
 * the supervision unit's leader (13800000004, a witness on the project) acts: the blocks held for their retest were
 * sampled two days ago and sent to the laboratory yesterday — 录入报告 passing releases them; and yesterday's patrol
 * check found the rebar cover short, to be rectified by the construction unit (13800000003) within five days.
 */
export async function seedDemoWitness(tx: Tx, input: { supervisor: Party }): Promise<void> {
  const services = createSiteServices({ db: tx as Db, receipts: createTraceReceiptService({ db: tx as Db }) });
  const supervisor = supervisorOf(input.supervisor);
  const today = shanghaiToday();
  const [school] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, SCHOOL));
  if (!school) throw new Error('the demo school is missing');
  const [blocks] = await tx
    .select({ id: siteInspections.id })
    .from(siteInspections)
    .where(and(eq(siteInspections.projectId, school.id), eq(siteInspections.state, 'pending_retest')));
  if (blocks) {
    const sample = (b: z.input<typeof SampleCreate>) => sampleCreateBody.parse(b);
    const { id } = await services.samples.create(
      supervisor,
      sample({
        inspectionId: blocks.id,
        sealNo: 'FY-2611-01',
        representedQuantity: 10,
        location: '1#教学楼 东侧材料堆场',
        sampledOn: addDays(today, -2),
        samplerName: '刘洋',
        samplerCertNo: 'JSQY-0107',
        witnessCertNo: 'JSJZ-0213',
        labName: '南京市建筑工程质量检测中心',
        testItems: ['抗压强度', '密度等级'],
      }),
    );
    await services.samples.send(supervisor, sampleSendBody.parse({ id, sentOn: addDays(today, -1) }));
  }
  const check = (b: z.input<typeof SpotCheckCreate>) => spotCheckCreateBody.parse(b);
  await services.spotChecks.create(
    supervisor,
    check({
      projectId: school.id,
      kind: 'patrol',
      checkedOn: addDays(today, -1),
      items: [
        { name: '钢筋保护层厚度', result: 'fail', remark: '2F 楼板实测 12 mm，设计 20 mm' },
        { name: '材料堆放与标识', result: 'pass' },
      ],
      remarks: '2F 楼板浇筑前巡视',
      rectificationDeadline: addDays(today, 4),
    }),
    { at: demoMoment(addDays(today, -1), '10:30') },
  );
}
