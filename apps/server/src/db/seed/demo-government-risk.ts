import {
  alertExplainBody,
  inspectionDecideBody as decideBody,
  type deliveryExternalBody,
  deliveryExternalBody as externalBody,
  type inspectionDecideBody,
  OrgType,
  Role,
  receiptCreateBody,
  shipmentSaveBody,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { constructionIntake, createSiteServices } from '../../modules/construction/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import { createRiskService, runRules } from '../../modules/government/index.ts';
import { createLotService, createTraceReceiptService, createTraceShipmentService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import {
  addresses,
  inspectionRules,
  productSpecs,
  products,
  projects,
  riskAlerts,
  siteInspections,
} from '../schema/index.ts';
import { demoMoment } from './demo-trace.ts';

/**
 * The demo's risk alerts (docs/government.md, "Risk rules"; README "Demo government procurement"), LAST of the demo
 * seeds: what the rest of the demo already shows and two stories of its own, then the engine run over every city,
 * then the committee's and the developer's first steps through the service, as they would take them.
 *
 * - GBM-12: the demo's in-scope projects have no filing for the quarters past their deadline (the housing project
 *   has been registered since January: its Q1–Q3 are overdue whatever the filing demo adds for the school).
 * - GBM-08: three more lots at the school held for their witnessed retest without a sample yet (the blocks' sample
 *   makes 1 of 4, 25 %, under 30 %).
 * - GBM-01: 南京绿筑's interior paint shipped to the school 23 days before the seeding with its certificate (which ended
 *   20 days before), arriving 17 days before — after the certificate ended, with no test report in its window.
 *
 * The committee (孙明, 南京市城乡建设委员会) acknowledges the school's GBM-08 alert and the developer (钱静, 南京城建置业)
 * explains it. Another part's filings may add alerts (GBM-06A on the hospital): the seed's test counts by rule, at
 * least.
 */

interface Party {
  orgId: number;
  userId: number;
}

export interface DemoRiskInput {
  committee: Party;
  developer: Party;
  builder: Party;
  supervisor: Party;
  maker: Party;
}

const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
/** The paint's lot: the trace demo's tests leave it out of the trace demo's own lots and shipments. */
export const RISK_DEMO_PAINT_BATCH = 'TL-NJ-0218';
/**
 * The paint's story in days before the seeding, whatever the day: its certificate ended 20 days ago (demo-products.ts,
 * `untilDays: -20`); made 27 days ago, shipped 3 days before the certificate's end, arrived 3 days after it.
 */
const paintStory = (today: string) => ({
  productionDate: addDays(today, -27),
  shipDate: addDays(today, -23),
  arrivedOn: addDays(today, -17),
});

const actor = (p: Party, orgType: number, role: string = Role.ENTERPRISE_ADMIN): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType,
  roles: [role],
});

type CheckKind = z.input<typeof inspectionDecideBody>['checks'][number]['kind'];

/** Lots held for their witnessed retest at the school, without a sample (GBM-08's story). */
const RETEST_LOTS = [
  {
    classifyCode: '0102',
    materialName: '热轧带肋钢筋',
    specName: 'HRB400E Φ20',
    unitName: '吨',
    quantity: 36,
    maker: '南京钢铁股份有限公司',
    batchNo: 'NG2611-0832',
    part: '2#综合楼 基础',
  },
  {
    classifyCode: '0106',
    materialName: '预拌混凝土',
    specName: 'C35',
    unitName: '立方米',
    quantity: 120,
    maker: '南京金鼎混凝土有限公司',
    batchNo: 'JD-1124-07',
    part: '2#综合楼 三层梁板',
  },
  {
    classifyCode: '0107',
    materialName: '预拌砂浆',
    specName: 'DM M7.5',
    unitName: '吨',
    quantity: 24,
    maker: '南京金鼎混凝土有限公司',
    batchNo: 'JD-SJ-1125',
    part: '1#教学楼 砌体',
  },
] as const;

/** The school's lots this seed adds (the site demo's test leaves them out of the site demo's own). */
export const RISK_DEMO_MATERIALS: readonly string[] = [
  ...RETEST_LOTS.map((l) => l.materialName),
  '水性建筑涂料（内墙）',
];

async function seedRetestLots(tx: Tx, input: DemoRiskInput, schoolId: number) {
  const site = createSiteServices({ db: tx as Db, receipts: createTraceReceiptService({ db: tx as Db }) });
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const supervisor = actor(input.supervisor, OrgType.SUPERVISION);
  const today = shanghaiToday();
  const external = (b: z.input<typeof deliveryExternalBody>) => externalBody.parse(b);
  const decide = (b: z.input<typeof inspectionDecideBody>) => decideBody.parse(b);
  for (const [i, lot] of RETEST_LOTS.entries()) {
    const day = addDays(today, -(8 - i * 2));
    const delivery = await site.deliveries.external(
      builder,
      external({
        projectId: schoolId,
        supplierName: lot.maker,
        supplierCreditCode: ['91320100134955396E', '913201157162730937', '913201157162730937'][i] as string,
        arrivedOn: day,
        deliveryNoteNo: `SD-${lot.batchNo}`,
        lines: [
          {
            classifyCode: lot.classifyCode,
            materialName: lot.materialName,
            specName: lot.specName,
            makerName: lot.maker,
            unitName: lot.unitName,
            batchNo: lot.batchNo,
            quantity: lot.quantity,
            part: lot.part,
          },
        ],
      }),
      { at: demoMoment(day, '09:40') },
    );
    const [inspection] = await tx
      .select({ id: siteInspections.id })
      .from(siteInspections)
      .where(eq(siteInspections.deliveryId, delivery.id))
      .orderBy(asc(siteInspections.id));
    const id = inspection?.id as number;
    const [rule] = await tx
      .select({ documents: inspectionRules.documents })
      .from(inspectionRules)
      .where(eq(inspectionRules.classifyCode, lot.classifyCode));
    await site.inspections.submit(
      builder,
      decide({
        id,
        // Every paper the material's rule asks for is there (the retest is what is outstanding).
        checks: (rule?.documents ?? ['conformity', 'factory_test']).map((kind) => ({
          kind: kind as CheckKind,
          present: true,
        })),
        visualResult: 'ok',
        verdict: 'retest',
      }),
      { at: demoMoment(day, '11:00') },
    );
    await site.inspections.confirm(
      supervisor,
      { id, approve: true, reason: undefined },
      { at: demoMoment(day, '15:30') },
    );
  }
}

/** 南京绿筑's interior paint, shipped to the school with its certificate, arriving after it ended (GBM-01's story). */
async function seedLatePaint(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  input: DemoRiskInput,
  schoolId: number,
) {
  const PAINT = paintStory(shanghaiToday());
  const maker = actor(input.maker, OrgType.MANUFACTURER);
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const [spec] = await tx
    .select({ specId: productSpecs.id })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(products.orgId, input.maker.orgId), eq(products.name, '水性建筑涂料（内墙）')))
    .orderBy(asc(productSpecs.id));
  const [factory] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.orgId, input.maker.orgId), eq(addresses.name, '绿筑江宁工厂')));
  if (!spec || !factory) return;
  const files = createFileService({ db: tx as Db, config: config as Config });
  const lot = await createLotService({ db: tx as Db, files }).create(maker, {
    specId: spec.specId,
    batchNo: RISK_DEMO_PAINT_BATCH,
    productionDate: PAINT.productionDate,
    quantity: 200,
    qualityDocUploadIds: [],
  });
  const shipments = createTraceShipmentService({ db: tx as Db });
  const saved = await shipments.save(
    maker,
    shipmentSaveBody.parse({
      fromAddressId: factory.id,
      transportType: 8,
      destination: { kind: 'project', projectId: schoolId },
      shipDate: PAINT.shipDate,
      plannedArrival: PAINT.arrivedOn,
      distanceKm: 41,
      vehiclePlate: '苏A·5T218',
      lines: [{ specId: spec.specId, lotId: lot.id, quantity: 80, codes: [] }],
    }),
  );
  await shipments.ship(maker, saved.id, { at: demoMoment(PAINT.shipDate, '08:30') });
  const lineId = (await shipments.detail(maker, saved.id)).lines[0]?.id as number;
  const receipts = createTraceReceiptService({ db: tx as Db, intake: constructionIntake });
  await receipts.create(
    builder,
    receiptCreateBody.parse({
      shipmentId: saved.id,
      arrivedOn: PAINT.arrivedOn,
      remarks: '物流延误，到货晚于计划',
      lines: [{ shipmentLineId: lineId, received: 80, accepted: 80, rejected: 0, rejectedCodes: [] }],
    }),
    { at: demoMoment(PAINT.arrivedOn, '14:10') },
  );
}

export async function seedDemoGovernmentRisk(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  input: DemoRiskInput,
): Promise<void> {
  const [school] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, SCHOOL));
  if (!school) throw new Error('the demo school is missing');
  await seedRetestLots(tx, input, school.id);
  await seedLatePaint(tx, config, input, school.id);
  await runRules(tx, {}, 'demo');

  // The committee takes up the school's witness alert; the developer explains it.
  const [witness] = await tx
    .select({ id: riskAlerts.id })
    .from(riskAlerts)
    .where(and(eq(riskAlerts.ruleCode, 'GBM-08'), eq(riskAlerts.projectId, school.id)));
  if (!witness) return;
  const risk = createRiskService({ db: tx as Db });
  await risk.acknowledge(
    actor(input.committee, OrgType.GOVERNMENT, Role.CITY_COMMITTEE),
    witness.id,
    '请说明钢筋、混凝土、砂浆三批材料的见证取样安排',
  );
  await risk.explain(
    actor(input.developer, OrgType.DEVELOPER),
    alertExplainBody.parse({
      id: witness.id,
      explanation:
        '三批材料均已由施工单位按规定留样，监理单位见证取样已排期：钢筋与砂浆 12 月 1 日、混凝土试块 28 天龄期后送检。在见证复试合格前，上述材料均在待复试区封存，未用于工程。',
    }),
  );
}
