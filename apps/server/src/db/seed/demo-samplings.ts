import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { productSamplings, productSpecs } from '../schema/index.ts';
import { daysAgoAtOfficeHour } from './demo-time.ts';

export interface DemoSamplingsInput {
  /** The demo manufacturer and some of its products (seedDemoProducts answers their ids). */
  orgId: number;
  productIds: readonly number[];
  /** The demo supervision unit (南京正衡工程监理有限公司), when it exists. */
  samplingOrg: { id: number | null; name: string };
}

const PROJECTS = ['南京江北新区人才公寓三期', '河西南部保障房 G32 地块', '仙林大学城图书馆改扩建'];

/**
 * A few supervision sampling results about the demo manufacturer's products (the spot-check screen), one of them
 * failed: written here because the projects module that records them does not exist yet. Runs in the caller's
 * transaction; answers how many rows it wrote.
 */
export async function seedDemoSamplings(tx: Tx, input: DemoSamplingsInput): Promise<number> {
  const productIds = input.productIds.slice(0, 4);
  if (productIds.length === 0) return 0;
  const specs = await tx
    .select({ id: productSpecs.id, productId: productSpecs.productId })
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...productIds]))
    .orderBy(asc(productSpecs.id));
  const now = new Date();
  const rows = productIds.flatMap((productId, i) => {
    const specId = specs.find((s) => s.productId === productId)?.id ?? null;
    const base = {
      productId,
      specId,
      orgId: input.orgId,
      samplingOrgId: input.samplingOrg.id,
      samplingOrgName: input.samplingOrg.name,
    };
    const first = {
      ...base,
      projectName: PROJECTS[i % PROJECTS.length] as string,
      sampledAt: daysAgoAtOfficeHour(now, 10 + i * 17, i),
      result: 1,
      remark: '见证取样送检，各项指标符合标准要求。',
    };
    // The second product also has a failed check, more recent than its passed one.
    return i === 1
      ? [
          first,
          {
            ...base,
            projectName: PROJECTS[2] as string,
            sampledAt: daysAgoAtOfficeHour(now, 3, 7),
            result: 2,
            remark: '导热系数 0.046 W/(m·K)，超出标准限值 0.040，已通知退场复检。',
          },
        ]
      : [first];
  });
  await tx.insert(productSamplings).values(rows);
  return rows.length;
}
