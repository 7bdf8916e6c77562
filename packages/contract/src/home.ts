import { z } from './zod.ts';

/**
 * The home page's "what needs you today" (待办) and its live figures (issue 28 item 6): counts the server computes
 * from the caller's own organisation's records (the platform's queues for the platform operator, the city's for a
 * city committee). A key appears only for the organisation types that have it.
 */
export const homeTodoKeys = [
  /** Platform operator: organisation certifications, listings and revisions waiting for the platform. */
  'certificationAudits',
  'platformListingAudits',
  'platformRevisionAudits',
  /** City committee: its city's listings and revisions waiting for the city. */
  'cityListingAudits',
  'cityRevisionAudits',
  /** Certification body: certificate applications submitted to it. */
  'certificateApplications',
  /** Construction unit: shipments in transit to its projects. */
  'deliveriesToReceive',
  /** Supervision: inspections submitted on its projects, waiting for its confirmation. */
  'inspectionsToConfirm',
  /** Manufacturer, distributor: open inquiries it was invited to and has not quoted; orders sent to it. */
  'inquiriesToQuote',
  'ordersToConfirm',
  /** Its certificates ending within 90 days; its authorisations (either side) ending within 30 days. */
  'expiringCertificates',
  'expiringAuthorisations',
  /** Distributor: letters of authorisation issued to it, waiting for its acceptance. */
  'authorisationsToAccept',
  /** City committee: its city's risk alerts waiting for it (open: to acknowledge; explained: to decide). */
  'openRiskAlerts',
  /** Developer: submitted quotes on its open inquiries; shipments on the way to its projects. */
  'quotesReceived',
  'deliveriesOnTheWay',
  /**
   * Developer, construction unit: its projects' quarterly procurement filings to attend to — the quarter last ended
   * (the reporting period) not yet sent, and filings returned to it by the committee.
   */
  'filingsToFile',
  /** Supervision: lots on its projects held for a witnessed retest, without a witnessed sample yet. */
  'witnessToSample',
  /** City committee: its city's filings sent (submitted or resubmitted), waiting for it to confirm or return. */
  'filingsToConfirm',
] as const;
export type HomeTodoKey = (typeof homeTodoKeys)[number];

export const homeFigureKeys = [
  /** Shipments that went out this Shanghai month (the traceability dashboard's 本月发货). */
  'shipments',
  /** Distributor: products it is licensed to sell; its sales contracts past draft. */
  'licensedProducts',
  'contracts',
  /** Construction, supervision: projects it takes part in (accepted). */
  'projects',
  /** Construction: issue orders (outbound) made this month on its projects. */
  'outbound',
  /** Supervision: spot checks on its projects, and the failed ones. */
  'spotChecks',
  'failedLots',
  /** Developer: its material lists, its purchase orders past draft, the suppliers named as alternates. */
  'materialLists',
  'purchases',
  'suppliers',
] as const;
export type HomeFigureKey = (typeof homeFigureKeys)[number];

/** Days ahead an expiring certificate and authorisation are counted. */
export const HOME_CERTIFICATE_DAYS = 90;
export const HOME_AUTHORISATION_DAYS = 30;

export const homeTodayData = z.object({
  todo: z.array(z.object({ key: z.enum(homeTodoKeys), count: z.number().int().nonnegative() })),
  figures: z.array(z.object({ key: z.enum(homeFigureKeys), count: z.number().int().nonnegative() })),
});
export type HomeTodayData = z.infer<typeof homeTodayData>;
