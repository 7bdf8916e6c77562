import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { materialClassifications } from './reference.ts';

/**
 * Common names of building materials (basic-materials): the platform's reference list of what products are
 * called, with their classification, the units they are sold in and the usual formats (规格) per unit.
 * Platform rows carry a stable `code` and are upserted at start-up (db/seed/basic-materials.ts); a manufacturer's
 * application (applyForAdd) is a row with status PENDING and no code until the platform decides: approval gives it
 * the next code after the platform's (BM032, …), rejection keeps the reason. Applications are the rows with
 * `applied_by_org` set; the start-up seed never touches them.
 */
export const basicMaterials = pgTable(
  'basic_materials',
  {
    id: id(),
    /** Stable key of a platform row ("BM001"); null for applications. */
    code: text('code'),
    commonName: text('common_name').notNull(),
    classifyCode: text('classify_code')
      .notNull()
      .references(() => materialClassifications.code),
    /** Units (bm_product_unit ids) with the usual formats in each, in display order. */
    units: jsonb('units').$type<{ unitId: number; formats: string[] }[]>().notNull().default([]),
    /** BasicMaterialStatus: 1 approved, 2 pending, 3 rejected. */
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    appliedByOrg: integer('applied_by_org').references(() => organizations.id),
    appliedByUser: integer('applied_by_user'),
    /** The platform's decision on an application: why it was rejected, when and by whom it was decided. */
    rejectReason: text('reject_reason'),
    decidedAt: tstz('decided_at'),
    decidedBy: integer('decided_by'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('basic_materials_code_uq').on(t.code),
    // One live entry per name: an approved or pending name cannot be applied for again; a rejected one can.
    uniqueIndex('basic_materials_name_live_uq').on(t.commonName).where(sql`${t.status} in (1, 2)`),
    index('basic_materials_classify_idx').on(t.classifyCode),
  ],
);
