import { evidenceReadingEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { ReadingService } from './reading.service.ts';

const tags = ['证据识别 Evidence reading'];
const sees =
  'Who sees the document where it is used: subject product — the product’s manufacturer; listing — the manufacturer, ' +
  'the platform and (from city audit on) the city’s committee; revision — the same for the revised product. Anyone ' +
  'else, or an upload that is not one of the subject’s certificates or test reports: 404.';

export function registerReadingRoutes(app: FastifyInstance, deps: { readings: ReadingService }) {
  const { readings } = deps;

  defineRoute(app, api.reading, {
    summary: '证据识别结果 A certificate or test report as read on the platform, with its checks',
    description:
      `${sees} state: queued, reading (pagesDone of pagesTotal), done, refused (encrypted, too many pages, damaged…: ` +
      'refusal says why) or failed. Once done: the fields as read with their page and box, the auditors’ last word ' +
      'on each, the test items, and the findings of the checks (rules ER-01…ER-10 of docs/evidence-reading.md), ' +
      'failed first. Checks run on the corrected values.',
    tags,
    handler: ({ user, query }) => readings.reading(user, query),
  });
  defineRoute(app, api.page, {
    summary: '识别页面预览 A page of the document as a JPEG, for the fields’ boxes to be drawn over',
    description: `${sees} A page the reading has no preview of: 404.`,
    tags,
    handler: async ({ user, query, reply }) =>
      sendStoredFile(reply, await readings.page(user, query), readings.openPage, { inline: true }),
  });
  defineRoute(app, api.review, {
    summary: '核对识别字段 An auditor confirms or corrects a field as read',
    description:
      `${sees} Only an auditor of the subject (the platform or the city’s committee on a listing or revision): the ` +
      'manufacturer 403. Every word is kept with who and when; the checks then use the corrected value.',
    tags,
    handler: ({ user, body }) => readings.review(user, body),
  });
}
