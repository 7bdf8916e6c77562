import { z } from './zod.ts';

// Defined beside the codes so that clients can read answers without loading zod (`@jcbb/contract/codes`).
export { type Envelope, isMaterialsPath } from './codes.ts';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Take/skip paging used by list calls (spec §3). */
export const pageQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
