import { OrgType, Role } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { createInspectionService } from '../../modules/enterprise-inspection/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import type { Db, Tx } from '../client.ts';
import { tinyPdf } from './demo-products.ts';

type Party = { orgId: number; userId: number };

const seedUser = (p: Party, orgType: number, roles: string[]): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType,
  roles,
});

/**
 * 南京绿筑's inspection records (README, "Demo enterprise inspection"), entered through the module's service as the
 * consoles enter them: a certification surveillance by the demo certification body, rectified and closed, and the
 * Nanjing committee's spot check with a rectification due in two weeks, still open.
 */
export async function seedDemoEnterpriseInspection(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  parties: { maker: Party; certifier: Party; committee: Party },
): Promise<void> {
  const db = tx as Db;
  const svc = createInspectionService({ db });
  const files = createFileService({ db, config: config as Config });
  const today = shanghaiToday();
  const maker = seedUser(parties.maker, OrgType.MANUFACTURER, [Role.ENTERPRISE_ADMIN]);
  const certifier = seedUser(parties.certifier, OrgType.CERTIFICATION_BODY, [Role.ENTERPRISE_ADMIN]);
  const committee = seedUser(parties.committee, OrgType.GOVERNMENT, [Role.CITY_COMMITTEE]);

  const report = await files.store(
    certifier,
    '年度监督检查报告.pdf',
    tinyPdf(['Annual surveillance report', 'Nanjing Lvzhu Building Materials']),
  );
  const surveillance = await svc.create(certifier, {
    subjectOrgId: maker.orgId as number,
    kind: 'surveillance',
    inspectedOn: addDays(today, -60),
    inspectorName: '周洁',
    productIds: [],
    result: 'rectify',
    findings: '生产记录中原材料进货检验台账缺少两批次岩棉原料的检验记录。',
    rectificationDeadline: addDays(today, -30),
    evidenceUploadIds: [report.id],
  });
  const fixed = await files.store(
    maker,
    '进货检验台账（补录）.pdf',
    tinyPdf(['Incoming inspection ledger', 'amended']),
  );
  await svc.submit(maker, surveillance.id, {
    rectification: '已补录两批次原料的进货检验记录，并修订了进货检验作业指导书。',
    attachmentIds: [fixed.id],
  });
  await svc.close(certifier, surveillance.id, '整改材料齐全，同意关闭。');

  const photo = await files.store(
    committee,
    '抽查现场记录.pdf',
    tinyPdf(['Spot check on site', 'Warehouse labelling']),
  );
  await svc.create(committee, {
    subjectOrgId: maker.orgId as number,
    kind: 'spot_check',
    inspectedOn: addDays(today, -3),
    inspectorName: '南京市住建委 王工',
    productIds: [],
    result: 'rectify',
    findings: '成品仓库部分岩棉板包装未标注绿色建材标识及追溯码，堆放区未按批次分区。',
    rectificationDeadline: addDays(today, 14),
    evidenceUploadIds: [photo.id],
  });
}
