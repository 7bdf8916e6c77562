import { listingEndpoints as api, ListingAction, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { ListingService } from './listing.service.ts';
import { exportColumns, exportRow } from './listing-views.ts';
import { listingsWorkbookStream, XLSX_MIME } from './listing-xlsx.ts';

const tags = ['产品入库城市 Listings'];
const platform = [Role.SUPER_ADMIN];
const city = [Role.CITY_COMMITTEE];

const LIST_SCOPE =
  'Role-aware: a manufacturer’s members see their own organisation’s listings; super_admin sees the platform’s queue ' +
  '(every listing but drafts; filter status 1 for those awaiting platform audit); a 住建委 user of a government ' +
  'organisation sees its city’s listings from city audit on (status 2, 3, 5, 6; filter status 2 for its queue); ' +
  'anyone else an empty list.';

export function registerListingRoutes(app: FastifyInstance, listings: ListingService) {
  defineRoute(app, api.list, {
    summary: '入库记录列表 Listings, newest change first',
    description: `${LIST_SCOPE} Filters: productId, cityCode, status, materialName (name fragment); paging take/skip.`,
    tags,
    handler: ({ user, body }) => listings.list(user, body),
  });

  defineRoute(app, api.exportData, {
    summary: '导出入库记录（数据） The listings of the list call (same filters, no paging) as rows for export',
    description: `Columns with Chinese titles and rows keyed by column (at most 5000). ${LIST_SCOPE}`,
    tags,
    handler: async ({ user, body }) => ({
      columns: exportColumns.map((c) => ({ key: c.key, title: c.title })),
      rows: (await listings.exportItems(user, body)).map(exportRow),
    }),
  });

  defineRoute(app, api.exportXls, {
    summary: '导出入库记录（Excel） The same rows as an .xlsx file',
    description: 'Answers the file itself (产品入库城市.xlsx), not the envelope.',
    tags,
    handler: async ({ user, body, reply }) => {
      const items = await listings.exportItems(user, body);
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('产品入库城市.xlsx', { fallback: 'listings.xlsx' }))
        .header('cache-control', 'no-store');
      return reply.send(listingsWorkbookStream(items));
    },
  });

  defineRoute(app, api.checkData, {
    summary: '批量入库校验 Which product × city pairs can be submitted, and why not',
    description:
      'Nothing is written. Reasons: the product is not the caller’s, the city is not opened, the pair is in audit or ' +
      'listed, the product is disabled, the organisation is not certified, required elements are empty (a saved ' +
      'draft’s values with the values given applied over them, as batchProductsSettledInCities2 would submit them), ' +
      'a value is not valid.',
    tags,
    handler: ({ user, body }) => listings.check(user, body),
  });

  defineRoute(app, api.batchProductsSettledInCities2, {
    summary: '批量入库 Submit several products into several cities',
    description:
      'Each product × city pair is submitted in its own transaction and reported on its own (ok, or the reasons it ' +
      'could not be). values apply to the pairs whose city form has the element (nationwide elements: all) and are ' +
      'merged over a saved draft’s values.',
    tags,
    handler: ({ user, body }) => listings.batch(user, body),
  });

  defineRoute(app, api.addOrUpdateProductsSettledInCitiesDynamic, {
    summary: '保存/提交入库 Save a listing’s values as a draft, or save and submit it',
    description:
      'The product’s manufacturer only (another’s product: 404); 企业管理员 and staff alike. values: one per element of ' +
      'the city’s form (propertyValue text or the enumId of a radio/dropdown; propertyNumValue for numbers; ' +
      'propertyArrayValue the enumIds of a checkbox; resourceValue upload ids of the caller’s organisation). Option ' +
      'values not among the options are cleared (spec §5). They replace the saved values. submit=false saves ' +
      '(draft, or the rejected/delisted listing being corrected); submit=true also needs every required element ' +
      '(400 with fields elements.<id>), an enabled product and a certified organisation, and sends the listing to ' +
      'platform audit. A listing in audit or listed cannot be changed (409).',
    tags,
    handler: ({ user, body }) => listings.save(user, body),
  });

  defineRoute(app, api.getDynamicProductsSettledInCitiesDetails, {
    summary: '入库详情 A listing with its form, values, the product’s evidence and the last decisions',
    description:
      'Body id, or productId and cityCode. Visible to the manufacturer, the platform (submitted listings) and the ' +
      'listing city’s 住建委 (from city audit on); others 404. allowedActions: what the caller may do now.',
    tags,
    handler: ({ user, body }) => listings.detail(user, body),
  });

  defineRoute(app, api.delete, {
    summary: '删除入库记录 Delete a draft, rejected or delisted listing',
    description: '企业管理员 of the manufacturer only (staff 403); a listing in audit or listed 409.',
    tags,
    handler: ({ user, body }) => listings.remove(user, body.id),
  });

  defineRoute(app, api.delist, {
    summary: '下架 Take a listed product out of the city’s catalogue',
    description: '企业管理员 of the manufacturer only. It can then be corrected and submitted again.',
    tags,
    handler: async ({ user, body }) => (await listings.delist(user, body.id)) ?? undefined,
  });

  defineRoute(app, api.downloadFile, {
    summary: '下载入库文件 A file of a listing the caller may see',
    description:
      'Body id (the listing) and uploadId: one of the listing’s file values, or a document or image of its product ' +
      '(the auditors’ evidence). Answers the file itself.',
    tags,
    handler: async ({ user, body, reply }) => {
      return sendStoredFile(reply, await listings.file(user, body.id, body.uploadId), listings.openFile);
    },
  });

  // ---- Audit decisions ----

  defineRoute(app, api.platformApprove, {
    summary: '平台审核通过 The platform approves a listing: on to the city’s audit',
    description:
      'super_admin; only a listing awaiting platform audit (409). values: answers to the nationwide approval form ' +
      '(the detail’s approvalGroups), every required one answered (400 elements.<id>). The city’s 住建委 users are messaged.',
    tags,
    roles: platform,
    handler: async ({ user, params, body }) => (await listings.platformApprove(user, params.id, body)) ?? undefined,
  });

  defineRoute(app, api.platformReject, {
    summary: '平台审核驳回 The platform rejects a listing with a reason',
    tags,
    roles: platform,
    handler: async ({ user, params, body }) => (await listings.platformReject(user, params.id, body)) ?? undefined,
  });

  defineRoute(app, api.cityApprove, {
    summary: '城市审核通过 The city committee approves: the product is listed in the city',
    description:
      '住建委 of the listing’s city only (another city’s listing 404); only a listing awaiting city audit (409). ' +
      'values: answers to the city’s approval form (the detail’s approvalGroups), every required one answered.',
    tags,
    roles: city,
    handler: async ({ user, params, body }) => (await listings.cityApprove(user, params.id, body)) ?? undefined,
  });

  defineRoute(app, api.cityReject, {
    summary: '城市审核驳回 The city committee rejects with a reason',
    tags,
    roles: city,
    handler: async ({ user, params, body }) => (await listings.cityReject(user, params.id, body)) ?? undefined,
  });

  defineRoute(app, api.cityNotGreen, {
    summary: '认定非绿色建材 The city committee lists the product but finds it not green, with a reason',
    description: 'The listing becomes listed with notGreen = true: the product shows no green tag in this city.',
    tags,
    roles: city,
    handler: async ({ user, params, body }) => (await listings.cityNotGreen(user, params.id, body)) ?? undefined,
  });

  // ---- Audit log (spec §7 bm-product-audit-log) ----

  defineRoute(app, api.getSettledInCitiesAuditLog, {
    summary: '入库审核记录 Every logged transition of a listing, oldest first',
    tags,
    handler: ({ user, body }) => listings.auditLog(user, body.id),
  });

  const lastLogs = [
    [api.getPlatformLastRejectAuditLog, ListingAction.PLATFORM_REJECT, '平台最近一次驳回 The last platform rejection'],
    [api.getCityLastRejectAuditLog, ListingAction.CITY_REJECT, '城市最近一次驳回 The last city rejection'],
    [api.getCCNoGreenAuditLog, ListingAction.CITY_NOT_GREEN, '城市认定非绿色记录 The last not-green finding'],
  ] as const;
  for (const [endpoint, action, summary] of lastLogs) {
    defineRoute(app, endpoint, {
      summary,
      description: 'null when there is none. Kept after a resubmission.',
      tags,
      handler: ({ user, body }) => listings.lastAuditLog(user, body.id, action),
    });
  }

  defineRoute(app, api.selectPushCityList, {
    summary: '可入库城市 The cities a manufacturer can list into: the platform’s opened cities',
    tags,
    handler: () => listings.pushCities(),
  });
}
