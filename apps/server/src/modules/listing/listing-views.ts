import {
  type ListingItem,
  type ListingStatusValue,
  listingActionLabels,
  listingStatusLabels,
  type ProductDocumentKindValue,
  productDocumentKindLabels,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import { readingsOf } from '../evidence-reading/index.ts';
import type * as repo from './listing.repository.ts';
import { answersOf } from './listing-values.ts';

export const statusName = (status: number | null | undefined): string =>
  status === null || status === undefined ? '' : (listingStatusLabels[status as ListingStatusValue]?.zh ?? '');

export function listingItemView(v: repo.ListingView): ListingItem {
  const l = v.listing;
  return {
    id: l.id,
    productId: l.productId,
    materialName: v.materialName,
    brand: v.brand,
    classifyCode: v.classifyCode,
    classifyName: v.classifyName,
    orgId: l.orgId,
    orgName: v.orgName,
    cityCode: l.cityCode,
    cityName: v.cityName,
    status: l.status,
    statusName: statusName(l.status),
    govProcurement: l.govProcurement,
    notGreen: l.notGreen,
    notGreenReason: l.notGreenReason,
    rejectReason: l.rejectReason,
    submittedAt: formatOptionalShanghaiTime(l.submittedAt),
    listedAt: formatOptionalShanghaiTime(l.listedAt),
    updatedAt: formatShanghaiTime(l.updatedAt),
  };
}

const stateNumber = (s: string | null) => (s === null || s === '' ? null : Number(s));

export function auditLogView(row: Awaited<ReturnType<typeof repo.auditRows>>[number]) {
  const from = stateNumber(row.log.fromState);
  const to = stateNumber(row.log.toState);
  return {
    id: row.log.id,
    listingId: Number(row.log.entityId),
    action: row.log.action,
    actionName: listingActionLabels[row.log.action] ?? row.log.action,
    fromStatus: from,
    fromStatusName: from === null ? null : statusName(from),
    toStatus: to,
    toStatusName: to === null ? null : statusName(to),
    reason: row.log.reason,
    actor: row.log.actorUserId === null ? null : { id: row.log.actorUserId, realName: row.actorName },
    createTime: formatShanghaiTime(row.log.createdAt),
    answers: answersOf(row.log.detail),
    readings: readingsOf(row.log.detail),
  };
}

export function evidenceView(e: Awaited<ReturnType<typeof repo.evidence>>) {
  if (!e.product) throw new Error('evidence of a missing product');
  const p = e.product.product;
  return {
    product: {
      id: p.id,
      name: p.name,
      brand: p.brand,
      classifyCode: p.classifyCode,
      classifyName: e.product.classifyName,
      materialType: p.materialType,
      description: p.description,
      enableStatus: p.enableStatus,
      images: p.images,
      isPrefabricated: p.isPrefabricated,
      isLowCarbon: p.isLowCarbon,
      isGreen: p.isGreen,
      starRating: p.starRating,
      greenValidUntil: p.greenValidUntil,
      isGovProcurement: p.isGovProcurement,
    },
    specs: e.specs.map((s) => ({
      id: s.id,
      name: s.name,
      model: s.model,
      unitId: s.unitId,
      price: s.price,
      status: s.status,
    })),
    documents: e.documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      kindName: productDocumentKindLabels[d.kind as ProductDocumentKindValue]?.zh ?? '',
      name: d.name,
      uploadId: d.uploadId,
      certNo: d.certNo,
      issuer: d.issuer,
      starRating: d.starRating,
      validFrom: d.validFrom,
      validUntil: d.validUntil,
    })),
  };
}

/** Columns of the export (exportData and exportXls share them). */
export const exportColumns = [
  { key: 'id', title: '编号', width: 8 },
  { key: 'materialName', title: '产品名称', width: 28 },
  { key: 'brand', title: '品牌', width: 14 },
  { key: 'classifyName', title: '产品分类', width: 18 },
  { key: 'orgName', title: '生产企业', width: 28 },
  { key: 'cityName', title: '入库城市', width: 10 },
  { key: 'statusName', title: '状态', width: 12 },
  { key: 'govProcurement', title: '符合政府采购需求标准', width: 12 },
  { key: 'notGreen', title: '城市认定非绿色建材', width: 12 },
  { key: 'rejectReason', title: '驳回原因', width: 30 },
  { key: 'submittedAt', title: '提交时间', width: 20 },
  { key: 'listedAt', title: '入库时间', width: 20 },
] as const;

export function exportRow(item: ListingItem): Record<string, string | number | null> {
  return {
    id: item.id,
    materialName: item.materialName,
    brand: item.brand,
    classifyName: item.classifyName,
    orgName: item.orgName,
    cityName: item.cityName,
    statusName: item.statusName,
    govProcurement: item.govProcurement ? '是' : '否',
    notGreen: item.notGreen ? '是' : '否',
    rejectReason: item.rejectReason,
    submittedAt: item.submittedAt,
    listedAt: item.listedAt,
  };
}
