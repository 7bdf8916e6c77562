import { authorisationSaveBody, OrgType, Role } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../lib/session-user.ts';
import { createAuthorisationService, runAuthorisationReminders } from '../../modules/distribution/index.ts';
import type { Db, Tx } from '../client.ts';
import { authorisations, productSpecs, products } from '../schema/index.ts';

/**
 * Demo authorisations (docs/distribution.md): 南京绿筑 has authorised 南京恒通 for part of its catalogue, each letter
 * issued through the service as the maker would (signed, on the ledger, both parties told) and accepted by the
 * distributor:
 *
 *   1. general, Jiangsu (320000), 岩棉保温板 (all specifications, capped at 20 000 m²), 蒸压加气混凝土砌块 B06 A5.0 and
 *      预制混凝土叠合板 (all): active for a year — its public page is `/free/authorisation?id=demo-lvzhu-hengtong`;
 *   2. general, Nanjing (320100), 断桥铝合金节能窗: active, ending in 20 days (the list highlights it; both parties
 *      have its 30-day reminder, sent by the seed as the reminders job would);
 *   3. general, Jiangsu, 水性建筑涂料（内墙）: revoked, with its reason.
 *
 * The first letter's public id is fixed before issue (it is part of what is signed), so the README can name its page.
 * No contracts or shipments here: the sales and gate seeds add them. Runs in the caller's transaction.
 */

interface Party {
  orgId: number;
  userId: number;
}

export const DEMO_LETTER_PUBLIC_ID = 'demo-lvzhu-hengtong';

const actor = (p: Party, orgType: number): SessionUser => ({
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

export async function seedDemoDistribution(tx: Tx, { maker, dealer }: { maker: Party; dealer: Party }): Promise<void> {
  const service = createAuthorisationService({ db: tx as Db });
  const asMaker = actor(maker, OrgType.MANUFACTURER);
  const asDealer = actor(dealer, OrgType.DISTRIBUTOR);
  const rows = await tx
    .select({ productId: products.id, product: products.name, specId: productSpecs.id, spec: productSpecs.name })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(
      and(
        eq(products.orgId, maker.orgId),
        inArray(products.name, [
          '岩棉保温板',
          '蒸压加气混凝土砌块',
          '预制混凝土叠合板',
          '断桥铝合金节能窗',
          '水性建筑涂料（内墙）',
        ]),
      ),
    );
  const productOf = (name: string) => {
    const row = rows.find((r) => r.product === name);
    if (!row) throw new Error(`demo distribution: no product ${name}`);
    return row.productId;
  };
  const specOf = (product: string, spec: string) => {
    const row = rows.find((r) => r.product === product && r.spec === spec);
    if (!row) throw new Error(`demo distribution: no specification ${product} ${spec}`);
    return row.specId;
  };
  const today = shanghaiToday();
  const common = {
    distributorOrgId: dealer.orgId,
    kind: 'general' as const,
    exclusive: false,
    afterSalesCommitment: '产品质保 5 年，质保期内质量问题免费更换，48 小时内到场处理',
    supplyCommitment: '南京市内 48 小时、江苏省内 72 小时到货',
    signatoryName: '张伟',
    signatoryTitle: '总经理',
    autoAccept: false,
  };

  async function letter(body: z.input<typeof authorisationSaveBody>, publicId?: string) {
    const draft = await service.save(asMaker, authorisationSaveBody.parse(body));
    if (publicId) await tx.update(authorisations).set({ publicId }).where(eq(authorisations.id, draft.id));
    await service.issue(asMaker, draft.id);
    await service.accept(asDealer, draft.id);
    return draft.id;
  }

  await letter(
    {
      ...common,
      regionCodes: ['320000'],
      items: [
        { productId: productOf('岩棉保温板'), specIds: [], quantityCap: 20000 },
        { productId: productOf('蒸压加气混凝土砌块'), specIds: [specOf('蒸压加气混凝土砌块', 'B06 A5.0')] },
        { productId: productOf('预制混凝土叠合板'), specIds: [] },
      ],
      validFrom: addDays(today, -45),
      validUntil: addDays(today, 320),
    },
    DEMO_LETTER_PUBLIC_ID,
  );
  await letter({
    ...common,
    regionCodes: ['320100'],
    items: [{ productId: productOf('断桥铝合金节能窗'), specIds: [] }],
    validFrom: addDays(today, -345),
    validUntil: addDays(today, 20),
  });
  const revoked = await letter({
    ...common,
    regionCodes: ['320000'],
    items: [{ productId: productOf('水性建筑涂料（内墙）'), specIds: [] }],
    validFrom: addDays(today, -120),
    validUntil: addDays(today, 245),
  });
  await service.revoke(asMaker, { id: revoked, reason: '经销商未按约定提供售后服务，授权撤销' });
  // The windows' letter is due its 30-day reminder: sent now, as the job would within the hour, so a newcomer sees it
  // and the demo inboxes do not change under the first minutes of a fresh start.
  await runAuthorisationReminders(tx as Db, today);
}
