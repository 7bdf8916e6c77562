import { distributorProductSaveBody, OrgType, productUnits, Role, salesContractSaveBody } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { createDistributorConsoleServices, distributionShipmentGate } from '../../modules/distribution/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import { createTraceShipmentService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import {
  addresses,
  authorisationItems,
  authorisations,
  lots,
  productSpecs,
  products,
  projects,
} from '../schema/index.ts';
import { tinyPdf } from './demo-products.ts';

/**
 * The distributor console's demo (docs/distribution.md; README "Demo accounts"): 南京恒通's product records of what
 * its letters name, and two sales contracts with 南京城建置业 for the school (天妃宫小学) — one signed with its file on
 * the ledger and in force where the letters cover it, one a draft. Made through the services as the distributor
 * would. Runs after the demo authorisations (demo-distribution.ts): without letters there are no product records and
 * the first contract stays signed (activating it would be refused, as it should).
 */

interface Party {
  orgId: number;
  userId: number;
}

const actor = (p: Party): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType: OrgType.DISTRIBUTOR,
  roles: [Role.ENTERPRISE_ADMIN],
});

const record = (b: z.input<typeof distributorProductSaveBody>) => distributorProductSaveBody.parse(b);
const contract = (b: z.input<typeof salesContractSaveBody>) => salesContractSaveBody.parse(b);

/** A demo specification of the demo maker's products by name. */
async function specOf(tx: Tx, product: string, spec: string) {
  const [row] = await tx
    .select({ id: productSpecs.id })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(products.name, product), eq(productSpecs.name, spec)));
  if (!row) throw new Error(`no demo spec ${product} ${spec}`);
  return row.id;
}

export async function seedDemoDistributionSales(
  tx: Tx,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  input: { dealer: Party; developer: Party },
): Promise<{ contracts: number[]; records: number }> {
  // The services open their own transactions: on a transaction handle those are savepoints inside ours.
  const db = tx as Db;
  const { products: records, contracts } = createDistributorConsoleServices({ db });
  const dealer = actor(input.dealer);

  // A record of each product (and specification) its letters name, priced per its (first) specification's unit.
  const licensed = await tx
    .selectDistinct({ productId: authorisationItems.productId, specId: authorisationItems.specId })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .where(and(eq(authorisations.distributorOrgId, input.dealer.orgId), ne(authorisations.status, 'draft')));
  // Its warehouses (demo-trace.ts) are where it supplies from.
  const warehouses = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.orgId, input.dealer.orgId), eq(addresses.kind, 'warehouse')));
  for (const [i, item] of licensed.entries()) {
    const [spec] = await tx
      .select({ unitId: productSpecs.unitId })
      .from(productSpecs)
      .where(item.specId === null ? eq(productSpecs.productId, item.productId) : eq(productSpecs.id, item.specId))
      .limit(1);
    await records.save(
      dealer,
      record({
        productId: item.productId,
        specId: item.specId ?? undefined,
        priceFen: 4_800 + i * 1_250,
        priceUnit: productUnits.find((u) => u.id === spec?.unitId)?.name ?? '件',
        supplyRegionCodes: ['320100'],
        supplyAddressIds: warehouses.map((w) => w.id),
        minOrderQuantity: 50,
        leadDays: 3 + i,
        remarks: '含南京市内运费',
      }),
    );
  }

  const [school] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
  if (!school) throw new Error('the demo school is missing');
  const rockWool = await specOf(tx, '岩棉保温板', 'TR10 50 厚');
  const thicker = await specOf(tx, '岩棉保温板', 'TR10 80 厚');
  const files = createFileService({ db, config: config as Config });
  const signed = await files.store(
    dealer,
    '经销合同HT-2026-001（双方签章）.pdf',
    tinyPdf(['Sales contract HT-2026-001', 'Nanjing Hengtong - Nanjing Urban Construction', 'Signed and sealed']),
  );
  const today = shanghaiToday();
  const first = await contracts.save(
    dealer,
    contract({
      number: 'HT-2026-001',
      buyerOrgId: input.developer.orgId,
      projectId: school.id,
      signedDate: today,
      validFrom: today,
      validUntil: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      lines: [
        { specId: rockWool, quantity: 300, unit: '平方米', unitPriceFen: 4_850 },
        { specId: thicker, quantity: 120, unit: '平方米', unitPriceFen: 6_200 },
      ],
      signedFileId: signed.id,
      remarks: '分两批交货，到货验收合格后付款',
    }),
  );
  await contracts.sign(dealer, first.id);
  await contracts.activate(dealer, first.id);
  await shipFirstBatch(db, dealer, first.id, warehouses[0]?.id, today);
  const second = await contracts.save(
    dealer,
    contract({
      number: 'HT-2026-002',
      buyerOrgId: input.developer.orgId,
      projectId: school.id,
      validFrom: today,
      validUntil: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      lines: [{ specId: rockWool, quantity: 200, unit: '平方米', unitPriceFen: 4_800 }],
      remarks: '二期外墙保温，待签订',
    }),
  );
  return { contracts: [first.id, second.id], records: licensed.length };
}

/**
 * The first batch of HT-2026-001 — 100 m² of rock wool from the lot 南京绿筑 delivered to 恒通 (YM20261101) — drafted
 * against the contract and shipped to the school through the shipment gate, as the distributor's wizard would: the
 * letter covering it is recorded on its line, and the contract line and the letter's cap are drawn down.
 */
async function shipFirstBatch(
  db: Db,
  dealer: SessionUser,
  contractId: number,
  warehouseId: number | undefined,
  today: string,
) {
  const { contracts } = createDistributorConsoleServices({ db });
  const shipments = createTraceShipmentService({ db, gate: distributionShipmentGate });
  const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.batchNo, 'YM20261101'));
  const detail = await contracts.detail(dealer, contractId);
  const line = detail.lines[0];
  if (!lot || !line || warehouseId === undefined) throw new Error('the demo contract cannot be shipped');
  const draft = await contracts.ship(dealer, {
    id: contractId,
    fromAddressId: warehouseId,
    toAddressId: undefined,
    shipDate: today,
    lines: [{ contractLineId: line.id, lotId: lot.id, quantity: 100 }],
  });
  await shipments.ship(dealer, draft.shipmentId);
}
