import { type CodeLevelValue, OrgType, ProductDocumentKind, Role } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { createFileService } from '../../modules/file/index.ts';
import { updateSpec } from '../../modules/product/index.ts';
import { createAddressService, createCodeService, createLotService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import { productDocuments, productSpecs, products } from '../schema/index.ts';

/**
 * The traceability demo (docs/traceability.md): addresses of the demo manufacturer and distributor, the mass per
 * unit of the manufacturer's specifications, and four production lots with their trace codes — made through the
 * trace services, as a user makes them, so their stock moves, evidence snapshots and EPCIS events on the ledger are
 * the real thing. Shipments and receipts build on these lots (by batch number) in their own seed.
 */

/** The demo lots' batch numbers (GB/T 33993 AI 10): other seeds and tests find the lots by them. */
/**
 * The trace code the README names (scan it at /mobile/detail): the first item code of the rock wool lot, shipped to
 * and received by 南京恒通 in the demo. Fixed so a newcomer can type it; every other code is random.
 */
export const DEMO_TRACE_CODE = 'JCBBDEMOYM2622NJLZAA';

export const DEMO_LOTS = {
  rockWool: 'YM20261101',
  aacBlock: 'JQ20261105',
  mortar: 'SJ20261110',
  window: 'CH20261115',
} as const;

interface Party {
  orgId: number;
  userId: number;
}

export interface TraceDemoInput {
  maker: Party;
  dealer: Party;
  builder: Party;
}

/**
 * Mass of one unit in kg, per product and specification (GB/T 51366 transport carbon). 岩棉板 at about 120 kg/m³
 * (50 and 80 mm; the TR15 100 mm board is denser, about 180 kg/m³); B06 blocks 600 kg/m³; mortar 40 kg a bag or
 * 1 000 kg a tonne; concrete slabs 2 500 kg/m³. The window stays without: it shows "missing mass" on shipments.
 */
const MASSES: { product: string; spec: string; kg: string }[] = [
  { product: '岩棉保温板', spec: 'TR10 50 厚', kg: '6' },
  { product: '岩棉保温板', spec: 'TR10 80 厚', kg: '9.6' },
  { product: '岩棉保温板', spec: 'TR15 100 厚', kg: '18' },
  { product: '蒸压加气混凝土砌块', spec: 'B06 A5.0', kg: '600' },
  { product: '蒸压加气混凝土砌块', spec: 'B06 A3.5', kg: '600' },
  { product: '干混砌筑砂浆', spec: 'DM M10 袋装', kg: '40' },
  { product: '干混砌筑砂浆', spec: 'DM M10 散装', kg: '1000' },
  { product: '预制混凝土叠合板', spec: 'DBS1-67-3620', kg: '2500' },
  { product: '预制混凝土叠合板', spec: 'DBS2-67-4218', kg: '2500' },
];

interface DemoLot {
  batchNo: string;
  product: string;
  spec: string;
  quantity: number;
  productionDate: string;
  codes?: { level: CodeLevelValue; count: number; unitsPerItem: number; itemsPerPackage?: number };
}

const LOTS: DemoLot[] = [
  {
    batchNo: DEMO_LOTS.rockWool,
    product: '岩棉保温板',
    spec: 'TR10 50 厚',
    quantity: 5000,
    productionDate: '2026-11-01',
    codes: { level: 'item', count: 60, unitsPerItem: 10 },
  },
  {
    batchNo: DEMO_LOTS.aacBlock,
    product: '蒸压加气混凝土砌块',
    spec: 'B06 A5.0',
    quantity: 800,
    productionDate: '2026-11-05',
    codes: { level: 'item', count: 40, unitsPerItem: 1.5 },
  },
  {
    batchNo: DEMO_LOTS.mortar,
    product: '干混砌筑砂浆',
    spec: 'DM M10 袋装',
    quantity: 2000,
    productionDate: '2026-11-10',
    codes: { level: 'package', count: 10, unitsPerItem: 1, itemsPerPackage: 50 },
  },
  {
    batchNo: DEMO_LOTS.window,
    product: '断桥铝合金节能窗',
    spec: '70 系列平开窗',
    quantity: 300,
    productionDate: '2026-11-15',
  },
];

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

async function specOf(tx: Tx, orgId: number, product: string, spec: string) {
  const [row] = await tx
    .select({ specId: productSpecs.id, productId: products.id })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(products.orgId, orgId), eq(products.name, product), eq(productSpecs.name, spec)));
  if (!row) throw new Error(`demo specification ${product} ${spec} is missing`);
  return row;
}

/** The product's type-test report upload: the lot's factory quality document. */
async function testReportUpload(tx: Tx, productId: number): Promise<number[]> {
  const [row] = await tx
    .select({ uploadId: productDocuments.uploadId })
    .from(productDocuments)
    .where(and(eq(productDocuments.productId, productId), eq(productDocuments.kind, ProductDocumentKind.TEST_REPORT)));
  return row?.uploadId ? [row.uploadId] : [];
}

/**
 * Seed the traceability demo in the caller's transaction (the services' transactions are savepoints inside it).
 * Production dates are fixed, as the batch numbers spell them; on a clock before them (a machine whose date is
 * wrong) a lot is dated today instead, since no lot may be produced in the future.
 */
export async function seedTraceDemo(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  input: TraceDemoInput,
): Promise<{ lotIds: Record<string, number> }> {
  const db = tx as Db;
  const maker = actor(input.maker, OrgType.MANUFACTURER);
  const dealer = actor(input.dealer, OrgType.DISTRIBUTOR);
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const addresses = createAddressService({ db });
  const files = createFileService({ db, config: config as Config });
  const lots = createLotService({ db, files });
  const codes = createCodeService({ db });

  const contact = { contactName: '张伟', contactPhone: '13800000001' };
  await addresses.save(maker, {
    kind: 'factory',
    name: '绿筑江宁工厂',
    regionCode: '320115',
    detail: '江宁区秣陵街道将军大道 88 号',
    ...contact,
    isDefault: true,
    enabled: true,
  });
  await addresses.save(maker, {
    kind: 'warehouse',
    name: '绿筑六合仓库',
    regionCode: '320116',
    detail: '六合区雄州街道雄州南路 16 号',
    ...contact,
    isDefault: false,
    enabled: true,
  });
  await addresses.save(dealer, {
    kind: 'warehouse',
    name: '恒通栖霞仓库',
    regionCode: '320113',
    detail: '栖霞区迈皋桥街道寅春路 18 号',
    contactName: '李娜',
    contactPhone: '13800000002',
    isDefault: true,
    enabled: true,
  });
  await addresses.save(builder, {
    kind: 'warehouse',
    name: '筑安江宁材料仓库',
    regionCode: '320115',
    detail: '江宁区东山街道上元大街 210 号',
    contactName: '赵磊',
    contactPhone: '13800000003',
    isDefault: true,
    enabled: true,
  });

  for (const m of MASSES) {
    const { specId } = await specOf(tx, input.maker.orgId, m.product, m.spec);
    await updateSpec(tx, specId, { massPerUnitKg: m.kg });
  }

  const today = shanghaiToday();
  const lotIds: Record<string, number> = {};
  for (const l of LOTS) {
    const spec = await specOf(tx, input.maker.orgId, l.product, l.spec);
    const productionDate = l.productionDate <= today ? l.productionDate : today;
    const { id } = await lots.create(maker, {
      specId: spec.specId,
      batchNo: l.batchNo,
      productionDate,
      quantity: l.quantity,
      qualityDocUploadIds: await testReportUpload(tx, spec.productId),
    });
    lotIds[l.batchNo] = id;
    if (l.codes) {
      const firstCode = l.batchNo === DEMO_LOTS.rockWool ? DEMO_TRACE_CODE : undefined;
      // The labels are issued on the production day (the event's time is when it happened, not when seeded).
      await codes.generate(maker, { lotId: id, ...l.codes }, { firstCode, at: demoMoment(productionDate, '10:00') });
    }
  }
  return { lotIds };
}

/**
 * A demo step's moment: the time of day on a Shanghai date, never later than now (a date of today seeded in the
 * morning). Demo events carry the dates the README states, not the day the database was seeded.
 */
export function demoMoment(date: string, time: string): Date {
  const at = new Date(`${date}T${time}:00+08:00`);
  const now = new Date();
  return at > now ? now : at;
}
