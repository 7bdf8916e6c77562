import { OrgType, type OrgTypeValue } from './enums.ts';
import { pageOf } from './envelope.ts';
import {
  blankToUndefined,
  decimalTextToNumber,
  digitsToNumber,
  optionalText,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { z } from './zod.ts';

/**
 * Projects (the "dolphin" service, spec §2 /project, §3, §7; docs/decisions.md "Projects"): the register a developer
 * keeps, the organisations taking part (developer, design, construction, supervision) and their people.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

/** Building types of the green-material procurement policy (财库〔2022〕35号, 〔2024〕36号), plus 其他. */
export const ProjectType = {
  HOSPITAL: 1,
  SCHOOL: 2,
  OFFICE: 3,
  COMPLEX: 4,
  EXHIBITION: 5,
  STADIUM: 6,
  AFFORDABLE_HOUSING: 7,
  URBAN_RENEWAL: 8,
  OTHER: 9,
} as const;
export type ProjectTypeValue = (typeof ProjectType)[keyof typeof ProjectType];
export const projectTypeValues = Object.values(ProjectType) as ProjectTypeValue[];
export const projectTypeLabels = labels<ProjectTypeValue>({
  1: { zh: '医院', en: 'Hospital' },
  2: { zh: '学校', en: 'School' },
  3: { zh: '办公楼', en: 'Office building' },
  4: { zh: '综合体', en: 'Complex' },
  5: { zh: '展览馆/会展中心', en: 'Exhibition / convention centre' },
  6: { zh: '体育馆', en: 'Stadium' },
  7: { zh: '保障房', en: 'Affordable housing' },
  8: { zh: '城市更新', en: 'Urban renewal' },
  9: { zh: '其他', en: 'Other' },
});

/** The project's step (spec §3). Going back needs a reason. */
export const ProjectStep = {
  REGISTERED: 0,
  DESIGN: 1,
  CONSTRUCTION_DRAWING: 2,
  COMPLETION_ACCEPTANCE: 3,
} as const;
export type ProjectStepValue = (typeof ProjectStep)[keyof typeof ProjectStep];
export const projectStepValues = Object.values(ProjectStep) as ProjectStepValue[];
export const projectStepLabels = labels<ProjectStepValue>({
  0: { zh: '已登记', en: 'Registered' },
  1: { zh: '设计阶段', en: 'Design stage' },
  2: { zh: '施工图阶段', en: 'Construction drawing stage' },
  3: { zh: '竣工验收', en: 'Completion acceptance' },
});

/** The design stage (spec §3). */
export const DesignStage = { CONCEPT: 0, SCHEME: 1, PRELIMINARY: 2, CONSTRUCTION_DRAWING: 3 } as const;
export type DesignStageValue = (typeof DesignStage)[keyof typeof DesignStage];
export const designStageValues = Object.values(DesignStage) as DesignStageValue[];
export const designStageLabels = labels<DesignStageValue>({
  0: { zh: '概念设计', en: 'Concept' },
  1: { zh: '方案设计', en: 'Scheme' },
  2: { zh: '初步设计', en: 'Preliminary design' },
  3: { zh: '施工图设计', en: 'Construction drawing' },
});

/** A person's role on a project. One leader per organisation per project (a database index holds it too). */
export const ProjectRole = {
  LEADER: 'leader',
  MEMBER: 'member',
  STOREKEEPER: 'storekeeper',
  INSPECTOR: 'inspector',
  WITNESS: 'witness',
} as const;
export type ProjectRoleValue = (typeof ProjectRole)[keyof typeof ProjectRole];
export const projectRoleValues = Object.values(ProjectRole) as [ProjectRoleValue, ...ProjectRoleValue[]];
export const projectRoleLabels = labels<ProjectRoleValue>({
  leader: { zh: '负责人', en: 'Leader' },
  member: { zh: '成员', en: 'Member' },
  storekeeper: { zh: '材料员', en: 'Storekeeper' },
  inspector: { zh: '质检员', en: 'Inspector' },
  witness: { zh: '见证人', en: 'Witness' },
});
/** A witness (见证取样) must belong to the developer or the supervision unit (GB 50300, DOMAIN §3). */
export const WITNESS_ORG_TYPES: readonly OrgTypeValue[] = [OrgType.DEVELOPER, OrgType.SUPERVISION];

/** An organisation's membership of a project (`project.transitions.ts` on the server moves it). */
export const MembershipStatus = { INVITED: 1, ACCEPTED: 2, DECLINED: 3, REMOVED: 4 } as const;
export type MembershipStatusValue = (typeof MembershipStatus)[keyof typeof MembershipStatus];
export const membershipStatusLabels = labels<MembershipStatusValue>({
  1: { zh: '待接受', en: 'Invited' },
  2: { zh: '已加入', en: 'Accepted' },
  3: { zh: '已拒绝', en: 'Declined' },
  4: { zh: '已移除', en: 'Removed' },
});

/** The organisation types a developer may invite onto a project. */
export const INVITABLE_ORG_TYPES: readonly OrgTypeValue[] = [
  OrgType.CONSTRUCTION,
  OrgType.SUPERVISION,
  OrgType.DESIGN_INSTITUTE,
];

/**
 * `type` of the project list (`POST /dolphin/api/project/user/project/list`): 1 = the projects the caller's
 * organisation takes part in (accepted membership; the spec's project check sends 1), 2 = the projects it is
 * invited to and has not answered yet.
 */
export const ProjectListType = { JOINED: 1, INVITED: 2 } as const;

/** The project check of the 暂无项目 guard (spec §9): one page of 9 from the start, joined projects. */
export const PROJECT_CHECK = { take: 9, skip: 0, type: ProjectListType.JOINED } as const;

// ---- fields ----

const int = (label: string, min: number, max: number) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `请选择${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(min, `${label}不能小于 ${min}`)
      .max(max, `${label}不能大于 ${max}`),
  );
const oneOf = <T extends number>(label: string, values: readonly T[]) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `请选择${label}` : `请选择正确的${label}`) })
      .refine((v): v is T => (values as readonly number[]).includes(v), `请选择正确的${label}`),
  ) as unknown as z.ZodType<T, unknown>;

const dateField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `请选择${label}` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}不是有效日期`),
  );

/** A GB/T 2260 county (or district) code: six digits not ending in 00. */
export const countyCodeField = z
  .string({ error: '请选择项目所在区县' })
  .trim()
  .regex(/^\d{4}(?!00)\d{2}$/, '请选择项目所在区县');

/** The city of a county code (GB/T 2260: the first four digits, then 00). */
export const cityOfRegion = (code: string): string => `${code.slice(0, 4)}00`;

export const projectIdField = positiveId('项目编号');
export const projectIdBody = z.object({ projectId: projectIdField });
export const projectIdParams = z.object({ id: projectIdField });

/** Yuan-sized limits: 10^13 fen = 1 000 亿元; 10^8 m². */
export const INVESTMENT_FEN_MAX = 10_000_000_000_000;
export const FLOOR_AREA_MAX = 100_000_000;

const projectFields = {
  name: requiredText('项目名称', 100),
  /** The developer's own project number (立项编号); unique within the developer. */
  code: requiredText('项目编号', 50).regex(/^[0-9A-Za-z\-_]+$/, '项目编号只能包含字母、数字、- 和 _'),
  type: oneOf('项目类型', projectTypeValues),
  regionCode: countyCodeField,
  address: requiredText('详细地址', 200),
  /** m², up to two decimals. */
  grossFloorArea: z.preprocess(
    decimalTextToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? '请输入总建筑面积' : '总建筑面积必须是数字') })
      .min(0, '总建筑面积不能为负')
      .max(FLOOR_AREA_MAX, '总建筑面积过大')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, '总建筑面积最多两位小数'),
  ),
  /** Investment in fen (integer; the console enters 万元). */
  investmentFen: z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? '请输入总投资' : '总投资必须是数字') })
      .int('总投资必须以分为单位的整数')
      .min(0, '总投资不能为负')
      .max(INVESTMENT_FEN_MAX, '总投资过大'),
  ),
  /** The green-building target star rating, 1–3; absent = none. */
  targetStar: z.preprocess(blankToUndefined, int('绿色建筑目标星级', 1, 3).optional()),
  step: oneOf('项目阶段', projectStepValues),
  designStage: oneOf('设计阶段', designStageValues),
  plannedStart: dateField('计划开工日期'),
  plannedFinish: dateField('计划竣工日期'),
  /** Whether the project falls under the government green-material procurement policy. */
  inPolicyScope: z.boolean({ error: '请选择是否属于政府采购支持绿色建材政策项目' }),
  /** A policy batch code from the reference data (GET /dolphin/api/project/policyOptions); required in scope. */
  policyBatch: optionalText('政策批次', 20),
  /** A demand-standard edition code from the reference data; required in scope. */
  standardEdition: optionalText('需求标准版本', 20),
};

const datesInOrder = (b: { plannedStart: string; plannedFinish: string }) => b.plannedFinish >= b.plannedStart;
const scopeComplete = (b: { inPolicyScope: boolean; policyBatch?: string }) => !b.inPolicyScope || !!b.policyBatch;
const editionComplete = (b: { inPolicyScope: boolean; standardEdition?: string }) =>
  !b.inPolicyScope || !!b.standardEdition;

export const projectSaveBody = z
  .object(projectFields)
  .refine(datesInOrder, { message: '计划竣工日期不能早于计划开工日期', path: ['plannedFinish'] })
  .refine(scopeComplete, { message: '请选择政策批次', path: ['policyBatch'] })
  .refine(editionComplete, { message: '请选择需求标准版本', path: ['standardEdition'] });
export type ProjectSaveInput = z.input<typeof projectSaveBody>;

export const projectUpdateBody = z
  .object({
    id: projectIdField,
    ...projectFields,
    /** Why the step goes back; required then, ignored otherwise. */
    stepReason: optionalText('退回原因', 200),
  })
  .refine(datesInOrder, { message: '计划竣工日期不能早于计划开工日期', path: ['plannedFinish'] })
  .refine(scopeComplete, { message: '请选择政策批次', path: ['policyBatch'] })
  .refine(editionComplete, { message: '请选择需求标准版本', path: ['standardEdition'] });
export type ProjectUpdateInput = z.input<typeof projectUpdateBody>;

// ---- answers ----

const person = z.object({ userId: z.number().int(), realName: z.string().nullable(), mobile: z.string() });

export const projectSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  cityCode: z.string(),
  step: z.number().int(),
  stepName: z.string(),
  designStage: z.number().int(),
  inPolicyScope: z.boolean(),
  policyBatch: z.string().nullable(),
  developerOrgId: z.number().int(),
  developerName: z.string(),
  createTime: z.string(),
});

/** One row of the caller's project list: the project, the caller's organisation's part in it and its leader. */
export const userProjectItem = projectSummary.extend({
  /** The caller's organisation's membership: status and the type it takes part as. */
  membershipStatus: z.number().int(),
  orgType: z.number().int(),
  /** The caller's own role on the project, null when not named. */
  myRole: z.string().nullable(),
  /** The caller's organisation's leader on the project. */
  leader: person.nullable(),
});
export type UserProjectItem = z.infer<typeof userProjectItem>;

export const userProjectListBody = z.object({
  ...takeSkip(10, 100),
  /** 1 joined (accepted), 2 invited (awaiting an answer); see ProjectListType. */
  type: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z.union([z.literal(1), z.literal(2)], { error: 'type 只能是 1（参与的项目）或 2（待接受的邀请）' }).default(1),
  ),
  /** The organisation type the caller's organisation takes part as (1, 2, 3, 4); absent = any. */
  orgType: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z
      .number({ error: '组织类型必须是数字' })
      .int('组织类型必须是整数')
      .min(1, '组织类型只能是 1–4')
      .max(4, '组织类型只能是 1–4')
      .optional(),
  ),
  name: optionalText('项目名称', 50),
});
export const userProjectListData = pageOf(userProjectItem);

export const cityProjectListBody = z.object({
  ...takeSkip(10, 100),
  name: optionalText('项目名称', 50),
  step: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z
      .number({ error: '项目阶段必须是数字' })
      .int()
      .min(0, '项目阶段只能是 0–3')
      .max(3, '项目阶段只能是 0–3')
      .optional(),
  ),
});
export const cityProjectListData = pageOf(projectSummary);

/** Projects a supplier may ship to (`POST /api/track/project/list`): no member data. */
export const trackProjectListBody = z.object({ ...takeSkip(10, 100), name: optionalText('项目名称', 50) });
export const trackProject = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  cityCode: z.string(),
  address: z.string(),
  developerName: z.string(),
});
export const trackProjectListData = pageOf(trackProject);

export const stepChange = z.object({
  from: z.number().int().nullable(),
  to: z.number().int(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  createTime: z.string(),
});

export const projectDetail = projectSummary.extend({
  address: z.string(),
  grossFloorArea: z.number(),
  investmentFen: z.number().int(),
  targetStar: z.number().int().nullable(),
  designStageName: z.string(),
  plannedStart: z.string(),
  plannedFinish: z.string(),
  policyBatchName: z.string().nullable(),
  standardEdition: z.string().nullable(),
  standardEditionName: z.string().nullable(),
  /** What the caller may do: developer (edit, invite), member, invited (may answer), committee (read only). */
  access: z.enum(['developer', 'member', 'invited', 'committee']),
  /** The step history: one row per change, oldest first. */
  steps: z.array(stepChange),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectSavedData = z.object({ id: z.number().int() });

export const projectMemberItem = person.extend({ role: z.string(), roleName: z.string() });
export const projectOrgItem = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  orgType: z.number().int(),
  orgTypeName: z.string(),
  creditCode: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  invitedAt: z.string(),
  respondedAt: z.string().nullable(),
  leader: person.nullable(),
  members: z.array(projectMemberItem),
});
export type ProjectOrgItem = z.infer<typeof projectOrgItem>;
export const projectOrgQuery = z.object({ projectId: projectIdField });
export const projectOrgListData = z.array(projectOrgItem);

/** Organisations a developer may invite, found by name or unified social credit code. */
export const orgSearchQuery = z.object({
  keyword: requiredText('企业名称或统一社会信用代码', 50),
  projectId: projectIdField,
});
export const orgSearchItem = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  orgType: z.number().int(),
  orgTypeName: z.string(),
  creditCode: z.string().nullable(),
  /** Its membership of the project, if any (1 invited, 2 accepted, …). */
  status: z.number().int().nullable(),
});
export const orgSearchData = z.array(orgSearchItem);

export const inviteBody = z.object({ projectId: projectIdField, orgId: positiveId('企业编号') });
export const respondBody = z.object({
  projectId: projectIdField,
  accept: z.boolean({ error: '请选择接受或拒绝' }),
  reason: optionalText('拒绝原因', 200),
});
export const removeOrgBody = inviteBody;
export const membershipData = z.object({ status: z.number().int(), statusName: z.string() });

/** People of the caller's organisation onto the project (not the leader: see the leader call). */
const assignableRole = z.enum(
  projectRoleValues.filter((r) => r !== ProjectRole.LEADER) as [ProjectRoleValue, ...ProjectRoleValue[]],
  { error: '角色只能是 成员、材料员、质检员 或 见证人' },
);
export const membersMultiBody = z.object({
  projectId: projectIdField,
  members: z
    .array(z.object({ userId: positiveId('用户编号'), role: assignableRole.default(ProjectRole.MEMBER) }), {
      error: '请选择人员',
    })
    .min(1, '请选择人员')
    .max(100, '一次最多添加 100 人'),
});
export const leaderBody = z.object({ projectId: projectIdField, userId: positiveId('用户编号') });
export const memberRemoveBody = leaderBody;
export const membersData = z.array(projectMemberItem);

export const candidateItem = person.extend({ username: z.string() });
export const candidatesData = z.array(candidateItem);

export const orgUsersQuery = z.object({
  /** The caller's own organisation (the default); another organisation answers 404. */
  orgId: z.preprocess(blankToUndefined, positiveId('企业编号').optional()),
});
export const orgUsersData = z.array(candidateItem.extend({ roles: z.array(z.string()) }));

/** Policy batches and demand-standard editions (reference data). */
export const policyOptionsData = z.object({
  batches: z.array(z.object({ code: z.string(), name: z.string(), instrument: z.string(), effectiveFrom: z.string() })),
  editions: z.array(z.object({ code: z.string(), name: z.string(), batchCode: z.string() })),
});
export type PolicyOptions = z.infer<typeof policyOptionsData>;
