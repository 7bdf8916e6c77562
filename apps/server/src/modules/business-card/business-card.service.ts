import { randomBytes } from 'node:crypto';
import {
  CARD_STATS_DAYS,
  type CardSourceValue,
  type CardView,
  type cardLeadsQuery,
  type cardSaveBody,
  OrgType,
  Role,
} from '@jcbb/contract';
import { addDays, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { authorisedProducts } from '../distribution/index.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import * as repo from './business-card.repository.ts';

const MEMBER_MISSING = '员工不存在';
const ONLY_ADMIN = '只有企业管理员可以查看或编辑其他员工的名片';

/** A new card's public id: 18 random bytes, URL-safe (24 characters), never the row's id. */
export const newPublicId = () => randomBytes(18).toString('base64url');

const memberName = (m: { name: string | null; username: string }) => m.name?.trim() || m.username;

/**
 * Whose card a call is about: the caller's own (no userId, or their own), or, for the organisation's admin, one of
 * its members. Another organisation's member (or an unknown one) answers 404; a colleague's card to a member who is
 * not an admin, 403.
 */
export async function whoseCard(tx: Tx, user: SessionUser, userId: number | undefined) {
  const orgId = callerOrgId(user);
  const id = userId ?? user.userId;
  const member = await repo.findMember(tx, id);
  if (!member || member.orgId !== orgId) throw notFound(MEMBER_MISSING);
  if (id !== user.userId && !user.roles.includes(Role.ENTERPRISE_ADMIN)) throw forbidden(ONLY_ADMIN);
  return { ...member, orgId };
}

/** The products a card of this organisation may feature: its own; a distributor's, those it is authorised for. */
async function featurable(tx: Tx, user: SessionUser, orgId: number) {
  return user.orgType === OrgType.DISTRIBUTOR
    ? authorisedProducts(tx, orgId, shanghaiToday())
    : repo.ownProducts(tx, orgId);
}

async function cardView(tx: Tx, card: repo.CardRow): Promise<CardView> {
  const names = await repo.productNames(tx, card.productIds);
  const qr = card.wechatQrUploadId === null ? new Map() : await uploadNames(tx, [card.wechatQrUploadId]);
  return {
    id: card.id,
    publicId: card.publicId,
    displayName: card.displayName,
    title: card.title,
    email: card.email,
    introduction: card.introduction,
    showPhone: card.showPhone,
    wechatQrUploadId: card.wechatQrUploadId,
    wechatQrName: card.wechatQrUploadId === null ? null : (qr.get(card.wechatQrUploadId) ?? null),
    products: card.productIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) ?? '' })),
    published: card.published,
    updatedAt: formatShanghaiTime(card.updatedAt),
  };
}

type SaveBody = z.output<typeof cardSaveBody>;

/** The refusals of a save: a WeChat QR that is not an image of the organisation, a product it may not feature. */
async function checkSave(tx: Tx, user: SessionUser, orgId: number, body: SaveBody) {
  const fields: { field: string; message: string }[] = [];
  if (body.wechatQrUploadId !== null) {
    const owned = await ownedUploads(tx, [body.wechatQrUploadId], orgId);
    const file = owned.has(body.wechatQrUploadId) ? await storedUpload(tx, body.wechatQrUploadId) : null;
    if (!file) fields.push({ field: 'wechatQrUploadId', message: '微信二维码图片不存在，请重新上传' });
    else if (!file.mime.startsWith('image/'))
      fields.push({ field: 'wechatQrUploadId', message: '微信二维码只能是图片（PNG、JPG 等）' });
  }
  const ids = [...new Set(body.productIds)];
  if (ids.length !== body.productIds.length) fields.push({ field: 'productIds', message: '产品不能重复' });
  const allowed = new Set((await featurable(tx, user, orgId)).map((p) => p.id));
  if (ids.some((id) => !allowed.has(id)))
    fields.push({
      field: 'productIds',
      message: user.orgType === OrgType.DISTRIBUTOR ? '只能选择已获授权的产品' : '只能选择本企业的产品',
    });
  if (fields.length > 0) throw invalidInput(fields);
}

/** The editor's side of the business card (docs/business-card.md): the card, its members, statistics and leads. */
export function createBusinessCardService({ db }: { db: Db }) {
  return {
    async card(user: SessionUser, userId: number | undefined) {
      return db.transaction(async (tx) => {
        const member = await whoseCard(tx, user, userId);
        const org = await repo.orgOf(tx, member.orgId);
        const card = await repo.cardOfUser(tx, member.userId);
        return {
          member: { userId: member.userId, name: memberName(member), mobile: member.mobile },
          orgName: org?.name ?? '',
          card: card ? await cardView(tx, card) : null,
        };
      });
    },

    async save(user: SessionUser, body: SaveBody) {
      return db.transaction(async (tx) => {
        const member = await whoseCard(tx, user, body.userId);
        await checkSave(tx, user, member.orgId, body);
        const values = {
          displayName: body.displayName,
          title: body.title ?? '',
          email: body.email ?? '',
          introduction: body.introduction ?? '',
          showPhone: body.showPhone,
          wechatQrUploadId: body.wechatQrUploadId,
          productIds: body.productIds,
          published: body.published,
        };
        const before = await repo.cardOfUser(tx, member.userId);
        const card = before
          ? await repo.updateCard(tx, before.id, values)
          : await repo.insertCard(tx, {
              ...values,
              orgId: member.orgId,
              userId: member.userId,
              publicId: newPublicId(),
            });
        const action = !before
          ? 'create'
          : before.published !== card.published
            ? card.published
              ? 'publish'
              : 'unpublish'
            : 'update';
        await recordAudit(tx, {
          entity: 'business_card',
          entityId: card.id,
          action,
          actor: user,
          orgId: member.orgId,
          data: { userId: member.userId, published: card.published },
        });
        const org = await repo.orgOf(tx, member.orgId);
        return {
          member: { userId: member.userId, name: memberName(member), mobile: member.mobile },
          orgName: org?.name ?? '',
          card: await cardView(tx, card),
        };
      });
    },

    async members(user: SessionUser) {
      return db.transaction(async (tx) => {
        const orgId = callerOrgId(user);
        const admin = user.roles.includes(Role.ENTERPRISE_ADMIN);
        const rows = (await repo.membersOf(tx, orgId)).filter((m) => admin || m.userId === user.userId);
        return {
          list: rows.map((m) => ({
            userId: m.userId,
            name: memberName(m),
            hasCard: m.cardId !== null,
            published: m.published === true,
          })),
        };
      });
    },

    async products(user: SessionUser) {
      return db.transaction(async (tx) => ({ list: await featurable(tx, user, callerOrgId(user)) }));
    },

    async stats(user: SessionUser, userId: number | undefined) {
      return db.transaction(async (tx) => {
        const member = await whoseCard(tx, user, userId);
        const card = await repo.cardOfUser(tx, member.userId);
        const today = shanghaiToday();
        const from = addDays(today, -(CARD_STATS_DAYS - 1));
        const days: { day: string; views: number; visitors: number }[] = [];
        for (let d = from; d <= today; d = addDays(d, 1)) days.push({ day: d, views: 0, visitors: 0 });
        if (!card) return { days, sources: [], products: [], totals: { views: 0, visitors: 0, leads: 0 } };
        const [byDay, bySource, byProduct, leads] = [
          await repo.viewsByDay(tx, card.id, from),
          await repo.viewsBySource(tx, card.id, from),
          await repo.clicksByProduct(tx, card.id, from),
          await repo.leadsOf(tx, card.id, 1, 0),
        ];
        const perDay = new Map(byDay.map((r) => [r.day, r]));
        for (const d of days) {
          const r = perDay.get(d.day);
          if (r) Object.assign(d, { views: r.views, visitors: r.visitors });
        }
        const names = await repo.productNames(
          tx,
          byProduct.map((p) => p.productId),
        );
        return {
          days,
          sources: bySource.map((s) => ({ source: s.source as CardSourceValue, host: s.host, views: s.views })),
          products: byProduct.map((p) => ({
            productId: p.productId,
            name: names.get(p.productId) ?? '',
            clicks: p.clicks,
          })),
          totals: {
            views: days.reduce((n, d) => n + d.views, 0),
            visitors: days.reduce((n, d) => n + d.visitors, 0),
            leads: leads.total,
          },
        };
      });
    },

    async leads(user: SessionUser, query: z.output<typeof cardLeadsQuery>) {
      return db.transaction(async (tx) => {
        const member = await whoseCard(tx, user, query.userId);
        const card = await repo.cardOfUser(tx, member.userId);
        if (!card) return { list: [], total: 0 };
        const { rows, total } = await repo.leadsOf(tx, card.id, query.take, query.skip);
        return {
          list: rows.map((l) => ({
            id: l.id,
            name: l.name,
            company: l.company,
            contact: l.contact,
            message: l.message,
            consentAt: formatShanghaiTime(l.consentAt),
            createdAt: formatShanghaiTime(l.createdAt),
          })),
          total,
        };
      });
    },
  };
}
