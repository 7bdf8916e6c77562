/** A bilingual code table of the contract (value → its Chinese and English names); the server answers Chinese only. */
export type LabelTable = Readonly<Record<string | number, { zh: string; en: string }>>;

/** Reads a code table in the console's language: a value's name, the value itself when unknown, '' for none. */
export const labelOf =
  (labels: LabelTable, english: boolean) =>
  (value: string | number | null | undefined): string => {
    if (value === null || value === undefined) return '';
    const l = labels[value];
    return l ? (english ? l.en : l.zh) : String(value);
  };

/** Select options from a code table, in its order; keys made of digits come back as numbers. */
export const labelOptions = <T extends string | number>(
  labels: Readonly<Record<T, { zh: string; en: string }>>,
  english: boolean,
) =>
  (Object.entries(labels) as [string, { zh: string; en: string }][]).map(([value, l]) => ({
    value: (/^\d+$/.test(value) ? Number(value) : value) as T,
    label: english ? l.en : l.zh,
  }));
