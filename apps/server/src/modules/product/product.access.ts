import { OrgType, Role } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound, orgTypesForbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './product.repository.ts';

/** audit_log.entity_type of this module's records. */
export const ProductAuditEntity = {
  PRODUCT: 'product',
  SPEC: 'product_spec',
  DOCUMENT: 'product_document',
} as const;

/**
 * The caller's organisation id. The product centre is a manufacturer's (organisation type 6): its routes declare
 * `orgTypes: [OrgType.MANUFACTURER]`, so anyone else is refused (403) before a service runs; this only names the
 * organisation (and refuses a caller without one, which a manufacturer's user never is).
 */
export function ownOrgId(user: SessionUser): number {
  if (user.orgId === null) throw orgTypesForbidden([OrgType.MANUFACTURER]);
  return user.orgId;
}

/** Deleting (products, specifications, documents) is for the enterprise administrator only; staff get 403. */
export function requireDeleter(user: SessionUser): number {
  const orgId = ownOrgId(user);
  if (!user.roles.includes(Role.ENTERPRISE_ADMIN)) throw forbidden('只有企业管理员可以删除');
  return orgId;
}

export async function ownProductOr404(tx: Tx, orgId: number, productId: number) {
  const product = await repo.findOwnProduct(tx, orgId, productId);
  if (!product) throw notFound('产品不存在');
  return product;
}
