import {
  type DocumentItem,
  type ListingStatusValue,
  listingStatusLabels,
  materialTypeLabels,
  ProductDocumentKind,
  type ProductDocumentKindValue,
  type ProductItem,
  productDocumentKindLabels,
  productEnableStatusLabels,
  type SpecItem,
  specStatusLabels,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { DocumentRow } from './document.repository.ts';
import type { ProductRow } from './product.repository.ts';
import { greenNow, isValidGreenCertificate } from './product-tags.ts';
import type { SpecRow } from './spec.repository.ts';

/** Rows → answers of the contract. Every view takes `today` so an expired certificate shows as expired at once. */

export function tagsView(p: ProductRow, today: string) {
  const green = greenNow(p, today);
  return {
    isPrefabricated: p.isPrefabricated,
    isLowCarbon: p.isLowCarbon,
    isGreen: green,
    starRating: green ? p.starRating : null,
    greenValidUntil: green ? p.greenValidUntil : null,
    isGovProcurement: p.isGovProcurement,
  };
}

export function imagesView(ids: readonly number[], names: Map<number, string>) {
  return ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) as string }));
}

export function productItemView(
  row: { product: ProductRow; classifyName: string; specCount: number; minPrice: string | null },
  names: Map<number, string>,
  today: string,
): ProductItem {
  const p = row.product;
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    classifyCode: p.classifyCode,
    classifyName: row.classifyName,
    materialType: p.materialType,
    materialTypeName: materialTypeLabels[p.materialType] ?? '',
    images: imagesView(p.images, names),
    enableStatus: p.enableStatus,
    enableStatusName: productEnableStatusLabels[p.enableStatus] ?? '',
    recommended: p.recommended,
    tags: tagsView(p, today),
    specCount: Number(row.specCount),
    minPrice: row.minPrice === null ? null : Number(row.minPrice).toFixed(2),
    createdAt: formatShanghaiTime(p.createdAt),
    updatedAt: formatShanghaiTime(p.updatedAt),
  };
}

/** numeric columns come back as text; prices always with two decimals, quantities without trailing zeros. */
const price = (v: string | null) => (v === null ? null : Number(v).toFixed(2));
const quantity = (v: string | null) => (v === null ? null : String(Number(v)));

export function specView(row: { spec: SpecRow; unitName: string }): SpecItem {
  const s = row.spec;
  return {
    id: s.id,
    productId: s.productId,
    name: s.name,
    model: s.model,
    unitId: s.unitId,
    unitName: row.unitName,
    price: price(s.price),
    minOrder: quantity(s.minOrder),
    massPerUnitKg: quantity(s.massPerUnitKg),
    status: s.status,
    statusName: specStatusLabels[s.status] ?? '',
    createdAt: formatShanghaiTime(s.createdAt),
    updatedAt: formatShanghaiTime(s.updatedAt),
  };
}

export function documentView(row: { doc: DocumentRow; fileName: string | null }, today: string): DocumentItem {
  const d = row.doc;
  const isCert = d.kind === ProductDocumentKind.GREEN_CERTIFICATE;
  return {
    id: d.id,
    productId: d.productId,
    kind: d.kind,
    kindName: productDocumentKindLabels[d.kind as ProductDocumentKindValue]?.zh ?? '',
    name: d.name,
    file: d.uploadId !== null && row.fileName !== null ? { id: d.uploadId, name: row.fileName } : null,
    certNo: d.certNo,
    issuer: d.issuer,
    starRating: d.starRating,
    validFrom: d.validFrom,
    validUntil: d.validUntil,
    valid: isCert ? isValidGreenCertificate(d, today) : null,
    certificateId: d.certificateId,
    createdAt: formatShanghaiTime(d.createdAt),
  };
}

export function listingView(l: {
  id: number;
  cityCode: string;
  cityName: string;
  status: number;
  rejectReason: string | null;
}) {
  return {
    ...l,
    statusName: listingStatusLabels[l.status as ListingStatusValue]?.zh ?? '',
  };
}
