import {
  inspectionDecideBody as decideBody,
  type deliveryExternalBody,
  deliveryExternalBody as externalBody,
  type inspectionDecideBody,
  OrgType,
  Role,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { createSiteServices } from '../../modules/construction/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import { createTraceReceiptService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import { projects, siteDeliveries, siteInspections } from '../schema/index.ts';
import { DEMO_MEMBRANE_CARD, demoEvidencePdf } from './demo-evidence.ts';
import { demoMoment } from './demo-trace.ts';

interface Party {
  orgId: number;
  userId: number;
}

export interface DemoConstructionInput {
  builder: Party;
  supervisor: Party;
}

const actor = (p: Party, orgType: number): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType,
  roles: [Role.ENTERPRISE_ADMIN],
});

const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
/** A supplier outside the platform (the credit code's check digit holds). */
const QUARRY = { supplierName: '南京栖霞石材经营部', supplierCreditCode: '92320113MA1NBQ8X36' };

const both = [
  { kind: 'conformity', present: true },
  { kind: 'factory_test', present: true },
] as const;

/**
 * The site of the demo school (docs/construction.md), through the services as its people act, with the dates they
 * state: the blocks the platform delivered (their receipt made by the trace seed) held for a witnessed retest;
 * granite from a quarry off the platform released; waterproofing membrane awaiting its inspection; a batch of
 * kerbstones rejected and returned; the membrane's 合格证 (a real PDF, read at seeding) names another model than the
 * one delivered, and the supervisor sent its inspection back. Witnessed samples, issues to the works and spot checks build on these.
 */
export async function seedDemoConstruction(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  input: DemoConstructionInput,
): Promise<void> {
  const services = createSiteServices({ db: tx as Db, receipts: createTraceReceiptService({ db: tx as Db }) });
  const files = createFileService({ db: tx as Db, config: config as Config });
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const supervisor = actor(input.supervisor, OrgType.SUPERVISION);
  const today = shanghaiToday();
  const [school] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, SCHOOL));
  if (!school) throw new Error('the demo school is missing');
  const external = (b: z.input<typeof deliveryExternalBody>) => externalBody.parse(b);
  const decide = (b: z.input<typeof inspectionDecideBody>) => decideBody.parse(b);
  const firstInspection = async (deliveryId: number) =>
    (
      await tx
        .select({ id: siteInspections.id })
        .from(siteInspections)
        .where(eq(siteInspections.deliveryId, deliveryId))
        .orderBy(siteInspections.id)
    )[0]?.id as number;

  // 1. The platform's blocks (received by the trace seed): documents complete, held for the witnessed retest.
  const [blocks] = await tx
    .select({ id: siteDeliveries.id })
    .from(siteDeliveries)
    .where(and(eq(siteDeliveries.projectId, school.id), eq(siteDeliveries.kind, 'platform')));
  if (blocks) {
    await tx
      .update(siteDeliveries)
      .set({ invoiceNo: '3200261130', deliveryNoteNo: 'LZ-SH-2611-07' })
      .where(eq(siteDeliveries.id, blocks.id));
    const id = await firstInspection(blocks.id);
    await services.inspections.submit(
      builder,
      // The blocks are certified green on the platform: the certificate is checked too.
      decide({ id, checks: [...both, { kind: 'green', present: true }], visualResult: 'ok', verdict: 'retest' }),
      { at: demoMoment(addDays(today, -3), '11:20') },
    );
    await services.inspections.confirm(
      supervisor,
      { id, approve: true, reason: undefined },
      { at: demoMoment(addDays(today, -3), '15:00') },
    );
  }

  // 2. Granite from a quarry off the platform: inspected and released.
  const granite = await services.deliveries.external(
    builder,
    external({
      projectId: school.id,
      ...QUARRY,
      arrivedOn: addDays(today, -9),
      deliveryNoteNo: 'QX-1119-02',
      invoiceNo: '3200261102',
      lines: [
        {
          classifyCode: '0212',
          materialName: '花岗岩板材',
          specName: '600×600×20 芝麻灰',
          makerName: '福建南安石业',
          unitName: '平方米',
          batchNo: 'NA-2611-15',
          quantity: 320,
          building: '1#教学楼',
          floor: '1F',
          part: '门厅地面',
          storageLocation: '东侧材料堆场',
        },
      ],
    }),
    { at: demoMoment(addDays(today, -9), '09:10') },
  );
  const graniteId = await firstInspection(granite.id);
  await services.inspections.submit(
    builder,
    decide({ id: graniteId, checks: [...both], visualResult: 'ok', verdict: 'pass' }),
    { at: demoMoment(addDays(today, -9), '10:30') },
  );
  await services.inspections.confirm(
    supervisor,
    { id: graniteId, approve: true, reason: undefined },
    { at: demoMoment(addDays(today, -8), '09:00') },
  );

  // 3. Kerbstones with no certificate and cracks: rejected, and taken back by the supplier.
  const kerbs = await services.deliveries.external(
    builder,
    external({
      projectId: school.id,
      ...QUARRY,
      arrivedOn: addDays(today, -6),
      deliveryNoteNo: 'QX-1122-01',
      lines: [
        {
          classifyCode: '0212',
          materialName: '花岗岩路缘石',
          specName: '1000×300×120',
          unitName: '米',
          batchNo: 'NA-2611-21',
          quantity: 60,
          part: '室外道路',
        },
      ],
    }),
    { at: demoMoment(addDays(today, -6), '14:30') },
  );
  const kerbsId = await firstInspection(kerbs.id);
  await services.inspections.submit(
    builder,
    decide({
      id: kerbsId,
      checks: [
        { kind: 'conformity', present: false, remark: '随车无合格证' },
        { kind: 'factory_test', present: false },
      ],
      visualResult: 'defect',
      verdict: 'fail',
      reason: '无合格证，抽查 6 块中 2 块有贯穿裂纹',
    }),
    { at: demoMoment(addDays(today, -6), '15:10') },
  );
  await services.inspections.confirm(
    supervisor,
    { id: kerbsId, approve: true, reason: undefined },
    { at: demoMoment(addDays(today, -6), '16:30') },
  );
  await services.inspections.dispose(
    builder,
    { id: kerbsId, disposal: 'returned', remark: '供应商已拉回' },
    { at: demoMoment(addDays(today, -4), '08:40') },
  );

  // 4. Waterproofing membrane just arrived: in quarantine, awaiting its inspection. The storekeeper reported it with
  // the maker's 合格证 scanned; the supervisor sent it back — the card is for PY Ⅰ 3mm, not the PY Ⅱ 4 mm delivered
  // (the reader's ER-02 on the inspection, docs/evidence-reading.md) — so it waits for the storekeeper again.
  const membrane = await services.deliveries.external(
    builder,
    external({
      projectId: school.id,
      supplierName: '南京东方雨虹建材销售有限公司',
      supplierCreditCode: '91320105MA1Y7H2Q5Q',
      arrivedOn: addDays(today, -1),
      deliveryNoteNo: 'YH-1127-11',
      lines: [
        {
          classifyCode: '0302',
          materialName: 'SBS 改性沥青防水卷材',
          specName: 'PY Ⅱ 4 mm',
          brand: '雨虹',
          makerName: '北京东方雨虹防水技术股份有限公司',
          unitName: '平方米',
          batchNo: 'YH20261120-3',
          quantity: 1500,
          isGreen: true,
          greenCertNo: 'LB2025GB0312',
          greenCertBody: '中国建材检验认证集团股份有限公司',
          building: '1#教学楼',
          part: '屋面',
          storageLocation: '2 号仓库',
        },
      ],
    }),
    { at: demoMoment(addDays(today, -1), '16:45') },
  );
  const membraneId = await firstInspection(membrane.id);
  const card = await files.store(builder, '防水卷材合格证.pdf', demoEvidencePdf(DEMO_MEMBRANE_CARD.id, today));
  const checklist = (await services.inspections.detail(builder, membraneId)).checks;
  await services.inspections.submit(
    builder,
    decide({
      id: membraneId,
      checks: checklist.map((c) => ({
        kind: c.kind,
        present: true,
        ...(c.kind === 'conformity' ? { uploadId: card.id } : {}),
      })),
      visualResult: 'ok',
      verdict: 'retest',
    }),
    { at: demoMoment(addDays(today, -1), '17:20') },
  );
  await services.inspections.confirm(
    supervisor,
    { id: membraneId, approve: false, reason: '合格证所列规格型号与到货规格不符，请核对后重新报验' },
    { at: demoMoment(today, '08:30') },
  );
}
