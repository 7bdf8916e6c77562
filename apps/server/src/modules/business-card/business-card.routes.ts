import { randomBytes } from 'node:crypto';
import { businessCardEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { FileService } from '../file/index.ts';
import { type CardVisitor, createBusinessCardPublic } from './business-card.public.ts';
import { createBusinessCardService } from './business-card.service.ts';

const tags = ['智能名片 Business card'];
/** The card is the marketing console's: manufacturers and distributors. */
const CARD_ORG_TYPES = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR] as const;

/** The visitor cookie: a random value of the browser, for counting unique visitors; only its daily hash is kept. */
const VISITOR_COOKIE = 'jcbb_cv';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;

export interface BusinessCardDeps {
  db: Db;
  files: FileService;
  kv: KvStore;
  addressKey: AddressKey;
}

/** The visitor's cookie (set when missing, for the public card calls only) and address. */
function visitorOf(request: FastifyRequest, reply: FastifyReply): CardVisitor {
  const sent = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === VISITOR_COOKIE)?.[1];
  let cookie = sent && COOKIE_VALUE.test(sent) ? sent : '';
  if (!cookie) {
    cookie = randomBytes(16).toString('base64url');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${VISITOR_COOKIE}=${cookie}; Path=/api/card/public; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return { cookie, ip: request.ip };
}

export function registerBusinessCardRoutes(app: FastifyInstance, deps: BusinessCardDeps) {
  const cards = createBusinessCardService({ db: deps.db });
  const open = createBusinessCardPublic({ db: deps.db, kv: deps.kv, addressKey: deps.addressKey });
  const own = { tags, orgTypes: CARD_ORG_TYPES };

  defineRoute(app, api.card, {
    ...own,
    summary: '我的名片 A member’s card (the caller’s own; an admin names a member)',
    handler: async ({ user, query }) => cards.card(user, query.userId),
  });
  defineRoute(app, api.save, {
    ...own,
    summary: '保存名片 Make or change a member’s card (the owner, or the organisation’s admin)',
    description: 'The WeChat QR is an image uploaded with /api/file/upload; featured products are the organisation’s.',
    handler: async ({ user, body }) => cards.save(user, body),
  });
  defineRoute(app, api.members, {
    ...own,
    summary: '可编辑名片的员工 The members whose cards the caller may edit',
    handler: async ({ user }) => cards.members(user),
  });
  defineRoute(app, api.products, {
    ...own,
    summary: '可展示的产品 The products a card may feature',
    handler: async ({ user }) => cards.products(user),
  });
  defineRoute(app, api.stats, {
    ...own,
    summary: '访客统计 Views, unique visitors, sources and products of the last 30 days (no personal data)',
    handler: async ({ user, query }) => cards.stats(user, query.userId),
  });
  defineRoute(app, api.leads, {
    ...own,
    summary: '合作意向 The leads of a card’s contact form',
    handler: async ({ user, query }) => cards.leads(user, query),
  });

  defineRoute(app, api.publicCard, {
    tags,
    access: 'none',
    summary: '名片公开页 A published card with the company’s live credentials (a view is counted)',
    handler: async ({ params, query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return open.open(params.publicId, query, visitorOf(request, reply));
    },
  });
  defineRoute(app, api.publicWechat, {
    tags,
    access: 'none',
    summary: '微信二维码 The WeChat QR image of a published card',
    handler: async ({ params, reply }) => {
      const file = await open.wechat(params.publicId);
      reply.header('cache-control', 'no-store');
      return sendStoredFile(reply, file, deps.files.open, { inline: true });
    },
  });
  defineRoute(app, api.publicClick, {
    tags,
    access: 'none',
    summary: '浏览产品 A featured product opened from the public page (counted)',
    handler: async ({ params, body, request, reply }) => open.click(params.publicId, body, visitorOf(request, reply)),
  });
  defineRoute(app, api.publicContact, {
    tags,
    access: 'none',
    summary: '联系我 The contact form: consent required, throttled per client; a message to the owner and a lead',
    handler: async ({ params, body, request, reply }) => open.contact(params.publicId, body, visitorOf(request, reply)),
  });
}
