import { skipField, takeField } from './params.ts';
import { z } from './zod.ts';

// Defined beside the codes so that clients can read answers without loading zod (`@jcbb/contract/codes`).
export { type Envelope, isMaterialsPath } from './codes.ts';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Take/skip paging used by list calls (spec §3). */
export const pageQuerySchema = z.object({ take: takeField(10, 100), skip: skipField(Number.MAX_SAFE_INTEGER) });

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
