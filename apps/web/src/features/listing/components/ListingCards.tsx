import { Card, Empty, Flex, Pagination, Space, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListingRow } from '../api.ts';
import { ListingStatusTag } from './ListingStatusTag.tsx';

/**
 * Listings as cards, for phones: a table there would show only the product and the fixed action column, hiding
 * the state and the reasons that matter most.
 */
export function ListingCards({
  rows,
  loading,
  emptyText,
  linkOf,
  actions,
  showOrg = false,
  pagination,
}: {
  rows: readonly ListingRow[];
  loading: boolean;
  emptyText: string;
  linkOf: (row: ListingRow) => string;
  actions: (row: ListingRow) => ReactNode;
  showOrg?: boolean;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}) {
  const { t } = useTranslation('listing');
  if (!loading && rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Spin spinning={loading}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {rows.map((row) => (
          <Card key={row.id} size="small">
            <Flex justify="space-between" gap={8} align="start">
              <Link to={linkOf(row)} style={{ fontWeight: 500 }}>
                {row.materialName}
              </Link>
              <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
                <ListingStatusTag status={row.status} />
                {row.notGreen && <Tag color="orange">{t('list.notGreen')}</Tag>}
              </Space>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
              {[row.cityName ?? row.cityCode, showOrg ? row.orgName : row.brand, row.classifyName]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            {row.rejectReason && (row.status === 4 || row.status === 5) && (
              <Typography.Text type="danger" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
                {t('list.rejectReason')}：{row.rejectReason}
              </Typography.Text>
            )}
            {row.notGreen && row.notGreenReason && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
                {t('list.notGreenReason')}：{row.notGreenReason}
              </Typography.Text>
            )}
            <Flex justify="space-between" align="center" wrap gap={4} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.submittedAt ? `${t('list.submittedAt')} ${row.submittedAt}` : ''}
              </Typography.Text>
              <div>{actions(row)}</div>
            </Flex>
          </Card>
        ))}
        {pagination.total > pagination.pageSize && (
          <Flex justify="center">
            <Pagination
              simple
              current={pagination.current}
              pageSize={pagination.pageSize}
              total={pagination.total}
              onChange={pagination.onChange}
            />
          </Flex>
        )}
      </Space>
    </Spin>
  );
}
