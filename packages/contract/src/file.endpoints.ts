import { endpoint } from './endpoint.ts';
import { uploadData } from './file.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/** GET /api/file/{id}: the id of one of the organisation's uploads. */
export const fileIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

/** Uploads and the organisation's files. */
export const fileEndpoints = {
  upload: endpoint({ method: 'POST', path: '/api/file/upload', response: uploadData, upload: true }),
  download: endpoint({ method: 'GET', path: '/api/file/{id}', params: fileIdParams }),
};
