import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { users } from './user.ts';

/**
 * The green-material procurement policy's batches (reference data, seeded from db/seed/project-policy.ts): 2020 pilot
 * (财库〔2020〕31号), 2022 expansion (〔2022〕35号), 2025 expansion (〔2024〕36号).
 */
export const policyBatches = pgTable('policy_batches', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  instrument: text('instrument').notNull(),
  effectiveFrom: date('effective_from').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Editions of the demand standard (需求标准) a project follows (reference data). */
export const demandStandardEditions = pgTable('demand_standard_editions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  batchCode: text('batch_code')
    .notNull()
    .references(() => policyBatches.code),
  sort: integer('sort').notNull().default(0),
});

/** A developer's project (modules/project). `city_code` is derived from `region_code` for the city's committee. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    developerOrgId: integer('developer_org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** ProjectType of the contract, 1–9. */
    type: smallint('type').notNull(),
    /** GB/T 2260 county code. */
    regionCode: text('region_code').notNull(),
    cityCode: text('city_code').notNull(),
    address: text('address').notNull(),
    grossFloorArea: numeric('gross_floor_area', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    investmentFen: bigint('investment_fen', { mode: 'number' }).notNull(),
    targetStar: smallint('target_star'),
    /** ProjectStep 0–3. */
    step: smallint('step').notNull().default(0),
    /** DesignStage 0–3. */
    designStage: smallint('design_stage').notNull().default(0),
    plannedStart: date('planned_start').notNull(),
    plannedFinish: date('planned_finish').notNull(),
    inPolicyScope: boolean('in_policy_scope').notNull().default(false),
    policyBatch: text('policy_batch').references(() => policyBatches.code),
    standardEdition: text('standard_edition').references(() => demandStandardEditions.code),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_developer_code_uq').on(t.developerOrgId, t.code),
    index('projects_city_idx').on(t.cityCode, t.createdAt),
    check('projects_type_ck', sql`${t.type} between 1 and 9`),
    check('projects_step_ck', sql`${t.step} between 0 and 3`),
    check('projects_design_stage_ck', sql`${t.designStage} between 0 and 3`),
    check('projects_target_star_ck', sql`${t.targetStar} is null or ${t.targetStar} between 1 and 3`),
    check('projects_investment_ck', sql`${t.investmentFen} >= 0`),
    check('projects_area_ck', sql`${t.grossFloorArea} >= 0`),
    check('projects_dates_ck', sql`${t.plannedFinish} >= ${t.plannedStart}`),
    check('projects_policy_ck', sql`not ${t.inPolicyScope} or ${t.policyBatch} is not null`),
  ],
);

/**
 * An organisation's membership of a project: the developer's own (accepted at creation) and each invitation.
 * MembershipStatus 1 invited, 2 accepted, 3 declined, 4 removed; a re-invitation reuses the row.
 */
export const projectOrgs = pgTable(
  'project_orgs',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The project's developer, copied so every row filters by either organisation. */
    developerOrgId: integer('developer_org_id')
      .notNull()
      .references(() => organizations.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** The type the organisation takes part as (its organisation type: 1, 2, 3 or 4). */
    orgType: smallint('org_type').notNull(),
    status: smallint('status').notNull(),
    invitedBy: integer('invited_by').notNull(),
    invitedAt: createdAt(),
    respondedAt: tstz('responded_at'),
  },
  (t) => [
    uniqueIndex('project_orgs_project_org_uq').on(t.projectId, t.orgId),
    index('project_orgs_org_idx').on(t.orgId, t.status, t.orgType),
    check('project_orgs_status_ck', sql`${t.status} between 1 and 4`),
    check('project_orgs_org_type_ck', sql`${t.orgType} between 1 and 4`),
  ],
);

/** A person on a project, named by their organisation's administrator. One leader per organisation per project. */
export const projectMembers = pgTable(
  'project_members',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    developerOrgId: integer('developer_org_id')
      .notNull()
      .references(() => organizations.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** ProjectRole: leader, member, storekeeper, inspector, witness. */
    role: text('role').notNull(),
    addedBy: integer('added_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_members_project_user_uq').on(t.projectId, t.userId),
    uniqueIndex('project_members_one_leader_uq').on(t.projectId, t.orgId).where(sql`${t.role} = 'leader'`),
    index('project_members_org_idx').on(t.orgId, t.projectId),
    check('project_members_role_ck', sql`${t.role} in ('leader', 'member', 'storekeeper', 'inspector', 'witness')`),
  ],
);
