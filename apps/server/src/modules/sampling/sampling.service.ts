import { type SamplingItem, SamplingResult, samplingResultLabels } from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './sampling.repository.ts';

export type SamplingService = ReturnType<typeof createSamplingService>;

function toItem(r: repo.SamplingRow): SamplingItem {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    specId: r.specId,
    specName: r.specName,
    specModel: r.specModel,
    projectName: r.projectName,
    samplingOrgName: r.samplingOrgName,
    sampledAt: formatShanghaiTime(r.sampledAt),
    result: r.result,
    resultName: samplingResultLabels[r.result]?.zh ?? '',
    remark: r.remark,
    report: r.reportId !== null && r.reportName !== null ? { id: r.reportId, name: r.reportName } : null,
  };
}

/** Sampling results about the caller's manufacturer's products: read-only here, written by the projects module. */
export function createSamplingService({ db }: { db: Db }) {
  /**
   * The caller's manufacturer (the routes declare `orgTypes: [OrgType.MANUFACTURER]`, so only a manufacturer's user
   * gets here); a product filter must name one of its products (404 otherwise).
   */
  async function scope(user: SessionUser, productId?: number): Promise<number> {
    const orgId = callerOrgId(user);
    if (productId !== undefined && !(await repo.productOfOrg(db, productId, orgId))) {
      throw notFound('产品不存在');
    }
    return orgId;
  }

  return {
    async latestPage(user: SessionUser, f: { take: number; skip: number; productId?: number; result?: number }) {
      const orgId = await scope(user, f.productId);
      const { rows, total } = await repo.page(db, orgId, f);
      return { list: rows.map(toItem), total };
    },

    async detail(user: SessionUser, id: number) {
      const orgId = await scope(user);
      const row = await repo.findOne(db, orgId, id);
      if (!row) throw notFound('抽检记录不存在');
      return toItem(row);
    },

    async stateObjects(user: SessionUser, productId?: number) {
      const orgId = await scope(user, productId);
      const counts = await repo.countsByResult(db, orgId, { productId });
      return [SamplingResult.PASS, SamplingResult.FAIL].map((value) => ({
        value,
        label: samplingResultLabels[value]?.zh ?? '',
        enLabel: samplingResultLabels[value]?.en ?? '',
        count: counts.get(value) ?? 0,
      }));
    },

    async count(user: SessionUser, productId?: number) {
      const orgId = await scope(user, productId);
      const counts = await repo.countsByResult(db, orgId, { productId });
      const passed = counts.get(SamplingResult.PASS) ?? 0;
      const failed = counts.get(SamplingResult.FAIL) ?? 0;
      return { total: passed + failed, passed, failed };
    },
  };
}
