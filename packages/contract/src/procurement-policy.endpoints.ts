import { endpoint } from './endpoint.ts';
import {
  policyAuditData,
  policyAuditQuery,
  policyCategoryClassesBody,
  policyCategorySaveBody,
  policyCategoryView,
  policyCitiesData,
  policyCityRemoveBody,
  policyCitySaveBody,
  policyCityView,
  policyEditionData,
  policyEditionQuery,
  policyEditionsData,
  policyRuleSaveBody,
  policyRuleView,
} from './procurement-policy.ts';
import { z } from './zod.ts';

const P = '/api/admin/procurement-policy';

/**
 * Procurement's policy calls (docs/procurement.md, "Policy data"): the platform operator (super_admin) edits the
 * demand standard's editions, categories, classification mapping and policy cities; procurement.endpoints.ts joins
 * them.
 */
export const procurementPolicyEndpoints = {
  policyEditions: endpoint({ method: 'GET', path: `${P}/editions`, response: policyEditionsData }),
  policyEdition: endpoint({
    method: 'GET',
    path: `${P}/edition`,
    query: policyEditionQuery,
    response: policyEditionData,
  }),
  policyRuleSave: endpoint({
    method: 'POST',
    path: `${P}/rule/save`,
    body: policyRuleSaveBody,
    response: policyRuleView,
  }),
  policyCategorySave: endpoint({
    method: 'POST',
    path: `${P}/category/save`,
    body: policyCategorySaveBody,
    response: policyCategoryView,
  }),
  policyCategoryClasses: endpoint({
    method: 'POST',
    path: `${P}/category/classes`,
    body: policyCategoryClassesBody,
    response: policyCategoryView,
  }),
  policyCities: endpoint({ method: 'GET', path: `${P}/cities`, response: policyCitiesData }),
  policyCitySave: endpoint({
    method: 'POST',
    path: `${P}/city/save`,
    body: policyCitySaveBody,
    response: policyCityView,
  }),
  policyCityRemove: endpoint({
    method: 'POST',
    path: `${P}/city/remove`,
    body: policyCityRemoveBody,
    response: z.object({ regionCode: z.string() }),
  }),
  policyAudit: endpoint({ method: 'GET', path: `${P}/audit`, query: policyAuditQuery, response: policyAuditData }),
};
