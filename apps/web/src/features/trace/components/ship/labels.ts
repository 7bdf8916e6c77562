import {
  codeLevelLabels,
  distanceSourceLabels,
  rejectReasonLabels,
  shipmentStatusLabels,
  traceEventLabels,
  transportTypes,
} from '@jcbb/contract';

/** The contract's code tables in the reader's language (zh-CN first, English second). */
export function shipLabels(english: boolean) {
  const pick = (l: { zh: string; en: string } | undefined, fallback: string) =>
    l ? (english ? l.en : l.zh) : fallback;
  return {
    status: (s: number) => pick(shipmentStatusLabels[s as keyof typeof shipmentStatusLabels], String(s)),
    distanceSource: (s: string) => pick(distanceSourceLabels[s as keyof typeof distanceSourceLabels], s),
    rejectReason: (r: string) => pick(rejectReasonLabels[r as keyof typeof rejectReasonLabels], r),
    codeLevel: (l: string) => pick(codeLevelLabels[l as keyof typeof codeLevelLabels], l),
    /** An event's meaning; a shipping event of a return (disposition returned) reads 退货. */
    event: (bizStep: string, disposition: string | null) =>
      pick(traceEventLabels[disposition === 'returned' ? 'returning' : bizStep], bizStep),
    transport: (id: number) => {
      const t = transportTypes.find((x) => x.id === id);
      return t ? (english ? t.enName : t.name) : String(id);
    },
    rejectReasonOptions: Object.entries(rejectReasonLabels).map(([value, l]) => ({
      value,
      label: english ? l.en : l.zh,
    })),
    statusOptions: Object.entries(shipmentStatusLabels).map(([value, l]) => ({
      value: Number(value),
      label: english ? l.en : l.zh,
    })),
  };
}

/** GB/T 51366's transport types in three groups: road 1–10, rail 11–13, water 14–16. */
export const TRANSPORT_GROUPS = [
  { key: 'road', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  { key: 'rail', ids: [11, 12, 13] },
  { key: 'water', ids: [14, 15, 16] },
] as const;
