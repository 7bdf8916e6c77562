import { CodeStatus, OrgType } from '@jcbb/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Lot, ShipmentLine, StockRow } from '../../ship-api.ts';
import { shipQueries } from '../../ship-api.ts';
import type { LineValues } from './wizard-values.ts';

/**
 * Where the lines of a shipment come from. A manufacturer ships its lots (a specification from its products, then
 * one of that specification's lots); a distributor what it holds (its stock rows). A return (a construction unit's,
 * or anyone's, made from a receipt) has its lines fixed by the receipt: they are shown, not chosen.
 */
export type LineSource = 'lots' | 'stock' | 'locked';

export function lineSourceOf(orgType: number | null, isReturn: boolean): LineSource {
  if (isReturn) return 'locked';
  return orgType === OrgType.MANUFACTURER ? 'lots' : 'stock';
}

/** The state of the codes a holder may ship: a maker's in stock, a receiver's held, a return's rejected. */
export function codeStatusOf(source: LineSource) {
  if (source === 'lots') return CodeStatus.ACTIVE;
  if (source === 'stock') return CodeStatus.HELD;
  return CodeStatus.REJECTED;
}

/** What the screens need to know of a line's lot: its unit, and for the carbon preview its mass and class. */
export interface LineMeta {
  unitName: string;
  massPerUnitKg: number | null;
  classifyCode: string | null;
}

const ofLot = (lot: Lot | StockRow): LineMeta => ({
  unitName: lot.unitName,
  massPerUnitKg: lot.massPerUnitKg,
  classifyCode: lot.classifyCode,
});

/** A saved draft's line: mass per unit from its mass (the server's figure), class unknown. */
const ofDraftLine = (line: ShipmentLine): LineMeta => ({
  unitName: line.unitName,
  massPerUnitKg: line.massKg !== null && line.quantity > 0 ? line.massKg / line.quantity : null,
  classifyCode: null,
});

export function metaOf(
  line: LineValues | undefined,
  found: { lots?: Lot[]; stock?: StockRow[]; draft?: ShipmentLine[] },
): LineMeta | undefined {
  if (!line?.specId || !line.lotId) return undefined;
  const lot =
    found.lots?.find((l) => l.id === line.lotId) ??
    found.stock?.find((s) => s.specId === line.specId && s.lotId === line.lotId);
  if (lot) return ofLot(lot);
  const draft = found.draft?.find((d) => d.specId === line.specId && d.lotId === line.lotId);
  return draft ? ofDraftLine(draft) : undefined;
}

/** The meta of every line (for the carbon preview and the review), from the answers the line editors loaded. */
export function useLinesMeta(lines: LineValues[], source: LineSource, draft: ShipmentLine[] | undefined) {
  const specIds = [...new Set(lines.map((l) => l.specId).filter((id): id is number => typeof id === 'number'))];
  const lots = useQueries({
    queries: source === 'lots' ? specIds.map((id) => shipQueries.lots(id)) : [],
    combine: (results) => results.flatMap((r) => r.data?.list ?? []),
  });
  const stock = useQuery({ ...shipQueries.stock(), enabled: source === 'stock' });
  return lines.map((l) => metaOf(l, { lots, stock: stock.data?.list, draft }));
}
