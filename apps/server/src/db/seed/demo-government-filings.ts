import {
  type FilingLineInput,
  filingDueOn,
  filingSaveBody,
  OrgType,
  type OrgTypeValue,
  periodOfDay,
  periodRange,
  previousPeriod,
  Role,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../lib/session-user.ts';
import { createFilingService } from '../../modules/government/index.ts';
import type { Db, Tx } from '../client.ts';
import { auditLog, organizations, projects } from '../schema/index.ts';
import { demoMoment } from './demo-trace.ts';

/**
 * The government filing's demo (docs/government.md, "Filing: demo"; README "Demo government procurement"), filed
 * through the service as the construction unit, the developer and the committee would, relative to today:
 *
 *   - two quarters ago: 天妃宫小学 (filed by 江苏筑安) and 江宁区人民医院 (filed by 南京城建置业) submitted before the
 *     deadline, confirmed, and locked when the committee closed the quarter;
 *   - last quarter: the school's confirmed; the hospital's returned with a reason (its mandatory blocks not green,
 *     its progress payment below 80 %);
 *   - this quarter: the school's draft, prefilled from the lots its site accepted (the granite from the quarry off the
 *     platform, its amount filled in by the filer), with the payment figures; the filer adds the rest.
 *
 * Lines typed where the demo's deliveries do not fall in the quarter, with believable materials, amounts, suppliers
 * (南京绿筑 and 南京恒通 on the platform, a concrete plant off it with its credit code) and evidence (other bodies'
 * certificates, one test report; the platform's certificate CGBM-2026-000001 starts today, so it proves nothing in
 * past quarters).
 */

interface Party {
  orgId: number;
  userId: number;
}

export interface DemoFilingsInput {
  developer: Party;
  builder: Party;
  maker: Party;
  dealer: Party;
  committee: Party;
}

const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const HOSPITAL = '江宁区人民医院门急诊综合楼';
/** A ready-mixed concrete plant off the platform (the credit code's check character holds). */
export const DEMO_CONCRETE_PLANT = { name: '南京江北商品混凝土有限公司', creditCode: '91320111MA1MCX7P4W' };
const CCIC = '中国建材检验认证集团股份有限公司';
const CHECKED = '中国质量认证中心';

const actor = (p: Party, orgType: OrgTypeValue, role: string = Role.ENTERPRISE_ADMIN): SessionUser => ({
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

/** A moment on a Shanghai day at a time, never later than now. */
const on = (day: string, time: string) => demoMoment(day, time);

/** The filing's latest audit row happened at `at` (the service writes now; the story has its dates). */
async function backdate(tx: Tx, filingId: number, at: Date) {
  await tx.execute(sql`
    update ${auditLog} set created_at = ${at.toISOString()}::timestamptz
     where id = (select max(id) from ${auditLog} where entity_type = 'procurement_filing'
                   and entity_id = ${String(filingId)})`);
}

type Line = FilingLineInput & { deliveryDate: string };

function schoolLines(from: string, p: { maker: Party; dealer: Party }, makerName: string, dealerName: string): Line[] {
  return [
    {
      classifyCode: '0104',
      commonName: '蒸压加气混凝土砌块',
      spec: 'B06 A5.0 600×240×200',
      quantity: 380,
      unit: '立方米',
      amountFen: 380 * 32_000,
      supplierOrgId: p.maker.orgId,
      supplierName: makerName,
      procurementMethod: 'inquiry',
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CTC-GBM-2025-01873',
      certificateBody: CCIC,
      star: 2,
      deliveryDate: addDays(from, 12),
    },
    {
      classifyCode: '0105',
      commonName: '岩棉保温板',
      spec: 'TR10 50 厚',
      quantity: 1_650,
      unit: '平方米',
      amountFen: 1_650 * 3_850,
      supplierOrgId: p.dealer.orgId,
      supplierName: dealerName,
      procurementMethod: 'e_mall',
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CQC-GBM-2025-30412',
      certificateBody: CHECKED,
      star: 1,
      deliveryDate: addDays(from, 30),
    },
    {
      classifyCode: '0106',
      commonName: '预拌混凝土',
      spec: 'C30 P6',
      quantity: 2_400,
      unit: '立方米',
      amountFen: 2_400 * 46_500,
      supplierName: DEMO_CONCRETE_PLANT.name,
      supplierCreditCode: DEMO_CONCRETE_PLANT.creditCode,
      procurementMethod: 'open_tender',
      isGreen: true,
      evidenceKind: 'test_report',
      reportNo: 'NJJC-2025-HNT-0318',
      reportDate: addDays(from, -20),
      deliveryDate: addDays(from, 45),
    },
    {
      classifyCode: '0304',
      commonName: '内墙涂料',
      spec: '水性 20 kg',
      quantity: 120,
      unit: '桶',
      amountFen: 120 * 42_000,
      supplierOrgId: p.dealer.orgId,
      supplierName: dealerName,
      procurementMethod: 'e_mall',
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CTC-GBM-2025-02291',
      certificateBody: CCIC,
      star: 3,
      deliveryDate: addDays(from, 70),
    },
  ];
}

function hospitalLines(
  from: string,
  p: { maker: Party; dealer: Party },
  makerName: string,
  dealerName: string,
): Line[] {
  return [
    {
      classifyCode: '0104',
      commonName: '蒸压加气混凝土砌块',
      spec: 'B06 A5.0',
      quantity: 520,
      unit: '立方米',
      amountFen: 520 * 31_500,
      supplierName: '南京宏达新型墙材厂',
      supplierCreditCode: '92320115MA1P3K8L27',
      procurementMethod: 'inquiry',
      // The hospital's mandatory line that is not green (the committee returns the quarter for it).
      isGreen: false,
      evidenceKind: 'none',
      deliveryDate: addDays(from, 20),
    },
    {
      classifyCode: '0105',
      commonName: '岩棉保温板',
      spec: 'TR10 80 厚',
      quantity: 2_100,
      unit: '平方米',
      amountFen: 2_100 * 6_000,
      supplierOrgId: p.dealer.orgId,
      supplierName: dealerName,
      procurementMethod: 'e_mall',
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CQC-GBM-2025-30455',
      certificateBody: CHECKED,
      star: 2,
      deliveryDate: addDays(from, 35),
    },
    {
      classifyCode: '0201',
      commonName: '断桥铝合金节能窗',
      spec: '70 系列平开窗',
      quantity: 160,
      unit: '平方米',
      amountFen: 160 * 98_000,
      supplierOrgId: p.maker.orgId,
      supplierName: makerName,
      procurementMethod: 'inquiry',
      isGreen: true,
      evidenceKind: 'external_certificate',
      certificateNo: 'CTC-GBM-2025-01955',
      certificateBody: CCIC,
      star: 2,
      deliveryDate: addDays(from, 60),
    },
  ];
}

export async function seedDemoGovernmentFilings(tx: Tx, input: DemoFilingsInput): Promise<void> {
  const filings = createFilingService({ db: tx as Db });
  const builder = actor(input.builder, OrgType.CONSTRUCTION);
  const developer = actor(input.developer, OrgType.DEVELOPER);
  const committee = actor(input.committee, OrgType.GOVERNMENT, Role.CITY_COMMITTEE);
  const idOf = async (name: string) =>
    (await tx.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]?.id;
  const nameOf = async (id: number) =>
    (
      await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(and(eq(organizations.id, id)))
    )[0]?.name ?? '';
  const [school, hospital] = [await idOf(SCHOOL), await idOf(HOSPITAL)];
  if (!school || !hospital) throw new Error('the demo school or hospital is missing');
  const names = [await nameOf(input.maker.orgId), await nameOf(input.dealer.orgId)] as const;

  const today = shanghaiToday();
  const current = periodOfDay(today);
  const last = previousPeriod(current);
  const before = previousPeriod(last);

  /** Open, fill in and submit a project's filing of a quarter (`daysBeforeDue` before its deadline). */
  async function file(
    who: SessionUser,
    projectId: number,
    period: string,
    lines: Line[],
    pay: { completed: number; paid: number },
    daysBeforeDue: number,
  ) {
    const { from, to } = periodRange(period);
    const opened = on(addDays(to, -3), '10:00');
    const { id } = await filings.open(who, { projectId, period }, { at: opened });
    await backdate(tx, id, opened);
    const detail = await filings.detail(who, id);
    const saved = on(addDays(filingDueOn(period), -daysBeforeDue - 1), '15:30');
    await filings.save(
      who,
      filingSaveBody.parse({
        id,
        contractNo: `HT-${period}-${projectId}`,
        completedValueFen: pay.completed,
        progressPaidFen: pay.paid,
        lines: [
          // A prefilled line off the platform has no price: the filer fills in the amount (320 m² × 260 元).
          ...detail.lines
            .filter((l) => l.amountFen === 0)
            .map((l) => ({ ...l, amountFen: Math.round(Number(l.quantity) * 26_000) })),
          ...lines.filter((l) => l.deliveryDate >= from && l.deliveryDate <= to),
        ],
      }),
    );
    await backdate(tx, id, saved);
    const submitted = on(addDays(filingDueOn(period), -daysBeforeDue), '09:40');
    await filings.submit(who, id, { at: submitted });
    await backdate(tx, id, submitted);
    return id;
  }
  const confirm = async (id: number, period: string, days: number) => {
    const at = on(addDays(filingDueOn(period), days), '11:15');
    await filings.confirm(committee, id, { at });
    await backdate(tx, id, at);
  };

  // Two quarters ago: both confirmed, then locked when the committee closed the quarter.
  const schoolBefore = await file(
    builder,
    school,
    before,
    schoolLines(periodRange(before).from, input, ...names),
    {
      completed: 860_000_000,
      paid: 720_000_000,
    },
    3,
  );
  const hospitalBefore = await file(
    developer,
    hospital,
    before,
    hospitalLines(periodRange(before).from, input, ...names).slice(1),
    { completed: 1_250_000_000, paid: 1_000_000_000 },
    2,
  );
  await confirm(schoolBefore, before, 4);
  await confirm(hospitalBefore, before, 6);
  const closed = on(addDays(filingDueOn(before), 20), '16:00');
  await filings.closePeriod(committee, before, { at: closed });
  for (const id of [schoolBefore, hospitalBefore]) await backdate(tx, id, closed);

  // Last quarter: the school's confirmed, the hospital's returned with the committee's reason.
  const schoolLast = await file(
    builder,
    school,
    last,
    schoolLines(periodRange(last).from, input, ...names),
    {
      completed: 1_420_000_000,
      paid: 1_180_000_000,
    },
    2,
  );
  const hospitalLast = await file(
    developer,
    hospital,
    last,
    hospitalLines(periodRange(last).from, input, ...names),
    { completed: 1_600_000_000, paid: 1_100_000_000 },
    1,
  );
  await confirm(schoolLast, last, 3);
  const returned = on(addDays(filingDueOn(last), 4), '14:20');
  await filings.returnFiling(
    committee,
    hospitalLast,
    '必选类材料“蒸压加气混凝土砌块”未提供绿色建材证明；进度款支付比例低于 80%，请补充证明或说明原因后重新报送。',
  );
  await backdate(tx, hospitalLast, returned);

  // This quarter: the school's draft, prefilled from its site, the amounts and payment filled in.
  const opened = on(today, '08:30');
  const { id: draft } = await filings.open(builder, { projectId: school, period: current }, { at: opened });
  const detail = await filings.detail(builder, draft);
  await filings.save(
    builder,
    filingSaveBody.parse({
      id: draft,
      contractNo: `HT-${current}-${school}`,
      completedValueFen: 1_980_000_000,
      progressPaidFen: 1_650_000_000,
      lines: detail.lines.map((l) =>
        l.amountFen === 0 ? { ...l, amountFen: Math.round(Number(l.quantity) * 26_000) } : l,
      ),
    }),
  );
}
