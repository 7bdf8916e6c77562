import { procurementPolicyEndpoints as api } from '@jcbb/contract';
import { Role } from '@jcbb/contract/enums';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { createPolicyService } from './procurement.policy.service.ts';
import type { ProcurementDeps } from './procurement.routes.ts';

const tags = ['采购政策数据 Procurement policy data'];
const platform = [Role.SUPER_ADMIN];
const audited =
  'The platform operator (super_admin) only; anyone else 403. Audited (entity procurement_policy) with the row before and after.';

/** Procurement's policy calls (docs/procurement.md, "Policy data"): the platform operator's console. */
export function registerPolicyRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const policy = createPolicyService(deps);

  defineRoute(app, api.policyEditions, {
    summary: '需求标准版本 The demand-standard editions with their rule and category counts',
    description: 'super_admin only.',
    tags,
    roles: platform,
    handler: () => policy.editions(),
  });
  defineRoute(app, api.policyEdition, {
    summary: '版本详情 An edition: its rule and categories, each with the platform classifications mapped onto it',
    description: 'An unknown edition: 404. super_admin only.',
    tags,
    roles: platform,
    handler: ({ query }) => policy.edition(query.editionCode),
  });
  defineRoute(app, api.policyRuleSave, {
    summary: '保存规则参数 An edition’s mandatory %, optional coverage minimum %, test-report age, confidence, note',
    description: `Created when the edition has none. ${audited}`,
    tags,
    roles: platform,
    handler: ({ user, body }) => policy.saveRule(user, body),
  });
  defineRoute(app, api.policyCategorySave, {
    summary: '保存类目 A category’s name, kind (必选类/可选类), confidence and note',
    description: `An unknown id: 404. ${audited}`,
    tags,
    roles: platform,
    handler: ({ user, body }) => policy.saveCategory(user, body),
  });
  defineRoute(app, api.policyCategoryClasses, {
    summary: '类目映射 The platform classifications a category holds',
    description: `Listed classifications move onto the category (from another of the same edition); those it held and no longer lists fall outside the standard. An unknown classification: 400 on classifyCodes.N. ${audited}`,
    tags,
    roles: platform,
    handler: ({ user, body }) => policy.setCategoryClasses(user, body),
  });
  defineRoute(app, api.policyCities, {
    summary: '政策城市 The policy cities with their batch, dates and confidence; the batches',
    description: 'super_admin only.',
    tags,
    roles: platform,
    handler: () => policy.cities(),
  });
  defineRoute(app, api.policyCitySave, {
    summary: '保存政策城市 Add (create: true) or edit a policy city',
    description: `Adding a city already listed: 409; editing one that is not: 404; an unknown batch: 400 on batchCode. ${audited}`,
    tags,
    roles: platform,
    handler: ({ user, body }) => policy.saveCity(user, body),
  });
  defineRoute(app, api.policyCityRemove, {
    summary: '移除政策城市 Take a city off the policy list',
    description: audited,
    tags,
    roles: platform,
    handler: ({ user, body }) => policy.removeCity(user, body.regionCode),
  });
  defineRoute(app, api.policyAudit, {
    summary: '修改记录 A rule’s, category’s or city’s audit trail, newest first, with before and after',
    description: 'super_admin only.',
    tags,
    roles: platform,
    handler: ({ query }) => policy.audit(query.target, query.key),
  });
}
