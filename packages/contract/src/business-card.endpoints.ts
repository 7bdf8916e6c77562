import {
  cardClickBody,
  cardContactBody,
  cardData,
  cardLeadsData,
  cardLeadsQuery,
  cardMembersData,
  cardProductsData,
  cardPublicParams,
  cardPublicView,
  cardSaveBody,
  cardStatsData,
  cardVisitQuery,
  cardWhoseQuery,
} from './business-card.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

/**
 * The smart business card (spec names only the screen /marketing/dashboard, so the paths are ours): the editor's
 * calls under /api/card/, the public page's under /api/card/public/ (no session).
 */
export const businessCardEndpoints = {
  card: endpoint({ method: 'GET', path: '/api/card/mine', query: cardWhoseQuery, response: cardData }),
  save: endpoint({ method: 'PUT', path: '/api/card/mine', body: cardSaveBody, response: cardData }),
  members: endpoint({ method: 'GET', path: '/api/card/members', response: cardMembersData }),
  products: endpoint({ method: 'GET', path: '/api/card/products', response: cardProductsData }),
  stats: endpoint({ method: 'GET', path: '/api/card/stats', query: cardWhoseQuery, response: cardStatsData }),
  leads: endpoint({ method: 'GET', path: '/api/card/leads', query: cardLeadsQuery, response: cardLeadsData }),
  /** The public page's card (a view is counted). */
  publicCard: endpoint({
    method: 'GET',
    path: '/api/card/public/{publicId}',
    params: cardPublicParams,
    query: cardVisitQuery,
    response: cardPublicView,
  }),
  /** The WeChat QR image of a published card. */
  publicWechat: endpoint({ method: 'GET', path: '/api/card/public/{publicId}/wechat', params: cardPublicParams }),
  /** A featured product opened from the public page (counted). */
  publicClick: endpoint({
    method: 'POST',
    path: '/api/card/public/{publicId}/click',
    params: cardPublicParams,
    body: cardClickBody,
    response: z.null(),
  }),
  /** The contact form: a message to the card's owner and a lead (consent required, throttled per client). */
  publicContact: endpoint({
    method: 'POST',
    path: '/api/card/public/{publicId}/contact',
    params: cardPublicParams,
    body: cardContactBody,
    response: z.null(),
  }),
};
