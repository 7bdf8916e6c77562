import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** One row per state transition of any business flow: who, when, from, to, why (docs/design.md §5). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    orgId: integer('org_id'),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    reason: text('reason'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
