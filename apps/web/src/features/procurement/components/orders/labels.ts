import {
  alternateStatusLabels,
  lineFlagLabels,
  type OrderStatusValue,
  orderActionLabels,
  orderOriginLabels,
  orderStatusLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';

/** The order and alternate code tables in the console's language. */
export const orderLabels = (english: boolean) => ({
  status: labelOf(orderStatusLabels, english),
  statusOptions: labelOptions(orderStatusLabels, english),
  origin: labelOf(orderOriginLabels, english),
  action: labelOf(orderActionLabels, english),
  flag: labelOf(lineFlagLabels, english),
  alternateStatus: labelOf(alternateStatusLabels, english),
});

export const orderStatusColor: Record<OrderStatusValue, string> = {
  draft: 'default',
  sent: 'processing',
  confirmed: 'blue',
  partly_delivered: 'orange',
  delivered: 'green',
  closed: 'default',
  cancelled: 'red',
};

/** Fen as yuan with two decimals (¥1,234.50). */
export const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
