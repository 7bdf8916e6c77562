import { ApplicationAction, ListingAction } from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import type { SessionUser } from './session-user.ts';

/**
 * The one way a module writes its audit trail (docs/design.md §5: who, when, from, to, why) into `audit_log`, inside the
 * caller's transaction so the row commits with the change it records. Entity and action names are declared here,
 * once, so a typo is a type error and a reader finds every audited action in one table.
 *
 * Every module writes through it (the demo seeds insert their historical rows directly). The names below are the
 * values stored in `entity_type` and `action`, which the history views and tests read: renaming one orphans the rows
 * already written.
 */
export const AuditActions = {
  /** A project: created, its register fields changed, its step moved (from/to = step numbers). */
  project: ['create', 'update', 'step'],
  /** An organisation's membership of a project (from/to = MembershipStatus numbers; entityId = project id). */
  project_org: ['invite', 'accept', 'decline', 'remove'],
  /** A person on a project (entityId = project id; data names the user and role). */
  project_member: ['add', 'leader', 'remove'],
  /** An organisation: created (by its administrator or the platform), edited, certification moves (CertStatus). */
  organization: [
    'create',
    'update',
    'certification.submit',
    'certification.approve',
    'certification.reject',
    'certification.revoke',
  ],
  /** A member account (UserStatus): added by the organisation or the platform, disabled, enabled, password reset. */
  user: ['member.create', 'member.disable', 'member.enable', 'member.password-reset'],
  /** A product (from/to = enableStatus). */
  product: ['create', 'update', 'again_update', 'set_enable_status', 'delete'],
  /** A specification model (entityId `revision:<id>` for a proposal awaiting a revision's approval). */
  product_spec: ['propose_create', 'create', 'update', 'batch_update', 'delete'],
  /** A product document (manual, report, certificate file). */
  product_document: ['add', 'delete'],
  /** A product's listing in a city (from/to = ListingStatus; the contract's ListingAction). */
  listing: Object.values(ListingAction),
  /** A change of a listed product's approved facts (from/to = RevisionStatus). */
  product_revision: [
    'submit',
    'withdraw',
    'amend',
    'platform_approve',
    'platform_reject',
    'city_approve',
    'city_reject',
  ],
  /** A certificate application (from/to = ApplicationStatus; the contract's ApplicationAction). */
  certificate_application: Object.values(ApplicationAction),
  /** An issued certificate (to = its state). */
  certificate: ['issue', 'revoke'],
  /** A city's dynamic form: attribute groups, elements, their order (organisation: none). */
  element: [
    'group.create',
    'group.update',
    'group.use_status',
    'group.delete',
    'element.create',
    'element.update',
    'element.use_status',
    'element.delete',
    'sort',
  ],
  /** A basic material's application and the platform's decision (from/to = BasicMaterialStatus). */
  basic_material: ['apply', 'approve', 'reject'],
  /** A document stored in the evidence ledger. */
  ledger_record: ['store'],
  /** An organisation's factory, warehouse, site or office address (modules/trace). */
  address: ['create', 'update', 'delete'],
  /** A production lot: made (its quantity entered the maker's stock), trace codes issued for it (modules/trace). */
  lot: ['create', 'generate_codes'],
  /** A shipment (发货单; from/to = ShipmentStatus numbers): saved as a draft, shipped, cancelled, voided, closed, received. */
  shipment: ['save', 'ship', 'cancel', 'void', 'close', 'receive'],
  /** A receipt (收货单), final once made; a return drafted from its rejected goods. */
  receipt: ['create', 'return'],
  /**
   * A delivery at a project's site (modules/construction): recorded, its papers added or corrected; `import` is one
   * stock import's deliveries (entityId `import:<upload id>`, once per upload).
   */
  site_delivery: ['create', 'papers', 'import'],
  /** A delivered lot's inspection (from/to = InspectionState; the action is construction.transitions.ts's). */
  site_inspection: [
    'submit',
    'send_back',
    'release',
    'concede',
    'hold',
    'reject',
    'retest_pass',
    'retest_fail',
    'return',
    'destroy',
  ],
  /** A witnessed sample (from/to = SampleState). */
  witness_sample: ['create', 'send', 'report'],
  /** An issue to the works, or its return to stock. */
  issue_order: ['issue', 'return'],
  /** A spot check (from/to = SpotCheckState). */
  spot_check: ['create', 'rectify', 'close'],
  // ---- distribution: the distributor's product records and sales contracts ----
  /** A distributor's own product record (modules/distribution). */
  distributor_product: ['create', 'update', 'delete'],
  /** A sales contract (from/to = SalesContractStatus; `ship`: a draft shipment made against it). */
  sales_contract: ['create', 'update', 'sign', 'activate', 'complete', 'terminate', 'ship'],
  /**
   * A manufacturer's authorisation of a distributor (modules/distribution; from/to = AuthorisationStatus, as read
   * that day): a draft saved or deleted, issued, accepted, suspended, resumed, revoked, renewed (a new draft version
   * made from it), superseded (by the new version's issue).
   */
  authorisation: ['create', 'update', 'delete', 'issue', 'accept', 'suspend', 'resume', 'revoke', 'renew', 'supersede'],
  // ---- procurement — orders ----
  /**
   * A purchase order (from/to = OrderStatus as read): made as a draft by an award or a direct purchase (`create`), then
   * its lifecycle; `ship`: a draft shipment against it.
   */
  purchase_order: ['create', 'send', 'cancel', 'confirm', 'decline', 'close', 'ship'],
  /** An alternate supplier of a list line (from/to = AlternateStatus; `switch`: it became the line's primary). */
  alternate_supplier: ['create', 'import', 'move', 'dismiss', 'switch'],
  // ---- procurement: sourcing (selection, inquiries, quotes, the order's creation) ----
  /** A material-list line's chosen candidate (entityId = line id; data: spec and supplier). */
  material_line_choice: ['choose', 'unchoose'],
  /** A request for quotation (from/to = InquiryStatus). */
  inquiry: ['create', 'update', 'publish', 'close', 'award', 'fail', 'cancel', 'new_round'],
  /** A supplier's quote (from/to = QuoteStatus; accept/reject at the award). */
  quote: ['save', 'submit', 'withdraw', 'accept', 'reject'],
  // ---- procurement: policy data and material lists ----
  /**
   * The demand standard's data, edited by the platform operator (organisation: none; data: before and after):
   * entityId `rule:<edition>`, `category:<id>`, `city:<region code>`.
   */
  procurement_policy: ['rule.save', 'category.save', 'category.classes', 'city.create', 'city.update', 'city.remove'],
  /** A project's material list (entityId = list id; from/to = MaterialListStatus; data: lines added/changed/removed). */
  material_list: ['save', 'import', 'copy', 'confirm', 'reopen'],
  // ---- government procurement: filings ----
  /**
   * A project's quarterly procurement filing (modules/government; from/to = FilingStatus): opened as a draft, its
   * grid saved or prefilled again, submitted, returned (reason), confirmed, locked by the quarter's close, corrected
   * (a new version; the row of the old one, entityId the old id, names the new one in data).
   */
  procurement_filing: ['open', 'save', 'prefill', 'submit', 'return', 'confirm', 'close', 'correct'],
  // ---- government procurement: risk alerts (modules/government, docs/government.md "Risk rules") ----
  /** A risk alert's workflow (from/to = AlertStatus): the committee's steps and the organisation's explanation. */
  risk_alert: ['acknowledge', 'explain', 'dismiss', 'confirm', 'close'],
  // ---- the enterprise disk (modules/disk) ----
  /** A folder of the disk. */
  disk_folder: ['create', 'rename', 'delete'],
  /** A file of the disk (from/to = version numbers for `version`); `ledger`: its current version put on the ledger. */
  disk_file: ['add', 'update', 'version', 'delete', 'ledger'],
  /** A share link (to = ShareState). */
  disk_share: ['create', 'revoke'],
  // ---- enterprise inspection (modules/enterprise-inspection) ----
  /** An inspection record (from/to = InspectionRecordState): entered, rectification submitted, closed, reopened. */
  inspection_record: ['create', 'submit', 'close', 'reopen'],
  // ---- the account centre (modules/account) ----
  /** A user's own profile (name, e-mail, contact phone, avatar; data: the fields changed). */
  user_profile: ['update'],
  /** An organisation's division (部门); `assign`: a member put into it or taken out (entityId = the member's id). */
  division: ['create', 'update', 'delete', 'assign'],
  // ---- the smart business card (modules/business-card) ----
  /** A member's card (entityId = card id; data names the member); `lead`: a visitor's contact form landed. */
  business_card: ['create', 'update', 'publish', 'unpublish', 'lead'],
} as const;

export type AuditEntity = keyof typeof AuditActions;
export type AuditAction<E extends AuditEntity> = (typeof AuditActions)[E][number];

export interface AuditRecord<E extends AuditEntity> {
  entity: E;
  entityId: number | string;
  action: AuditAction<E>;
  fromState?: number | string | null;
  toState?: number | string | null;
  /** Who did it: a session's user, or the user on whose behalf a shared function runs (certificate issue). */
  actor: AuditActor;
  /** The organisation whose record this is (filters the trail by organisation); default: the actor's. */
  orgId?: number | null;
  reason?: string | null;
  /** Stored in `detail`. */
  data?: Record<string, unknown> | readonly unknown[] | null;
}

export type AuditActor = Pick<SessionUser, 'userId' | 'orgId'>;

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? null : String(v));

export async function recordAudit<E extends AuditEntity>(tx: Tx, r: AuditRecord<E>): Promise<void> {
  await tx.insert(auditLog).values(auditRow(r));
}

/** Audit rows of many records at once (a thousand rows per statement): a bulk change, such as a site's import. */
export async function recordAudits<E extends AuditEntity>(tx: Tx, records: readonly AuditRecord<E>[]): Promise<void> {
  for (let i = 0; i < records.length; i += 1000) {
    await tx.insert(auditLog).values(records.slice(i, i + 1000).map(auditRow));
  }
}

function auditRow<E extends AuditEntity>(r: AuditRecord<E>) {
  return {
    entityType: r.entity,
    entityId: String(r.entityId),
    orgId: r.orgId === undefined ? r.actor.orgId : r.orgId,
    actorUserId: r.actor.userId,
    action: r.action,
    fromState: text(r.fromState),
    toState: text(r.toState),
    reason: r.reason ?? null,
    detail: r.data ?? null,
  };
}

/** Which audit rows to read: one entity type, and optionally one record, one organisation's, some actions. */
export interface AuditQuery<E extends AuditEntity> {
  entity: E;
  entityId?: number | string;
  /** Only rows recorded for this organisation (`audit_log.org_id`). */
  orgId?: number;
  actions?: readonly AuditAction<E>[];
  /** Newest first (default: oldest first). Ties are broken by id, in the same direction. */
  newestFirst?: boolean;
  /** At most this many rows (default 500), after skipping `skip`. */
  take?: number;
  skip?: number;
}

/** An audit row with its actor's real name and user name (null for a deleted or absent actor). */
export interface AuditRow {
  log: typeof auditLog.$inferSelect;
  actorName: string | null;
  actorUsername: string | null;
}

function auditWhere<E extends AuditEntity>(q: AuditQuery<E>) {
  return and(
    eq(auditLog.entityType, q.entity),
    q.entityId === undefined ? undefined : eq(auditLog.entityId, String(q.entityId)),
    q.orgId === undefined ? undefined : eq(auditLog.orgId, q.orgId),
    q.actions && q.actions.length > 0 ? inArray(auditLog.action, [...q.actions]) : undefined,
  );
}

/**
 * The one way a module reads the audit trail (issue 23, item 2): the rows a query names, with the actor's names, in
 * the caller's transaction. Modules shape the rows into their own views; none queries `audit_log` itself.
 */
export async function auditRows<E extends AuditEntity>(tx: Tx, q: AuditQuery<E>): Promise<AuditRow[]> {
  const order = q.newestFirst ? desc : asc;
  return tx
    .select({ log: auditLog, actorName: users.realName, actorUsername: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(auditWhere(q))
    .orderBy(order(auditLog.createdAt), order(auditLog.id))
    .limit(q.take ?? 500)
    .offset(q.skip ?? 0);
}

/** How many audit rows a query names (paging and skipping ignored). */
export async function auditCount<E extends AuditEntity>(tx: Tx, q: AuditQuery<E>): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(auditLog).where(auditWhere(q));
  return row?.n ?? 0;
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
  const rows = await auditRows(tx, { entity, entityId, actions });
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
