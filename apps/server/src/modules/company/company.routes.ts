import { companyEndpoints as api, COMPANY_WORD_DEFAULT_TITLE, OrgType } from '@jcbb/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { CompanyService } from './company.service.ts';

const tags = ['企业 Companies'];
const manufacturer = [OrgType.MANUFACTURER];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function registerCompanyRoutes(app: FastifyInstance, companies: CompanyService) {
  defineRoute(app, api.getCompanyInfoByName, {
    summary: '按名称查询企业 Organisations by a fragment of their name',
    description:
      'Any signed-in user. Case-insensitive, matched anywhere (% and _ literal); shortest names first; take default 20, at most 50. Public register fields only (name, type, credit code, region, address, certified).',
    tags,
    handler: ({ body }) => companies.findByName(body.name, body.take),
  });

  defineRoute(app, api.getCityIdByCompanyId, {
    summary: '企业所在城市 The city of an organisation’s region',
    description:
      'The caller’s own organisation (platform staff: any); another organisation answers 40400. cityCode is the prefecture-level division of the registered region (320115 → 320100); null when the region is a province or missing.',
    tags,
    handler: ({ user, params }) => companies.cityOf(user, params.companyId),
  });

  const wordDescription = `The caller's manufacturer's application form for a city (${COMPANY_WORD_DEFAULT_TITLE}) as a .docx file: the company's details and its products listed or applying in that city (classification, specifications, tags, certificates). cityLetter: the city site's letter (nj) or its code; a city the platform has not opened answers 40000. tmpName: the form's title, also the file name's first part (Content-Disposition with an RFC 5987 UTF-8 name). Callers that are not a manufacturer answer 40300.`;
  const sendWord = async (user: SessionUser, reply: FastifyReply, cityLetter: string, tmpName?: string) => {
    const file = await companies.word(user, cityLetter, tmpName);
    return reply
      .header('content-type', DOCX)
      .header('content-length', String(file.bytes.length))
      .header('content-disposition', contentDisposition(file.fileName, { fallback: 'application-form.docx' }))
      .send(file.bytes);
  };

  defineRoute(app, api.downWordInfoByCompanyId, {
    summary: '下载入库申请表 The company’s application form for a city (.docx)',
    description: `${wordDescription} POST carries cityLetter and tmpName in the signed JSON body; GET on the same path takes them in the (signed) query.`,
    tags,
    orgTypes: manufacturer,
    handler: ({ user, body, reply }) => sendWord(user, reply, body.cityLetter, body.tmpName),
  });

  defineRoute(app, api.downWordInfoByCompanyIdGet, {
    summary: '下载入库申请表（GET） The same form, parameters in the query',
    description: wordDescription,
    tags,
    orgTypes: manufacturer,
    handler: ({ user, query, reply }) => sendWord(user, reply, query.cityLetter, query.tmpName),
  });
}
