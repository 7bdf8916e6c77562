import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Above a list: its filters on the left; 刷新 and any further actions on the right. Wraps on a phone. */
export function ListToolbar({
  children,
  onRefresh,
  actions,
}: {
  children: ReactNode;
  onRefresh: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={12}>
        {children}
      </Flex>
      <Space>
        <Button icon={<ReloadOutlined />} onClick={onRefresh}>
          {t('common.refresh')}
        </Button>
        {actions}
      </Space>
    </Flex>
  );
}

/** A list's keyword box: searches on Enter or the button, trimmed; an empty box searches for everything. */
export function KeywordSearch({
  label,
  width = 240,
  onSearch,
}: {
  /** Both the placeholder and the accessible name. */
  label: string;
  width?: number;
  onSearch: (keyword: string | undefined) => void;
}) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={label}
      maxLength={50}
      style={{ width, maxWidth: '100%' }}
      onSearch={(keyword) => onSearch(keyword.trim() || undefined)}
    />
  );
}
