import { Role } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './product.repository.ts';

/** audit_log.entity_type of this module's records. */
export const ProductAuditEntity = {
  PRODUCT: 'product',
  SPEC: 'product_spec',
  DOCUMENT: 'product_document',
} as const;

/**
 * The product centre is a manufacturer's (organisation type 6): its routes declare `orgTypes: [OrgType.MANUFACTURER]`,
 * so anyone else is refused (403) before a service runs; the services name the organisation with `callerOrgId`.
 * Deleting (products, specifications, documents) is for the enterprise administrator only; staff get 403. */
export function requireDeleter(user: SessionUser): number {
  const orgId = callerOrgId(user);
  if (!user.roles.includes(Role.ENTERPRISE_ADMIN)) throw forbidden('只有企业管理员可以删除');
  return orgId;
}

export async function ownProductOr404(tx: Tx, orgId: number, productId: number) {
  const product = await repo.findOwnProduct(tx, orgId, productId);
  if (!product) throw notFound('产品不存在');
  return product;
}
