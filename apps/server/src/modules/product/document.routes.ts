import { productEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import { createDocumentService } from './document.service.ts';
import type { FactGate } from './product.facts.ts';

const tags = ['产品资料 Product documents'];

/**
 * Manuals and qualification documents (not named in spec §7; paths in its style, under productInfo). They feed the
 * derived tags: adding or deleting one recomputes the product's tags in the same transaction.
 */
export function registerDocumentRoutes(app: FastifyInstance, deps: { db: Db; facts: FactGate }) {
  const documents = createDocumentService(deps);

  defineRoute(app, api.addDocument, {
    summary: '上传产品资料 Attach a manual or qualification document',
    description:
      'Manufacturers only; another organisation’s product 404. kind: 1 manual, 2 carbon-footprint report, 3 green ' +
      'building material certificate, 4 test report, 5 other. uploadId: an upload of the caller’s organisation ' +
      '(required except for kind 3). Kind 3 needs certNo, issuer, starRating 1–3, validFrom and validUntil after it.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => documents.add(user, body),
  });

  defineRoute(app, api.documentList, {
    summary: '产品资料列表 Documents of a product',
    description:
      'Manufacturers only (others 403); another organisation’s product 404. Optional kind filter. valid (green ' +
      'certificates only) tells whether it counts today.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => documents.list(user, body),
  });

  defineRoute(app, api.deleteDocument, {
    summary: '删除产品资料 Delete a document',
    description:
      'Manufacturers only (others 403); enterprise administrator only (staff 403). A certificate issued on the ' +
      'platform (certificateId) is revoked through the certificate module instead: 409.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => documents.remove(user, body.id),
  });
}
