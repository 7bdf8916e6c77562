import type { EndpointDef } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  alertAcknowledgeBody,
  alertAttachmentQuery,
  alertDetail,
  alertDone,
  alertExplainBody,
  alertIdQuery,
  alertListData,
  alertListQuery,
  alertReasonBody,
  riskRulesData,
  riskRunBody,
  riskRunData,
  subscriptionIdBody,
  subscriptionListData,
  subscriptionSaveBody,
} from './government-risk.ts';

const RISK = '/api/gov/risk';

/** Risk rules, alerts and subscriptions (docs/government.md, "Risk rules"); government.endpoints.ts joins them. */
export const governmentRiskEndpoints = {
  /** Every rule with each of its versions (code, name, basis, definition, severity, params, effective from). */
  riskRules: endpoint({ method: 'GET', path: `${RISK}/rules`, response: riskRulesData }),
  /** The alerts the caller may see, newest first, with filters. */
  alertList: endpoint({ method: 'GET', path: `${RISK}/alerts`, query: alertListQuery, response: alertListData }),
  /** One alert: its rule's text and version, evidence, explanation, decision, history and the caller's actions. */
  alertDetail: endpoint({ method: 'GET', path: `${RISK}/alerts/detail`, query: alertIdQuery, response: alertDetail }),
  /** One of the explanation's attachments. */
  alertAttachment: endpoint({ method: 'GET', path: `${RISK}/alerts/attachment`, query: alertAttachmentQuery }),
  alertAcknowledge: endpoint({
    method: 'POST',
    path: `${RISK}/alerts/acknowledge`,
    body: alertAcknowledgeBody,
    response: alertDone,
  }),
  alertExplain: endpoint({
    method: 'POST',
    path: `${RISK}/alerts/explain`,
    body: alertExplainBody,
    response: alertDone,
  }),
  alertDismiss: endpoint({
    method: 'POST',
    path: `${RISK}/alerts/dismiss`,
    body: alertReasonBody,
    response: alertDone,
  }),
  alertConfirm: endpoint({
    method: 'POST',
    path: `${RISK}/alerts/confirm`,
    body: alertReasonBody,
    response: alertDone,
  }),
  alertClose: endpoint({ method: 'POST', path: `${RISK}/alerts/close`, body: alertReasonBody, response: alertDone }),
  /** Run the rules now (a committee: its city; the platform operator: a city or all). */
  riskRun: endpoint({ method: 'POST', path: `${RISK}/run`, body: riskRunBody, response: riskRunData }),
  /** The caller's subscriptions (a committee member's). */
  subscriptionList: endpoint({ method: 'GET', path: `${RISK}/subscriptions`, response: subscriptionListData }),
  subscriptionSave: endpoint({
    method: 'POST',
    path: `${RISK}/subscriptions/save`,
    body: subscriptionSaveBody,
    response: subscriptionListData,
  }),
  subscriptionDelete: endpoint({
    method: 'POST',
    path: `${RISK}/subscriptions/delete`,
    body: subscriptionIdBody,
    response: subscriptionListData,
  }),
} satisfies Record<string, EndpointDef>;
