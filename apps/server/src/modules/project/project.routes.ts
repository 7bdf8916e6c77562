import { projectEndpoints as api, OrgType, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ProjectService } from './project.service.ts';

const tags = ['项目 Projects'];
const visible =
  'A project is visible to its developer, its accepted and invited member organisations and the 住建委 of the city it is in; anyone else gets 404.';
const ownPeople =
  "Only the caller's organisation's people, on a project it has accepted; another organisation's project answers 404.";
const { DEVELOPER, CONSTRUCTION, SUPERVISION, DESIGN_INSTITUTE, GOVERNMENT, MANUFACTURER, DISTRIBUTOR } = OrgType;
const PROJECT_ORGS = [DEVELOPER, CONSTRUCTION, SUPERVISION, DESIGN_INSTITUTE] as const;

export function registerProjectRoutes(app: FastifyInstance, projects: ProjectService) {
  defineRoute(app, api.userProjectList, {
    summary: "我的项目 The projects of the caller's organisation",
    description: [
      'type 1 (default): the projects the organisation takes part in (accepted membership, the developer its own);',
      'type 2: the invitations it has not answered yet.',
      'orgType: only where it takes part as that organisation type (1 developer, 2 design, 3 supervision, 4 construction).',
      'Newest first, with the caller’s own role and the organisation’s leader on each. The 暂无项目 check of spec §9 sends {take: 9, skip: 0, type: 1, orgType}.',
    ].join(' '),
    tags,
    handler: ({ user, body }) => projects.userProjects(user, body),
  });

  defineRoute(app, api.cityProjectList, {
    summary: "本市项目 The committee's projects: those located in its city (read only)",
    description: "The city is that of the caller's organisation's region. Filter by name fragment and step.",
    tags,
    roles: [Role.CITY_COMMITTEE],
    orgTypes: [GOVERNMENT],
    handler: ({ user, body }) => projects.cityProjects(user, body),
  });

  defineRoute(app, api.trackProjectList, {
    summary: '可发货项目 Projects a manufacturer or distributor may ship to',
    description:
      'The projects located in the cities where a product the caller’s organisation lists, or holds in usable stock, is listed (listing status 3): a manufacturer’s own listings, a distributor’s stock from makers (what its letters let it ship there is checked line by line when it ships). No member data. A certified organisation only (403 企业认证通过后才能使用此功能).',
    tags,
    orgTypes: [MANUFACTURER, DISTRIBUTOR],
    certified: true,
    handler: ({ user, body }) => projects.trackProjects(user, body),
  });

  defineRoute(app, api.policyOptions, {
    summary: '政策批次与需求标准 Policy batches and demand-standard editions (reference data)',
    tags,
    handler: () => projects.policyOptions(),
  });

  defineRoute(app, api.createProject, {
    summary: '登记项目 A developer registers a project',
    description:
      'The developer becomes the project’s first member organisation. Field errors (county, policy batch, edition, a code already used by the developer) answer 40000 with data.fields.',
    tags,
    orgTypes: [DEVELOPER],
    handler: ({ user, body }) => projects.create(user, body),
  });

  defineRoute(app, api.updateProject, {
    summary: "修改项目 The developer edits its project's register entry and step",
    description: `Every step change is an audit row shown on the project. A step that goes back needs stepReason (40000 on field stepReason otherwise). ${visible} Other visible organisations get 403.`,
    tags,
    orgTypes: [DEVELOPER],
    handler: ({ user, body }) => projects.update(user, body),
  });

  defineRoute(app, api.projectDetail, {
    summary: '项目详情 One project with its step history',
    description: `access says how the caller sees it: developer, member, invited or committee. ${visible}`,
    tags,
    handler: ({ user, params }) => projects.detail(user, params.id),
  });

  defineRoute(app, api.projectOrgs, {
    summary: '参建单位 A project’s member organisations, their leader and people',
    description: `Every membership (invited, accepted, declined, removed). ${visible}`,
    tags,
    handler: ({ user, query }) => projects.projectOrgs(user, query.projectId),
  });

  defineRoute(app, api.searchOrgs, {
    summary: '查找单位 Construction, supervision and design organisations by name or credit code',
    description: 'For the project’s developer only (403 for other members, 404 for others); at most 20.',
    tags,
    orgTypes: [DEVELOPER],
    handler: ({ user, query }) => projects.searchOrgs(user, query),
  });

  defineRoute(app, api.inviteOrg, {
    summary: '邀请参建单位 The developer invites an organisation',
    description:
      'Construction (4), supervision (3) or design (2) organisations only. A declined or removed organisation may be invited again. The invited organisation’s 企业管理员 gets a message.',
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: [DEVELOPER],
    handler: ({ user, body }) => projects.invite(user, body),
  });

  defineRoute(app, api.respondInvitation, {
    summary: '答复邀请 The invited organisation’s 企业管理员 accepts or declines',
    description: 'The developer’s 企业管理员 gets a message either way. Not invited: 404.',
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: [CONSTRUCTION, SUPERVISION, DESIGN_INSTITUTE],
    handler: ({ user, body }) => projects.respond(user, body),
  });

  defineRoute(app, api.removeOrg, {
    summary: '移除参建单位 The developer removes a member organisation',
    description:
      'Only while no material record names it on the project (the material modules’ checks, project.removal.ts; today traceability’s: a receipt it made for the project, a shipment it sent to or from the project, a move of the project’s stock by one of its users): else 409 with the reason, 该单位已在本项目收发材料，不能移除. Its people leave the project with it.',
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: [DEVELOPER],
    handler: ({ user, body }) => projects.removeOrg(user, body),
  });

  defineRoute(app, api.addMembers, {
    summary: '添加项目人员 The organisation’s 企业管理员 names its people on the project',
    description: `Roles member, storekeeper, inspector, witness (a witness only for the developer or the supervision unit); the leader is named by the leader call. Unknown users, users of another organisation, duplicates and people already on the project answer 40000 on members.N.userId. ${ownPeople}`,
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: PROJECT_ORGS,
    handler: ({ user, body }) => projects.addMembers(user, body),
  });

  defineRoute(app, api.setLeader, {
    summary: '设置负责人 The organisation’s 企业管理员 names its one leader on the project',
    description: `The previous leader stays as a member; a user not yet on the project is added. One leader per organisation per project (a unique index in the database too). ${ownPeople}`,
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: PROJECT_ORGS,
    handler: ({ user, body }) => projects.setLeader(user, body),
  });

  defineRoute(app, api.removeMember, {
    summary: '移除项目人员 The organisation’s 企业管理员 takes one of its people off the project',
    description: ownPeople,
    tags,
    roles: [Role.ENTERPRISE_ADMIN],
    orgTypes: PROJECT_ORGS,
    handler: ({ user, body }) => projects.removeMember(user, body),
  });

  defineRoute(app, api.candidates, {
    summary: '可添加人员 The caller’s organisation’s users not yet on the project',
    description: ownPeople,
    tags,
    orgTypes: PROJECT_ORGS,
    handler: ({ user, params }) => projects.candidates(user, params.id),
  });

  defineRoute(app, api.orgUsers, {
    summary: '单位人员 The caller’s organisation’s enabled users',
    description: 'orgId, when given, must be the caller’s own organisation: any other answers 404.',
    tags,
    handler: ({ user, query }) => projects.orgUsers(user, query.orgId),
  });
}
