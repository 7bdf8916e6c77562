import { procurementRegionEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { createRegionService } from './procurement.region.service.ts';
import type { ProcurementDeps } from './procurement.routes.ts';

const tags = ['材料采购 Procurement'];
const qualifying =
  'Qualifying: a product listed (status LISTED, enabled) in the city’s catalogue; classifyCode keeps the class and everything under it; isGreen keeps products green in the city today (a valid certificate, not marked otherwise by the committee) or, false, those that are not. A supplier is the listing’s organisation, placed in the district of its registered region code.';

/** Procurement's region calls (docs/procurement.md, "Region"): public, signed, no session. */
export function registerRegionRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const region = createRegionService({ db: deps.db });
  defineRoute(app, api.getRegionDistrictTree, {
    summary: '采购区域 A city’s districts with their qualifying suppliers and products',
    description: `Body { cityCode, classifyCode?, isGreen? }. Every district (county) of the city, most products first; a code that is not a city answers 400. ${qualifying}`,
    tags,
    handler: ({ body }) => region.districts(body),
  });
  defineRoute(app, api.getOpenRegionDistrictDetails, {
    summary: '区县供应商 One district’s suppliers and their qualifying products',
    description: `Body { regionCode, classifyCode?, isGreen? }: a county code (else 400). Suppliers with most products first. ${qualifying}`,
    tags,
    handler: ({ body }) => region.districtDetails(body),
  });
}
