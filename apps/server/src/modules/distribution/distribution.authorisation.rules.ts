import { CertStatus, type FieldError, OrgType, regionsOverlap } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { conflict, invalidInput } from '../../lib/errors.ts';
import * as repo from './distribution.authorisation.repository.ts';

/**
 * The checks of an authorisation's scope (docs/distribution.md, "Rules on issue"): on every save and again on issue,
 * that the distributor is a certified distributor, the products and specifications the maker's own, the project and
 * the regions real; on issue, the exclusivity and collusion rules. Each refusal names its field (400) or, for a
 * conflict with another letter, that letter's number (409).
 */

/** A letter's scope as stored: one item per product (all specifications) or per chosen specification. */
export interface Scope {
  distributorOrgId: number;
  kind: 'general' | 'project';
  projectId: number | null;
  projectName: string | null;
  tenderNo: string | null;
  exclusive: boolean;
  regionCodes: string[];
  validFrom: string;
  validUntil: string;
  items: { productId: number; specId: number | null; quantityCap: string | null }[];
}

/** Where an item came from in the body, to name the field of a refusal (`items.<i>.productId`, `….specIds.<j>`). */
export interface ItemOrigin {
  index: number;
  /** The position in `specIds`, or null for "all specifications". */
  specIndex: number | null;
}

export async function checkScope(
  tx: Tx,
  makerOrgId: number,
  scope: Scope,
  origins: readonly ItemOrigin[],
): Promise<void> {
  const fields: FieldError[] = [];
  const distributor = (await repo.orgsById(tx, [scope.distributorOrgId])).get(scope.distributorOrgId);
  if (!distributor) fields.push({ field: 'distributorOrgId', message: '经销商不存在' });
  else if (distributor.type !== OrgType.DISTRIBUTOR)
    fields.push({ field: 'distributorOrgId', message: '所选单位不是经销商，只能授权经销商' });
  else if (distributor.certStatus !== CertStatus.CERTIFIED)
    fields.push({ field: 'distributorOrgId', message: '该经销商尚未通过平台认证' });

  const productIds = scope.items.map((i) => i.productId);
  const own = await repo.productsOfMaker(tx, makerOrgId, productIds);
  const specs = await repo.specsOfProducts(tx, productIds);
  const named = new Set<number>();
  scope.items.forEach((item, k) => {
    const origin = origins[k] ?? { index: k, specIndex: null };
    if (!own.has(item.productId)) {
      if (!named.has(origin.index))
        fields.push({ field: `items.${origin.index}.productId`, message: '只能授权本企业的产品' });
      named.add(origin.index);
      return;
    }
    if (item.specId !== null && specs.get(item.specId) !== item.productId)
      fields.push({ field: `items.${origin.index}.specIds.${origin.specIndex}`, message: '规格型号不属于该产品' });
  });

  if (scope.projectId !== null && (await repo.projectNames(tx, [scope.projectId])).size === 0)
    fields.push({ field: 'projectId', message: '项目不存在' });
  const names = await repo.divisionNames(tx, scope.regionCodes);
  scope.regionCodes.forEach((code, i) => {
    if (!names.has(code)) fields.push({ field: `regionCodes.${i}`, message: '行政区划代码不存在' });
  });
  if (fields.length > 0) throw invalidInput(fields);
}

/** A maker may not authorise an agent for a platform project it takes part in itself (collusion, 串通投标). */
export async function checkCollusion(tx: Tx, makerOrgId: number, scope: Scope): Promise<void> {
  if (scope.kind !== 'project' || scope.projectId === null) return;
  if (await repo.makerTakesPart(tx, makerOrgId, scope.projectId))
    throw invalidInput([
      { field: 'projectId', message: '本企业是该项目的参建单位，不能为该项目授权经销商（防止串通投标）' },
    ]);
}

type Candidate = Awaited<ReturnType<typeof repo.overlappingCandidates>>[number];

/** Whether two letters' projects can meet: either is general, or both name the same project or tender. */
function projectsMeet(scope: Scope, other: Candidate): boolean {
  if (scope.kind === 'general' || other.kind === 'general') return true;
  if (scope.projectId !== null && scope.projectId === other.projectId) return true;
  if (scope.tenderNo && scope.tenderNo === other.tenderNo) return true;
  return Boolean(scope.projectName && scope.projectName === other.projectName);
}

/**
 * Sole authorisation (唯一授权): an exclusive letter refuses to issue while another of the maker's issued letters
 * (to another distributor, not of the same chain, not final) shares a product (the same specification, or either
 * covering all), a region (`regionsOverlap`), a day of its period and a project; and a letter of any kind refuses to
 * issue into another's exclusive scope. The caller holds the maker's issue lock.
 */
export async function checkExclusivity(tx: Tx, makerOrgId: number, chainId: number, scope: Scope): Promise<void> {
  const candidates = await repo.overlappingCandidates(tx, {
    makerOrgId,
    chainId,
    validFrom: scope.validFrom,
    validUntil: scope.validUntil,
    productIds: scope.items.map((i) => i.productId),
  });
  const clash = candidates.find(
    (c) =>
      (scope.exclusive || c.exclusive) &&
      c.distributorOrgId !== scope.distributorOrgId &&
      scope.items.some(
        (i) => i.productId === c.productId && (i.specId === null || c.specId === null || i.specId === c.specId),
      ) &&
      scope.regionCodes.some((r) => c.regionCodes.some((o) => regionsOverlap(r, o))) &&
      projectsMeet(scope, c),
  );
  if (!clash) return;
  throw conflict(
    scope.exclusive
      ? `独家授权与已签发的授权书 ${clash.number} 的产品、区域和期限重叠，不能签发`
      : `已签发的独家授权书 ${clash.number} 覆盖了相同的产品、区域和期限，不能签发`,
  );
}
