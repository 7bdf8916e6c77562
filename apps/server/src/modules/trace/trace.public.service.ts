import {
  Channel,
  type CodeLevelValue,
  CodeStatus,
  type CodeStatusValue,
  cityOfRegion,
  codeStatusLabels,
  ListingStatus,
  type ListingStatusValue,
  listingStatusLabels,
  type PublicTraceData,
  pages,
  TraceAlertKind,
  type TraceAlertKindValue,
  type TraceProofData,
  traceAlertLabels,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type AnswerCache, catalogueGeneration, createAnswerCache } from '../catalogue/index.ts';
import { evidenceOfLeaves } from '../ledger/index.ts';
import { sendMessage } from '../message/index.ts';
import { raiseTraceAlert } from './trace.alerts.ts';
import { type EpcisEvent, epcisDocument } from './trace.epcis.ts';
import { evidenceAsOf } from './trace.evidence.ts';
import type { DeliveryLetters } from './trace.letters.ts';
import * as repo from './trace.public.repository.ts';
import type { ScanGate } from './trace.scans.ts';

/** The page's answer to a code nobody issued (or mistyped). */
export const CODE_NOT_FOUND = '未找到该追溯码';
/** At most this many codes below a package or pallet take part in its EPCIS document. */
const EPCIS_DESCENDANTS_MAX = 10_000;

/** The fields an EPCIS 2.0 event of ours may carry: the stored document is copied through this list, nothing else. */
const EPCIS_FIELDS = [
  'type',
  'eventID',
  'eventTime',
  'eventTimeZoneOffset',
  'epcList',
  'parentID',
  'childEPCs',
  'quantityList',
  'childQuantityList',
  'action',
  'bizStep',
  'disposition',
  'readPoint',
  'bizLocation',
  'bizTransactionList',
  'sourceList',
  'destinationList',
  'ilmd',
] as const;

/** A stored event as published: its document copied field by field through the EPCIS list and our extensions. */
function publishedEvent(document: unknown): Record<string, unknown> {
  const stored = document as Record<string, unknown>;
  const event: Record<string, unknown> = {};
  for (const field of EPCIS_FIELDS) if (stored[field] !== undefined) event[field] = stored[field];
  // Our extension fields (jcbb:…, docs/traceability.md): in the event's hash, so nothing rides along unhashed.
  for (const [key, value] of Object.entries(stored)) if (key.startsWith('jcbb:')) event[key] = value;
  return event;
}

/**
 * The public scan page (docs/traceability.md, "The public scan page"): what anyone who scans a label may know, and
 * nothing about people — organisations, cities and dates only. Each scan is counted per code and day (no IP, no
 * user agent), and a scan of installed or used material raises the after_installed alert for the maker.
 */
export function createTracePublicService(deps: {
  db: Db;
  cache?: AnswerCache;
  scans?: ScanGate;
  letters?: DeliveryLetters;
}) {
  const { db } = deps;
  const cache = deps.cache ?? createAnswerCache({ generation: catalogueGeneration(db) });

  /** The code's own row and the codes above it (package, pallet): their events and shipments are the code's too. */
  async function lookUp(tx: Tx, code: string) {
    const row = await repo.codeWithContext(tx, code);
    if (!row) throw notFound(CODE_NOT_FOUND);
    const ancestors = [row.parentCode, row.grandparentCode].filter((c): c is string => !!c);
    return { row, ancestors };
  }

  /**
   * What the page shows of the product, the same for each of its codes: its evidence today, the certificate's state
   * and its city listings. Kept under the catalogue's generation (catalogue.cache.ts; certificates and product
   * documents bump it too, migration 0013), so a revocation shows on the next scan; per Shanghai day.
   */
  function productFacts(productId: number, today: string) {
    return cache.get(`trace-product:${productId}:${today}`, async () => {
      const certificate = await evidenceAsOf(db, productId, today);
      const [listingRows, certificateState] = await Promise.all([
        repo.listingsOf(db, productId),
        stateOf(db, productId, certificate, today),
      ]);
      return { certificate, certificateState, listingRows };
    });
  }

  /**
   * Counts the scan (and, for installed or used material, raises the alert): the page's one write. The count alone
   * is one statement, atomic by itself: no BEGIN and COMMIT round trips around it. A scanner's second scan of the
   * code that day (the scan gate, trace.scans.ts) only reads the count: a loop cannot inflate it.
   */
  async function countScan(row: CodeRow, today: string, scanner: string | null) {
    if (scanner !== null && deps.scans && !(await deps.scans.first(row.code, scanner, today))) {
      return repo.scanCount(db, row.code);
    }
    const status = row.status as CodeStatusValue;
    if (status !== CodeStatus.INSTALLED && status !== CodeStatus.CONSUMED) return repo.countScan(db, row.code, today);
    return db.transaction(async (tx) => {
      const scanCount = await repo.countScan(tx, row.code, today);
      await afterInstalled(tx, row, status);
      return scanCount;
    });
  }

  /**
   * The events of a code with their ledger proofs under one signed head, and the certificate's entry (docs/
   * traceability.md, "What the proof covers"). A lot commissioned by quantity (no code named) still starts its
   * chain with the lot's commissioning.
   */
  async function proofOf(
    lotId: number,
    named: repo.PublicEventRow[],
    certificateLeaf: number | null,
  ): Promise<TraceProofData> {
    const rows = named.some((e) => e.bizStep === 'commissioning')
      ? named
      : [...(await repo.lotCommissioning(db, lotId)), ...named];
    const leaves = rows.flatMap((e) => (e.leafIndex === null ? [] : [e.leafIndex]));
    const [{ sth, leaves: evidence }, certificateContent] = await Promise.all([
      evidenceOfLeaves(db, certificateLeaf === null ? leaves : [...leaves, certificateLeaf]),
      certificateLeaf === null ? null : repo.certificateContentAt(db, certificateLeaf),
    ]);
    const leafOf = (leafIndex: number) => {
      const e = evidence.get(leafIndex);
      return e && { leafIndex, entry: e.entry, leafHash: e.leafHash, inclusionProof: e.inclusionProof };
    };
    const certificate = certificateLeaf === null || certificateContent === null ? null : leafOf(certificateLeaf);
    return {
      sth,
      events: rows.flatMap((e) => {
        const leaf = e.leafIndex === null ? undefined : leafOf(e.leafIndex);
        return leaf ? [{ ...leaf, event: publishedEvent(e.document) }] : [];
      }),
      certificate: certificate && certificateContent !== null ? { ...certificate, content: certificateContent } : null,
    };
  }

  /** The letters of authorisation the deliveries carrying the code were shipped under (none without the read). */
  async function lettersOf(codes: readonly string[]) {
    if (!deps.letters) return [];
    const lineIds = await repo.shippedLinesCarrying(db, codes);
    return lineIds.length === 0 ? [] : deps.letters.ofShipmentLines(db, lineIds);
  }

  return {
    async trace(code: string, scanner: string | null = null): Promise<PublicTraceData> {
      const today = shanghaiToday();
      const { row, ancestors } = await lookUp(db, code);
      const own = [code, ...ancestors];
      // Independent reads, each its own statement: on PostgreSQL they go out at once on the pool's connections (one
      // round trip of waiting instead of eight); PGlite, with its one connection, takes them in turn.
      const [scanCount, facts, alertRows, named, letters] = await Promise.all([
        countScan(row, today, scanner),
        productFacts(row.productId, today),
        repo.alertsOf(db, own),
        repo.eventsNaming(db, own),
        lettersOf(own),
      ]);
      const { certificate, certificateState, listingRows } = facts;
      const [proof, cities] = await Promise.all([
        proofOf(row.lotId, named, certificate.kind === 'certificate' ? certificate.leafIndex : null),
        cityNamesOf(db, [
          ...(row.makerRegion ? [cityOfRegion(row.makerRegion)] : []),
          ...listingRows.map((l) => l.cityCode),
        ]),
      ]);
      const cityName = (region: string | null) => (region ? (cities.get(cityOfRegion(region)) ?? '') : '');

      const alerts = new Map<string, { kind: string; message: string }>();
      const kinds = alertRows.map((a) => a.kind);
      // This very scan raised it (read beside the write, the alert row may not have been visible yet).
      if (row.status === CodeStatus.INSTALLED || row.status === CodeStatus.CONSUMED) {
        kinds.push(TraceAlertKind.AFTER_INSTALLED);
      }
      for (const kind of kinds) {
        const label = traceAlertLabels[kind as TraceAlertKindValue];
        if (label && !alerts.has(kind)) alerts.set(kind, { kind, message: label.zh });
      }
      const status = row.status as CodeStatusValue;

      return {
        code: row.code,
        level: row.level as CodeLevelValue,
        quantity: Number(row.quantity),
        unitName: row.unitName ?? '',
        parentCode: row.parentCode,
        childCount: row.childCount,
        product: {
          id: row.productId,
          name: row.productName,
          specName: row.specName,
          imageUploadId: row.images[0] ?? null,
        },
        maker: { name: row.makerName, cityName: cityName(row.makerRegion) },
        lot: { batchNo: row.batchNo, productionDate: row.productionDate, expiryDate: row.expiryDate },
        certificate,
        certificateState,
        listings: listingRows.map((l) => ({
          cityCode: l.cityCode,
          cityName: cities.get(l.cityCode) ?? l.cityCode,
          listed: l.status === ListingStatus.LISTED,
          stateName: listingStatusLabels[l.status as ListingStatusValue]?.zh ?? '',
        })),
        status,
        statusName: codeStatusLabels[status]?.zh ?? status,
        proof,
        alerts: [...alerts.values()],
        scanCount,
        letters,
      };
    },

    /**
     * The proof document of a code (GET /open/trace/{code}/proof): the same events and proofs as the scan page's
     * answer, without counting a scan. For an outsider who verifies a code from its label (docs/traceability.md,
     * "Verifying a code from outside").
     */
    async proof(code: string): Promise<TraceProofData> {
      const { row, ancestors } = await lookUp(db, code);
      const [facts, named] = await Promise.all([
        productFacts(row.productId, shanghaiToday()),
        repo.eventsNaming(db, [code, ...ancestors]),
      ]);
      const { certificate } = facts;
      return proofOf(row.lotId, named, certificate.kind === 'certificate' ? certificate.leafIndex : null);
    },

    /**
     * The code's events as an EPCIS 2.0 document: those naming the code, the package or pallet it is in, and the
     * codes inside it; each the stored document copied field by field through the EPCIS list (so nothing else can
     * ride along), oldest first.
     */
    async epcis(code: string) {
      return db.transaction(async (tx) => {
        const { ancestors } = await lookUp(tx, code);
        const below = await repo.descendants(tx, code, EPCIS_DESCENDANTS_MAX);
        const rows = await repo.documentsNaming(tx, [code, ...ancestors, ...below]);
        const events = rows.map((r) => publishedEvent(r.document) as unknown as EpcisEvent & { eventID: string });
        return epcisDocument(events, new Date());
      });
    },
  };
}

type CodeRow = NonNullable<Awaited<ReturnType<typeof repo.codeWithContext>>>;

/**
 * City names by code, kept for the process: GB/T 2260 names are reference data, written at start-up only (and a new
 * version of them comes with a restart). At most a few hundred cities, so the map stays small.
 */
const cityNameCache = new Map<string, string>();
async function cityNamesOf(tx: Tx, cityCodes: readonly string[]): Promise<Map<string, string>> {
  const missing = [...new Set(cityCodes)].filter((c) => !cityNameCache.has(c));
  if (missing.length > 0) {
    for (const [code, name] of await repo.cityNames(tx, missing)) cityNameCache.set(code, name);
  }
  return new Map(cityCodes.flatMap((c) => (cityNameCache.has(c) ? [[c, cityNameCache.get(c) as string]] : [])));
}

/**
 * Valid when the evidence of today is a certificate; else what became of the product's latest platform certificate
 * (revoked, or past its date); else none.
 */
async function stateOf(
  tx: Tx,
  productId: number,
  evidence: PublicTraceData['certificate'],
  today: string,
): Promise<PublicTraceData['certificateState']> {
  if (evidence.kind === 'certificate' && evidence.valid) return 'valid';
  const latest = await repo.latestPlatformCertificate(tx, productId);
  if (latest?.revokedAt) return 'revoked';
  if (latest && latest.validUntil < today) return 'expired';
  return 'none';
}

/** A scan of installed or used material: alert the maker once per code (a reused label, a second-hand pallet). */
async function afterInstalled(tx: Tx, row: CodeRow, status: CodeStatusValue) {
  const raised = await raiseTraceAlert(tx, {
    code: row.code,
    kind: TraceAlertKind.AFTER_INSTALLED,
    orgId: row.makerOrgId,
    details: { status, lotId: row.lotId, productId: row.productId },
  });
  if (!raised) return;
  await sendMessage(
    tx,
    { orgId: row.makerOrgId },
    {
      channel: Channel.MATERIALS,
      title: `追溯码 ${row.code} 在材料${codeStatusLabels[status].zh}后又被扫描`,
      content:
        `${row.productName}（批号 ${row.batchNo}）的追溯码 ${row.code} 对应的材料已${codeStatusLabels[status].zh}，` +
        '又被扫描。请核实现场是否在重复使用标签，或标签是否被复制。',
      targetUrl: pages.traceDashboard.path,
    },
  );
}
