import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import type { SessionUser } from './session-user.ts';
import { formatShanghaiTime } from './time.ts';

/**
 * The one way a module writes its audit trail (DESIGN.md §5: who, when, from, to, why) into `audit_log`, inside the
 * caller's transaction so the row commits with the change it records. Entity and action names are declared here,
 * once, so a typo is a type error and a reader finds every audited action in one table.
 *
 * The project module is the first user; the listing and certificate modules still insert their rows themselves and
 * are to be moved onto this function (same columns, same meaning).
 */
export const AuditActions = {
  /** A project: created, its register fields changed, its step moved (from/to = step numbers). */
  project: ['create', 'update', 'step'],
  /** An organisation's membership of a project (from/to = MembershipStatus numbers; entityId = project id). */
  project_org: ['invite', 'accept', 'decline', 'remove'],
  /** A person on a project (entityId = project id; data names the user and role). */
  project_member: ['add', 'leader', 'remove'],
} as const;

export type AuditEntity = keyof typeof AuditActions;
export type AuditAction<E extends AuditEntity> = (typeof AuditActions)[E][number];

export interface AuditRecord<E extends AuditEntity> {
  entity: E;
  entityId: number | string;
  action: AuditAction<E>;
  fromState?: number | string | null;
  toState?: number | string | null;
  actor: SessionUser;
  /** The organisation whose record this is (filters the trail by organisation); default: the actor's. */
  orgId?: number | null;
  reason?: string | null;
  data?: Record<string, unknown>;
}

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? null : String(v));

export async function recordAudit<E extends AuditEntity>(tx: Tx, r: AuditRecord<E>): Promise<void> {
  await tx.insert(auditLog).values({
    entityType: r.entity,
    entityId: String(r.entityId),
    orgId: r.orgId === undefined ? r.actor.orgId : r.orgId,
    actorUserId: r.actor.userId,
    action: r.action,
    fromState: text(r.fromState),
    toState: text(r.toState),
    reason: r.reason ?? null,
    detail: r.data ?? null,
  });
}

export interface AuditEntry {
  action: string;
  fromState: string | null;
  toState: string | null;
  reason: string | null;
  detail: unknown;
  actorName: string | null;
  createTime: string;
}

/** An entity's audit rows, oldest first, optionally only some actions, with the actor's name. */
export async function auditTrail<E extends AuditEntity>(
  tx: Tx,
  entity: E,
  entityId: number | string,
  actions?: readonly AuditAction<E>[],
): Promise<AuditEntry[]> {
  const rows = await tx
    .select({ log: auditLog, actorName: users.realName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, entity),
        eq(auditLog.entityId, String(entityId)),
        actions && actions.length > 0 ? inArray(auditLog.action, [...actions]) : undefined,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(500);
  return rows.map(({ log, actorName }) => ({
    action: log.action,
    fromState: log.fromState,
    toState: log.toState,
    reason: log.reason,
    detail: log.detail,
    actorName,
    createTime: formatShanghaiTime(log.createdAt),
  }));
}
