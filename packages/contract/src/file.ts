import { z } from './zod.ts';

/** Answer of POST /api/file/upload: the organisation's upload record of a content-addressed file. */
export const uploadData = z.object({
  id: z.number().int(),
  name: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type UploadData = z.infer<typeof uploadData>;

/** The largest upload the server accepts by default (its MAX_UPLOAD_MB setting). */
export const MAX_UPLOAD_MB = 20;
