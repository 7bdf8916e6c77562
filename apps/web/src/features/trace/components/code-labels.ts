import {
  addressKindLabels,
  type CodeLevelValue,
  type CodeStatusValue,
  codeLevelLabels,
  codeStatusLabels,
  type StockMoveReasonValue,
  stockMoveReasonLabels,
} from '@jcbb/contract';

/** The contract's bilingual labels in the console's language (the server answers Chinese names only). */
type Labels = Record<string | number, { zh: string; en: string }>;
const pick = (labels: Labels, english: boolean) => (value: string | number | null | undefined) => {
  if (value === null || value === undefined) return '';
  const l = labels[value];
  return l ? (english ? l.en : l.zh) : String(value);
};

export function traceLabels(english: boolean) {
  return {
    addressKind: pick(addressKindLabels as Labels, english),
    codeLevel: pick(codeLevelLabels as Labels, english),
    codeStatus: pick(codeStatusLabels as Labels, english),
    moveReason: pick(stockMoveReasonLabels as Labels, english),
  };
}

/** Select options from a label table. */
export const labelOptions = <T extends string>(labels: Record<T, { zh: string; en: string }>, english: boolean) =>
  (Object.entries(labels) as [T, { zh: string; en: string }][]).map(([value, l]) => ({
    value,
    label: english ? l.en : l.zh,
  }));

/** Code statuses by colour: in the maker's hands, moving, arrived, turned away, used. */
export const CODE_STATUS_COLORS: Record<CodeStatusValue, string> = {
  active: 'blue',
  in_transit: 'orange',
  held: 'green',
  rejected: 'red',
  returned: 'purple',
  installed: 'cyan',
  consumed: 'default',
  recalled: 'magenta',
};

export type { CodeLevelValue, StockMoveReasonValue };
