import { productEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { bearerToken } from '../../plugins/gateway.ts';
import type { AuthService } from '../auth/index.ts';
import { createClassificationService } from './classification.service.ts';
import { registerDocumentRoutes } from './document.routes.ts';
import type { FactGate } from './product.facts.ts';
import { createProductService } from './product.service.ts';
import { registerSpecRoutes } from './spec.routes.ts';

const tags = ['产品中心 Products'];

const MANUFACTURER_ONLY =
  'Manufacturers (organisation type 6) only: others 403. Another organisation’s product answers 404.';

export interface ProductRouteDeps {
  db: Db;
  auth: AuthService;
  /** Where changes of a listed product's approved facts go for audit (the revision module). */
  facts: FactGate;
}

/** The product centre (issue 4): products, specifications, documents, tags, classification calls. */
export function registerProductRoutes(app: FastifyInstance, deps: ProductRouteDeps) {
  const products = createProductService(deps);
  const classification = createClassificationService(deps);

  defineRoute(app, api.addOrUpdateProductInfo, {
    summary: '新增或修改产品 Create (no id) or update (id) a product',
    description:
      `${MANUFACTURER_ONLY} classifyCode must be a product class (a leaf of the classification tree, e.g. 0105), ` +
      'images upload ids of the caller’s organisation. Staff and administrators may both save. Tags are derived, ' +
      'never sent: recomputed in the same transaction.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.save(user, body),
  });

  defineRoute(app, api.getProdutInfoList, {
    summary: '产品列表 The manufacturer’s products (spec §3 search form)',
    description:
      `${MANUFACTURER_ONLY} materialName: a fragment of the name, anywhere, case-insensitive (pg_trgm). ` +
      'classifyCode: the class and everything under it. isGreen/starRating count only certificates valid today. ' +
      'Empty fields mean any. Newest first by id, so paging is stable; take defaults to 10.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.search(user, body),
  });

  defineRoute(app, api.getProductInfoById, {
    summary: '产品详情 A product: full for its owner, public view otherwise',
    description:
      'Optional token. With a session of the product’s organisation: the full record (view "full": specifications, ' +
      'documents, listings). Otherwise (another organisation, no token, or a token no longer valid) the public ' +
      'view (view "public") of a published product: enabled and listed in at least one city; anything else 404.',
    tags,
    access: 'none',
    handler: async ({ params, request }) => {
      const token = bearerToken(request);
      const user: SessionUser | null = token ? await deps.auth.resolveSession(token).catch(() => null) : null;
      return products.info(user, params.id);
    },
  });

  defineRoute(app, api.openGetProductInfoById, {
    summary: '产品公开详情 A published product, for anyone',
    description:
      'Public (signed, no session). Only a published product (enabled and listed in at least one city), else 404: ' +
      'specifications on sale, tags, green certificates (number, issuer, stars, validity, valid or expired), ' +
      'carbon-footprint and test reports by name, and the cities it is listed in.',
    tags,
    handler: ({ params }) => products.openInfo(params.id),
  });

  defineRoute(app, api.setProductEnableStatus, {
    summary: '启用或停用产品 Enable (1) or disable (2) a product',
    description: `${MANUFACTURER_ONLY} A disabled product leaves the public catalogue; its listings stay.`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.setEnableStatus(user, body),
  });

  defineRoute(app, api.getProductTypeById, {
    summary: '产品分类路径 The classification path of a product',
    description: 'Category first. The caller’s own product, or a published one; else 404.',
    tags,
    handler: ({ user, params }) => products.typePath(user, params.id),
  });

  defineRoute(app, api.getProductAuditTypes, {
    summary: '入库审核状态 The listing statuses with their labels',
    tags,
    handler: async () => products.auditTypes(),
  });

  defineRoute(app, api.deleteProductInfo, {
    summary: '删除产品 Delete a product (not in spec §7)',
    description:
      `${MANUFACTURER_ONLY} Enterprise administrator only (staff 403). Refused (409) once any of its city ` +
      'listings went beyond draft; specifications, documents and draft listings go with it.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.remove(user, body.id),
  });

  defineRoute(app, api.againUpdate, {
    summary: '驳回后修正产品 Correct a product after a listing was rejected',
    description:
      `${MANUFACTURER_ONLY} The same body as addOrUpdateProductInfo, id required. 409 when none of the product’s ` +
      'listings is rejected. Writes audit row product/again_update; resubmitting the listings is the listing module’s.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.againUpdate(user, body),
  });

  defineRoute(app, api.selectProductByNameAndCompanyId, {
    summary: '按名称查本企业产品 The caller’s products with exactly this name',
    description: `${MANUFACTURER_ONLY} companyId, when given, must be the caller’s organisation; another answers [].`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => products.byName(user, body),
  });

  // ---- Classification calls ----

  defineRoute(app, api.getBuildingMaterialsClassifyList, {
    summary: '建材分类树 The building-material classification tree',
    description: 'The same tree as GET /api/dictionary/material-classification: categories and their product classes.',
    tags,
    handler: () => classification.tree(),
  });

  defineRoute(app, api.getBusinessBuildingByCityId, {
    summary: '城市业务分类 The classification tree with listed-product counts in a city',
    description:
      'id: the six-digit city code. Every node carries productCount, the enabled products listed in that city ' +
      '(a category sums its classes). Unknown division: 404.',
    tags,
    handler: ({ params }) => classification.byCity(params.id),
  });

  defineRoute(app, api.getTreeProductType, {
    summary: '分类子树 The subtree under a classification code',
    description: 'A one-element list: the node with its children. Unknown code: 404.',
    tags,
    handler: ({ params }) => classification.subtree(params.id),
  });

  defineRoute(app, api.getQualificationDropDatas, {
    summary: '资质文件下拉数据 Drop-down data of the qualification documents form',
    description:
      'Document kinds, star ratings 1–3, issuers seen on green certificates (most used first), material types.',
    tags,
    handler: () => classification.qualificationDropData(),
  });

  registerSpecRoutes(app, deps);
  registerDocumentRoutes(app, deps);
}
