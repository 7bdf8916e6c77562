import { inquiryStatusLabels, quoteStatusLabels } from '@jcbb/contract';
import { labelOf } from '../../../../lib/labels.ts';

/** The sourcing pages' code tables in the console's language, and the colours of their tags. */
export const sourcingLabels = (english: boolean) => ({
  inquiryStatus: (s: keyof typeof inquiryStatusLabels) => labelOf(inquiryStatusLabels, english)(s),
  quoteStatus: (s: keyof typeof quoteStatusLabels) => labelOf(quoteStatusLabels, english)(s),
});

export const inquiryStatusColor: Record<string, string> = {
  draft: 'default',
  published: 'blue',
  quoting: 'processing',
  evaluating: 'gold',
  awarded: 'green',
  failed: 'red',
  cancelled: 'default',
};

/** Fen as yuan with two decimals. */
export const yuanText = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
