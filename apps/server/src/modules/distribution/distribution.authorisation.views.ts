import {
  type AuthorisationDetail,
  type AuthorisationListItem,
  type AuthorisationScopeItemView,
  authorisationState,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { daysBetween, formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import * as repo from './distribution.authorisation.repository.ts';
import { type AuthorisationActor, authorisationActions } from './distribution.transitions.ts';

/** Rows into the contract's answers (list items, the detail with its chain of versions), read in batches. */

export const stateOf = (row: Pick<repo.AuthorisationRow, 'status' | 'validUntil'>, today: string) =>
  authorisationState(row.status as StoredAuthorisationStatus, row.validUntil, today);

const specLabel = (i: repo.ItemWithNames) => [i.specName, i.specModel].filter(Boolean).join(' ');

function itemView(i: repo.ItemWithNames, units: Map<number, string[]>): AuthorisationScopeItemView {
  const cap = i.quantityCap === null ? null : toMilli(i.quantityCap);
  const shipped = toMilli(i.shippedQuantity);
  const productUnits = units.get(i.productId) ?? [];
  return {
    id: i.id,
    productId: i.productId,
    productName: i.productName,
    specs: i.specId === null ? [] : [{ id: i.specId, name: specLabel(i) }],
    allSpecs: i.specId === null,
    unit: i.specId === null ? (productUnits.length === 1 ? (productUnits[0] as string) : null) : i.unit,
    quantityCap: cap === null ? null : fromMilli(cap),
    shippedQuantity: fromMilli(shipped),
    remainingQuantity: cap === null ? null : fromMilli(Math.max(0, cap - shipped)),
  };
}

/** 「3 个产品（2 个指定型号）· 江苏省、上海市」 */
function scopeSummary(items: AuthorisationScopeItemView[], regions: { name: string }[]): string {
  const productCount = new Set(items.map((i) => i.productId)).size;
  const chosen = items.filter((i) => !i.allSpecs).length;
  const products = chosen > 0 ? `${productCount} 个产品（${chosen} 个指定型号）` : `${productCount} 个产品（全部型号）`;
  const names = regions.map((r) => r.name);
  const where = names.length > 3 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 个地区` : names.join('、');
  return `${products} · ${where}`;
}

/** The caller's side of a letter (the service checked it is one of the two parties). */
export const sideOf = (row: repo.AuthorisationRow, orgId: number): AuthorisationActor =>
  row.makerOrgId === orgId ? 'maker' : 'distributor';

export async function listItems(
  tx: Tx,
  rows: repo.AuthorisationRow[],
  viewer: { orgId: number; today: string },
): Promise<AuthorisationListItem[]> {
  const ids = rows.map((r) => r.id);
  const [items, orgs, projects, regionNames, successors] = await Promise.all([
    repo.itemsOf(tx, ids),
    repo.orgsById(
      tx,
      rows.flatMap((r) => [r.makerOrgId, r.distributorOrgId]),
    ),
    repo.projectNames(
      tx,
      rows.flatMap((r) => (r.projectId === null ? [] : [r.projectId])),
    ),
    repo.divisionNames(
      tx,
      rows.flatMap((r) => r.regionCodes),
    ),
    repo.successorsOf(tx, ids),
  ]);
  const units = await repo.productUnitsOf(tx, [...new Set(items.map((i) => i.productId))]);
  return rows.map((r) => {
    const own = items.filter((i) => i.authorisationId === r.id).map((i) => itemView(i, units));
    const regions = r.regionCodes.map((code) => ({ code, name: regionNames.get(code) ?? code }));
    const state = stateOf(r, viewer.today);
    const side = sideOf(r, viewer.orgId);
    const final = r.status === 'draft' || r.status === 'revoked' || r.status === 'superseded';
    // A letter with a newer version on its way is renewed already.
    const actions = authorisationActions(side, state).filter((a) => a !== 'renew' || !successors.has(r.id));
    return {
      id: r.id,
      publicId: r.publicId,
      number: r.number,
      chainId: r.chainId ?? r.id,
      version: r.version,
      maker: { id: r.makerOrgId, name: orgs.get(r.makerOrgId)?.name ?? '' },
      distributor: { id: r.distributorOrgId, name: orgs.get(r.distributorOrgId)?.name ?? '' },
      kind: r.kind as AuthorisationListItem['kind'],
      projectId: r.projectId,
      projectName: (r.projectId === null ? undefined : projects.get(r.projectId)) ?? r.projectName,
      tenderNo: r.tenderNo,
      exclusive: r.exclusive,
      regions,
      scopeSummary: scopeSummary(own, regions),
      items: own,
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      status: r.status as AuthorisationListItem['status'],
      state,
      expiresInDays: final ? null : daysBetween(viewer.today, r.validUntil),
      autoAccept: r.autoAccept,
      statusReason: r.statusReason,
      issuedAt: formatOptionalShanghaiTime(r.issuedAt),
      acceptedAt: formatOptionalShanghaiTime(r.acceptedAt),
      actions,
      updatedAt: formatShanghaiTime(r.updatedAt),
    };
  });
}

export async function detailView(
  tx: Tx,
  row: repo.AuthorisationRow,
  viewer: { orgId: number; today: string },
): Promise<AuthorisationDetail> {
  const [item] = await listItems(tx, [row], viewer);
  const side = sideOf(row, viewer.orgId);
  const chain = await repo.versionsOf(tx, row.chainId ?? row.id);
  // The distributor never sees the maker's drafts, of this chain either.
  const versions = chain
    .filter((v) => side === 'maker' || v.status !== 'draft')
    .map((v) => ({
      id: v.id,
      version: v.version,
      number: v.number,
      publicId: v.publicId,
      status: v.status as AuthorisationDetail['status'],
      state: stateOf(v, viewer.today),
      validFrom: v.validFrom,
      validUntil: v.validUntil,
      issuedAt: formatOptionalShanghaiTime(v.issuedAt),
    }));
  const successor = chain.find((v) => v.supersedesId === row.id && (side === 'maker' || v.status !== 'draft'));
  return {
    ...(item as AuthorisationListItem),
    afterSalesCommitment: row.afterSalesCommitment,
    supplyCommitment: row.supplyCommitment,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    supersedesId: row.supersedesId,
    supersededById: successor?.id ?? null,
    versions,
    contentSha256: row.contentSha256,
    leafIndex: row.leafIndex,
    statusChangedAt: formatOptionalShanghaiTime(row.statusChangedAt),
    statusLeafIndex: row.statusLeafIndex,
    verifyUrl: row.status === 'draft' ? null : pageUrl(pages.authorisationVerify, { id: row.publicId }),
  };
}
