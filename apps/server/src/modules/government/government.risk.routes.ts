import { governmentRiskEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import { createRiskService } from './government.risk.service.ts';
import type { GovernmentDeps } from './government.routes.ts';

const tags = ['风险预警 Risk alerts'];
const sees =
  'Who sees an alert: the committee of its city, the platform operator, the organisation it names and the organisations that joined its project; anyone else 404.';
const committeeStep =
  'The committee of the alert’s city only (anyone else who may read it 403, anyone else 404); a step not allowed from the alert’s state 409.';

/** Risk rules, alerts and subscriptions (docs/government.md, "Risk rules"). */
export function registerRiskRoutes(app: FastifyInstance, deps: GovernmentDeps): void {
  const risk = createRiskService({ db: deps.db });
  const committee = [Role.CITY_COMMITTEE] as const;

  defineRoute(app, api.riskRules, {
    summary: '预警规则 Every risk rule with each version: code, name, basis, definition, severity, params',
    description: 'Reference data; any signed-in user. The version with active = true is the one the engine runs.',
    tags,
    handler: () => risk.rules(),
  });
  defineRoute(app, api.alertList, {
    summary: '风险预警 The alerts the caller may see, newest first',
    description: `${sees} Filters: status (default: not closed; includeClosed adds closed), severity, rule, project, period (raised in the quarter), awaitingMe (the caller's organisation is asked to explain, acknowledged), followed (the caller's subscriptions). openBySeverity: not closed, by severity, over the other filters.`,
    tags,
    handler: ({ user, query }) => risk.list(user, query),
  });
  defineRoute(app, api.alertDetail, {
    summary: '预警详情 One alert: rule text and version, evidence, explanation, decision, history, actions',
    description: `${sees} actions: what the caller may do now (the transition table); follows: what a committee member may follow (with its subscription).`,
    tags,
    handler: ({ user, query }) => risk.detail(user, query.id),
  });
  defineRoute(app, api.alertAttachment, {
    summary: '说明附件 One file of the organisation’s explanation',
    description: `${sees} An upload that is not one of the explanation's: 404.`,
    tags,
    handler: async ({ user, query, reply }) =>
      sendStoredFile(reply, await risk.attachment(user, query.id, query.uploadId), (sha256) => deps.files.open(sha256)),
  });
  defineRoute(app, api.alertAcknowledge, {
    summary: '受理 open → acknowledged: the organisation is asked to explain',
    description: committeeStep,
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.acknowledge(user, body.id, body.reason),
  });
  defineRoute(app, api.alertExplain, {
    summary: '提交说明 acknowledged → explained: the organisation’s explanation, with its own uploads',
    description:
      'The organisation the alert names only (another who may read it 403, anyone else 404); an upload not the organisation’s: 400 on attachmentIds.N. The committee is told.',
    tags,
    handler: ({ user, body }) => risk.explain(user, body),
  });
  defineRoute(app, api.alertDismiss, {
    summary: '排除 acknowledged | explained → dismissed, with a reason',
    description: committeeStep,
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.dismiss(user, body.id, body.reason),
  });
  defineRoute(app, api.alertConfirm, {
    summary: '确认问题 acknowledged | explained → confirmed, with a reason',
    description: committeeStep,
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.confirm(user, body.id, body.reason),
  });
  defineRoute(app, api.alertClose, {
    summary: '关闭 dismissed | confirmed → closed, with a reason',
    description: committeeStep,
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.close(user, body.id, body.reason),
  });
  defineRoute(app, api.riskRun, {
    summary: '立即运行 Run the rules now and answer the run’s counts',
    description:
      'A committee: its city (cityCode ignored); the platform operator: cityCode, or every city when empty. New findings open alerts; findings gone mark their alerts resolved.',
    tags,
    roles: [Role.CITY_COMMITTEE, Role.SUPER_ADMIN],
    handler: ({ user, body }) => risk.run(user, body.cityCode),
  });
  defineRoute(app, api.subscriptionList, {
    summary: '我的关注 The caller’s subscriptions with their open alerts',
    description: 'Committee members only.',
    tags,
    roles: committee,
    handler: ({ user }) => risk.subscriptions(user),
  });
  defineRoute(app, api.subscriptionSave, {
    summary: '关注 Follow a project, supplier or product (new alerts on it are told as such)',
    description:
      'Committee members only. A project of the city; a supplier (manufacturer, distributor) or product in the city or supplying it; anything else 404. Following twice is once.',
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.subscribe(user, body),
  });
  defineRoute(app, api.subscriptionDelete, {
    summary: '取消关注 Stop following (the caller’s own subscription; any other 404)',
    tags,
    roles: committee,
    handler: ({ user, body }) => risk.unsubscribe(user, body.id),
  });
}
