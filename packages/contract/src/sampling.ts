import { pageOf } from './envelope.ts';
import { blankToUndefined, digitsToNumber, positiveId, takeSkip } from './params.ts';
import { z } from './zod.ts';

/** Supervision sampling (spot checks) of a manufacturer's products: results recorded by supervision units. */
export const SamplingResult = { PASS: 1, FAIL: 2 } as const;
export const samplingResultLabels: Record<number, { zh: string; en: string }> = {
  1: { zh: '合格', en: 'Pass' },
  2: { zh: '不合格', en: 'Fail' },
};

const productFilter = z.preprocess(blankToUndefined, positiveId('产品编号').optional());

export const samplingPageBody = z.object({
  ...takeSkip(10, 100),
  productId: productFilter,
  result: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z.union([z.literal(1), z.literal(2)], { error: '抽检结果只能是 1（合格）或 2（不合格）' }).optional(),
  ),
});
export type SamplingPageBody = z.input<typeof samplingPageBody>;

export const samplingItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  specModel: z.string().nullable(),
  projectName: z.string(),
  samplingOrgName: z.string(),
  sampledAt: z.string(),
  result: z.number().int(),
  resultName: z.string(),
  remark: z.string().nullable(),
  report: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export const samplingPage = pageOf(samplingItem);
export type SamplingItem = z.infer<typeof samplingItem>;

export const samplingProductQuery = z.object({ productId: productFilter });
export const samplingIdParams = z.object({ id: positiveId('抽检记录编号') });

/** checkStateObjects: the result states with how many of the caller's samplings are in each. */
export const samplingStateObjects = z.array(
  z.object({ value: z.number().int(), label: z.string(), enLabel: z.string(), count: z.number().int() }),
);
export const samplingCount = z.object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int() });
