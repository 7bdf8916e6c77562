import {
  codeLevelLabels,
  distanceSourceLabels,
  rejectReasonLabels,
  shipmentStatusLabels,
  traceEventLabels,
  transportTypes,
} from '@jcbb/contract';
import { useTranslation } from 'react-i18next';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';

/** The contract's code tables in the reader's language (zh-CN first, English second). */
export function shipLabels(english: boolean) {
  const event = labelOf(traceEventLabels, english);
  return {
    status: labelOf(shipmentStatusLabels, english),
    distanceSource: labelOf(distanceSourceLabels, english),
    rejectReason: labelOf(rejectReasonLabels, english),
    codeLevel: labelOf(codeLevelLabels, english),
    /** An event's meaning; a shipping event of a return (disposition returned) reads 退货. */
    event: (bizStep: string, disposition: string | null) => event(disposition === 'returned' ? 'returning' : bizStep),
    transport: (id: number) => {
      const t = transportTypes.find((x) => x.id === id);
      return t ? (english ? t.enName : t.name) : String(id);
    },
    rejectReasonOptions: labelOptions(rejectReasonLabels, english),
    statusOptions: labelOptions(shipmentStatusLabels, english),
  };
}

/** GB/T 51366's transport types in three groups: road 1–10, rail 11–13, water 14–16. */
export const TRANSPORT_GROUPS = [
  { key: 'road', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  { key: 'rail', ids: [11, 12, 13] },
  { key: 'water', ids: [14, 15, 16] },
] as const;

/** Whether the shipment screens read in English (the code tables' second language). */
export const useEnglish = () => useTranslation(SHIP_NS).i18n.language.startsWith('en');
