import type { EndpointData, EndpointInput } from '@jcbb/contract';
import { businessCardEndpoints as api } from '@jcbb/contract/business-card.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type CardData = EndpointData<typeof api.card>;
export type CardPublic = EndpointData<typeof api.publicCard>;
export type CardStats = EndpointData<typeof api.stats>;
export type CardLead = EndpointData<typeof api.leads>['list'][number];
export type CardSaveBody = EndpointInput<typeof api.save>;

/** The business card's calls (server module `business-card`); the form is silent (it shows the fields). */
export const cardApi = {
  save: (body: CardSaveBody) => call(api.save, body, { silent: true }),
  uploadQr: async (file: File) => {
    const up = await upload(fileEndpoints.upload, file, { silent: true });
    return { id: up.id, name: up.name };
  },
};

/** The public page's calls: no session needed. */
export const publicCardApi = {
  open: (publicId: string, from?: string, ref?: string) =>
    call(api.publicCard, { publicId, from, ref }, { silent: true }),
  wechat: (publicId: string) => download(api.publicWechat, { publicId }, { silent: true }),
  click: (publicId: string, productId: number, from?: string) =>
    call(api.publicClick, { publicId, productId, from }, { silent: true }),
  contact: (publicId: string, body: Omit<EndpointInput<typeof api.publicContact>, 'publicId'>) =>
    call(api.publicContact, { ...body, publicId }, { silent: true }),
};

export const cardQuery = (userId?: number) =>
  queryOptions({ queryKey: keyOf(api.card, { userId }), queryFn: () => call(api.card, { userId }) });
export const membersQuery = () => queryOptions({ queryKey: keyOf(api.members), queryFn: () => call(api.members) });
export const productsQuery = () => queryOptions({ queryKey: keyOf(api.products), queryFn: () => call(api.products) });
export const statsQuery = (userId?: number) =>
  queryOptions({ queryKey: keyOf(api.stats, { userId }), queryFn: () => call(api.stats, { userId }) });
export const leadsQuery = (userId: number | undefined, take: number, skip: number) =>
  queryOptions({
    queryKey: keyOf(api.leads, { userId, take, skip }),
    queryFn: () => call(api.leads, { userId, take, skip }),
  });
export const publicCardQuery = (publicId: string, from?: string, ref?: string) =>
  queryOptions({
    queryKey: keyOf(api.publicCard, { publicId, from, ref }),
    queryFn: () => publicCardApi.open(publicId, from, ref),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const cardKeys = { card: keyOf(api.card), members: keyOf(api.members) };
