import { Empty, Flex, Spin } from 'antd';
import { type CSSProperties, isValidElement, type Key, type ReactNode } from 'react';
import './item-list.css';

export interface ItemListProps<T> {
  items: readonly T[];
  rowKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Buttons at the end of an item's row (what antd's List.Item `actions` did). */
  actions?: (item: T) => ReactNode;
  loading?: boolean;
  /** What an empty list says: a text (shown in antd's small empty state), or a whole `<Empty>` shown as it is. */
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
    // A page's own empty state (an <Empty> with a call to action, shared with its table) is not wrapped in a second
    // one: that drew two images on phones.
    if (isValidElement(emptyText) && emptyText.type === Empty) return emptyText;
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
