import {
  CODES_PER_CALL_MAX,
  type CodeLevelValue,
  type CodeStatusValue,
  type codeExportQuery,
  type codeGenerateBody,
  codeLevelLabels,
  type codeListBody,
  codeStatusLabels,
  type labelSheetQuery,
  ledgerEndpoints,
  pages,
  pageUrl,
} from '@jcbb/contract';
import { keyFingerprint } from '@jcbb/contract/ledger-proof';
import { milliText, plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { formatShanghaiTime, shanghaiIso } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { FontChoice } from '../../lib/cjk-font.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { SHANGHAI_UTC_OFFSET } from '../../lib/shanghai-day.ts';
import { ledgerSigner } from '../ledger/index.ts';
import { factoryRegion } from './trace.address.repository.ts';
import { randomTraceCodes } from './trace.code.generator.ts';
import * as repo from './trace.code.repository.ts';
import { type EpcisEvent, URN } from './trace.epcis.ts';
import { recordTraceEvent } from './trace.events.ts';
import { renderLabelSheet } from './trace.labels.ts';
import type { LotViewRow } from './trace.lot.repository.ts';
import * as lots from './trace.lot.repository.ts';
import { LOT_NOT_FOUND } from './trace.lot.service.ts';
import { type EventExtensions, type EventFacts, eventFacts } from './trace.shipment.events.ts';

type GenerateBody = z.output<typeof codeGenerateBody>;
type ListBody = z.output<typeof codeListBody>;
type ExportQuery = z.output<typeof codeExportQuery>;
type LabelQuery = z.output<typeof labelSheetQuery>;

/**
 * Package codes record one EPCIS AggregationEvent per package (EPCIS 2.0 gives an aggregation one parent) when a call
 * makes at most this many packages; a larger call's packing is kept in `trace_codes.parent_code` only, not on the
 * ledger (docs/traceability.md, "Events on the ledger"): a ledger entry per package would make a call of thousands of
 * packages slow, for a fact the commissioning event's code list already fixes.
 */
export const AGGREGATION_EVENTS_MAX = 100;

/** The address a code's scan page has: the public page of docs/traceability.md. */
export const scanUrl = (baseUrl: string, code: string) => `${baseUrl}${pageUrl(pages.scanDetail, { code })}`;

/** The label sheet's footer: the ledger key's fingerprint and where its key is published. */
const ledgerKeyFooter = (baseUrl: string) =>
  `建材帮帮存证账本公钥指纹 Ledger key fingerprint: ${keyFingerprint(ledgerSigner().publicKeyHex)} · ${baseUrl}${ledgerEndpoints.wellKnownKey.path}`;

/** CSV cells need quoting only when they hold a comma, quote or line break; ours rarely do. */
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
export const CSV_HEADER = ['追溯码', '级别', '数量', '上级码', '状态', '扫码地址'];

/** What a generate body asks for, checked before anything is read: codes per top-level code, units per code, total. */
function codePlan(body: GenerateBody) {
  if (body.level === 'pallet') {
    throw invalidInput([{ field: 'level', message: '暂不支持生成托盘码，请生成单品码或包装码' }]);
  }
  const isPackage = body.level === 'package';
  if (isPackage && body.itemsPerPackage === undefined) {
    throw invalidInput([{ field: 'itemsPerPackage', message: '请输入每包件数' }]);
  }
  const itemsPer = isPackage ? (body.itemsPerPackage as number) : 0;
  const total = body.count * (1 + itemsPer);
  if (total > CODES_PER_CALL_MAX) {
    throw invalidInput([
      {
        field: 'count',
        message: `一次最多生成 ${CODES_PER_CALL_MAX} 个码（含包装内的单品码），本次需 ${total} 个`,
      },
    ]);
  }
  const perItem = toMilli(body.unitsPerItem);
  return { isPackage, itemsPer, total, perItem, perTop: perItem * Math.max(1, itemsPer) };
}
type CodePlan = ReturnType<typeof codePlan>;

/** The lot's units not yet coded must cover the top-level codes asked for (400 on count). */
async function requireUncoded(tx: Tx, lot: LotViewRow, count: number, perTop: number): Promise<void> {
  const remaining = toMilli(lot.lot.quantity) - (await lots.codedMilli(tx, lot.lot.id));
  const most = Math.floor(remaining / perTop);
  if (count > most) {
    throw invalidInput([
      {
        field: 'count',
        message: `超出批次未赋码数量：剩余 ${plainQuantity(remaining)} ${lot.unitName}，每码 ${plainQuantity(perTop)}，最多还能生成 ${most} 个`,
      },
    ]);
  }
}

/** `total` codes never issued before; the demo seed's first code (README: a code a newcomer can scan) first. */
async function drawCodes(tx: Tx, total: number, firstCode: string | undefined): Promise<string[]> {
  let codes = randomTraceCodes(total);
  // Already issued? (2^100 codes: never in practice.) Draw again until every code is new.
  for (let taken = await repo.takenCodes(tx, codes); taken.size > 0; taken = await repo.takenCodes(tx, codes)) {
    const keep = new Set(codes.filter((c) => !taken.has(c)));
    while (keep.size < total) for (const c of randomTraceCodes(total - keep.size)) keep.add(c);
    codes = [...keep];
  }
  // The demo seed names its first code; the API never passes one.
  if (firstCode && !codes.includes(firstCode)) {
    if ((await repo.takenCodes(tx, [firstCode])).size > 0) throw new Error('demo code already issued');
    codes[0] = firstCode;
  }
  return codes;
}

/**
 * The rows of drawn codes: the first `count` are the top-level codes; for packages, each one's items follow from
 * the rest in order. Answers the rows and each package's items.
 */
function codeRowsOf(codes: string[], body: GenerateBody, plan: CodePlan) {
  const tops = codes.slice(0, body.count);
  const rows: repo.NewCodes['codes'][number][] = [];
  const children = new Map<string, string[]>();
  tops.forEach((top, i) => {
    rows.push({ code: top, level: body.level, quantity: milliText(plan.perTop), parentCode: null });
    if (!plan.isPackage) return;
    const items = codes.slice(body.count + i * plan.itemsPer, body.count + (i + 1) * plan.itemsPer);
    children.set(top, items);
    for (const code of items) rows.push({ code, level: 'item', quantity: milliText(plan.perItem), parentCode: top });
  });
  return { tops, rows, children };
}

/** Where and when codes are issued, with the names their events show. */
interface Issue {
  at: Date;
  orgId: number;
  region: string | null;
  lot: LotViewRow;
  facts: EventFacts;
}

const readPointOf = (region: string | null) => (region ? { readPoint: { id: URN.region(region) } } : {});

/**
 * The commissioning ObjectEvent of one level's codes, its ILMD the lot's master data and what each code stands for.
 * CBV master data names (cbvmda:) where the CBV has one, ours (jcbb:) otherwise: prefixed keys keep their meaning in
 * JSON-LD (a bare key is dropped by a JSON-LD processor, and the hash would differ). The names a reader is shown are
 * here too, so the page's product, maker and lot are in the hash.
 */
function commissioningEvent(issue: Issue, levelCodes: string[], unitsPerCode: number): EpcisEvent & EventExtensions {
  const { at, orgId, region, lot, facts } = issue;
  const placeName = region ? facts.places.get(region) : undefined;
  return {
    type: 'ObjectEvent',
    eventTime: shanghaiIso(at),
    eventTimeZoneOffset: SHANGHAI_UTC_OFFSET,
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    epcList: levelCodes.map(URN.code),
    ...readPointOf(region),
    ilmd: {
      'cbvmda:lotNumber': lot.lot.batchNo,
      'jcbb:productionDate': lot.lot.productionDate,
      ...(lot.lot.expiryDate ? { 'cbvmda:itemExpirationDate': lot.lot.expiryDate } : {}),
      'jcbb:productName': lot.productName,
      'jcbb:specName': lot.specName,
      'jcbb:unitsPerCode': plainQuantity(unitsPerCode),
      'jcbb:unitName': lot.unitName,
      'jcbb:makerName': facts.parties.get(URN.org(orgId)) ?? '',
    },
    'jcbb:actorName': facts.parties.get(URN.org(orgId)) ?? '',
    ...(placeName ? { 'jcbb:placeName': placeName } : {}),
  };
}

/** The packing AggregationEvent of one package and its items. */
const packingEvent = (issue: Issue, parent: string, items: string[]): EpcisEvent => ({
  type: 'AggregationEvent',
  eventTime: shanghaiIso(issue.at),
  eventTimeZoneOffset: SHANGHAI_UTC_OFFSET,
  parentID: URN.code(parent),
  childEPCs: items.map(URN.code),
  action: 'ADD',
  bizStep: 'packing',
  disposition: 'container_closed',
  ...readPointOf(issue.region),
});

/**
 * EPCIS: the codes are commissioned (one event per level, so that its ILMD can say what each of its codes stands
 * for), then each package is closed when the call makes at most AGGREGATION_EVENTS_MAX packages. Answers the
 * top-level commissioning event and whether the packing went on the ledger.
 */
async function recordIssueEvents(
  tx: Tx,
  issue: Issue,
  issued: { codes: string[]; tops: string[]; children: Map<string, string[]> },
  body: GenerateBody,
  plan: CodePlan,
) {
  const { orgId, region } = issue;
  const items = plan.isPackage ? issued.codes.slice(body.count) : [];
  const record = { orgId, regionCode: region, lotId: body.lotId };
  const event = await recordTraceEvent(tx, {
    ...record,
    event: commissioningEvent(issue, issued.tops, plan.perTop),
    codes: issued.tops,
  });
  if (items.length > 0) {
    await recordTraceEvent(tx, { ...record, event: commissioningEvent(issue, items, plan.perItem), codes: items });
  }
  const packingOnLedger = plan.isPackage && issued.tops.length <= AGGREGATION_EVENTS_MAX;
  if (packingOnLedger) {
    for (const [parent, items] of issued.children) {
      await recordTraceEvent(tx, { ...record, event: packingEvent(issue, parent, items), codes: [parent, ...items] });
    }
  }
  return { event, packingOnLedger };
}

export type CodeService = ReturnType<typeof createCodeService>;

/**
 * Trace codes of a manufacturer's lots (docs/traceability.md): issued in one transaction with their commissioning
 * event (and packing events) on the evidence ledger; listed, exported as CSV and printed as QR label sheets.
 */
export function createCodeService({ db }: { db: Db }) {
  async function ownLot(tx: Tx, user: SessionUser, lotId: number, forUpdate = false) {
    const lot = await lots.ownLot(tx, callerOrgId(user), lotId, forUpdate);
    if (!lot) throw notFound(LOT_NOT_FOUND);
    return lot;
  }

  return {
    /**
     * `count` top-level codes of `level` for the caller's lot: items stand for `unitsPerItem` units each; a package
     * gets `itemsPerPackage` item codes inside it and stands for their sum. Pallets are refused (a pallet holds
     * packages, which are made by their own calls; aggregating existing packages onto pallets is not built yet).
     * `options.at`: when the codes are issued — the demo seed states it; the API never passes one (now).
     */
    async generate(user: SessionUser, body: GenerateBody, options: { firstCode?: string; at?: Date } = {}) {
      const orgId = callerOrgId(user);
      const plan = codePlan(body);
      return db.transaction(async (tx) => {
        // The lot row is locked: two calls at once cannot both issue its last uncoded units.
        const lot = await ownLot(tx, user, body.lotId, true);
        await requireUncoded(tx, lot, body.count, plan.perTop);
        const codes = await drawCodes(tx, plan.total, options.firstCode);
        const { tops, rows, children } = codeRowsOf(codes, body, plan);
        await repo.insertCodes(tx, {
          orgId,
          lotId: body.lotId,
          specId: lot.lot.specId,
          holderKey: `org:${orgId}`,
          codes: rows,
        });

        const at = options.at ?? new Date();
        const region = (await factoryRegion(tx, orgId)) ?? lot.orgRegionCode;
        const facts = await eventFacts(tx, { lotIds: [], parties: [{ kind: 'org', orgId }], regionCodes: [region] });
        const issue = { at, orgId, region, lot, facts };
        const { event, packingOnLedger } = await recordIssueEvents(tx, issue, { codes, tops, children }, body, plan);
        await recordAudit(tx, {
          entity: 'lot',
          entityId: body.lotId,
          action: 'generate_codes',
          actor: user,
          orgId,
          data: {
            level: body.level,
            count: body.count,
            codes: plan.total,
            unitsPerItem: body.unitsPerItem,
            ...(plan.isPackage ? { itemsPerPackage: plan.itemsPer, packingOnLedger } : {}),
            eventId: event.eventId,
            leafIndex: event.leafIndex,
          },
        });
        return { codes: tops, count: plan.total };
      });
    },

    async list(user: SessionUser, body: ListBody) {
      return db.transaction(async (tx) => {
        await ownLot(tx, user, body.lotId);
        const { rows, total } = await repo.codePage(tx, body);
        const names = await repo.holderNames(tx, [...new Set(rows.map((r) => r.code.holderKey))]);
        return {
          list: rows.map(({ code: c, childCount }) => ({
            code: c.code,
            level: c.level as CodeLevelValue,
            quantity: Number(c.quantity),
            parentCode: c.parentCode,
            childCount,
            status: c.status as CodeStatusValue,
            holderName: names.get(c.holderKey) ?? null,
            createTime: formatShanghaiTime(c.createdAt),
          })),
          total,
        };
      });
    },

    /** The lot's codes as CSV: UTF-8 with a byte-order mark (Excel reads it as UTF-8), one row per code. */
    async exportCsv(user: SessionUser, query: ExportQuery, baseUrl: string) {
      return db.transaction(async (tx) => {
        const lot = await ownLot(tx, user, query.lotId);
        const codes = await repo.codesOf(tx, { lotId: query.lotId });
        const lines = [CSV_HEADER.join(',')];
        for (const c of codes) {
          lines.push(
            [
              c.code,
              codeLevelLabels[c.level as CodeLevelValue]?.zh ?? c.level,
              String(Number(c.quantity)),
              c.parentCode ?? '',
              codeStatusLabels[c.status as CodeStatusValue]?.zh ?? c.status,
              scanUrl(baseUrl, c.code),
            ]
              .map(csvCell)
              .join(','),
          );
        }
        return { batchNo: lot.lot.batchNo, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
      });
    },

    /**
     * A4 sheets of QR labels: the lot's top-level codes (or one level's), from `skip` on, at most CODES_PER_CALL_MAX
     * per PDF. A lot without such codes answers 400 on lotId.
     */
    async labelSheet(user: SessionUser, query: LabelQuery, printing: { baseUrl: string; font: FontChoice | null }) {
      const { baseUrl, font } = printing;
      const { lot, codes } = await db.transaction(async (tx) => {
        const lot = await ownLot(tx, user, query.lotId);
        const filter = query.level
          ? { lotId: query.lotId, level: query.level }
          : { lotId: query.lotId, topLevelOnly: true };
        const codes = await repo.codesOf(tx, filter, { limit: CODES_PER_CALL_MAX, offset: query.skip });
        return { lot, codes };
      });
      if (codes.length === 0) {
        throw invalidInput([
          { field: query.skip > 0 ? 'skip' : 'lotId', message: '该批次没有可打印的追溯码，请先生成追溯码' },
        ]);
      }
      const pdf = await renderLabelSheet({
        labels: codes.map((c) => ({ code: c.code, url: scanUrl(baseUrl, c.code) })),
        productName: lot.productName,
        specName: lot.specName,
        batchNo: lot.lot.batchNo,
        widthMm: query.widthMm,
        heightMm: query.heightMm,
        footer: ledgerKeyFooter(baseUrl),
        font,
      });
      return { batchNo: lot.lot.batchNo, pdf };
    },
  };
}
