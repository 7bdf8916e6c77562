import {
  type HomeFigureKey,
  type HomeTodayData,
  type HomeTodoKey,
  OrgType,
  periodRange,
  Role,
  reportingPeriod,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { committeeCity } from '../listing/index.ts';
import * as repo from './home.repository.ts';

type Counts<K extends string> = [K, (tx: Tx) => Promise<number>][];

/** The reporting period's filings the organisation owes, and those returned to it (today in Asia/Shanghai). */
function filingsToFile(tx: Tx, orgId: number): Promise<number> {
  const period = reportingPeriod(shanghaiToday());
  return repo.filingsToFile(tx, orgId, period, periodRange(period).to);
}

/** What needs the caller today, by who it is: the platform's queues, its city's, its own organisation's. */
async function todoOf(tx: Tx, user: SessionUser): Promise<Counts<HomeTodoKey>> {
  if (user.roles.includes(Role.SUPER_ADMIN)) {
    return [
      ['certificationAudits', repo.certificationAudits],
      ['platformListingAudits', repo.platformListingAudits],
      ['platformRevisionAudits', repo.platformRevisionAudits],
    ];
  }
  const orgId = user.orgId;
  if (orgId === null) return [];
  switch (user.orgType) {
    case OrgType.GOVERNMENT: {
      const city = await committeeCity(tx, user);
      if (city === null) return [];
      return [
        ['cityListingAudits', (t) => repo.cityListingAudits(t, city)],
        ['cityRevisionAudits', (t) => repo.cityRevisionAudits(t, city)],
        ['openRiskAlerts', (t) => repo.openRiskAlerts(t, city)],
        ['filingsToConfirm', (t) => repo.filingsToConfirm(t, city)],
      ];
    }
    case OrgType.CERTIFICATION_BODY:
      return [['certificateApplications', (t) => repo.certificateApplications(t, orgId)]];
    case OrgType.CONSTRUCTION:
      return [
        ['deliveriesToReceive', (t) => repo.deliveriesToReceive(t, orgId)],
        ['filingsToFile', (t) => filingsToFile(t, orgId)],
      ];
    case OrgType.SUPERVISION:
      return [
        ['inspectionsToConfirm', (t) => repo.inspectionsToConfirm(t, orgId)],
        ['witnessToSample', (t) => repo.witnessToSample(t, orgId)],
      ];
    case OrgType.MANUFACTURER:
    case OrgType.DISTRIBUTOR:
      return [
        ['inquiriesToQuote', (t) => repo.inquiriesToQuote(t, orgId)],
        ['ordersToConfirm', (t) => repo.ordersToConfirm(t, orgId)],
        ...(user.orgType === OrgType.DISTRIBUTOR
          ? ([['authorisationsToAccept', (t) => repo.authorisationsToAccept(t, orgId)]] as Counts<HomeTodoKey>)
          : []),
        ['expiringCertificates', (t) => repo.expiringCertificates(t, orgId)],
        ['expiringAuthorisations', (t) => repo.expiringAuthorisations(t, orgId)],
      ];
    case OrgType.DEVELOPER:
      return [
        ['quotesReceived', (t) => repo.quotesReceived(t, orgId)],
        ['deliveriesOnTheWay', (t) => repo.deliveriesOnTheWay(t, orgId)],
        ['filingsToFile', (t) => filingsToFile(t, orgId)],
      ];
    default:
      return [];
  }
}

/** The figures that matter to the caller's organisation type (the rest of the home page reads other endpoints). */
function figuresOf(user: SessionUser, monthStart: string): Counts<HomeFigureKey> {
  const orgId = user.orgId;
  if (orgId === null || user.roles.includes(Role.SUPER_ADMIN)) return [];
  switch (user.orgType) {
    case OrgType.MANUFACTURER:
      return [['shipments', (t) => repo.shipmentsThisMonth(t, orgId, monthStart)]];
    case OrgType.DISTRIBUTOR:
      return [
        ['licensedProducts', (t) => repo.licensedProducts(t, orgId)],
        ['contracts', (t) => repo.contracts(t, orgId)],
        ['shipments', (t) => repo.shipmentsThisMonth(t, orgId, monthStart)],
      ];
    case OrgType.CONSTRUCTION:
      return [
        ['projects', (t) => repo.projects(t, orgId)],
        ['outbound', (t) => repo.outboundThisMonth(t, orgId, monthStart)],
      ];
    case OrgType.SUPERVISION:
      return [
        ['projects', (t) => repo.projects(t, orgId)],
        ['spotChecks', (t) => repo.spotChecks(t, orgId, false)],
        ['failedLots', (t) => repo.spotChecks(t, orgId, true)],
      ];
    case OrgType.DEVELOPER:
      return [
        ['materialLists', (t) => repo.materialLists(t, orgId)],
        ['purchases', (t) => repo.purchases(t, orgId)],
        ['suppliers', (t) => repo.suppliers(t, orgId)],
      ];
    default:
      return [];
  }
}

export function createHomeService({ db }: { db: Db }) {
  return {
    /** The caller's 待办 and figures: its own organisation's (or the platform's, or its city's) records only. */
    async today(user: SessionUser): Promise<HomeTodayData> {
      const monthStart = `${shanghaiToday().slice(0, 7)}-01`;
      return db.transaction(async (tx) => {
        const todo: HomeTodayData['todo'] = [];
        for (const [key, load] of await todoOf(tx, user)) todo.push({ key, count: await load(tx) });
        const figures: HomeTodayData['figures'] = [];
        for (const [key, load] of figuresOf(user, monthStart)) figures.push({ key, count: await load(tx) });
        return { todo, figures };
      });
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
