import {
  chooseBody,
  inquiryAwardBody,
  inquirySaveBody,
  materialListSaveBody,
  OrgType,
  type OrgTypeValue,
  orderShipBody,
  quoteSaveBody,
  Role,
  receiptCreateBody,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../lib/session-user.ts';
import { constructionIntake } from '../../modules/construction/index.ts';
import { distributionShipmentGate } from '../../modules/distribution/index.ts';
import {
  createAlternateService,
  createMaterialListService,
  createProcurementSourcingServices,
  createPurchaseOrderService,
  procurementShipmentGate,
} from '../../modules/procurement/index.ts';
import { combineGates, createTraceReceiptService, createTraceShipmentService } from '../../modules/trace/index.ts';
import type { Db, Tx } from '../client.ts';
import { addresses, lots, materialListLines, productSpecs, products, projects } from '../schema/index.ts';
import { DEMO_LOTS } from './demo-trace.ts';

/**
 * Procurement's demo (docs/procurement.md, "Demo"; README "Demo procurement"), made through the services as the
 * developer, the suppliers and the site would:
 *
 *   - 天妃宫小学 (2025 edition): a confirmed material list — every 必选类 line green, 可选类 coverage 2 of 4 kinds (50 %,
 *     meets the 40 % rule); an inquiry for its windows answered by 南京绿筑 and 南京恒通, awarded to 南京绿筑 with a
 *     reason, 南京恒通's quote kept as the alternate; the order sent, confirmed, 40 of 100 m² shipped and received on
 *     site (partly delivered).
 *   - 江宁区人民医院 (2025 edition): a draft list failing both rules — its rock wool is needed after the product's
 *     certificate ends (flagged), and only 1 of 4 optional kinds is green (25 %); an inquiry for its blocks still
 *     quoting, 南京恒通's quote in and sealed, 南京绿筑's to come.
 */

interface Party {
  orgId: number;
  userId: number;
}

const actor = (p: Party, orgType: OrgTypeValue): SessionUser => ({
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

const parse =
  <S extends z.ZodType>(schema: S) =>
  (b: z.input<S>): z.output<S> =>
    schema.parse(b);
const listBody = parse(materialListSaveBody);
const choice = parse(chooseBody);
const inquiry = parse(inquirySaveBody);
const quote = parse(quoteSaveBody);
const award = parse(inquiryAwardBody);
const shipBody = parse(orderShipBody);
const receive = parse(receiptCreateBody);

export interface DemoProcurementInput {
  developer: Party;
  builder: Party;
  maker: Party;
  dealer: Party;
}

export async function seedDemoProcurement(tx: Tx, input: DemoProcurementInput): Promise<{ orderId: number }> {
  // The services open their own transactions: on a transaction handle those are savepoints inside ours.
  const db = tx as Db;
  const lists = createMaterialListService({ db });
  const { selection, inquiries, quotes } = createProcurementSourcingServices({ db });
  const orders = createPurchaseOrderService({ db });
  const alternates = createAlternateService({ db });
  const developer = actor(input.developer, OrgType.DEVELOPER);
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const maker = actor(input.maker, OrgType.MANUFACTURER);
  const dealer = actor(input.dealer, OrgType.DISTRIBUTOR);
  const today = shanghaiToday();

  const projectId = async (name: string) => {
    const [p] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
    if (!p) throw new Error(`the demo project ${name} is missing`);
    return p.id;
  };
  const specs = await tx
    .select({ id: productSpecs.id, name: productSpecs.name, product: products.name })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(eq(products.orgId, input.maker.orgId));
  const specOf = (product: string, spec?: string) => {
    const s = specs.find((x) => x.product === product && (spec === undefined || x.name === spec));
    if (!s) throw new Error(`no demo spec ${product} ${spec ?? ''}`);
    return s.id;
  };
  const lineIds = async (project: number) =>
    new Map(
      (
        await tx
          .select({ id: materialListLines.id, commonName: materialListLines.commonName })
          .from(materialListLines)
          .where(eq(materialListLines.projectId, project))
      ).map((l) => [l.commonName, l.id]),
    );
  const choose = async (lineId: number | undefined, specId: number, reason: string, supplier = input.maker) => {
    if (lineId === undefined) throw new Error('a demo line is missing');
    await selection.choose(developer, choice({ lineId, specId, supplierOrgId: supplier.orgId, reason }));
  };

  // ---- 天妃宫小学: a confirmed list meeting both rules ----
  const school = await projectId('南京市鼓楼区天妃宫小学新建工程');
  await lists.save(
    developer,
    listBody({
      projectId: school,
      lines: [
        line('0104', '蒸压加气混凝土砌块', 'B06 A5.0 600×240×200', 32, 420, addDays(today, 30), '填充墙', 32_000),
        line('0105', '岩棉保温板', 'TR10 50 厚', 31, 1_800, addDays(today, 30), '外墙外保温', 3_850),
        line('0101', '预制混凝土叠合板', 'DBS1-67-3620', 32, 260, addDays(today, 60), '楼板', 285_000),
        line('0201', '断桥铝合金节能窗', '70 系列平开窗', 31, 100, addDays(today, 20), '教学楼外窗', 98_000),
        line('0304', '内墙涂料', '水性 20 kg', 14, 150, addDays(today, 90), '室内墙面', 42_000),
        line('0208', '透水砖', '300×150×55', 31, 900, addDays(today, 45), '操场及步道', 6_800),
        line('0505', '光伏组件', '450 W', 8, 120, addDays(today, 120), '屋面', 165_000),
      ],
    }),
  );
  const schoolLines = await lineIds(school);
  await choose(schoolLines.get('蒸压加气混凝土砌块'), specOf('蒸压加气混凝土砌块', 'B06 A5.0'), '三星级认证，本地生产');
  await choose(schoolLines.get('岩棉保温板'), specOf('岩棉保温板', 'TR10 50 厚'), '证书覆盖需用日期');
  await choose(schoolLines.get('预制混凝土叠合板'), specOf('预制混凝土叠合板', 'DBS1-67-3620'), '装配式构件');
  await choose(schoolLines.get('透水砖'), specOf('陶瓷透水砖'), '海绵城市要求');
  // The coating's certificate has lapsed: chosen for its price, it is not green (one optional kind short).
  await choose(schoolLines.get('内墙涂料'), specOf('水性建筑涂料（内墙）', '20 kg 装'), '价格低，已知证书过期待续');
  await lists.confirm(developer, school);

  // The windows go out for quotation to the maker and the distributor authorised for them in Nanjing.
  const windowsLine = schoolLines.get('断桥铝合金节能窗') as number;
  const rfq = await inquiries.save(
    developer,
    inquiry({
      projectId: school,
      title: '天妃宫小学教学楼外窗询价',
      remarks: '含安装配件，送货至工地',
      deadline: `${addDays(today, 3)} 17:00`,
      lines: [{ listLineId: windowsLine, quantity: 100 }],
      supplierOrgIds: [input.maker.orgId, input.dealer.orgId],
    }),
  );
  await inquiries.publish(developer, rfq.id);
  const windowSpec = specOf('断桥铝合金节能窗');
  const offer = async (who: SessionUser, unitPriceFen: number, days: number) => {
    const detail = await quotes.detail(who, rfq.id);
    const saved = await quotes.save(
      who,
      quote({
        inquiryId: rfq.id,
        lines: detail.lines.map((l) => ({
          inquiryLineId: l.id,
          specId: windowSpec,
          unitPriceFen,
          deliveryDate: addDays(today, days),
        })),
      }),
    );
    const quoteId = saved.myQuote?.id as number;
    await quotes.submit(who, quoteId);
    return quoteId;
  };
  const makerQuote = await offer(maker, 96_500, 10);
  await offer(dealer, 99_800, 7);
  await inquiries.close(developer, rfq.id);
  const awarded = await inquiries.award(
    developer,
    award({ id: rfq.id, quoteId: makerQuote, reason: '厂家直供，单价低于经销商报价 3.3%，交货期满足需用日期' }),
  );
  // 南京恒通's quote stays as the windows' alternate.
  await alternates.fromInquiry(developer, rfq.id);

  // The order: sent, confirmed, and 40 of 100 m² shipped from the factory and received on site.
  const orderId = awarded.orderId;
  if (orderId === null) throw new Error('the award made no order');
  await orders.send(developer, orderId);
  await orders.confirm(maker, orderId);
  const detail = await orders.detail(maker, orderId);
  const [factory] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.orgId, input.maker.orgId), eq(addresses.kind, 'factory')));
  const [windowLot] = await tx
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.orgId, input.maker.orgId), inArray(lots.batchNo, [DEMO_LOTS.window])));
  if (!factory || !windowLot) throw new Error('the demo factory or window lot is missing');
  const draft = await orders.ship(
    maker,
    shipBody({
      id: orderId,
      fromAddressId: factory.id,
      shipDate: addDays(today, -2),
      lines: [{ orderLineId: detail.lines[0]?.id as number, lotId: windowLot.id, quantity: 40 }],
    }),
  );
  const shipments = createTraceShipmentService({
    db,
    gate: combineGates(distributionShipmentGate, procurementShipmentGate),
  });
  await shipments.ship(maker, draft.shipmentId);
  const shipped = await shipments.detail(maker, draft.shipmentId);
  const receipts = createTraceReceiptService({ db, intake: constructionIntake });
  await receipts.create(
    builder,
    receive({
      shipmentId: draft.shipmentId,
      arrivedOn: addDays(today, -1),
      remarks: '首批外窗 40 m²，其余按进度分批送达',
      lines: shipped.lines.map((l) => ({
        shipmentLineId: l.id,
        received: l.quantity,
        accepted: l.quantity,
        rejected: 0,
      })),
    }),
  );

  // ---- 江宁区人民医院: a draft list failing both rules, an inquiry still quoting ----
  const hospital = await projectId('江宁区人民医院门急诊综合楼');
  await lists.save(
    developer,
    listBody({
      projectId: hospital,
      lines: [
        line('0104', '蒸压加气混凝土砌块', 'B06 A5.0', 32, 680, addDays(today, 40), '门诊楼填充墙', 32_000),
        // Needed long after the rock wool's certificate ends (45 days): not green, and flagged on 备选供应商.
        line('0105', '岩棉保温板', 'TR10 80 厚', 31, 3_200, addDays(today, 150), '外墙外保温', 6_000),
        line('0201', '断桥铝合金节能窗', '70 系列平开窗', 31, 260, addDays(today, 100), '门急诊外窗', 98_000),
        line('0304', '内墙涂料', '水性 20 kg', 14, 400, addDays(today, 160), '病房墙面', 42_000),
        line('0211', '石膏装饰线条', '石膏基', 28, 1_500, addDays(today, 170), '大厅吊顶', 4_500),
        line('0505', '光伏组件', '450 W', 8, 300, addDays(today, 200), '屋面', 165_000),
      ],
    }),
  );
  const hospitalLines = await lineIds(hospital);
  await choose(
    hospitalLines.get('蒸压加气混凝土砌块'),
    specOf('蒸压加气混凝土砌块', 'B06 A5.0'),
    '与小学项目同一供应商',
  );
  await choose(hospitalLines.get('岩棉保温板'), specOf('岩棉保温板', 'TR10 80 厚'), '同厂配套');
  await choose(hospitalLines.get('断桥铝合金节能窗'), windowSpec, '与小学项目同款');
  await choose(hospitalLines.get('内墙涂料'), specOf('水性建筑涂料（内墙）', '20 kg 装'), '暂定，待比选');
  const blocksRfq = await inquiries.save(
    developer,
    inquiry({
      projectId: hospital,
      title: '江宁区人民医院填充墙砌块询价',
      remarks: undefined,
      deadline: `${addDays(today, 5)} 17:00`,
      lines: [{ listLineId: hospitalLines.get('蒸压加气混凝土砌块') as number, quantity: 680 }],
      supplierOrgIds: [input.maker.orgId, input.dealer.orgId],
    }),
  );
  await inquiries.publish(developer, blocksRfq.id);
  const blocksDetail = await quotes.detail(dealer, blocksRfq.id);
  const dealerQuote = await quotes.save(
    dealer,
    quote({
      inquiryId: blocksRfq.id,
      lines: blocksDetail.lines.map((l) => ({
        inquiryLineId: l.id,
        specId: specOf('蒸压加气混凝土砌块', 'B06 A5.0'),
        unitPriceFen: 33_500,
        deliveryDate: addDays(today, 20),
      })),
    }),
  );
  await quotes.submit(dealer, dealerQuote.myQuote?.id as number);
  return { orderId };
}

/** A material-list line as the grid sends it. */
function line(
  classifyCode: string,
  commonName: string,
  spec: string,
  unitId: number,
  quantity: number,
  requiredBy: string,
  useLocation: string,
  budgetUnitPriceFen: number,
) {
  return { classifyCode, commonName, spec, unitId, quantity, requiredBy, useLocation, budgetUnitPriceFen };
}
