import { traceEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { LotService } from './trace.lot.service.ts';

const tags = ['追溯 Traceability'];
const makers = [OrgType.MANUFACTURER];
const own = "Manufacturers only (403 for other organisation types); another manufacturer's lot answers 404.";

/** Production lots (productionManagement): what a manufacturer made, and where it is now. */
export function registerLotRoutes(app: FastifyInstance, lots: LotService) {
  defineRoute(app, api.lotList, {
    summary: '批次列表 The manufacturer’s production lots',
    description: `Newest first. Filter by product, specification, part of the batch number. codeCount counts every trace code of the lot (packages and the items in them); codedQuantity the units its top-level codes cover. ${own}`,
    tags,
    orgTypes: makers,
    handler: ({ user, body }) => lots.list(user, body),
  });

  defineRoute(app, api.lotCreate, {
    summary: '登记生产批次 Record a production lot; its quantity enters the maker’s stock',
    description: [
      'specId: a specification of one of the caller’s products (400 on specId otherwise). batchNo: GB/T 33993 AI 10,',
      'at most 20 characters without spaces or % & / < > ?, unique per specification (400 on batchNo). The production',
      'date may not be after today (Asia/Shanghai); the expiry date not before it. qualityDocUploadIds: the caller’s',
      'own uploads (400 on qualityDocUploadIds.N). The evidence the product carries on the production date',
      '(certificate, else test report) is snapshotted, and a `produce` stock move puts the quantity into the maker’s',
      `usable stock, in one transaction. A certified manufacturer only (403 企业认证通过后才能使用此功能). ${own}`,
    ].join(' '),
    tags,
    orgTypes: makers,
    certified: true,
    handler: ({ user, body }) => lots.create(user, body),
  });

  defineRoute(app, api.lotDetail, {
    summary: '批次详情 One lot: evidence, quality documents, codes and where its stock is now',
    description: `holders: the organisations and projects holding some of the lot now (usable and rejected stock together), with their cities. ${own}`,
    tags,
    orgTypes: makers,
    handler: ({ user, params }) => lots.detail(user, params.id),
  });
}
