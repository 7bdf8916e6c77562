import { z } from 'zod';

/** Every JSON answer is `{ code, msg, data }` (DESIGN.md §3). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** The paths whose success code is 200 instead of 0: the materials service's. */
export const isMaterialsPath = (path: string): boolean =>
  path.startsWith('/materials/') || path.startsWith('/open/materials/');

/** Take/skip paging used by list calls (spec §3). */
export const pageQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
