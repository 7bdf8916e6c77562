import { traceEndpoints as api, CODES_PER_CALL_MAX, OrgType, pages } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import { AGGREGATION_EVENTS_MAX, type CodeService, CSV_HEADER } from './trace.code.service.ts';

const tags = ['追溯 Traceability'];
const makers = [OrgType.MANUFACTURER];
const own = "Manufacturers only (403 for other organisation types); another manufacturer's lot answers 404.";

/** Trace codes of a lot: issue, list, export, print. */
export function registerCodeRoutes(
  app: FastifyInstance,
  codes: CodeService,
  config: Pick<Config, 'publicBaseUrl' | 'certificateFont'>,
) {
  /** Where printed links (QR codes, CSV rows) point: PUBLIC_BASE_URL, never the Host a request came with. */
  const baseUrl = config.publicBaseUrl;
  /** The labels print Chinese names in the certificates' CJK font (CERTIFICATE_FONT, else a Debian one). */
  const font = findCjkFont(config.certificateFont);

  defineRoute(app, api.codeGenerate, {
    summary: '生成追溯码 Issue trace codes for a lot',
    description: [
      '`count` top-level codes of `level`: an item code stands for unitsPerItem units; a package code gets',
      'itemsPerPackage item codes inside it and stands for their sum. Pallet codes are refused (400 on level).',
      `At most ${CODES_PER_CALL_MAX} codes per call, items inside packages included (400 on count); the top-level codes`,
      'of a lot may not cover more than its quantity (400 on count, naming what remains). Codes: 20 characters of',
      'base32 from 100 random bits. One EPCIS commissioning ObjectEvent (ILMD lotNumber, productionDate,',
      `itemExpirationDate) is put on the evidence ledger, and one packing AggregationEvent per package when a call makes at most ${AGGREGATION_EVENTS_MAX}.`,
      'Answers the top-level codes and the number of codes made. A certified manufacturer only (403',
      `企业认证通过后才能使用此功能). ${own}`,
    ].join(' '),
    tags,
    orgTypes: makers,
    certified: true,
    handler: ({ user, body }) => codes.generate(user, body),
  });

  defineRoute(app, api.codeList, {
    summary: '追溯码列表 A lot’s trace codes',
    description: `In issue order, each package followed by its items; topLevelOnly folds the items away (childCount says how many). holderName: who holds the code now. ${own}`,
    tags,
    orgTypes: makers,
    handler: ({ user, body }) => codes.list(user, body),
  });

  defineRoute(app, api.codeExport, {
    summary: '导出追溯码（CSV） A lot’s trace codes as a CSV file',
    description: `Answers the file itself (UTF-8 with a byte-order mark, so Excel opens it as UTF-8), one row per code: ${CSV_HEADER.join(',')}. The scan address is PUBLIC_BASE_URL + ${pages.scanDetail.path}?${pages.scanDetail.query}=…. ${own}`,
    tags,
    orgTypes: makers,
    handler: async ({ user, query, reply }) => {
      const { batchNo, csv } = await codes.exportCsv(user, query, baseUrl);
      const body = Buffer.from(csv, 'utf8');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', String(body.length))
        .header(
          'content-disposition',
          contentDisposition(`追溯码-${batchNo}.csv`, { fallback: `codes-${query.lotId}.csv` }),
        )
        .header('cache-control', 'no-store');
      return reply.send(body);
    },
  });

  defineRoute(app, api.labelSheet, {
    summary: '打印追溯码标签（PDF） A4 sheets of QR labels',
    description: [
      'Labels widthMm × heightMm (default 50 × 30), as many per A4 page as fit with 5 mm margins and 2 mm gaps; each',
      'carries the QR code of the public scan page, the code in groups of four, the product, specification and batch.',
      'The top-level codes by default, or one level; from skip on, at most',
      `${CODES_PER_CALL_MAX} labels per PDF. A lot without codes answers 400 on lotId. Answers the PDF itself. ${own}`,
    ].join(' '),
    tags,
    orgTypes: makers,
    handler: async ({ user, query, reply }) => {
      const { batchNo, pdf } = await codes.labelSheet(user, query, { baseUrl, font });
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header(
          'content-disposition',
          contentDisposition(`追溯码标签-${batchNo}.pdf`, { fallback: `labels-${query.lotId}.pdf` }),
        )
        .header('cache-control', 'no-store');
      return reply.send(pdf);
    },
  });
}
