import {
  CertStatus,
  type LedgerDocTypeValue,
  ListingStatus,
  ledgerDocTypeLabels,
  listingStatusLabels,
  MaterialType,
  materialTypeLabels,
  type OrgSnapshotData,
  type OrgTypeValue,
  orgTypeLabels,
  type ProductSnapshotData,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime, shanghaiDate, shanghaiIso } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditAction, type AuditEntity, auditRows } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { evidenceAt } from '../ledger/index.ts';
import { deriveProductTags, isValidGreenCertificate } from '../product/index.ts';
import { divisionPath } from '../reference/index.ts';
import { fieldAt, type ListingAt, listingAt, type StateChange, stateAt } from './public-record.history.ts';
import * as repo from './public-record.repository.ts';

/** At most this many ledger entries in one snapshot (the newest); the answer says when there were more. */
const SNAPSHOT_ENTRIES = 100;
/** A company's snapshot reads at most this many of its products. */
const ORG_PRODUCTS = 100;

type Common = Pick<ProductSnapshotData, 'at' | 'atIso' | 'generatedAt' | 'certificates' | 'ledger'>;
type Certificate = ProductSnapshotData['certificates'][number];
type Documents = Awaited<ReturnType<typeof repo.documentsAt>>;

/** A record's dated state changes from its audit trail (read through lib/audit.ts). */
async function changesOf<E extends AuditEntity>(
  tx: Tx,
  entity: E,
  entityId: number,
  actions?: readonly AuditAction<E>[],
): Promise<StateChange[]> {
  const rows = await auditRows(tx, { entity, entityId, ...(actions ? { actions } : {}), take: 1000 });
  return rows.map(({ log }) => ({ at: log.createdAt, from: log.fromState, to: log.toState }));
}

type ListingRow = Awaited<ReturnType<typeof repo.listingsOf>>[number];

/** Each listing's public state at the moment (null: not public then). */
async function listingsAt(tx: Tx, rows: readonly ListingRow[], atMs: number) {
  const out: { listing: ListingRow; at: ListingAt }[] = [];
  for (const listing of rows) {
    const at = listingAt(listing, await changesOf(tx, 'listing', listing.id), atMs);
    if (at) out.push({ listing, at });
  }
  return out;
}

/** Enabled at the moment: from the enable/disable history, else as it is now. */
async function enabledAt(tx: Tx, product: { id: number; enableStatus: number }, atMs: number): Promise<boolean> {
  const known = stateAt(await changesOf(tx, 'product', product.id, ['set_enable_status']), atMs);
  return Number(known?.state ?? product.enableStatus) === 1;
}

/** The documents that stood at the moment: a platform certificate revoked by then no longer counts. */
const standing = (docs: Documents, atMs: number) =>
  docs.filter((d) => d.revokedAt === null || d.revokedAt.getTime() > atMs);

function certificatesOf(docs: Documents, names: Map<number, string>, day: string): Certificate[] {
  return docs
    .filter((d) => isValidGreenCertificate(d, day))
    .map((d) => ({
      certNo: d.certNo,
      issuer: d.issuer,
      starRating: d.starRating,
      validFrom: d.validFrom,
      validUntil: d.validUntil,
      stateName: '有效',
      revokedLater: formatOptionalShanghaiTime(d.revokedAt),
      platformIssued: d.certificateId !== null,
      productName: names.get(d.productId) ?? '',
    }));
}

/**
 * The ledger as it stood: the latest signed head at or before the moment, and the entries of the products' platform
 * certificates (with their revocations by then) and public documents, each with its proof against that head.
 */
async function ledgerAt(tx: Tx, productIds: number[], at: Date): Promise<ProductSnapshotData['ledger']> {
  const atMs = at.getTime();
  const wanted = new Map<number, { label: string; content: string | null }>();
  for (const c of await repo.certificatesAt(tx, productIds, at)) {
    if (c.leafIndex !== null) wanted.set(c.leafIndex, { label: `绿色建材认证证书 ${c.certNo}`, content: c.content });
    if (c.revocationLeafIndex !== null && c.revokedAt && c.revokedAt.getTime() <= atMs) {
      wanted.set(c.revocationLeafIndex, { label: `证书撤销 ${c.certNo}`, content: c.revocationContent });
    }
  }
  for (const r of await repo.ledgerRecordsAt(tx, productIds, at, SNAPSHOT_ENTRIES + 1)) {
    if (!wanted.has(r.leafIndex)) {
      wanted.set(r.leafIndex, {
        label: ledgerDocTypeLabels[r.docType as LedgerDocTypeValue]?.zh ?? '存证文件',
        content: null,
      });
    }
  }
  const newest = [...wanted.keys()].sort((a, b) => b - a);
  const { sth, leaves } = await evidenceAt(tx, newest.slice(0, SNAPSHOT_ENTRIES), atMs);
  const entries = newest.flatMap((leaf) => {
    const evidence = leaves.get(leaf);
    const about = wanted.get(leaf);
    return evidence && about ? [{ ...evidence, label: about.label, content: about.content }] : [];
  });
  return { head: sth, entries, truncated: newest.length > SNAPSHOT_ENTRIES };
}

function common(atMs: number): Pick<Common, 'at' | 'atIso' | 'generatedAt'> {
  return { at: formatShanghaiTime(atMs), atIso: shanghaiIso(atMs), generatedAt: formatShanghaiTime(Date.now()) };
}

const NOT_PUBLIC_PRODUCT = '产品不存在，或在该时间点未在任何城市入库公开';
const NOT_PUBLIC_ORG = '企业不存在，或在该时间点没有公开入库的产品';

/** The snapshot of a product's or a company's public record at a moment (docs/public-pages.md, "Snapshot"). */
export function createSnapshotService({ db }: { db: Db }) {
  return {
    product(productId: number, at: number | undefined): Promise<ProductSnapshotData> {
      const atMs = at ?? Date.now();
      const moment = new Date(atMs);
      const day = shanghaiDate(atMs);
      return db.transaction(async (tx) => {
        const rec = await repo.productRecord(tx, productId);
        if (!rec || rec.product.createdAt.getTime() > atMs) throw notFound(NOT_PUBLIC_PRODUCT);
        const p = rec.product;
        const all = await repo.listingsOf(tx, [p.id]);
        const cities = await listingsAt(tx, all, atMs);
        const listed = cities.some((c) => c.at.status === ListingStatus.LISTED);
        if (!listed || !(await enabledAt(tx, p, atMs))) throw notFound(NOT_PUBLIC_PRODUCT);
        const docs = standing(await repo.documentsAt(tx, [p.id], moment), atMs);
        const tags = deriveProductTags(
          {
            materialType: p.materialType,
            documents: docs,
            hasGovProcurementListing: all.some((l) => l.status === ListingStatus.LISTED && l.govProcurement),
          },
          day,
        );
        const fact = <T>(value: T) => fieldAt(value, p.updatedAt, atMs);
        return {
          kind: 'product' as const,
          ...common(atMs),
          product: {
            id: p.id,
            name: fact(p.name),
            brand: fact(p.brand),
            classifyName: fact(rec.classifyName ?? ''),
            materialTypeName: fact(materialTypeLabels[p.materialType] ?? ''),
            maker: { id: p.orgId, name: fieldAt(rec.makerName, rec.makerUpdatedAt, atMs) },
            createdAt: formatShanghaiTime(p.createdAt),
          },
          cities: cities.map(({ listing, at: state }) => ({
            cityCode: listing.cityCode,
            cityName: listing.cityName ?? listing.cityCode,
            status: state.status,
            statusName: listingStatusLabels[state.status as 3 | 6].zh,
            since: formatOptionalShanghaiTime(state.since),
            current: state.current,
          })),
          // Green, stars and low carbon follow from the documents' dates; the material type from the product row.
          tags: {
            isGreen: { value: tags.isGreen, current: false },
            starRating: { value: tags.starRating, current: false },
            isLowCarbon: { value: tags.isLowCarbon, current: false },
            isPrefabricated: fact(p.materialType === MaterialType.PREFABRICATED),
            isGovProcurement: { value: tags.isGovProcurement, current: true },
          },
          certificates: certificatesOf(docs, new Map([[p.id, p.name]]), day),
          ledger: await ledgerAt(tx, [p.id], moment),
        };
      });
    },

    org(orgId: number, at: number | undefined): Promise<OrgSnapshotData> {
      const atMs = at ?? Date.now();
      const moment = new Date(atMs);
      const day = shanghaiDate(atMs);
      return db.transaction(async (tx) => {
        const org = await repo.orgRecord(tx, orgId);
        if (!org) throw notFound(NOT_PUBLIC_ORG);
        const own = await repo.productsOfOrg(tx, org.id, moment, ORG_PRODUCTS);
        const byProduct = new Map<number, ListingRow[]>();
        for (const l of await repo.listingsOf(
          tx,
          own.map((p) => p.id),
        )) {
          byProduct.set(l.productId, [...(byProduct.get(l.productId) ?? []), l]);
        }
        const shown: OrgSnapshotData['products'] = [];
        for (const p of own) {
          const cities = (await listingsAt(tx, byProduct.get(p.id) ?? [], atMs)).filter(
            (c) => c.at.status === ListingStatus.LISTED,
          );
          if (cities.length > 0 && (await enabledAt(tx, p, atMs))) {
            shown.push({ id: p.id, name: p.name, cities: cities.map((c) => c.listing.cityName ?? c.listing.cityCode) });
          }
        }
        if (shown.length === 0) throw notFound(NOT_PUBLIC_ORG);
        const ids = shown.map((p) => p.id);
        const docs = standing(await repo.documentsAt(tx, ids, moment), atMs);
        const region = org.regionCode ? (await divisionPath(tx, org.regionCode)).map((d) => d.name).join(' ') : null;
        return {
          kind: 'org' as const,
          ...common(atMs),
          org: {
            id: org.id,
            name: fieldAt(org.name, org.updatedAt, atMs),
            typeName: orgTypeLabels[org.type as OrgTypeValue]?.zh ?? '',
            region: fieldAt(region, org.updatedAt, atMs),
            certified: await certifiedAt(tx, org, atMs),
          },
          products: shown,
          certificates: certificatesOf(docs, new Map(shown.map((p) => [p.id, p.name])), day),
          ledger: await ledgerAt(tx, ids, moment),
        };
      });
    },
  };
}

/** Certified at the moment: the certification decisions' history; else the date it was certified; else today's. */
async function certifiedAt(
  tx: Tx,
  org: NonNullable<Awaited<ReturnType<typeof repo.orgRecord>>>,
  atMs: number,
): Promise<{ value: boolean; current: boolean }> {
  const decisions = await changesOf(tx, 'organization', org.id, [
    'certification.submit',
    'certification.approve',
    'certification.reject',
    'certification.revoke',
  ]);
  const known = stateAt(decisions, atMs);
  if (known) return { value: Number(known.state) === CertStatus.CERTIFIED, current: false };
  if (org.certStatus === CertStatus.CERTIFIED && org.certifiedAt) {
    return { value: org.certifiedAt.getTime() <= atMs, current: false };
  }
  return fieldAt(org.certStatus === CertStatus.CERTIFIED, org.updatedAt, atMs);
}
