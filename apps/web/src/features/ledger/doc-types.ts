import { type LedgerDocTypeValue, ledgerDocTypeLabels } from '@jcbb/contract';

/** The document kinds an organisation records, in the console's language. */
export function docTypeName(value: number, english: boolean): string {
  const label = ledgerDocTypeLabels[value as LedgerDocTypeValue];
  return label ? (english ? label.en : label.zh) : String(value);
}

export const docTypeOptions = (english: boolean) =>
  Object.keys(ledgerDocTypeLabels).map((v) => ({ value: Number(v), label: docTypeName(Number(v), english) }));
