import { MembershipStatus, periodRange } from '@jcbb/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  certificates,
  filingPeriods,
  filingReminders,
  organizations,
  procurementFilingLines,
  procurementFilings,
  products,
  projectOrgs,
  projects,
} from '../../db/schema/index.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';

/** The filing part's SQL (docs/government.md, "Filing"); every function runs in the caller's transaction. */

export type FilingRowDb = typeof procurementFilings.$inferSelect;
export type FilingInsert = typeof procurementFilings.$inferInsert;
export type LineRowDb = typeof procurementFilingLines.$inferSelect;
export type LineInsert = typeof procurementFilingLines.$inferInsert;

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function findFiling(tx: Tx, id: number, lock = false): Promise<FilingRowDb | undefined> {
  const q = tx.select().from(procurementFilings).where(eq(procurementFilings.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The filing in force of a project's quarter (not superseded by a correction). */
export async function inForceFiling(tx: Tx, projectId: number, period: string): Promise<FilingRowDb | undefined> {
  const [row] = await tx
    .select()
    .from(procurementFilings)
    .where(
      and(
        eq(procurementFilings.projectId, projectId),
        eq(procurementFilings.period, period),
        isNull(procurementFilings.supersededAt),
      ),
    );
  return row;
}

/** The correction that superseded a filing, if any. */
export async function correctionOf(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: procurementFilings.id })
    .from(procurementFilings)
    .where(eq(procurementFilings.correctsId, id));
  return row?.id ?? null;
}

export async function insertFiling(tx: Tx, values: FilingInsert): Promise<FilingRowDb> {
  const [row] = await tx.insert(procurementFilings).values(values).returning();
  return row as FilingRowDb;
}

export async function updateFiling(tx: Tx, id: number, values: Partial<FilingInsert>): Promise<void> {
  await tx
    .update(procurementFilings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procurementFilings.id, id));
}

export async function filingLines(tx: Tx, filingId: number): Promise<LineRowDb[]> {
  return tx
    .select()
    .from(procurementFilingLines)
    .where(eq(procurementFilingLines.filingId, filingId))
    .orderBy(asc(procurementFilingLines.lineNo));
}

export async function insertLines(tx: Tx, rows: LineInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(procurementFilingLines).values(rows.slice(i, i + 500));
}

export async function updateLine(tx: Tx, id: number, values: Partial<LineInsert>): Promise<void> {
  await tx.update(procurementFilingLines).set(values).where(eq(procurementFilingLines.id, id));
}

export async function deleteLines(tx: Tx, filingId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(procurementFilingLines)
    .where(and(eq(procurementFilingLines.filingId, filingId), inArray(procurementFilingLines.id, [...ids])));
}

/** Line numbers are renumbered 1…n after a save (through negatives: the unique index holds at every row). */
export async function renumberLines(tx: Tx, filingId: number): Promise<void> {
  await tx.execute(sql`update procurement_filing_lines set line_no = -line_no where filing_id = ${filingId}`);
  await tx.execute(sql`
    update procurement_filing_lines l set line_no = n.rn
      from (select id, row_number() over (order by -line_no, id) as rn
              from procurement_filing_lines where filing_id = ${filingId}) n
     where l.id = n.id`);
}

export interface ProjectRowDb {
  id: number;
  name: string;
  code: string;
  regionCode: string;
  cityCode: string;
  developerOrgId: number;
  inPolicyScope: boolean;
  standardEdition: string | null;
}

const projectColumns = {
  id: projects.id,
  name: projects.name,
  code: projects.code,
  regionCode: projects.regionCode,
  cityCode: projects.cityCode,
  developerOrgId: projects.developerOrgId,
  inPolicyScope: projects.inPolicyScope,
  standardEdition: projects.standardEdition,
};

/** The project; `lock` holds its row (FOR NO KEY UPDATE) so two opens of one quarter take turns. */
export async function projectById(tx: Tx, id: number, lock = false): Promise<ProjectRowDb | undefined> {
  const q = tx.select(projectColumns).from(projects).where(eq(projects.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row;
}

/** The organisation's accepted memberships of in-scope projects (the developer's own included), with its type there. */
export async function memberProjects(tx: Tx, orgId: number) {
  return tx
    .select({ ...projectColumns, orgType: projectOrgs.orgType, createdOn: shanghaiDay(projects.createdAt) })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .where(
      and(
        eq(projectOrgs.orgId, orgId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
        eq(projects.inPolicyScope, true),
      ),
    )
    .orderBy(asc(projects.id));
}

/** The accepted membership type of an organisation on a project (null: none). */
export async function membershipType(tx: Tx, projectId: number, orgId: number): Promise<number | null> {
  const [row] = await tx
    .select({ orgType: projectOrgs.orgType })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.orgId, orgId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
      ),
    );
  return row?.orgType ?? null;
}

/** The organisations that file for a project: its developer and its accepted construction units. */
export async function filerOrgIds(tx: Tx, projectId: number, developerOrgId: number): Promise<number[]> {
  const rows = await tx
    .select({ orgId: projectOrgs.orgId })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
        eq(projectOrgs.orgType, 4),
      ),
    );
  return [...new Set([developerOrgId, ...rows.map((r) => r.orgId)])];
}

/** The in-force filings of projects (every quarter). */
export async function filingsOfProjects(tx: Tx, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  return tx
    .select({
      id: procurementFilings.id,
      projectId: procurementFilings.projectId,
      period: procurementFilings.period,
      status: procurementFilings.status,
      version: procurementFilings.version,
      dueOn: procurementFilings.dueOn,
      firstSubmittedOn: shanghaiDay(procurementFilings.firstSubmittedAt),
    })
    .from(procurementFilings)
    .where(and(inArray(procurementFilings.projectId, [...projectIds]), isNull(procurementFilings.supersededAt)));
}

export async function orgName(tx: Tx, id: number): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row?.name ?? '';
}

export interface CommitteeFilter {
  cityCode: string;
  period: string;
  today: string;
  status?: string;
  regionCode?: string;
  late?: boolean;
  keyword?: string;
  take: number;
  skip: number;
}

const lateSql = (today: string) =>
  sql`(case when f.first_submitted_at is null then ${today}::date > f.due_on
            else ${shanghaiDay(sql`f.first_submitted_at`)}::date > f.due_on end)`;

/** The city's filings in force of a quarter, with their totals, filtered and paged. */
export async function committeeFilings(tx: Tx, q: CommitteeFilter) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`f.city_code = ${q.cityCode} and f.period = ${q.period} and f.superseded_at is null
    ${q.status ? sql`and f.status = ${q.status}` : sql``}
    ${q.regionCode ? sql`and p.region_code = ${q.regionCode}` : sql``}
    ${q.late === undefined ? sql`` : sql`and ${lateSql(q.today)} = ${q.late}`}
    ${like ? sql`and (p.name ilike ${like} or p.code ilike ${like} or o.name ilike ${like})` : sql``}`;
  const rows = await rowsOf<{
    id: number;
    project_id: number;
    project_name: string;
    region_code: string;
    region_name: string;
    filer_name: string;
    period: string;
    version: number;
    status: string;
    due_on: string;
    late: boolean;
    submitted_at: Date | string | null;
    line_count: number;
    amount_fen: string;
    green_amount_fen: string;
  }>(
    tx,
    sql`select f.id, f.project_id, p.name as project_name, p.region_code,
        coalesce((select d.name from administrative_divisions d where d.code = p.region_code), p.region_code) as region_name,
        o.name as filer_name, f.period, f.version,
        f.status, f.due_on::text as due_on, ${lateSql(q.today)} as late, f.submitted_at,
        (select count(*)::int from procurement_filing_lines l where l.filing_id = f.id) as line_count,
        (select coalesce(sum(l.amount_fen), 0) from procurement_filing_lines l where l.filing_id = f.id) as amount_fen,
        (select coalesce(sum(l.amount_fen) filter (where l.is_green), 0) from procurement_filing_lines l
          where l.filing_id = f.id) as green_amount_fen
      from procurement_filings f
      join projects p on p.id = f.project_id
      join organizations o on o.id = f.filer_org_id
     where ${where}
     order by f.status = 'submitted' or f.status = 'resubmitted' desc, f.updated_at desc, f.id desc
     limit ${q.take} offset ${q.skip}`,
  );
  const [total] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from procurement_filings f
      join projects p on p.id = f.project_id join organizations o on o.id = f.filer_org_id where ${where}`,
  );
  return { rows, total: Number(total?.n ?? 0) };
}

/** In-scope projects of the city, registered by the quarter's end, with nothing submitted for it (no filing, or a draft). */
export async function overdueProjects(tx: Tx, cityCode: string, period: string) {
  return rowsOf<{
    project_id: number;
    project_name: string;
    region_code: string;
    region_name: string;
    developer_name: string;
    filing_id: number | null;
  }>(
    tx,
    sql`select p.id as project_id, p.name as project_name, p.region_code, o.name as developer_name, f.id as filing_id,
        coalesce((select d.name from administrative_divisions d where d.code = p.region_code), p.region_code) as region_name
      from projects p
      join organizations o on o.id = p.developer_org_id
      left join procurement_filings f on f.project_id = p.id and f.period = ${period} and f.superseded_at is null
     where p.city_code = ${cityCode} and p.in_policy_scope and (f.id is null or f.status = 'draft')
       and ${shanghaiDay(sql`p.created_at`)} <= ${periodRange(period).to}::date
     order by p.region_code, p.id`,
  );
}

/** Every in-scope project with nothing submitted for the quarter, with its city (the reminder sweep). */
export async function unfiledProjects(tx: Tx, period: string) {
  return rowsOf<{ id: number; name: string; developer_org_id: number }>(
    tx,
    sql`select p.id, p.name, p.developer_org_id from projects p
      left join procurement_filings f on f.project_id = p.id and f.period = ${period} and f.superseded_at is null
     where p.in_policy_scope and (f.id is null or f.status = 'draft')
       and ${shanghaiDay(sql`p.created_at`)} <= ${periodRange(period).to}::date
     order by p.id`,
  );
}

/** Record a reminder as sent; false when it had been (sent once per project, quarter and kind). */
export async function markReminder(tx: Tx, projectId: number, period: string, kind: string): Promise<boolean> {
  const rows = await tx
    .insert(filingReminders)
    .values({ projectId, period, kind })
    .onConflictDoNothing()
    .returning({ projectId: filingReminders.projectId });
  return rows.length > 0;
}

export async function periodClosed(tx: Tx, cityCode: string, period: string): Promise<boolean> {
  const [row] = await tx
    .select({ period: filingPeriods.period })
    .from(filingPeriods)
    .where(and(eq(filingPeriods.cityCode, cityCode), eq(filingPeriods.period, period)));
  return row !== undefined;
}

export async function closePeriod(tx: Tx, cityCode: string, period: string, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(filingPeriods)
    .values({ cityCode, period, closedBy: userId })
    .onConflictDoNothing()
    .returning({ period: filingPeriods.period });
  return rows.length > 0;
}

/** The confirmed filings in force of a city's quarter, locked for the change. */
export async function confirmedFilings(tx: Tx, cityCode: string, period: string): Promise<FilingRowDb[]> {
  return tx
    .select()
    .from(procurementFilings)
    .where(
      and(
        eq(procurementFilings.cityCode, cityCode),
        eq(procurementFilings.period, period),
        eq(procurementFilings.status, 'confirmed'),
        isNull(procurementFilings.supersededAt),
      ),
    )
    .orderBy(asc(procurementFilings.id))
    .for('update');
}

export async function countConfirmed(tx: Tx, cityCode: string, period: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from procurement_filings
      where city_code = ${cityCode} and period = ${period} and status = 'confirmed' and superseded_at is null`,
  );
  return Number(row?.n ?? 0);
}

export interface CertificateFact {
  id: number;
  certNo: string;
  productName: string;
  validFrom: string;
  validUntil: string;
  revokedOn: string | null;
  star: number | null;
  issuerName: string;
}

/** Platform certificates by id or number, with their product's name and issuer. */
export async function certificateFacts(
  tx: Tx,
  by: { ids?: readonly number[]; nos?: readonly string[] },
): Promise<CertificateFact[]> {
  const ids = [...new Set(by.ids ?? [])];
  const nos = [...new Set(by.nos ?? [])];
  if (ids.length === 0 && nos.length === 0) return [];
  const rows = await tx
    .select({
      id: certificates.id,
      certNo: certificates.certNo,
      productName: products.name,
      validFrom: certificates.validFrom,
      validUntil: certificates.validUntil,
      revokedOn: shanghaiDay(certificates.revokedAt),
      star: certificates.starRating,
      issuerName: organizations.name,
    })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .innerJoin(organizations, eq(organizations.id, certificates.issuerOrgId))
    .where(
      sql`${ids.length > 0 ? inArray(certificates.id, ids) : sql`false`} or ${
        nos.length > 0 ? inArray(certificates.certNo, nos) : sql`false`
      }`,
    );
  return rows.map((r) => ({ ...r, revokedOn: r.revokedOn ?? null }));
}

/** What a prefill reads of one accepted lot delivered at the site in the quarter. */
export interface PrefillCandidate {
  inspection_id: number;
  inspection_number: string;
  delivery_id: number;
  delivery_number: string;
  receipt_id: number | null;
  supplier_org_id: number | null;
  supplier_name: string;
  supplier_credit_code: string | null;
  org_credit_code: string | null;
  arrived_on: string;
  quantity: string;
  classify_code: string | null;
  material_name: string;
  spec_name: string;
  unit_name: string;
  is_green: boolean;
  green_cert_no: string | null;
  green_cert_body: string | null;
  shipment_id: number | null;
  shipment_number: string | null;
  product_id: number | null;
  evidence: { kind: string; name: string | null; certNo: string | null } | null;
  order_id: number | null;
  order_number: string | null;
  order_line_id: number | null;
  order_origin: string | null;
  order_unit_price_fen: string | null;
  contract_line_id: number | null;
  contract_unit_price_fen: string | null;
  report_date: string | null;
}

/**
 * The accepted lots (released or conceded) delivered at the project's site in [from, to] that no line of the filing
 * names yet, with what the platform knows of their price and evidence: the purchase order line the shipment was
 * drafted against, else the sales contract line it drew down, and the shipment line's evidence snapshot.
 */
export async function prefillCandidates(
  tx: Tx,
  projectId: number,
  from: string,
  to: string,
  filingId: number,
): Promise<PrefillCandidate[]> {
  return rowsOf<PrefillCandidate>(
    tx,
    sql`select i.id as inspection_id, i.number as inspection_number, d.id as delivery_id, d.number as delivery_number,
        d.receipt_id, d.supplier_org_id, d.supplier_name, d.supplier_credit_code, so.credit_code as org_credit_code,
        d.arrived_on::text as arrived_on, i.quantity::text as quantity, i.classify_code, i.material_name, i.spec_name,
        i.unit_name, i.is_green, i.green_cert_no, i.green_cert_body,
        s.id as shipment_id, s.number as shipment_number, sl.product_id, sl.evidence,
        po.id as order_id, po.number as order_number, pol.id as order_line_id, po.origin as order_origin,
        pol.unit_price_fen::text as order_unit_price_fen,
        scl.id as contract_line_id, scl.unit_price_fen::text as contract_unit_price_fen,
        (select pd.valid_from::text from product_documents pd
          where pd.product_id = sl.product_id and pd.kind = 4 and pd.name = sl.evidence->>'name'
          order by pd.valid_from desc nulls last limit 1) as report_date
      from site_inspections i
      join site_deliveries d on d.id = i.delivery_id
      left join organizations so on so.id = d.supplier_org_id
      left join receipt_lines rl on rl.id = i.receipt_line_id
      left join shipment_lines sl on sl.id = rl.shipment_line_id
      left join shipments s on s.id = sl.shipment_id
      left join purchase_order_shipment_lines posl on posl.shipment_line_id = sl.id
      left join purchase_order_lines pol on pol.id = posl.order_line_id
      left join purchase_orders po on po.id = pol.order_id
      left join shipment_line_authorisations sla on sla.shipment_line_id = sl.id
      left join sales_contract_lines scl on scl.id = sla.contract_line_id
     where i.project_id = ${projectId} and d.arrived_on between ${from}::date and ${to}::date
       and i.state in ('released', 'concession')
       and not exists (select 1 from procurement_filing_lines l
                        where l.filing_id = ${filingId} and l.prefill->>'inspectionId' = i.id::text)
     order by d.arrived_on, i.id`,
  );
}

export async function orgTypeOf(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx.select({ type: organizations.type }).from(organizations).where(eq(organizations.id, id));
  return row?.type ?? null;
}

/** Names of districts (county codes), the code itself where the reference data has none. */
export async function regionNames(tx: Tx, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ code: administrativeDivisions.code, name: administrativeDivisions.name })
    .from(administrativeDivisions)
    .where(inArray(administrativeDivisions.code, unique));
  const names = new Map(rows.map((r) => [r.code, r.name]));
  return new Map(unique.map((c) => [c, names.get(c) ?? c]));
}

/** The districts of a city with in-scope projects. */
export async function cityDistricts(tx: Tx, cityCode: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ code: projects.regionCode })
    .from(projects)
    .where(and(eq(projects.cityCode, cityCode), eq(projects.inPolicyScope, true)))
    .orderBy(asc(projects.regionCode));
  return rows.map((r) => r.code);
}
