import { Empty, Flex, Spin } from 'antd';
import type { CSSProperties, Key, ReactNode } from 'react';
import './item-list.css';

export interface ItemListProps<T> {
  items: readonly T[];
  rowKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Buttons at the end of an item's row (what antd's List.Item `actions` did). */
  actions?: (item: T) => ReactNode;
  loading?: boolean;
  emptyText?: ReactNode;
  size?: 'small' | 'default';
  style?: CSSProperties;
}

/**
 * A plain list of items separated by rules: the phone layout of our tables and short lists of documents.
 * antd 6 deprecates its List (removed in v7, and it warns on the console), and a semantic ul/li is all we need.
 */
export function ItemList<T>({
  items,
  rowKey,
  renderItem,
  actions,
  loading = false,
  emptyText,
  size = 'default',
  style,
}: ItemListProps<T>) {
  if (!loading && items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }
  return (
    <Spin spinning={loading}>
      <ul className={`item-list item-list-${size}`} style={style}>
        {items.map((item) => (
          <li key={rowKey(item)}>
            {actions ? (
              <Flex justify="space-between" align="flex-start" gap={8}>
                <div style={{ flex: 1, minWidth: 0 }}>{renderItem(item)}</div>
                <div style={{ flex: 'none' }}>{actions(item)}</div>
              </Flex>
            ) : (
              renderItem(item)
            )}
          </li>
        ))}
      </ul>
    </Spin>
  );
}
