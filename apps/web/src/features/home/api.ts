import type { ProductSearchBody } from '@jcbb/contract';
import { certificateEndpoints } from '@jcbb/contract/certificate.endpoints';
import { type ChannelValue, channelsForApp } from '@jcbb/contract/enums';
import { governmentStatisticsEndpoints } from '@jcbb/contract/government-statistics.endpoints';
import { homeEndpoints } from '@jcbb/contract/home.endpoints';
import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import { listingEndpoints } from '@jcbb/contract/listing.endpoints';
import { messageEndpoints } from '@jcbb/contract/message.endpoints';
import { organizationEndpoints } from '@jcbb/contract/organization.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, keyOf } from '../../lib/api.ts';

/** The home page's figures: each one call the server already answers. Silent: a missing figure shows "—". */

export interface Inbox {
  toUid?: number;
  companyId?: number;
  currentApp: string | null;
}

export function channelNos(currentApp: string | null): ChannelValue[] | undefined {
  const channels = channelsForApp(currentApp);
  return channels.length > 0 ? channels : undefined;
}

export const homeApi = {
  /** Unread messages in the current app's channels (the popover's badge counts the same). */
  unreadCount: async ({ toUid, companyId, currentApp }: Inbox): Promise<number> =>
    (
      await call(
        messageEndpoints.getMessageList,
        { pageNum: 1, pageSize: 1, toUid, companyId, channelNos: channelNos(currentApp) },
        { silent: true },
      )
    ).unReadCount,
  /** Members of the caller's organisation (enterprise administrators). */
  membersTotal: async (): Promise<number> =>
    (await call(organizationEndpoints.members, { take: 1, skip: 0 }, { silent: true })).total,
  /** Certification applications waiting for the platform (status 1). */
  pendingCertifications: async (): Promise<number> =>
    (await call(organizationEndpoints.adminCertifications, { status: 1, take: 1, skip: 0 }, { silent: true })).total,
  /** Organisations on the platform, optionally of one certification state. */
  organizationsTotal: async (certStatus?: number): Promise<number> =>
    (await call(organizationEndpoints.adminOrganizations, { take: 1, skip: 0, certStatus }, { silent: true })).total,
};

/** Business figures of the product centre, listings, certificates and the ledger (issues 4 and 5). */
export const liveFigureApi = {
  products: async (filter: ProductSearchBody = {}): Promise<number> =>
    (await call(productEndpoints.getProdutInfoList, { take: 1, skip: 0, ...filter }, { silent: true })).total,
  /** Listings in one state (the caller's own, the platform's queue or the city's, as the server scopes them). */
  listings: async (status: number): Promise<number> =>
    (await call(listingEndpoints.list, { take: 1, skip: 0, status }, { silent: true })).total,
  approvalQueue: async (): Promise<number> =>
    (await call(certificateEndpoints.approvals, { take: 1, skip: 0 }, { silent: true })).total,
  issuedCertificates: async (): Promise<number> =>
    (await call(certificateEndpoints.issuedCertificates, { take: 1, skip: 0 }, { silent: true })).total,
  /** The organisation's own evidence records (manufacturers and distributors). */
  evidenceRecords: async (): Promise<number> =>
    (await call(ledgerEndpoints.storageList, { pageNum: 1, pageSize: 1 }, { silent: true })).total,
  ledgerSize: async (): Promise<number> => (await call(ledgerEndpoints.latestTreeHead, {}, { silent: true })).treeSize,
};

export const homeKeys = {
  // Under the message feature's root key, so marking messages read there refreshes this count too.
  unread: (inbox: Inbox) => ['message', 'home-unread', inbox] as const,
  // Under the endpoint's key (`keyOf`), so whatever refreshes that list (a member added, a certification decided)
  // refreshes its count here too; 'total' keeps these numbers apart from the pages' own answers.
  members: [...keyOf(organizationEndpoints.members, { take: 1, skip: 0 }), 'total'] as const,
  pendingCertifications: [
    ...keyOf(organizationEndpoints.adminCertifications, { status: 1, take: 1, skip: 0 }),
    'total',
  ] as const,
  organizations: (certStatus?: number) =>
    [...keyOf(organizationEndpoints.adminOrganizations, { take: 1, skip: 0, certStatus }), 'total'] as const,
  live: (key: string) => ['home', 'live', key] as const,
};

// Query options: each figure's key paired with its fetcher above.

export const unreadQuery = (inbox: Inbox) =>
  queryOptions({ queryKey: homeKeys.unread(inbox), queryFn: () => homeApi.unreadCount(inbox) });
export const membersTotalQuery = () =>
  queryOptions({ queryKey: homeKeys.members, queryFn: () => homeApi.membersTotal() });
export const pendingCertificationsQuery = () =>
  queryOptions({ queryKey: homeKeys.pendingCertifications, queryFn: () => homeApi.pendingCertifications() });
export const organizationsTotalQuery = (certStatus?: number) =>
  queryOptions({ queryKey: homeKeys.organizations(certStatus), queryFn: () => homeApi.organizationsTotal(certStatus) });

/** The caller's 待办 and its organisation type's figures, counted by the server from its own records. */
export const todayQuery = () =>
  queryOptions({
    queryKey: keyOf(homeEndpoints.today, {}),
    queryFn: () => call(homeEndpoints.today, {}, { silent: true }),
  });

/**
 * The city's statistics for the quarter (a committee's home: filed projects, green share, mandatory compliance),
 * under the dashboard's own key for the same quarter, so one answer serves both.
 */
export const governmentStatisticsQuery = (period: string) =>
  queryOptions({
    queryKey: keyOf(governmentStatisticsEndpoints.statistics, { period }),
    queryFn: () => call(governmentStatisticsEndpoints.statistics, { period }, { silent: true }),
  });
