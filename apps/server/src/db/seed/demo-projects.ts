import { DesignStage, MembershipStatus, OrgType, ProjectRole, ProjectStep, ProjectType, Role } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { Tx } from '../client.ts';
import { auditLog, projectMembers, projectOrgs, projects } from '../schema/index.ts';
import { daysAgoAtOfficeHour } from './demo-time.ts';

interface Party {
  orgId: number;
  userId: number;
}

export interface DemoProjectsInput {
  developer: Party;
  builder: Party;
  supervisor: Party;
}

interface DemoProject {
  name: string;
  code: string;
  type: number;
  regionCode: string;
  address: string;
  grossFloorArea: number;
  investmentFen: number;
  targetStar: number | null;
  /** The steps it went through, in order (the last is where it stands). */
  steps: number[];
  designStage: number;
  plannedStart: string;
  plannedFinish: string;
  policyBatch: string;
  standardEdition: string;
  /** Days before seeding it was registered. */
  age: number;
  builder: 'accepted' | 'none';
  supervisor: 'accepted' | 'invited';
}

/** docs/design.md §7 and the issue: three Nanjing projects of the policy with both units, one still in design without. */
const DEMO_PROJECTS: DemoProject[] = [
  {
    name: '南京市鼓楼区天妃宫小学新建工程',
    code: 'NJGL-2025-017',
    type: ProjectType.SCHOOL,
    regionCode: '320106',
    address: '江苏省南京市鼓楼区建宁路 66 号',
    grossFloorArea: 18_650,
    investmentFen: 21_500_000_000,
    targetStar: 2,
    steps: [ProjectStep.REGISTERED, ProjectStep.DESIGN, ProjectStep.CONSTRUCTION_DRAWING],
    designStage: DesignStage.CONSTRUCTION_DRAWING,
    plannedStart: '2025-09-01',
    plannedFinish: '2027-06-30',
    // Nanjing joined in the 2020 pilot; a project buying from 2025 follows the 2025 edition (docs/procurement.md).
    policyBatch: '2020',
    standardEdition: '2025',
    age: 150,
    builder: 'accepted',
    supervisor: 'accepted',
  },
  {
    name: '江宁区人民医院门急诊综合楼',
    code: 'NJJN-2025-004',
    type: ProjectType.HOSPITAL,
    regionCode: '320115',
    address: '江苏省南京市江宁区湖山路 168 号',
    grossFloorArea: 46_200.5,
    investmentFen: 68_000_000_000,
    targetStar: 3,
    steps: [ProjectStep.REGISTERED, ProjectStep.DESIGN],
    designStage: DesignStage.PRELIMINARY,
    plannedStart: '2026-03-01',
    plannedFinish: '2028-12-31',
    policyBatch: '2022',
    standardEdition: '2025',
    age: 90,
    builder: 'accepted',
    supervisor: 'accepted',
  },
  {
    name: '浦口区桥林保障房片区三期',
    code: 'NJPK-2023-031',
    type: ProjectType.AFFORDABLE_HOUSING,
    regionCode: '320111',
    address: '江苏省南京市浦口区桥林街道石碛河路 9 号',
    grossFloorArea: 132_800,
    investmentFen: 95_600_000_000,
    targetStar: 1,
    steps: [
      ProjectStep.REGISTERED,
      ProjectStep.DESIGN,
      ProjectStep.CONSTRUCTION_DRAWING,
      ProjectStep.COMPLETION_ACCEPTANCE,
    ],
    designStage: DesignStage.CONSTRUCTION_DRAWING,
    plannedStart: '2023-05-10',
    plannedFinish: '2025-10-31',
    policyBatch: '2020',
    standardEdition: '2020-trial',
    age: 320,
    builder: 'accepted',
    supervisor: 'accepted',
  },
  {
    name: '建邺区青少年体育中心',
    code: 'NJJY-2026-002',
    type: ProjectType.STADIUM,
    regionCode: '320105',
    address: '江苏省南京市建邺区江东中路 300 号',
    grossFloorArea: 28_400,
    investmentFen: 31_000_000_000,
    targetStar: null,
    steps: [ProjectStep.REGISTERED, ProjectStep.DESIGN],
    designStage: DesignStage.SCHEME,
    plannedStart: '2026-10-01',
    plannedFinish: '2028-09-30',
    policyBatch: '2025',
    standardEdition: '2025',
    age: 12,
    builder: 'none',
    supervisor: 'invited',
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** The project's latest audit row happened at `at`. */
async function backdateLast(tx: Tx, projectId: number, at: Date) {
  await tx.execute(sql`
    update ${auditLog} set created_at = ${at.toISOString()}::timestamptz
     where id = (select max(id) from ${auditLog} where entity_type = 'project' and entity_id = ${String(projectId)})`);
}

/** Who the seed acts as in the audit trail: the developer's administrator. */
const actorOf = (p: Party): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: '',
  realName: null,
  orgId: p.orgId,
  orgType: OrgType.DEVELOPER,
  roles: [Role.ENTERPRISE_ADMIN],
});

/**
 * The demo projects of the demo developer (南京城建置业), in the caller's transaction: the construction and supervision
 * units as accepted members with their administrators as leaders, and one project in design whose supervision unit
 * has an invitation to answer. Each step change has its audit row. Answers the projects' ids.
 */
export async function seedDemoProjects(tx: Tx, input: DemoProjectsInput): Promise<number[]> {
  const now = new Date();
  const actor = actorOf(input.developer);
  const ids: number[] = [];
  for (const [i, p] of DEMO_PROJECTS.entries()) {
    const createdAt = daysAgoAtOfficeHour(now, p.age, i);
    const [row] = await tx
      .insert(projects)
      .values({
        developerOrgId: input.developer.orgId,
        name: p.name,
        code: p.code,
        type: p.type,
        regionCode: p.regionCode,
        cityCode: `${p.regionCode.slice(0, 4)}00`,
        address: p.address,
        grossFloorArea: p.grossFloorArea,
        investmentFen: p.investmentFen,
        targetStar: p.targetStar,
        step: p.steps[p.steps.length - 1] as number,
        designStage: p.designStage,
        plannedStart: p.plannedStart,
        plannedFinish: p.plannedFinish,
        inPolicyScope: true,
        policyBatch: p.policyBatch,
        standardEdition: p.standardEdition,
        createdBy: input.developer.userId,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: projects.id });
    const id = (row as { id: number }).id;
    ids.push(id);
    const base = { projectId: id, developerOrgId: input.developer.orgId, invitedBy: input.developer.userId };
    const orgs = [
      { party: input.developer, orgType: OrgType.DEVELOPER, status: MembershipStatus.ACCEPTED },
      ...(p.builder === 'accepted'
        ? [{ party: input.builder, orgType: OrgType.CONSTRUCTION, status: MembershipStatus.ACCEPTED }]
        : []),
      {
        party: input.supervisor,
        orgType: OrgType.SUPERVISION,
        status: p.supervisor === 'accepted' ? MembershipStatus.ACCEPTED : MembershipStatus.INVITED,
      },
    ];
    for (const o of orgs) {
      await tx.insert(projectOrgs).values({
        ...base,
        orgId: o.party.orgId,
        orgType: o.orgType,
        status: o.status,
        invitedAt: createdAt,
        respondedAt: o.status === MembershipStatus.ACCEPTED ? createdAt : null,
      });
      if (o.status === MembershipStatus.ACCEPTED) {
        await tx.insert(projectMembers).values({
          projectId: id,
          developerOrgId: input.developer.orgId,
          orgId: o.party.orgId,
          userId: o.party.userId,
          role: ProjectRole.LEADER,
          addedBy: o.party.userId,
          createdAt,
        });
      }
    }
    // The trail tells the story over the months since registration, not all at the moment of seeding.
    const at = (k: number) => new Date(createdAt.getTime() + Math.floor((k * p.age) / (p.steps.length + 1)) * DAY);
    await recordAudit(tx, { entity: 'project', entityId: id, action: 'create', toState: 0, actor });
    await backdateLast(tx, id, createdAt);
    let from: number | null = null;
    for (const [k, step] of p.steps.entries()) {
      await recordAudit(tx, { entity: 'project', entityId: id, action: 'step', fromState: from, toState: step, actor });
      await backdateLast(tx, id, at(k));
      from = step;
    }
  }
  return ids;
}
