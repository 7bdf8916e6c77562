import type { Tx } from '../../db/client.ts';
import { certificateView } from './certificate.common.ts';
import { listCertificates } from './certificate.repository.ts';

/**
 * An organisation's certificates as anyone may read them (the business card's public page): each with its state as
 * of `today` by the certificate module's rule and its public verification address (relative, /free/certificate?no=).
 */
export async function holderCertificates(tx: Tx, orgId: number, today: string, limit = 20) {
  const { rows } = await listCertificates(tx, { holderOrgId: orgId, today, take: limit, skip: 0 });
  return rows.map((row) => {
    const v = certificateView(row, today, '');
    return {
      certNo: v.certNo,
      typeName: v.typeName,
      productName: v.product.name,
      validUntil: v.validUntil,
      state: v.state,
      stateName: v.stateName,
      verifyUrl: v.verifyUrl,
    };
  });
}
