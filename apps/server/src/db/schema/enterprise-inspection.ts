import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';

/*
 * Enterprise inspection (modules/enterprise-inspection, docs/enterprise-inspection.md): the records certification
 * bodies and city committees enter about the organisations they oversee, with the subject's rectification. Both
 * organisations' ids are on the row: the subject reads its own, the inspector those it entered.
 */
export const inspectionRecords = pgTable(
  'inspection_records',
  {
    id: id(),
    subjectOrgId: integer('subject_org_id')
      .notNull()
      .references(() => organizations.id),
    inspectorOrgId: integer('inspector_org_id')
      .notNull()
      .references(() => organizations.id),
    /** InspectionKind (contract enterprise-inspection.ts). */
    kind: text('kind').notNull(),
    inspectedOn: date('inspected_on').notNull(),
    inspectorName: text('inspector_name').notNull(),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    /** InspectionResult. */
    result: text('result').notNull(),
    findings: text('findings').notNull(),
    rectificationDeadline: date('rectification_deadline'),
    evidenceUploadIds: jsonb('evidence_upload_ids').$type<number[]>().notNull().default([]),
    /** InspectionState. */
    state: text('state').notNull(),
    rectification: text('rectification'),
    rectificationUploadIds: jsonb('rectification_upload_ids').$type<number[]>().notNull().default([]),
    rectifiedBy: integer('rectified_by'),
    rectifiedAt: tstz('rectified_at'),
    decisionNote: text('decision_note'),
    closedBy: integer('closed_by'),
    closedAt: tstz('closed_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inspection_records_subject_idx').on(t.subjectOrgId, t.inspectedOn.desc(), t.id.desc()),
    index('inspection_records_inspector_idx').on(t.inspectorOrgId, t.inspectedOn.desc(), t.id.desc()),
    check('inspection_records_kind_ck', sql`${t.kind} in ('surveillance', 'spot_check', 'random')`),
    check('inspection_records_result_ck', sql`${t.result} in ('pass', 'fail', 'rectify')`),
    check('inspection_records_state_ck', sql`${t.state} in ('open', 'submitted', 'closed')`),
    check(
      'inspection_records_deadline_ck',
      sql`(${t.result} <> 'rectify' or ${t.rectificationDeadline} is not null) and (${t.rectificationDeadline} is null or ${t.rectificationDeadline} >= ${t.inspectedOn})`,
    ),
    check('inspection_records_pass_closed_ck', sql`${t.result} <> 'pass' or ${t.state} = 'closed'`),
    check('inspection_records_findings_ck', sql`${t.findings} <> ''`),
  ],
);
