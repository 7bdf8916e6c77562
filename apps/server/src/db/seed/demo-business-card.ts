import { createHash } from 'node:crypto';
import { Channel, OrgType, pages, pageUrl, Role } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../lib/session-user.ts';
import { createBusinessCardService } from '../../modules/business-card/index.ts';
import { sendMessage } from '../../modules/message/index.ts';
import type { Db, Tx } from '../client.ts';
import { businessCardLeads, businessCards, businessCardVisits } from '../schema/index.ts';

/** The demo cards' public ids (README, "Demo business cards"): fixed so the README can name the public page. */
export const DEMO_CARD_MAKER = 'lvzhu-card-demo-2026-zhangwei';
export const DEMO_CARD_DEALER = 'hengtong-card-demo-2026-lina';

const as = (p: { orgId: number; userId: number }, orgType: number): SessionUser => ({
  userId: p.userId,
  sessionId: 0,
  appCode: 'jcbb',
  mobile: '',
  username: 'seed',
  realName: null,
  orgId: p.orgId,
  orgType,
  roles: [Role.ENTERPRISE_ADMIN],
});

/** 20 days of views from several sources (anonymous marks, as the server's would be) and some product clicks. */
function visitsOf(card: { id: number; orgId: number; productIds: number[] }, today: string) {
  const sources = ['qr', 'qr', 'poster', 'link', 'link', 'other'] as const;
  const rows: (typeof businessCardVisits.$inferInsert)[] = [];
  for (let back = 19; back >= 0; back--) {
    const day = addDays(today, -back);
    const visitors = 2 + ((back * 7) % 5);
    for (let v = 0; v < visitors; v++) {
      const visitorHash = createHash('sha256').update(`demo ${card.id} ${day} ${v}`).digest('base64url').slice(0, 22);
      const source = sources[(v + back) % sources.length] ?? 'qr';
      const host = source === 'other' ? 'www.example.com' : null;
      const views = 1 + ((v + back) % 2);
      for (let n = 0; n < views; n++)
        rows.push({ cardId: card.id, orgId: card.orgId, day, source, host, productId: null, visitorHash });
      const productId = card.productIds[(v + back) % Math.max(1, card.productIds.length)];
      if (productId !== undefined && v % 2 === 0)
        rows.push({ cardId: card.id, orgId: card.orgId, day, source, host, productId, visitorHash });
    }
  }
  return rows;
}

/**
 * The demo business cards: 南京绿筑's admin (13800000001) with a published card featuring three products, 20 days of
 * views and one lead that is also a message; 南京恒通's admin (13800000002) with a published card. Made through the
 * module's service as the console makes them; the visits and the lead are what the public page would have recorded.
 */
export async function seedDemoBusinessCards(
  tx: Tx,
  parties: { maker: { orgId: number; userId: number }; dealer: { orgId: number; userId: number } },
): Promise<void> {
  const cards = createBusinessCardService({ db: tx as Db });
  const maker = as(parties.maker, OrgType.MANUFACTURER);
  const products = (await cards.products(maker)).list.slice(0, 3).map((p) => p.id);
  await cards.save(maker, {
    displayName: '张伟',
    title: '销售总监',
    email: 'zhangwei@lvzhu.example.com',
    introduction: '南京绿筑新型建材销售总监，专注绿色建材与政府采购项目配套。\n欢迎扫码联系，获取产品资料与报价。',
    showPhone: false,
    wechatQrUploadId: null,
    productIds: products,
    published: true,
  });
  const dealer = as(parties.dealer, OrgType.DISTRIBUTOR);
  const dealerProducts = (await cards.products(dealer)).list.slice(0, 2).map((p) => p.id);
  await cards.save(dealer, {
    displayName: '李娜',
    title: '总经理',
    email: '',
    introduction: '南京恒通建材贸易，南京绿筑授权经销商。',
    showPhone: true,
    wechatQrUploadId: null,
    productIds: dealerProducts,
    published: true,
  });
  await tx.update(businessCards).set({ publicId: DEMO_CARD_MAKER }).where(eq(businessCards.userId, maker.userId));
  await tx.update(businessCards).set({ publicId: DEMO_CARD_DEALER }).where(eq(businessCards.userId, dealer.userId));

  const [card] = await tx.select().from(businessCards).where(eq(businessCards.userId, maker.userId));
  if (!card) return;
  const today = shanghaiToday();
  await tx.insert(businessCardVisits).values(visitsOf(card, today));
  const consentAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await tx.insert(businessCardLeads).values({
    cardId: card.id,
    orgId: card.orgId,
    name: '陈建国',
    company: '江苏华建建设集团',
    contact: '13912345678',
    message: '我们在南京有一个学校项目，想了解贵司保温板的报价和供货周期。',
    consentAt,
    createdAt: consentAt,
  });
  await sendMessage(
    tx,
    { userId: card.userId, orgId: card.orgId },
    {
      channel: Channel.JCBB,
      title: '名片收到合作意向：陈建国（江苏华建建设集团）',
      content:
        '陈建国（江苏华建建设集团） 通过您的名片留言：我们在南京有一个学校项目，想了解贵司保温板的报价和供货周期。\n联系方式：13912345678（对方已同意将以上信息提供给贵企业用于联系合作）',
      targetUrl: pageUrl(pages.marketingDashboard),
    },
  );
}
