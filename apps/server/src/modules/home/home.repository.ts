import {
  AlertStatus,
  AuthorisationStatus,
  CertStatus,
  HOME_AUTHORISATION_DAYS,
  HOME_CERTIFICATE_DAYS,
  InquiryStatus,
  InspectionState,
  ListingStatus,
  MembershipStatus,
  OrderStatus,
  QuoteStatus,
  RevisionStatus,
  TestResult,
} from '@jcbb/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { shanghaiDay, shanghaiTodaySql } from '../../lib/shanghai-day.ts';

/** The home page's counts: one `count(*)` each, always scoped to the organisation (or city) given. */

async function count(tx: Tx, query: SQL): Promise<number> {
  const res = (await tx.execute(query)) as unknown as { rows: { n: number }[] };
  return res.rows[0]?.n ?? 0;
}

/** Shipments that went out and stay out (shipped, partly or fully received, closed), as the trace dashboard counts. */
const WENT = sql`(2, 3, 4, 5)`;
/** Shipped or partly received: still on the way. */
const IN_TRANSIT = sql`(2, 3)`;
/** The projects the organisation has accepted to take part in. */
const ownProjects = (orgId: number) =>
  sql`(select project_id from project_orgs where org_id = ${orgId} and status = ${MembershipStatus.ACCEPTED})`;

// The platform operator's queues.
export const certificationAudits = (tx: Tx) =>
  count(tx, sql`select count(*)::int as n from org_certifications where status = ${CertStatus.PENDING}`);
export const platformListingAudits = (tx: Tx) =>
  count(tx, sql`select count(*)::int as n from product_listings where status = ${ListingStatus.PLATFORM_AUDIT}`);
export const platformRevisionAudits = (tx: Tx) =>
  count(tx, sql`select count(*)::int as n from product_revisions where status = ${RevisionStatus.PLATFORM_AUDIT}`);

// A city committee's queues.
export const cityListingAudits = (tx: Tx, city: string) =>
  count(
    tx,
    sql`select count(*)::int as n from product_listings where city_code = ${city} and status = ${ListingStatus.CITY_AUDIT}`,
  );
export const cityRevisionAudits = (tx: Tx, city: string) =>
  count(
    tx,
    sql`select count(*)::int as n from product_revisions
         where status = ${RevisionStatus.CITY_AUDIT} and ${city} = any(city_codes)`,
  );

/** Certificate applications submitted to the certification body. */
export const certificateApplications = (tx: Tx, orgId: number) =>
  count(tx, sql`select count(*)::int as n from certificate_applications where body_org_id = ${orgId} and status = 1`);

/** Shipments in transit to the organisation's projects (or to the organisation itself). */
export const deliveriesToReceive = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from shipments
         where status in ${IN_TRANSIT} and (to_project_id in ${ownProjects(orgId)} or to_org_id = ${orgId})`,
  );

/** Inspections submitted on the supervision unit's projects, waiting for its confirmation. */
export const inspectionsToConfirm = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from site_inspections
         where state = ${InspectionState.SUBMITTED} and project_id in ${ownProjects(orgId)}`,
  );

/** Open inquiries the supplier was invited to, before their deadline, without its submitted quote for the round. */
export const inquiriesToQuote = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from inquiries i
          join inquiry_suppliers s on s.inquiry_id = i.id and s.supplier_org_id = ${orgId}
         where i.status in (${InquiryStatus.PUBLISHED}, ${InquiryStatus.QUOTING}) and i.deadline > now()
           and not exists (select 1 from quotes q
                            where q.inquiry_id = i.id and q.supplier_org_id = ${orgId} and q.round = i.round
                              and q.status = ${QuoteStatus.SUBMITTED})`,
  );

export const ordersToConfirm = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from purchase_orders where supplier_org_id = ${orgId} and status = ${OrderStatus.SENT}`,
  );

/** The holder's certificates, not revoked, ending between today and 90 days from today (Shanghai). */
export const expiringCertificates = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from certificates
         where holder_org_id = ${orgId} and revoked_at is null
           and valid_until >= ${shanghaiTodaySql()}::date
           and valid_until <= ${shanghaiTodaySql()}::date + ${HOME_CERTIFICATE_DAYS}::int`,
  );

/** Active authorisations the organisation gave or holds, ending within 30 days. */
export const expiringAuthorisations = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from authorisations
         where (maker_org_id = ${orgId} or distributor_org_id = ${orgId})
           and status in (${AuthorisationStatus.ACTIVE}, ${AuthorisationStatus.ISSUED})
           and valid_until >= ${shanghaiTodaySql()}::date
           and valid_until <= ${shanghaiTodaySql()}::date + ${HOME_AUTHORISATION_DAYS}::int`,
  );

/** Letters issued to the distributor, not yet accepted. */
export const authorisationsToAccept = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from authorisations
         where distributor_org_id = ${orgId} and status = ${AuthorisationStatus.ISSUED}`,
  );

/** The city's risk alerts waiting for the committee: open (to acknowledge) or explained (to decide). */
export const openRiskAlerts = (tx: Tx, city: string) =>
  count(
    tx,
    sql`select count(*)::int as n from risk_alerts
         where city_code = ${city} and status in (${AlertStatus.OPEN}, ${AlertStatus.EXPLAINED})`,
  );

/** Quotes submitted on the buyer's open inquiries (this round), waiting for its decision. */
export const quotesReceived = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from quotes q join inquiries i on i.id = q.inquiry_id
         where i.buyer_org_id = ${orgId} and i.status in (${InquiryStatus.PUBLISHED}, ${InquiryStatus.QUOTING})
           and q.round = i.round and q.status = ${QuoteStatus.SUBMITTED}`,
  );

/** Shipments in transit to the developer's projects. */
export const deliveriesOnTheWay = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from shipments
         where status in ${IN_TRANSIT} and to_project_id in (select id from projects where developer_org_id = ${orgId})`,
  );

/**
 * Filings to attend to (docs/government.md, "Filing"): every in-scope project the organisation files for (its
 * developer, or an accepted construction unit) with nothing sent for the reporting period (the quarter last ended;
 * the project existing by its end), plus in-force filings it filed that the committee returned.
 */
export const filingsToFile = (tx: Tx, orgId: number, period: string, periodEnd: string) =>
  count(
    tx,
    sql`select (
          (select count(*) from projects p
            where p.in_policy_scope
              and (p.developer_org_id = ${orgId}
                   or p.id in (select project_id from project_orgs
                                where org_id = ${orgId} and status = ${MembershipStatus.ACCEPTED} and org_type = 4))
              and ${shanghaiDay(sql`p.created_at`)} <= ${periodEnd}::date
              and not exists (select 1 from procurement_filings f
                               where f.project_id = p.id and f.period = ${period} and f.superseded_at is null
                                 and f.status <> 'draft'))
          + (select count(*) from procurement_filings
              where filer_org_id = ${orgId} and status = 'returned' and superseded_at is null)
        )::int as n`,
  );

/** Filings of the committee's city waiting for it (submitted or resubmitted, in force). */
export const filingsToConfirm = (tx: Tx, city: string) =>
  count(
    tx,
    sql`select count(*)::int as n from procurement_filings
         where city_code = ${city} and status in ('submitted', 'resubmitted') and superseded_at is null`,
  );

/**
 * Lots on the supervision unit's projects that need a witnessed retest and have none yet: the rule asked for one,
 * the lot is past its incoming inspection and still on site (docs/construction.md, "The witness ratio").
 */
export const witnessToSample = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from site_inspections i
         where i.project_id in ${ownProjects(orgId)} and i.retest_required
           and i.state = ${InspectionState.PENDING_RETEST}
           and not exists (select 1 from witness_samples s where s.inspection_id = i.id)`,
  );

// Figures.

/** Shipments sent this Shanghai month (the traceability dashboard's 本月发货). */
export const shipmentsThisMonth = (tx: Tx, orgId: number, monthStart: string) =>
  count(
    tx,
    sql`select count(*)::int as n from shipments
         where from_org_id = ${orgId} and status in ${WENT}
           and ${shanghaiDay(sql`shipped_at`)} >= ${monthStart}::date`,
  );

export const licensedProducts = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(distinct product_id)::int as n from distributor_products where distributor_org_id = ${orgId}`,
  );

export const contracts = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from sales_contracts where distributor_org_id = ${orgId} and status <> 'draft'`,
  );

export const projects = (tx: Tx, orgId: number) =>
  count(tx, sql`select count(*)::int as n from ${ownProjects(orgId)} p`);

/** Issue orders (outbound) the organisation made this month. */
export const outboundThisMonth = (tx: Tx, orgId: number, monthStart: string) =>
  count(
    tx,
    sql`select count(*)::int as n from issue_orders where org_id = ${orgId} and issued_on >= ${monthStart}::date`,
  );

/** Spot checks on the organisation's projects (all, or the failed ones). */
export const spotChecks = (tx: Tx, orgId: number, failedOnly: boolean) =>
  count(
    tx,
    sql`select count(*)::int as n from spot_checks
         where project_id in ${ownProjects(orgId)} ${failedOnly ? sql`and result = ${TestResult.FAIL}` : sql``}`,
  );

export const materialLists = (tx: Tx, orgId: number) =>
  count(tx, sql`select count(*)::int as n from material_lists where developer_org_id = ${orgId}`);

export const purchases = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(*)::int as n from purchase_orders
         where buyer_org_id = ${orgId} and status not in (${OrderStatus.DRAFT}, ${OrderStatus.CANCELLED})`,
  );

/** Distinct suppliers named as alternates on the developer's projects. */
export const suppliers = (tx: Tx, orgId: number) =>
  count(
    tx,
    sql`select count(distinct a.supplier_org_id)::int as n from alternate_suppliers a
          join projects p on p.id = a.project_id
         where p.developer_org_id = ${orgId}`,
  );
