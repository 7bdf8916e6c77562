import { CertStatus, creditCodeCheckChar, defaultModulesByOrgType, OrgType, Role } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sendMessage } from '../../modules/message/index.ts';
import type { Db } from '../client.ts';
import { organizations, orgModules, userRoles, users } from '../schema/index.ts';
import { seedDemoAccount } from './demo-account.ts';
import { seedDemoBasicMaterialApplications } from './demo-basic-materials.ts';
import { seedDemoBusinessCards } from './demo-business-card.ts';
import { seedDemoCertificates } from './demo-certificates.ts';
import { seedDemoConstruction } from './demo-construction.ts';
import { seedDemoDisk } from './demo-disk.ts';
import { seedDemoDistribution } from './demo-distribution.ts';
import { seedDemoDistributionSales } from './demo-distribution-sales.ts';
import { seedDemoEnterpriseInspection } from './demo-enterprise-inspection.ts';
import { seedDemoGovernmentFilings } from './demo-government-filings.ts';
import { seedDemoGovernmentRisk } from './demo-government-risk.ts';
import { seedDemoDistributorEvidence, seedDemoLedger } from './demo-ledger.ts';
import { seedDemoListings } from './demo-listings.ts';
import { seedDemoProcurement } from './demo-procurement.ts';
import { seedDemoOtherMakerProduct, seedDemoProducts } from './demo-products.ts';
import { seedDemoProjects } from './demo-projects.ts';
import { seedDemoSamplings } from './demo-samplings.ts';
import { daysAgoAtOfficeHour } from './demo-time.ts';
import { seedTraceDemo } from './demo-trace.ts';
import { findDemoTraceLots, seedDemoTraceShipments } from './demo-trace-shipments.ts';
import { seedDemoWitness } from './demo-witness.ts';

export const DEMO_PASSWORD = 'Jcbb@2026';

/** A valid unified social credit code (GB 32100-2015) for a region and a 9-character organisation code. */
function creditCode(region: string, orgCode: string): string {
  const first17 = `91${region}${orgCode}`;
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`demo credit code ${first17} uses characters GB 32100-2015 does not allow`);
  return first17 + check;
}

interface DemoOrg {
  key: string;
  name: string;
  type: number;
  certified: boolean;
  region: string;
  orgCode: string;
  address: string;
  legalPerson: string;
}

const demoOrgs: DemoOrg[] = [
  {
    key: 'maker',
    name: '南京绿筑新型建材有限公司',
    type: OrgType.MANUFACTURER,
    certified: true,
    region: '320115',
    orgCode: 'MA1X7C2K5',
    address: '江苏省南京市江宁区秣周东路 12 号',
    legalPerson: '王建国',
  },
  {
    key: 'dealer',
    name: '南京恒通建材贸易有限公司',
    type: OrgType.DISTRIBUTOR,
    certified: true,
    region: '320102',
    orgCode: 'MA1Y3D8L2',
    address: '江苏省南京市玄武区珠江路 88 号',
    legalPerson: '陈立新',
  },
  {
    key: 'builder',
    name: '江苏筑安建设工程有限公司',
    type: OrgType.CONSTRUCTION,
    certified: true,
    region: '320106',
    orgCode: '134567892',
    address: '江苏省南京市鼓楼区中山北路 200 号',
    legalPerson: '刘海',
  },
  {
    key: 'supervisor',
    name: '南京正衡工程监理有限公司',
    type: OrgType.SUPERVISION,
    certified: true,
    region: '320104',
    orgCode: '249857316',
    address: '江苏省南京市秦淮区中华路 50 号',
    legalPerson: '周敏',
  },
  {
    key: 'developer',
    name: '南京城建置业发展有限公司',
    type: OrgType.DEVELOPER,
    certified: true,
    region: '320105',
    orgCode: '302564178',
    address: '江苏省南京市建邺区江东中路 108 号',
    legalPerson: '孙涛',
  },
  {
    key: 'gov',
    name: '南京市城乡建设委员会',
    type: OrgType.GOVERNMENT,
    certified: false,
    region: '320100',
    orgCode: '000014349',
    address: '江苏省南京市玄武区北京东路 63 号',
    legalPerson: '—',
  },
  {
    key: 'certifier',
    name: '华夏绿色建材认证中心有限公司',
    type: OrgType.CERTIFICATION_BODY,
    certified: true,
    region: '110108',
    orgCode: 'MA01B2C3D',
    address: '北京市海淀区三里河路 9 号',
    legalPerson: '郑雪',
  },
  {
    key: 'newMaker',
    name: '苏州新材科技有限公司',
    type: OrgType.MANUFACTURER,
    certified: false,
    region: '320505',
    orgCode: 'MA1W9E4F7',
    address: '江苏省苏州市虎丘区科灵路 78 号',
    legalPerson: '吴芳',
  },
];

/** docs/design.md §7: one account per console, all with the password Jcbb@2026. */
export const demoAccounts = [
  { mobile: '13800000000', username: 'platform', realName: '平台审核员', org: null, role: Role.SUPER_ADMIN },
  { mobile: '13800000001', username: 'lvzhu_admin', realName: '张伟', org: 'maker', role: Role.ENTERPRISE_ADMIN },
  { mobile: '13800000002', username: 'hengtong_admin', realName: '李娜', org: 'dealer', role: Role.ENTERPRISE_ADMIN },
  { mobile: '13800000003', username: 'zhuan_admin', realName: '王强', org: 'builder', role: Role.ENTERPRISE_ADMIN },
  {
    mobile: '13800000004',
    username: 'zhengheng_admin',
    realName: '赵磊',
    org: 'supervisor',
    role: Role.ENTERPRISE_ADMIN,
  },
  {
    mobile: '13800000005',
    username: 'chengjian_admin',
    realName: '钱静',
    org: 'developer',
    role: Role.ENTERPRISE_ADMIN,
  },
  { mobile: '13800000006', username: 'njzjw', realName: '孙明', org: 'gov', role: Role.CITY_COMMITTEE },
  { mobile: '13800000007', username: 'huaxia_admin', realName: '周洁', org: 'certifier', role: Role.ENTERPRISE_ADMIN },
  { mobile: '13800000008', username: 'xincai_admin', realName: '吴昊', org: 'newMaker', role: Role.ENTERPRISE_ADMIN },
  { mobile: '13800000009', username: 'lvzhu_staff', realName: '郑敏', org: 'maker', role: Role.STAFF },
  // 江苏筑安's people besides its administrator: the README's tour adds them to a project (添加人员) and names a leader.
  { mobile: '13800000010', username: 'zhuan_staff_liu', realName: '刘洋', org: 'builder', role: Role.STAFF },
  { mobile: '13800000011', username: 'zhuan_staff_huang', realName: '黄婷', org: 'builder', role: Role.STAFF },
] as const;

/** Whether the database has no users yet: the demo data goes only into such a database. */
export async function hasNoUsers(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return count === 0;
}

/**
 * Seed the demo organisations and accounts, only into a database without users (docs/design.md §7), in one
 * transaction: a half-seeded database never exists.
 */
export async function seedDemoData(
  db: Db,
  config: Pick<Config, 'scryptCost' | 'dataDir' | 'maxUploadBytes'> & { production?: boolean },
  /** The demo password's hash when the caller started it already (app.ts, beside the reference data). */
  passwordHash?: Promise<string>,
): Promise<boolean> {
  // Demo accounts share a published password: a production server never gets them (config.ts refuses SEED_DEMO
  // there too; this is the second lock, for any other caller).
  if (config.production) throw new Error('demo data is never seeded when NODE_ENV=production');
  if (!(await hasNoUsers(db))) return false;
  // One scrypt hash for every demo account: they share the published password anyway, and ten hashes at 2^17 were
  // most of a fresh start's time on two cores (docs/performance.md, cold start).
  const demoHash = await (passwordHash ?? hashPassword(DEMO_PASSWORD, config.scryptCost));
  const hashes = demoAccounts.map(() => demoHash);
  await db.transaction(async (tx) => {
    const orgIds = new Map<string, number>();
    const userIds = new Map<string, number>();
    const now = new Date();
    for (const [n, o] of demoOrgs.entries()) {
      const [row] = await tx
        .insert(organizations)
        .values({
          name: o.name,
          type: o.type,
          certStatus: o.certified ? CertStatus.CERTIFIED : CertStatus.NONE,
          nature: o.type === OrgType.GOVERNMENT ? 6 : 4,
          creditCode: o.type === OrgType.GOVERNMENT ? null : creditCode(o.region, o.orgCode),
          regionCode: o.region,
          address: o.address,
          legalPerson: o.legalPerson,
          contactName: null,
          contactPhone: null,
          // Certified months before the demo's stories begin (a date when it happened, not when the row was written).
          certifiedAt: o.certified ? daysAgoAtOfficeHour(now, 300 - n * 9, n + 1) : null,
        })
        .returning({ id: organizations.id });
      const id = (row as { id: number }).id;
      orgIds.set(o.key, id);
      for (const moduleCode of defaultModulesByOrgType[o.type as keyof typeof defaultModulesByOrgType] ?? []) {
        await tx.insert(orgModules).values({ orgId: id, moduleCode });
      }
    }
    for (const [i, a] of demoAccounts.entries()) {
      const orgId = a.org ? (orgIds.get(a.org) ?? null) : null;
      const [row] = await tx
        .insert(users)
        .values({
          mobile: a.mobile,
          username: a.username,
          realName: a.realName,
          passwordHash: hashes[i] as string,
          orgId,
        })
        .returning({ id: users.id });
      const userId = (row as { id: number }).id;
      userIds.set(a.mobile, userId);
      await tx.insert(userRoles).values({ userId, role: a.role });
      await sendMessage(
        tx,
        { userId, orgId },
        {
          channel: 'jcbb',
          title: '欢迎使用建材帮帮',
          content: '这是演示账号。您可以在消息中心查看平台通知、审核结果与业务提醒。',
        },
      );
    }
    // The demo manufacturer's product centre (issue 4 item 9), created by its administrator.
    const maker = { orgId: orgIds.get('maker') as number, userId: userIds.get('13800000001') as number };
    const productIds = await seedDemoProducts(tx, config, maker);
    // 苏州新材's mortar, whose test report carries the number of 南京绿筑's (the reader's planted ER-07).
    await seedDemoOtherMakerProduct(tx, config, {
      orgId: orgIds.get('newMaker') as number,
      userId: userIds.get('13800000008') as number,
    });
    // Then what builds on the products: city listings with their audit trail, sampling results, evidence on the
    // ledger, and certificates (one awaiting the demo certification body, one issued).
    await seedDemoListings(tx, maker);
    await seedDemoSamplings(tx, {
      orgId: maker.orgId,
      productIds,
      samplingOrg: { id: orgIds.get('supervisor') ?? null, name: '南京正衡工程监理有限公司' },
    });
    await seedDemoLedger(tx, maker);
    await seedDemoDistributorEvidence(tx, maker.orgId, {
      orgId: orgIds.get('dealer') as number,
      userId: userIds.get('13800000002') as number,
    });
    await seedDemoCertificates(tx);
    // The developer's projects in Nanjing with the construction and supervision units as members.
    const party = (key: string, mobile: string) => ({
      orgId: orgIds.get(key) as number,
      userId: userIds.get(mobile) as number,
    });
    await seedDemoProjects(tx, {
      developer: party('developer', '13800000005'),
      builder: party('builder', '13800000003'),
      supervisor: party('supervisor', '13800000004'),
    });
    // Applications for new basic materials: two awaiting the platform, one it rejected.
    await seedDemoBasicMaterialApplications(tx, maker, userIds.get('13800000000') ?? null);
    // Traceability: addresses, the specifications' mass per unit, production lots with their trace codes; then
    // shipments of those lots and their receipts, made through the services as users make them.
    const dealer = party('dealer', '13800000002');
    const builder = party('builder', '13800000003');
    // Distribution: 南京绿筑's letters to 南京恒通, issued and accepted through the service (before any shipment of
    // the distributor's, which the authorisation gate checks).
    await seedDemoDistribution(tx, { maker, dealer });
    await seedTraceDemo(tx, config, { maker, dealer, builder });
    const traceLots = await findDemoTraceLots(tx, maker, dealer);
    if (!traceLots) throw new Error('the trace demo made no lots');
    await seedDemoTraceShipments(tx, { maker, dealer, builder, lots: traceLots });
    // The school's site: deliveries inspected, released, rejected and returned, held for a retest, awaiting inspection.
    await seedDemoConstruction(tx, config, { builder, supervisor: party('supervisor', '13800000004') });
    // On that site: the blocks held for their retest sampled and sent; a patrol check awaiting rectification.
    await seedDemoWitness(tx, { supervisor: party('supervisor', '13800000004') });
    // Distribution: 南京恒通's product records and sales contracts (after the demo authorisations).
    await seedDemoDistributionSales(tx, config, { dealer, developer: party('developer', '13800000005') });
    // Procurement: the school's list, inquiry and partly delivered order; the hospital's list failing the rules.
    await seedDemoProcurement(tx, { developer: party('developer', '13800000005'), builder, maker, dealer });
    // Government procurement: the school's and the hospital's quarterly filings, confirmed, returned, locked, a draft.
    await seedDemoGovernmentFilings(tx, {
      developer: party('developer', '13800000005'),
      builder,
      maker,
      dealer,
      committee: party('gov', '13800000006'),
    });
    // The enterprise disk: 南京绿筑's folders and files, and one live share link with a code.
    await seedDemoDisk(tx, config, maker);
    // LAST: the risk engine over everything above (plus a late delivery and three lots awaiting their witnessed
    // retest at the school), the committee's acknowledgement and the developer's explanation of one alert.
    await seedDemoGovernmentRisk(tx, config, {
      committee: party('gov', '13800000006'),
      developer: party('developer', '13800000005'),
      builder,
      supervisor: party('supervisor', '13800000004'),
      maker,
    });
    // Enterprise inspection: the certification body's closed surveillance of 南京绿筑, the committee's open spot check.
    await seedDemoEnterpriseInspection(tx, config, {
      maker,
      certifier: party('certifier', '13800000007'),
      committee: party('gov', '13800000006'),
    });
    // The account centre: 南京绿筑's divisions (部门) with its two accounts placed in them.
    await seedDemoAccount(tx, { ...maker, staffId: userIds.get('13800000009') as number });
    // The smart business cards: 南京绿筑's admin's (views of 20 days, one lead) and 南京恒通's admin's.
    await seedDemoBusinessCards(tx, { maker, dealer });
  });
  return true;
}
