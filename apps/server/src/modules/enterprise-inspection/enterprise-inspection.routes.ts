import { enterpriseInspectionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { FileService } from '../file/index.ts';
import { createInspectionService } from './enterprise-inspection.service.ts';

const tags = ['企业检查 Enterprise inspection'];
/** Who enters records: certification bodies, and city committees (government organisations; the role is checked). */
const INSPECTORS = [OrgType.CERTIFICATION_BODY, OrgType.GOVERNMENT] as const;
/** Who reads records: the subject (a manufacturer) and the inspectors. */
const READERS = [OrgType.MANUFACTURER, ...INSPECTORS] as const;
const sees = 'The organisation inspected and the organisation that inspected it; anyone else 404.';

export function registerEnterpriseInspectionRoutes(app: FastifyInstance, deps: { db: Db; files: FileService }) {
  const svc = createInspectionService({ db: deps.db });

  defineRoute(app, api.health, {
    summary: '企业体检 The organisation’s compliance health and calendar of expiries',
    description:
      'Computed now from the platform’s records: certificates (valid, expiring within 30/60/90 days, expired, revoked), listings (active, rejected, per city), authorisations ending within 90 days, failed samplings and spot checks in the last 12 months, open rectifications, products missing documents or mass per unit. Days in Asia/Shanghai.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: async ({ user }) => svc.health(user),
  });
  defineRoute(app, api.subjects, {
    summary: '可检查单位 The organisations the caller oversees, with their products',
    description:
      'A certification body: the holders of certificates it issued. A city committee: organisations with a product listed or applied for in its city.',
    tags,
    orgTypes: INSPECTORS,
    handler: async ({ user }) => svc.subjects(user),
  });
  defineRoute(app, api.list, {
    summary: '检查记录 Records about the caller’s organisation or entered by it',
    tags,
    orgTypes: READERS,
    handler: async ({ user, query }) => svc.list(user, query),
  });
  defineRoute(app, api.create, {
    summary: '录入检查记录 Enter an inspection record for an overseen organisation',
    description:
      '合格 is entered closed; 不合格 and 限期整改 open (限期整改 needs a deadline, not before the inspection). An organisation the caller does not oversee: 404. The subject is told.',
    tags,
    orgTypes: INSPECTORS,
    handler: async ({ user, body }) => svc.create(user, body),
  });
  defineRoute(app, api.detail, {
    summary: '检查记录详情 One record with its files and the caller’s actions',
    description: sees,
    tags,
    orgTypes: READERS,
    handler: async ({ user, params }) => svc.detail(user, params.id),
  });
  defineRoute(app, api.file, {
    summary: '检查记录文件 One of a record’s evidence or rectification files',
    description: sees,
    tags,
    orgTypes: READERS,
    handler: async ({ user, query, reply }) =>
      sendStoredFile(reply, await svc.file(user, query.id, query.uploadId), (sha256) => deps.files.open(sha256)),
  });
  defineRoute(app, api.submit, {
    summary: '提交整改 open → submitted: the subject’s rectification (text, files); the inspector is told',
    description: sees,
    tags,
    orgTypes: READERS,
    handler: async ({ user, params, body }) => svc.submit(user, params.id, body),
  });
  defineRoute(app, api.close, {
    summary: '关闭 submitted → closed: the inspector accepts the rectification; the subject is told',
    description: sees,
    tags,
    orgTypes: READERS,
    handler: async ({ user, params, body }) => svc.close(user, params.id, body.remark),
  });
  defineRoute(app, api.reopen, {
    summary: '退回 submitted → open: the inspector sends the rectification back with a reason; the subject is told',
    description: sees,
    tags,
    orgTypes: READERS,
    handler: async ({ user, params, body }) => svc.reopen(user, params.id, body.reason),
  });
}
