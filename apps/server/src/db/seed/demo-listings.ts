import {
  type AuditFormAnswer,
  type ElementValue,
  emptyElementValue,
  FieldType,
  ListingAction,
  ListingStatus,
  meetsDemandStandard,
  ProductDocumentKind,
  pages,
  pageUrl,
  Scenario,
} from '@jcbb/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { loadCityForm } from '../../modules/element/index.ts';
import { LISTING_ENTITY } from '../../modules/listing/index.ts';
import { sendMessage } from '../../modules/message/index.ts';
import { recomputeProductTags } from '../../modules/product/index.ts';
import type { Tx } from '../client.ts';
import {
  attributeGroups,
  auditLog,
  elementEnums,
  elements,
  listings,
  listingValues,
  productDocuments,
  products,
  users,
} from '../schema/index.ts';
import { daysAgoAtOfficeHour } from './demo-time.ts';

const NANJING = '320100';
const HANGZHOU = '330100';

interface DemoOption {
  label: string;
  meets?: boolean;
}
interface DemoElement {
  key: string;
  name: string;
  displayType: number;
  required?: boolean;
  gov?: boolean;
  standardMin?: number;
  placeholder?: string;
  options?: DemoOption[];
}
interface DemoGroup {
  cityCode: string | null;
  /** Scenario.WAREHOUSING_FORM (the listing form) unless given. */
  scenario?: number;
  name: string;
  elements: DemoElement[];
}

const yesNo: DemoOption[] = [{ label: '是', meets: true }, { label: '否' }];
const scenes: DemoOption[] = [
  { label: '住宅建筑' },
  { label: '公共建筑', meets: true },
  { label: '市政工程', meets: true },
  { label: '工业建筑' },
];

/**
 * The listing forms of the demo (issue 4 item 9): a nationwide group every city's form includes, and the
 * government-procurement demand standards of Nanjing and Hangzhou, after the kind of requirement the pilot cities
 * publish (certified green material, declared carbon footprint, a test report, suitability for public works).
 */
const demoGroups: DemoGroup[] = [
  {
    cityCode: null,
    name: '基本信息（全国通用）',
    elements: [
      {
        key: 'standard',
        name: '产品执行标准',
        displayType: FieldType.TEXT,
        required: true,
        placeholder: '如 GB/T 11968-2020',
      },
      { key: 'report', name: '检测报告', displayType: FieldType.FILE, required: true, gov: true },
      { key: 'iso9001', name: '是否通过 ISO 9001 质量管理体系认证', displayType: FieldType.RADIO, options: yesNo },
    ],
  },
  {
    cityCode: NANJING,
    name: '南京市政府采购需求标准',
    elements: [
      {
        key: 'njGreen',
        name: '是否获得绿色建材认证',
        displayType: FieldType.RADIO,
        required: true,
        gov: true,
        options: yesNo,
      },
      {
        key: 'njCarbon',
        name: '产品碳足迹(kgCO2e/单位)',
        displayType: FieldType.TEXT,
        required: true,
        gov: true,
        placeholder: '按碳足迹报告填写',
      },
      { key: 'njScene', name: '适用场景', displayType: FieldType.CHECKBOX, required: true, gov: true, options: scenes },
      {
        key: 'njSupply',
        name: '供货范围',
        displayType: FieldType.SELECT,
        options: [{ label: '南京市内' }, { label: '江苏省内' }, { label: '长三角地区' }, { label: '全国' }],
      },
      { key: 'njNote', name: '补充说明', displayType: FieldType.TEXTAREA },
    ],
  },
  {
    cityCode: HANGZHOU,
    name: '杭州市政府采购需求标准',
    elements: [
      {
        key: 'hzGreen',
        name: '是否获得绿色建材认证',
        displayType: FieldType.RADIO,
        required: true,
        gov: true,
        options: yesNo,
      },
      {
        key: 'hzRecycled',
        name: '再生原料掺量(%)',
        displayType: FieldType.TEXT,
        gov: true,
        standardMin: 20,
        placeholder: '不含再生原料填 0',
      },
      { key: 'hzScene', name: '适用场景', displayType: FieldType.CHECKBOX, required: true, gov: true, options: scenes },
    ],
  },
];

const options = (...labels: string[]): DemoOption[] => labels.map((label) => ({ label }));

/**
 * The approval forms (scenario 2, the custom approval flow): the checklist the platform's auditors answer with each
 * decision (nationwide), and the one of Nanjing's committee (its city's own).
 */
const demoApprovalGroups: DemoGroup[] = [
  {
    cityCode: null,
    scenario: Scenario.CUSTOM_APPROVAL_FLOW,
    name: '平台审核要点',
    elements: [
      {
        key: 'pfComplete',
        name: '申报资料是否齐全',
        displayType: FieldType.RADIO,
        required: true,
        options: options('齐全', '不齐全'),
      },
      {
        key: 'pfEvidence',
        name: '证书与检测报告核验',
        displayType: FieldType.RADIO,
        required: true,
        options: options('真实有效', '存疑，需补充说明'),
      },
      { key: 'pfNote', name: '审核意见', displayType: FieldType.TEXTAREA },
    ],
  },
  {
    cityCode: NANJING,
    scenario: Scenario.CUSTOM_APPROVAL_FLOW,
    name: '南京市住建委审核要点',
    elements: [
      {
        key: 'njMeets',
        name: '是否符合本市绿色建材政府采购需求标准',
        displayType: FieldType.RADIO,
        required: true,
        options: options('符合', '不符合'),
      },
      { key: 'njSite', name: '是否开展现场核查', displayType: FieldType.RADIO, options: options('是', '否') },
      { key: 'njSiteRecord', name: '现场核查记录', displayType: FieldType.FILE },
    ],
  },
];

/** How a demo listing came to where it is. */
type Story =
  | { status: typeof ListingStatus.LISTED; notGreen?: string }
  | { status: typeof ListingStatus.PLATFORM_AUDIT }
  | { status: typeof ListingStatus.CITY_AUDIT }
  | { status: typeof ListingStatus.PLATFORM_REJECTED; reason: string }
  | { status: typeof ListingStatus.CITY_REJECTED; reason: string };

interface DemoListing {
  /** Index into the manufacturer's products, oldest first. */
  product: number;
  cityCode: string;
  story: Story;
  green: boolean;
  carbon?: string;
  recycled?: string;
  scenes: string[];
}

const listed = { status: ListingStatus.LISTED } as const;
const demoListings: DemoListing[] = [
  { product: 0, cityCode: NANJING, story: listed, green: true, carbon: '186.5', scenes: ['住宅建筑', '公共建筑'] },
  { product: 1, cityCode: NANJING, story: listed, green: true, carbon: '312', scenes: ['住宅建筑', '公共建筑'] },
  { product: 2, cityCode: NANJING, story: listed, green: true, carbon: '4.2', scenes: ['公共建筑', '工业建筑'] },
  { product: 3, cityCode: NANJING, story: listed, green: true, carbon: '95', scenes: ['住宅建筑'] },
  { product: 4, cityCode: NANJING, story: listed, green: false, carbon: '2.1', scenes: ['住宅建筑', '公共建筑'] },
  { product: 5, cityCode: NANJING, story: listed, green: true, carbon: '18.6', scenes: ['市政工程'] },
  {
    product: 6,
    cityCode: NANJING,
    story: { status: ListingStatus.LISTED, notGreen: '绿色建材认证证书已过期，暂按普通建材入库' },
    green: true,
    carbon: '25.4',
    scenes: ['公共建筑'],
  },
  {
    product: 7,
    cityCode: NANJING,
    story: { status: ListingStatus.PLATFORM_AUDIT },
    green: true,
    carbon: '210',
    scenes: ['住宅建筑'],
  },
  {
    product: 8,
    cityCode: NANJING,
    story: { status: ListingStatus.CITY_AUDIT },
    green: true,
    carbon: '8.9',
    scenes: ['公共建筑'],
  },
  {
    product: 9,
    cityCode: NANJING,
    story: { status: ListingStatus.CITY_REJECTED, reason: '检测报告未覆盖本市要求的抗压强度项目，请补充后重新提交' },
    green: true,
    carbon: '248',
    scenes: ['市政工程', '住宅建筑'],
  },
  { product: 0, cityCode: HANGZHOU, story: listed, green: true, recycled: '35', scenes: ['住宅建筑', '公共建筑'] },
  { product: 1, cityCode: HANGZHOU, story: listed, green: true, recycled: '0', scenes: ['住宅建筑'] },
  { product: 2, cityCode: HANGZHOU, story: listed, green: true, recycled: '22', scenes: ['公共建筑'] },
  { product: 5, cityCode: HANGZHOU, story: listed, green: true, recycled: '60', scenes: ['市政工程'] },
  {
    product: 3,
    cityCode: HANGZHOU,
    story: { status: ListingStatus.PLATFORM_REJECTED, reason: '产品执行标准填写有误，应为现行国家标准编号' },
    green: true,
    recycled: '0',
    scenes: ['住宅建筑'],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/**
 * Seed the demo element forms and the demo manufacturer's listings with their audit trail (issue 4 item 9), in the
 * caller's transaction, after the demo products exist. Decisions of Nanjing are the demo 住建委's (13800000006);
 * Hangzhou's committee has no demo account, so its decisions carry no actor. Messages go out only for what still
 * needs someone: the queues (platform, Nanjing) and the rejections.
 */
export async function seedDemoListings(tx: Tx, owner: { orgId: number; userId: number }, now = new Date()) {
  // The forms.
  const enumIds = new Map<string, number>();
  const elementIds = new Map<string, number>();
  const elementFacts = new Map<string, { name: string; displayType: number }>();
  for (const [gi, g] of [...demoGroups, ...demoApprovalGroups].entries()) {
    const [group] = await tx
      .insert(attributeGroups)
      .values({ cityCode: g.cityCode, name: g.name, scenario: g.scenario ?? Scenario.WAREHOUSING_FORM, sort: gi })
      .returning({ id: attributeGroups.id });
    for (const [ei, e] of g.elements.entries()) {
      const [row] = await tx
        .insert(elements)
        .values({
          groupId: (group as { id: number }).id,
          cityCode: g.cityCode,
          name: e.name,
          displayType: e.displayType,
          required: e.required ? 1 : 0,
          govProcurement: e.gov ?? false,
          standardMin: e.standardMin === undefined ? null : String(e.standardMin),
          placeholder: e.placeholder ?? null,
          sort: ei,
        })
        .returning({ id: elements.id });
      const elementId = (row as { id: number }).id;
      elementIds.set(e.key, elementId);
      elementFacts.set(e.key, { name: e.name, displayType: e.displayType });
      for (const [oi, o] of (e.options ?? []).entries()) {
        const [opt] = await tx
          .insert(elementEnums)
          .values({ elementId, label: o.label, meetsStandard: (e.gov ?? false) && (o.meets ?? false), sort: oi })
          .returning({ id: elementEnums.id });
        enumIds.set(`${e.key}:${o.label}`, (opt as { id: number }).id);
      }
    }
  }

  const people = await tx
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, ['13800000000', '13800000006']));
  const platformUser = people.find((p) => p.mobile === '13800000000')?.id ?? null;
  const nanjingUser = people.find((p) => p.mobile === '13800000006')?.id ?? null;
  const productRows = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.orgId, owner.orgId))
    .orderBy(asc(products.id));
  const forms = new Map([
    [NANJING, await loadCityForm(tx, NANJING)],
    [HANGZHOU, await loadCityForm(tx, HANGZHOU)],
  ]);

  const el = (key: string) => elementIds.get(key) as number;
  const opt = (key: string, label: string) => String(enumIds.get(`${key}:${label}`));
  /** An auditor's answer as the audit log keeps it (listing-values.ts answerSnapshot). */
  const answer = (key: string, text: string): AuditFormAnswer => {
    const facts = elementFacts.get(key) as { name: string; displayType: number };
    return { elementId: el(key), name: facts.name, displayType: facts.displayType, text, files: [] };
  };
  const platformChecked = [answer('pfComplete', '齐全'), answer('pfEvidence', '真实有效')];

  for (const [i, d] of demoListings.entries()) {
    const product = productRows[d.product];
    if (!product) continue;
    const docs = await tx
      .select({ kind: productDocuments.kind, uploadId: productDocuments.uploadId })
      .from(productDocuments)
      .where(eq(productDocuments.productId, product.id));
    const report = docs.find((x) => x.kind === ProductDocumentKind.TEST_REPORT && x.uploadId !== null);
    const nj = d.cityCode === NANJING;
    const values: ElementValue[] = [
      { ...emptyElementValue(el('standard')), propertyValue: 'GB/T 11968-2020' },
      { ...emptyElementValue(el('report')), resourceValue: report?.uploadId ? [report.uploadId] : null },
      { ...emptyElementValue(el('iso9001')), propertyValue: opt('iso9001', '是') },
      {
        ...emptyElementValue(el(nj ? 'njGreen' : 'hzGreen')),
        propertyValue: opt(nj ? 'njGreen' : 'hzGreen', d.green ? '是' : '否'),
      },
      {
        ...emptyElementValue(el(nj ? 'njScene' : 'hzScene')),
        propertyArrayValue: d.scenes.map((s) => opt(nj ? 'njScene' : 'hzScene', s)),
      },
    ];
    if (d.carbon) {
      values.push({
        ...emptyElementValue(el('njCarbon')),
        propertyValue: d.carbon,
        propertyNumValue: Number(d.carbon),
      });
    }
    if (d.recycled) {
      values.push({
        ...emptyElementValue(el('hzRecycled')),
        propertyValue: d.recycled,
        propertyNumValue: Number(d.recycled),
      });
    }
    if (nj) values.push({ ...emptyElementValue(el('njSupply')), propertyValue: opt('njSupply', '江苏省内') });
    const form = forms.get(d.cityCode);
    const govProcurement = form ? meetsDemandStandard(form.rules, new Map(values.map((v) => [v.elementId, v]))) : false;

    // A story told backwards from now: submitted some days ago, decided a day or two later.
    const submittedAt = daysAgoAtOfficeHour(now, 30 - i, i);
    const platformAt = daysAgoAtOfficeHour(now, 29 - i, i + 1);
    const cityAt = daysAgoAtOfficeHour(now, 28 - i, i + 2);
    const s = d.story;
    const cityUser = nj ? nanjingUser : null;
    const trail: {
      action: string;
      from: number | null;
      to: number;
      at: Date;
      actor: number | null;
      reason?: string;
      /** The auditor's answers to the step's approval form (Nanjing's committee is the only city with one). */
      answers?: AuditFormAnswer[];
    }[] = [
      {
        action: ListingAction.SUBMIT,
        from: ListingStatus.DRAFT,
        to: ListingStatus.PLATFORM_AUDIT,
        at: submittedAt,
        actor: owner.userId,
      },
    ];
    if (s.status === ListingStatus.PLATFORM_REJECTED) {
      trail.push({
        action: ListingAction.PLATFORM_REJECT,
        from: 1,
        to: 4,
        at: platformAt,
        actor: platformUser,
        reason: s.reason,
        answers: [answer('pfComplete', '齐全'), answer('pfEvidence', '存疑，需补充说明')],
      });
    } else if (s.status !== ListingStatus.PLATFORM_AUDIT) {
      trail.push({
        action: ListingAction.PLATFORM_APPROVE,
        from: 1,
        to: 2,
        at: platformAt,
        actor: platformUser,
        answers: platformChecked,
      });
      const cityChecked = (meets: string) => (nj ? [answer('njMeets', meets), answer('njSite', '否')] : undefined);
      if (s.status === ListingStatus.CITY_REJECTED) {
        trail.push({
          action: ListingAction.CITY_REJECT,
          from: 2,
          to: 5,
          at: cityAt,
          actor: cityUser,
          reason: s.reason,
          answers: cityChecked('不符合'),
        });
      } else if (s.status === ListingStatus.LISTED) {
        const common = { from: 2, to: 3, at: cityAt, actor: cityUser };
        trail.push(
          s.notGreen
            ? { ...common, action: ListingAction.CITY_NOT_GREEN, reason: s.notGreen, answers: cityChecked('不符合') }
            : {
                ...common,
                action: ListingAction.CITY_APPROVE,
                answers: cityChecked(govProcurement ? '符合' : '不符合'),
              },
        );
      }
    }
    const last = trail[trail.length - 1] as (typeof trail)[number];
    const [row] = await tx
      .insert(listings)
      .values({
        productId: product.id,
        orgId: owner.orgId,
        cityCode: d.cityCode,
        status: s.status,
        rejectReason: 'reason' in s ? s.reason : null,
        notGreen: s.status === ListingStatus.LISTED && s.notGreen !== undefined,
        notGreenReason: s.status === ListingStatus.LISTED ? (s.notGreen ?? null) : null,
        govProcurement,
        submittedAt,
        listedAt: s.status === ListingStatus.LISTED ? cityAt : null,
        createdBy: owner.userId,
        createdAt: new Date(submittedAt.getTime() - DAY),
        updatedAt: last.at,
      })
      .returning({ id: listings.id });
    const listingId = (row as { id: number }).id;
    await tx.insert(listingValues).values(
      values
        .filter((v) => v.propertyValue !== null || v.propertyArrayValue !== null || v.resourceValue !== null)
        .map((v) => ({
          listingId,
          elementId: v.elementId,
          propertyValue: v.propertyValue,
          propertyNumValue: v.propertyNumValue === null ? null : String(v.propertyNumValue),
          propertyArrayValue: v.propertyArrayValue,
          resourceValue: v.resourceValue,
        })),
    );
    await tx.insert(auditLog).values(
      trail.map((t) => ({
        entityType: LISTING_ENTITY,
        entityId: String(listingId),
        orgId: owner.orgId,
        actorUserId: t.actor,
        action: t.action,
        fromState: String(t.from),
        toState: String(t.to),
        reason: t.reason ?? null,
        detail: { productId: product.id, cityCode: d.cityCode, ...(t.answers ? { answers: t.answers } : {}) },
        createdAt: t.at,
      })),
    );
    await recomputeProductTags(tx, product.id);

    const cityName = nj ? '南京市' : '杭州市';
    const target = pageUrl(pages.listingDetails, { id: listingId });
    if (s.status === ListingStatus.PLATFORM_AUDIT) {
      await sendMessage(
        tx,
        { platformRoles: ['super_admin'] },
        {
          channel: 'materials',
          title: `新的入库申请待平台审核：${product.name}（${cityName}）`,
          targetUrl: pageUrl(pages.platformListingAudit, { id: listingId }),
        },
      );
    }
    if (s.status === ListingStatus.CITY_AUDIT && nanjingUser !== null) {
      await sendMessage(
        tx,
        { userId: nanjingUser },
        {
          channel: 'materials',
          title: `新的入库申请待城市审核：${product.name}`,
          targetUrl: pageUrl(pages.cityListingAudit, { id: listingId }),
        },
      );
    }
    if ('reason' in s) {
      await sendMessage(
        tx,
        { orgId: owner.orgId },
        {
          channel: 'materials',
          title: `${s.status === ListingStatus.PLATFORM_REJECTED ? '入库申请被平台驳回' : `入库申请被${cityName}住建委驳回`}：${product.name}`,
          content: `原因：${s.reason}`,
          targetUrl: target,
        },
      );
    }
  }
}
