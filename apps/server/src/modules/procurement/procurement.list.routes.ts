import { materialListEndpoints as api, ResponseCode } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { AppError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/route.ts';
import { BUYER_ORG_TYPES } from './procurement.access.ts';
import { TEMPLATE_FILE_NAME } from './procurement.list.import.ts';
import { createMaterialListService } from './procurement.list.service.ts';
import type { ProcurementDeps } from './procurement.routes.ts';

const tags = ['材料清单 Material lists'];
const orgTypes = BUYER_ORG_TYPES;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const who =
  'The project’s developer and the construction units that joined it (other organisation types 403; anyone else 404).';
const locked =
  'While the list is confirmed, adding or removing lines, or changing a line’s class, unit, quantity or required-by date: 409.';

/** Procurement's list calls (docs/procurement.md, "Material lists"). */
export function registerMaterialListRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const lists = createMaterialListService(deps);

  defineRoute(app, api.materialList, {
    summary: '材料清单 A project’s list: lines with their policy kind and green-as-planned, compliance, versions',
    description: `Each line's category and kind under the project's edition (policyOf + placeLine), green when its chosen product has evidence green on its required-by date; complianceOf over the lines; placement (classify code → category) for the console's live panel. Before the first save: an empty draft. ${who}`,
    tags,
    orgTypes,
    handler: ({ user, query }) => lists.detail(user, query.projectId),
  });
  defineRoute(app, api.materialListSave, {
    summary: '保存清单 Add, change and remove lines in one transaction (the list is created on its first save)',
    description: `Lines with an id change that line; without, add one; removedLineIds take lines off (kept with removed_at). A line an inquiry or an order names cannot be removed: 409 naming why. Unknown classification, unit outside the 37, quantity ≤ 0, bad date, negative price: 400 per field. More than MATERIAL_LINES_MAX lines: 400 on lines. ${locked} ${who}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => lists.save(user, body),
  });
  defineRoute(app, api.materialListConfirm, {
    summary: '确认清单 draft → confirmed: quantities locked, the lines kept as the version',
    description: `An empty list, or one already confirmed: 409. The other buyers on the project are told. ${who}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => lists.confirm(user, body.projectId),
  });
  defineRoute(app, api.materialListReopen, {
    summary: '重新编制 confirmed → draft of the next version, with a reason',
    description: `Only a confirmed list: 409 otherwise. The confirmed version keeps its lines and records the reason. ${who}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => lists.reopen(user, body.projectId, body.reason),
  });
  defineRoute(app, api.materialListVersion, {
    summary: '清单版本 A confirmed version’s lines as they were confirmed',
    description: `An unknown version: 404. ${who}`,
    tags,
    orgTypes,
    handler: ({ user, query }) => lists.version(user, query.projectId, query.version),
  });
  defineRoute(app, api.materialListImportTemplate, {
    summary: '导入模板 The list import’s .xlsx template',
    description: `Answers the file: the sheet 材料清单 with its columns and an example row, the sheets 材料分类代码 and 计量单位. ${who}`,
    tags,
    orgTypes,
    handler: async ({ user, query, reply }) => {
      const bytes = await lists.template(user, query.projectId);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(TEMPLATE_FILE_NAME, { fallback: 'materials-template.xlsx' }))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  });
  defineRoute(app, api.materialListImportPreview, {
    summary: '导入预览 Check an .xlsx row by row: each row valid (its line) or with its field errors',
    description: `Multipart, field "file", signed through the query. Nothing is written; the console adds the valid rows with importCommit. Not an .xlsx, no header, a required column missing, no row or more than MATERIAL_IMPORT_ROWS_MAX rows: 400 on file. ${who}`,
    tags,
    orgTypes,
    handler: async ({ user, query, request }) => {
      if (!request.isMultipart()) {
        throw new AppError(ResponseCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 上传文件');
      }
      const part = await request.file();
      if (!part) {
        throw new AppError(ResponseCode.INVALID_INPUT, '请选择文件', {
          fields: [{ field: 'file', message: '请选择文件' }],
        });
      }
      return lists.preview(user, query.projectId, { name: part.filename, bytes: await part.toBuffer() });
    },
  });
  defineRoute(app, api.materialListImportCommit, {
    summary: '确认导入 Add the valid rows of a preview as lines (source import), in one transaction',
    description: `Checked again as a save's new lines (400 per field lines.N.x). ${locked} ${who}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => lists.importCommit(user, body),
  });
  defineRoute(app, api.materialListCopySources, {
    summary: '可复制的项目 The other projects the caller buys for whose lists have lines',
    description: who,
    tags,
    orgTypes,
    handler: ({ user, query }) => lists.copySources(user, query.projectId),
  });
  defineRoute(app, api.materialListCopy, {
    summary: '从其他项目复制 Add another project’s lines (source copy; not its chosen products)',
    description: `fromProjectId: a project the caller also buys for (404 otherwise); the same project or an empty list: 400 on fromProjectId. ${locked} ${who}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => lists.copy(user, body),
  });
}
