import { CERT_EXPIRY_NOTICE_DAYS, Channel, pages, pageUrl } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { sendMessage } from '../message/index.ts';
import * as documentRepo from './document.repository.ts';
import { recomputeProductTags } from './product-tags.ts';

/** The sweep runs every six hours, once per deployment (jobs/index.ts). */
export const EXPIRY_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export const EXPIRY_NOTICE_TITLE = '绿色建材认证证书即将到期';

export interface ExpiringCertificate {
  id: number;
  productId: number;
  productName: string;
  orgId: number;
  certNo: string | null;
  starRating: number | null;
  validUntil: string | null;
}

/**
 * Tell the manufacturer that a green certificate expires soon, once per document (expiry_notice_at): the mark and
 * the message are one transaction, and the mark is conditional, so two processes cannot both send it.
 */
export async function sendExpiryNotice(tx: Tx, cert: ExpiringCertificate): Promise<boolean> {
  if (!(await documentRepo.markExpiryNotice(tx, cert.id))) return false;
  const stars = cert.starRating ? `，${cert.starRating} 星级` : '';
  await sendMessage(
    tx,
    { orgId: cert.orgId },
    {
      channel: Channel.MATERIALS,
      title: EXPIRY_NOTICE_TITLE,
      content:
        `您的产品「${cert.productName}」的绿色建材认证证书（编号 ${cert.certNo ?? '—'}${stars}）将于 ${cert.validUntil} 到期。` +
        '到期后该产品将不再显示绿色建材标签，请及时办理复评并上传新证书。',
      targetUrl: pageUrl(pages.productDetails, { id: cert.productId }),
    },
  );
  return true;
}

/**
 * One pass: store fresh tags on products whose green certificates expired or became valid (views and filters
 * already compare dates, so this only keeps the stored columns honest), then send the notices that are due
 * (CERT_EXPIRY_NOTICE_DAYS before expiry). Each product and each notice is its own transaction.
 */
export async function runCertificateExpirySweep(db: Db, today: string = shanghaiToday()) {
  let recomputed = 0;
  for (const productId of await documentRepo.staleGreenProductIds(db, today)) {
    await db.transaction((tx) => recomputeProductTags(tx, productId, today));
    recomputed += 1;
  }
  let notified = 0;
  for (const cert of await documentRepo.dueExpiryNotices(db, today, addDays(today, CERT_EXPIRY_NOTICE_DAYS))) {
    if (await db.transaction((tx) => sendExpiryNotice(tx, cert))) notified += 1;
  }
  return { recomputed, notified };
}
