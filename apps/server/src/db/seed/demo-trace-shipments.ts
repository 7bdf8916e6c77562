import { Role, receiptCreateBody, shipmentSaveBody } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../lib/session-user.ts';
import { constructionIntake } from '../../modules/construction/index.ts';
import { createTraceReceiptService, createTraceShipmentService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import { addresses, lots, productSpecs, projects, stockBalances, traceCodes } from '../schema/index.ts';
import { demoMoment } from './demo-trace.ts';

/**
 * Demo shipments (docs/traceability.md) of the demo manufacturer's lots, made through the shipment and receipt
 * services as their users would, so every ship, receipt and rejection carries its EPCIS event on the ledger and
 * its messages:
 *
 *   1. 南京绿筑 → 南京恒通: 岩棉保温板 YM20261101, 600 m² with its 60 codes, received in full.
 *   2. 南京绿筑 → 天妃宫小学 (江苏筑安 an accepted construction unit): 砌块 JQ20261105, 20 codes (30 m³), and
 *      断桥铝合金节能窗 CH20261115 (no codes); partly received — 19 codes accepted, 1 rejected as damaged, the
 *      windows still on their way.
 *   3. 南京绿筑 → 江苏筑安: 干混砌筑砂浆 SJ20261110, 5 packages (250 bags): 4 accepted, 1 rejected as damaged.
 *      (The mortar is not listed in Nanjing — its listing awaits the platform — so it cannot go to a Nanjing
 *      project: the rule refuses it; it goes to the construction unit's own stock instead.)
 *   4. 南京绿筑 → 江宁区人民医院 (筑安 a member): JQ20261105 without codes, up to 100 m³, in transit.
 *
 * Masses per unit are set on the specifications that have none (the windows are left without, so the demo shows
 * a "missing mass" figure too). Runs in the caller's transaction, after the lots exist.
 */

/** A code in stock and the quantity it stands for. */
interface Coded {
  code: string;
  quantity: number;
}

interface Party {
  orgId: number;
  userId: number;
}

export interface DemoTraceLots {
  insulation: number;
  blocks: number;
  mortar: number;
  windows: number;
  makerFactory: number;
  dealerWarehouse: number;
}

export interface DemoTraceShipmentsInput {
  maker: Party;
  dealer: Party;
  builder: Party;
  lots: DemoTraceLots;
}

/** Masses of one unit, kg: rock wool 50 mm (≈140 kg/m³), AAC block B06 (≈650 kg/m³), a 40 kg bag. */
const MASSES: Record<'insulation' | 'blocks' | 'mortar', string> = { insulation: '7', blocks: '650', mortar: '40' };

/**
 * The lots and addresses the trace demo seed (demo-trace.ts) made, by batch number and name; null when they are not
 * there (then there is nothing to ship).
 */
export async function findDemoTraceLots(tx: Tx, maker: Party, dealer: Party): Promise<DemoTraceLots | null> {
  const batches = { insulation: 'YM20261101', blocks: 'JQ20261105', mortar: 'SJ20261110', windows: 'CH20261115' };
  const rows = await tx
    .select({ id: lots.id, batchNo: lots.batchNo })
    .from(lots)
    .where(and(eq(lots.orgId, maker.orgId), inArray(lots.batchNo, Object.values(batches))));
  const lot = (b: string) => rows.find((r) => r.batchNo === b)?.id;
  const address = async (orgId: number, name: string) =>
    (
      await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.orgId, orgId), eq(addresses.name, name)))
    )[0]?.id;
  const found = {
    insulation: lot(batches.insulation),
    blocks: lot(batches.blocks),
    mortar: lot(batches.mortar),
    windows: lot(batches.windows),
    makerFactory: await address(maker.orgId, '绿筑江宁工厂'),
    dealerWarehouse: await address(dealer.orgId, '恒通栖霞仓库'),
  };
  return Object.values(found).every((v) => v !== undefined) ? (found as DemoTraceLots) : null;
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

/** Bodies as the API would parse them (defaults filled, limits checked). */
const save = (b: z.input<typeof shipmentSaveBody>) => shipmentSaveBody.parse(b);
const receive = (b: z.input<typeof receiptCreateBody>) => receiptCreateBody.parse(b);

export async function seedDemoTraceShipments(tx: Tx, input: DemoTraceShipmentsInput): Promise<number[]> {
  // The services open their own transactions: on a transaction handle those are savepoints inside ours.
  const shipments = createTraceShipmentService({ db: tx as Db });
  // A receipt at a project starts the site's inspection (the construction module's intake), as in the app.
  const receipts = createTraceReceiptService({ db: tx as Db, intake: constructionIntake });
  const maker = actor(input.maker, 6);
  const dealer = actor(input.dealer, 7);
  const builder = actor(input.builder, 4);
  const today = shanghaiToday();
  const L = input.lots;

  const lotRows = await tx
    .select({ id: lots.id, specId: lots.specId })
    .from(lots)
    .where(inArray(lots.id, [L.insulation, L.blocks, L.mortar, L.windows]));
  const specOf = (lotId: number) => lotRows.find((r) => r.id === lotId)?.specId as number;
  for (const [key, mass] of Object.entries(MASSES) as [keyof typeof MASSES, string][]) {
    await tx
      .update(productSpecs)
      .set({ massPerUnitKg: mass })
      .where(and(eq(productSpecs.id, specOf(L[key])), isNull(productSpecs.massPerUnitKg)));
  }
  /** The lot's top-level codes in the maker's stock, in a stable order. */
  const codesOf = async (lotId: number) =>
    (
      await tx
        .select({ code: traceCodes.code, quantity: traceCodes.quantity })
        .from(traceCodes)
        .where(
          and(
            eq(traceCodes.lotId, lotId),
            isNull(traceCodes.parentCode),
            eq(traceCodes.status, 'active'),
            eq(traceCodes.holderKey, `org:${input.maker.orgId}`),
          ),
        )
        .orderBy(asc(traceCodes.createdAt), asc(traceCodes.code))
    ).map((c) => ({ code: c.code, quantity: Number(c.quantity) }));
  /** The maker's usable stock of a lot not covered by codes still in stock (what may leave without codes). */
  const uncoded = async (lotId: number) => {
    const [b] = await tx
      .select({ q: stockBalances.quantity })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.holderKey, `org:${input.maker.orgId}`),
          eq(stockBalances.lotId, lotId),
          eq(stockBalances.bucket, 'usable'),
        ),
      );
    const coded = (await codesOf(lotId)).reduce((s, c) => s + c.quantity, 0);
    return Math.max(0, Math.floor(Number(b?.q ?? 0) - coded));
  };
  const projectId = async (name: string) =>
    (await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]?.id as number;
  const sum = (cs: Coded[]) => Math.round(cs.reduce((s, c) => s + c.quantity, 0) * 1000) / 1000;
  const ids: number[] = [];
  /** Saves and ships a shipment from the maker's factory; answers its id and its line ids in order. */
  const send = async (
    body: Omit<z.input<typeof shipmentSaveBody>, 'fromAddressId' | 'transportType'> & {
      transportType?: number;
    },
  ) => {
    const saved = await shipments.save(maker, save({ fromAddressId: L.makerFactory, transportType: 8, ...body }));
    await shipments.ship(maker, saved.id, { at: demoMoment(String(body.shipDate), '09:30') });
    ids.push(saved.id);
    return { id: saved.id, lineIds: (await shipments.detail(maker, saved.id)).lines.map((l) => l.id) };
  };
  /** A receipt line for coded goods: everything received, the `damaged` codes rejected; `scanned` lists each code. */
  const codedLine = (shipmentLineId: number | undefined, codes: Coded[], damaged: Coded[] = [], scanned = false) => ({
    shipmentLineId: shipmentLineId as number,
    received: sum(codes),
    accepted: sum(codes) - sum(damaged),
    rejected: sum(damaged),
    ...(damaged.length > 0 ? { rejectReason: 'damaged' as const } : {}),
    ...(scanned ? { receivedCodes: codes.map((c) => c.code) } : {}),
    rejectedCodes: damaged.map((c) => c.code),
  });

  // 1. Rock wool to the distributor, every code, received in full.
  const wool = (await codesOf(L.insulation)).slice(0, 60);
  const s1 = await send({
    destination: { kind: 'org', orgId: input.dealer.orgId },
    toAddressId: L.dealerWarehouse,
    shipDate: addDays(today, -12),
    plannedArrival: addDays(today, -11),
    distanceKm: 38.5,
    vehiclePlate: '苏A·D2618',
    lines: [{ specId: specOf(L.insulation), lotId: L.insulation, quantity: sum(wool), codes: wool.map((c) => c.code) }],
  });
  await receipts.create(
    dealer,
    receive({
      shipmentId: s1.id,
      arrivedOn: addDays(today, -11),
      deliveryNoteNo: 'HT-2611-001',
      lines: [codedLine(s1.lineIds[0], wool)],
    }),
    { at: demoMoment(addDays(today, -11), '15:20') },
  );

  // 2. Blocks with codes and windows without to the school, partly received with one damaged block.
  const blocks = (await codesOf(L.blocks)).slice(0, 20);
  const windows = Math.min(60, await uncoded(L.windows));
  const s2 = await send({
    destination: { kind: 'project', projectId: await projectId('南京市鼓楼区天妃宫小学新建工程') },
    shipDate: addDays(today, -4),
    plannedArrival: addDays(today, -2),
    distanceKm: 41,
    vehiclePlate: '苏A·7K351',
    lines: [
      { specId: specOf(L.blocks), lotId: L.blocks, quantity: sum(blocks), codes: blocks.map((c) => c.code) },
      ...(windows > 0 ? [{ specId: specOf(L.windows), lotId: L.windows, quantity: windows, codes: [] }] : []),
    ],
  });
  await receipts.create(
    builder,
    receive({
      shipmentId: s2.id,
      arrivedOn: addDays(today, -3),
      remarks: '砌块一块运输中破损，已拒收；门窗另车送达',
      lines: [codedLine(s2.lineIds[0], blocks, blocks.slice(-1), true)],
    }),
    { at: demoMoment(addDays(today, -3), '10:40') },
  );

  // 3. Mortar packages to the construction unit's own stock: four accepted, one damaged.
  const bags = (await codesOf(L.mortar)).slice(0, 5);
  const s3 = await send({
    destination: { kind: 'org', orgId: input.builder.orgId },
    shipDate: addDays(today, -4),
    distanceKm: 26,
    lines: [{ specId: specOf(L.mortar), lotId: L.mortar, quantity: sum(bags), codes: bags.map((c) => c.code) }],
  });
  await receipts.create(
    builder,
    receive({
      shipmentId: s3.id,
      arrivedOn: addDays(today, -3),
      lines: [codedLine(s3.lineIds[0], bags, bags.slice(-1))],
    }),
    { at: demoMoment(addDays(today, -3), '16:05') },
  );

  // 4. Blocks without codes to the hospital, on their way.
  const loose = Math.min(100, await uncoded(L.blocks));
  if (loose > 0) {
    await send({
      transportType: 9,
      destination: { kind: 'project', projectId: await projectId('江宁区人民医院门急诊综合楼') },
      shipDate: addDays(today, -1),
      plannedArrival: today,
      lines: [{ specId: specOf(L.blocks), lotId: L.blocks, quantity: loose, codes: [] }],
    });
  }
  return ids;
}
