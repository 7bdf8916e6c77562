import type { MessageListData, ProductSearchBody } from '@jcbb/contract';
import { certificateEndpoints } from '@jcbb/contract/certificate.endpoints';
import { type ChannelValue, channelsForApp } from '@jcbb/contract/enums';
import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import { listingEndpoints } from '@jcbb/contract/listing.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { call } from '../../lib/api.ts';
import { http } from '../../lib/http.ts';

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

interface Total {
  total: number;
}

export const homeApi = {
  /** Unread messages in the current app's channels (the popover's badge counts the same). */
  unreadCount: async ({ toUid, companyId, currentApp }: Inbox): Promise<number> => {
    const data = await http.post<MessageListData>(
      '/notice/bmMessage/getMessageList',
      { pageNum: 1, pageSize: 1, toUid, companyId, channelNos: channelNos(currentApp) },
      { silent: true },
    );
    return data.unReadCount;
  },
  /** Members of the caller's organisation (enterprise administrators). */
  membersTotal: async (): Promise<number> =>
    (await http.get<Total>('/api/organization/members', { take: 1, skip: 0 }, { silent: true })).total,
  /** Certification applications waiting for the platform (status 1). */
  pendingCertifications: async (): Promise<number> =>
    (await http.get<Total>('/api/admin/certification/list', { status: 1, take: 1, skip: 0 }, { silent: true })).total,
  /** Organisations on the platform, optionally of one certification state. */
  organizationsTotal: async (certStatus?: number): Promise<number> =>
    (await http.get<Total>('/api/admin/organizations', { take: 1, skip: 0, certStatus }, { silent: true })).total,
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
  members: ['home', 'members'] as const,
  pendingCertifications: ['home', 'admin', 'pending-certifications'] as const,
  organizations: (certStatus?: number) => ['home', 'admin', 'organizations', certStatus ?? 'all'] as const,
  live: (key: string) => ['home', 'live', key] as const,
};
