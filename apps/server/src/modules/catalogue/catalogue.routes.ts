import { catalogueEndpoints as api, CATALOGUE_COUNT_CAP, CATALOGUE_PAGE_SIZE_MAX } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { CatalogueService } from './catalogue.service.ts';

const tags = ['城市产品目录 Public catalogue'];
const published =
  'Only listings with status LISTED (3) of enabled products count. Green: a valid green certificate today, unless the city committee marked the listing not green; government procurement: the listing meets the city’s demand standard.';

/** The public city catalogue (spec §2 /cities): signed, no session. */
export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService) {
  defineRoute(app, api.getRegionTree, {
    summary: '开通城市树 The platform’s opened cities by province, with their listed products',
    description: `Provinces by code, their opened cities by code. ${published}`,
    tags,
    handler: () => catalogue.regionTree(),
  });

  defineRoute(app, api.getOpenRegionDetails, {
    summary: '城市住建委页面 A city’s committee page: the city, its committee, counts per classification',
    description: `Body { cityCode }. A city the platform has not opened answers 40400. ${published} Categories are listed in catalogue order with their classes that have listed products.`,
    tags,
    handler: ({ body }) => catalogue.regionDetails(body.cityCode),
  });

  defineRoute(app, api.getCityProductList, {
    summary: '城市产品目录搜索 Search a city’s catalogue',
    description: [
      'The search form of spec §3 for one city: materialName (a fragment matched anywhere, case-insensitive; % and _ are literal), classifyCode (the class and its descendants), isGreen, isGovProcurement, starRating (green products with those stars), isPrefabricated, isLowCarbon, isRecommend; empty fields mean any.',
      `take: page size, default 10, at most ${CATALOGUE_PAGE_SIZE_MAX}; skip: rows to skip (at most 10 000).`,
      'Order: the most recently listed first, then listing id (recommended products: isRecommend): stable, so pages neither overlap nor skip.',
      `total is exact up to ${CATALOGUE_COUNT_CAP}; beyond it total = ${CATALOGUE_COUNT_CAP} and totalCapped = true.`,
      published,
      'A city the platform has not opened answers 40400.',
    ].join(' '),
    tags,
    handler: ({ body }) => catalogue.search(body),
  });

  defineRoute(app, api.productImage, {
    summary: '产品图片 An image of a published product',
    description:
      'Neither signed nor signed in, so an <img> can load it (a signature’s nonce is single-use, which would defeat the browser cache). Answers only uploads named in the product’s images, of a product that is enabled and listed in a city; anything else 40400. Cached publicly for 5 minutes; the ETag is the file’s SHA-256.',
    tags,
    access: 'bare',
    handler: async ({ params, request, reply }) => {
      const file = await catalogue.productImage(params.productId, params.uploadId);
      return sendStoredFile(reply, file, catalogue.open, {
        inline: true,
        publicCache: { maxAgeSeconds: 300, ifNoneMatch: request.headers['if-none-match'] },
      });
    },
  });
}
