import { pages, pageUrl } from '@jcbb/contract/pages';
import { Badge, Empty, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListingSummary } from '../api.ts';
import { listingStatusColor } from '../labels.ts';

/** The cities a product is listed in (or on its way to), with the state and a rejection's reason. */
export function ListingsSummary({ listings }: { listings: ListingSummary[] }) {
  const { t } = useTranslation('product');
  if (listings.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.listingsEmpty')} />;
  }
  const columns: TableProps<ListingSummary>['columns'] = [
    {
      title: t('details.listingCity'),
      key: 'city',
      width: 120,
      render: (_, l) => <Link to={pageUrl(pages.listingDetails, { id: l.id })}>{l.cityName}</Link>,
    },
    {
      title: t('details.listingStatus'),
      key: 'status',
      width: 140,
      render: (_, l) => (
        <Badge
          status={(listingStatusColor[l.status] ?? 'default') as 'default'}
          text={t(`listingStatus.${l.status}`, { defaultValue: l.statusName })}
        />
      ),
    },
    {
      title: t('details.listingReason'),
      key: 'reason',
      render: (_, l) => (l.rejectReason ? <Typography.Text type="danger">{l.rejectReason}</Typography.Text> : '—'),
    },
  ];
  return (
    <Table<ListingSummary>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={listings}
      pagination={false}
      scroll={{ x: 420 }}
    />
  );
}
