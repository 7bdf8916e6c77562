import { basicMaterialEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { BasicMaterialReviewService } from './basic-material-review.service.ts';

const tags = ['基础建材 Basic materials'];
const platform = [Role.SUPER_ADMIN];
const decidable =
  'Only a pending application (else 40900); the platform’s own rows and unknown ids 40400. The applicant’s ' +
  'organisation gets a message on the materials channel.';

/** The platform's review of manufacturers' applications for new common names (super_admin only). */
export function registerBasicMaterialReviewRoutes(app: FastifyInstance, reviews: BasicMaterialReviewService) {
  defineRoute(app, api.adminList, {
    summary: '基础材料申请列表（平台） Applications for new common names, newest first',
    description:
      'status: 2 pending (when left out), 1 approved, 3 rejected, 0 every status. commonName: a fragment of the name. take/skip paging.',
    tags,
    roles: platform,
    handler: ({ query }) => reviews.list(query),
  });

  defineRoute(app, api.adminDetail, {
    summary: '基础材料申请详情（平台） One application with its applicant and the decision',
    tags,
    roles: platform,
    handler: ({ params }) => reviews.detail(params.id),
  });

  defineRoute(app, api.approve, {
    summary: '通过基础材料申请（平台） Approve, optionally correcting name, class and units',
    description: `Fields left out keep the applicant’s values. The name gets the next code after the platform’s (BM032, …) and is offered by page, getUnitByCommonName and the others from then on. A corrected name that is already approved or pending answers 40000 on commonName. ${decidable}`,
    tags,
    roles: platform,
    handler: ({ user, params, body }) => reviews.approve(user, params.id, body),
  });

  defineRoute(app, api.reject, {
    summary: '驳回基础材料申请（平台） Reject with a reason (2–200 characters)',
    description: `The name may be applied for again. ${decidable}`,
    tags,
    roles: platform,
    handler: ({ user, params, body }) => reviews.reject(user, params.id, body.reason),
  });
}
