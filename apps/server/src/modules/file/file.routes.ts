import { fileEndpoints as api, ResponseCode } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { FileService } from './file.service.ts';

const tags = ['文件 Files'];

export function registerFileRoutes(app: FastifyInstance, files: FileService) {
  defineRoute(app, api.upload, {
    summary: '上传文件 Upload a file (multipart, field "file")',
    description:
      'Signed through the query string. PDF, PNG, JPG, GIF, WEBP, DOCX or XLSX, recognised by content; 20 MB at most (MAX_UPLOAD_MB). Answers 41300 when too large and 41500 for other types.',
    tags,
    handler: async ({ user, request }) => {
      if (!request.isMultipart())
        throw new AppError(ResponseCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 上传文件');
      const part = await request.file();
      if (!part)
        throw new AppError(ResponseCode.INVALID_INPUT, '请选择文件', {
          fields: [{ field: 'file', message: '请选择文件' }],
        });
      const bytes = await part.toBuffer();
      return files.store(user, part.filename, bytes);
    },
  });

  defineRoute(app, api.download, {
    summary: "下载文件 Download one of the organisation's files",
    tags,
    handler: async ({ user, params, reply }) => {
      return sendStoredFile(reply, await files.get(user, params.id), files.open);
    },
  });
}
