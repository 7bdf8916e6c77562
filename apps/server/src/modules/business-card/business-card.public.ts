import {
  CARD_CONTACT_LIMIT,
  CARD_CONTACT_WINDOW_MS,
  CARD_EXPIRING_DAYS,
  CardSource,
  type CardSourceValue,
  CertStatus,
  Channel,
  type cardClickBody,
  type cardContactBody,
  cardCredentialStateLabels,
  type cardVisitQuery,
  maskPhone,
  OrgType,
  type OrgTypeValue,
  orgTypeLabels,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound, ThrottledError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { holderCertificates } from '../certificate/index.ts';
import { distributorLetters } from '../distribution/index.ts';
import { storedUpload } from '../file/index.ts';
import { listedOfOrg } from '../listing/index.ts';
import { sendMessage } from '../message/index.ts';
import * as repo from './business-card.repository.ts';

const CARD_MISSING = '名片不存在或未发布';

/** Who opens a public page: the random value of the visitor's first-party cookie (never stored) and their address. */
export interface CardVisitor {
  cookie: string;
  ip: string;
}

/** Where a visit came from: the address's `from` when it is one of ours, else the referring site's host only. */
export function sourceOf(
  from: string | undefined,
  ref: string | undefined,
): { source: CardSourceValue; host: string | null } {
  if (from === CardSource.QR || from === CardSource.POSTER || from === CardSource.LINK)
    return { source: from, host: null };
  let host: string | null = null;
  try {
    host = ref ? new URL(ref).hostname.slice(0, 100) || null : null;
  } catch {
    host = null;
  }
  return { source: CardSource.OTHER, host };
}

async function publishedCard(tx: Tx, publicId: string) {
  const card = await repo.cardByPublicId(tx, publicId);
  if (!card?.published) throw notFound(CARD_MISSING);
  return card;
}

/** A certificate's state on the card: the certificate module's, and expiring when it ends within CARD_EXPIRING_DAYS. */
function credentialState(c: { state: 'valid' | 'expired' | 'revoked'; validUntil: string }, today: string) {
  if (c.state === 'valid' && c.validUntil <= addDays(today, CARD_EXPIRING_DAYS)) return 'expiring' as const;
  return c.state;
}

/** The public page's answer: the card, the company, its credentials computed now from the platform's records. */
async function publicView(tx: Tx, card: repo.CardRow) {
  const org = await repo.orgOf(tx, card.orgId);
  const member = await repo.findMember(tx, card.userId);
  if (!org || !member) throw notFound(CARD_MISSING);
  const today = shanghaiToday();
  const names = await repo.productNames(tx, card.productIds);
  const certificates = await holderCertificates(tx, org.id, today);
  const listings = await listedOfOrg(tx, org.id);
  const letters = org.type === OrgType.DISTRIBUTOR ? await distributorLetters(tx, org.id, today) : [];
  return {
    publicId: card.publicId,
    displayName: card.displayName,
    title: card.title,
    phone: card.showPhone ? member.mobile : maskPhone(member.mobile),
    phoneShown: card.showPhone,
    email: card.email,
    introduction: card.introduction,
    hasWechatQr: card.wechatQrUploadId !== null,
    org: {
      name: org.name,
      typeName: orgTypeLabels[org.type as OrgTypeValue]?.zh ?? '',
      certified: org.certStatus === CertStatus.CERTIFIED,
    },
    products: card.productIds
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id) ?? '', url: pageUrl(pages.productPublic, { id }) })),
    certificates: certificates.map((c) => {
      const state = credentialState(c, today);
      return {
        certNo: c.certNo,
        typeName: c.typeName,
        productName: c.productName,
        validUntil: c.validUntil,
        state,
        stateName: state === 'expiring' ? cardCredentialStateLabels.expiring.zh : c.stateName,
        url: c.verifyUrl,
      };
    }),
    listings: listings.map((l) => ({
      cityName: l.cityName,
      productName: l.productName,
      url: pageUrl(pages.cityCatalogue, { city: l.cityCode }),
    })),
    authorisations: letters.map((a) => ({
      number: a.number,
      makerName: a.makerName,
      validUntil: a.validUntil,
      stateName: a.stateName,
      url: a.verifyUrl,
    })),
    checkedOn: today,
  };
}

/**
 * The public side of the business card (docs/business-card.md, "The public page"): read a published card (a view
 * counted with the day's salted hash of the visitor's cookie: never the address, never the cookie), its WeChat QR
 * image, a featured product opened, and the contact form (consent required, throttled per client and card), which
 * lands as a message to the card's owner and a lead.
 */
export function createBusinessCardPublic({ db, kv, addressKey }: { db: Db; kv: KvStore; addressKey: AddressKey }) {
  const visitorHash = (visitor: CardVisitor) => addressKey(visitor.cookie, 'card-visitor');

  return {
    async open(publicId: string, query: z.output<typeof cardVisitQuery>, visitor: CardVisitor) {
      return db.transaction(async (tx) => {
        const card = await publishedCard(tx, publicId);
        const view = await publicView(tx, card);
        await repo.insertVisit(tx, {
          cardId: card.id,
          orgId: card.orgId,
          day: view.checkedOn,
          ...sourceOf(query.from, query.ref),
          productId: null,
          visitorHash: visitorHash(visitor),
        });
        return view;
      });
    },

    async wechat(publicId: string) {
      return db.transaction(async (tx) => {
        const card = await publishedCard(tx, publicId);
        const file = card.wechatQrUploadId === null ? null : await storedUpload(tx, card.wechatQrUploadId);
        if (!file?.mime.startsWith('image/')) throw notFound('该名片没有微信二维码');
        return file;
      });
    },

    async click(publicId: string, body: z.output<typeof cardClickBody>, visitor: CardVisitor) {
      await db.transaction(async (tx) => {
        const card = await publishedCard(tx, publicId);
        if (!card.productIds.includes(body.productId)) throw notFound('该名片没有这个产品');
        await repo.insertVisit(tx, {
          cardId: card.id,
          orgId: card.orgId,
          day: shanghaiToday(),
          ...sourceOf(body.from, body.ref),
          productId: body.productId,
          visitorHash: visitorHash(visitor),
        });
      });
      return null;
    },

    async contact(publicId: string, body: z.output<typeof cardContactBody>, visitor: CardVisitor) {
      const card = await db.transaction(async (tx) => publishedCard(tx, publicId));
      const key = `card:contact:${addressKey(visitor.ip, 'card-contact', publicId)}`;
      const sent = await kv.increment(key, CARD_CONTACT_WINDOW_MS);
      if (sent > CARD_CONTACT_LIMIT)
        throw new ThrottledError(
          (await kv.ttl(key)) || CARD_CONTACT_WINDOW_MS,
          '提交次数过多',
          sent > CARD_CONTACT_LIMIT + 1,
        );
      await db.transaction(async (tx) => {
        const now = new Date();
        const leadId = await repo.insertLead(tx, {
          cardId: card.id,
          orgId: card.orgId,
          name: body.name,
          company: body.company ?? '',
          contact: body.contact,
          message: body.message,
          consentAt: now,
        });
        await recordAudit(tx, {
          entity: 'business_card',
          entityId: card.id,
          action: 'lead',
          actor: { userId: card.userId, orgId: card.orgId },
          orgId: card.orgId,
          data: { leadId },
        });
        const from = body.company ? `${body.name}（${body.company}）` : body.name;
        await sendMessage(
          tx,
          { userId: card.userId, orgId: card.orgId },
          {
            channel: Channel.JCBB,
            title: `名片收到合作意向：${from}`,
            content: `${from} 通过您的名片留言：${body.message}\n联系方式：${body.contact}（对方已同意将以上信息提供给贵企业用于联系合作）`,
            targetUrl: pageUrl(pages.marketingDashboard),
          },
        );
      });
      return null;
    },
  };
}
