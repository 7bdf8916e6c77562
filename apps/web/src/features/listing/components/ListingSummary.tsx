import { Alert, Descriptions, Grid, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry, ListingRow } from '../api.ts';
import { ListingStatusTag } from './ListingStatusTag.tsx';

/** The facts of one listing, and (when there are any) the latest rejections and the not-green finding. */
export function ListingSummary({
  listing,
  lastPlatformReject,
  lastCityReject,
  notGreenLog,
}: {
  listing: ListingRow;
  lastPlatformReject?: AuditLogEntry | null;
  lastCityReject?: AuditLogEntry | null;
  notGreenLog?: AuditLogEntry | null;
}) {
  const { t } = useTranslation('listing');
  const screens = Grid.useBreakpoint();
  const notice = (entry: AuditLogEntry | null | undefined, title: string, type: 'error' | 'warning' | 'info') =>
    entry?.reason ? (
      <Alert
        type={type}
        showIcon
        title={`${title}（${entry.createTime}）`}
        description={entry.reason}
        style={{ whiteSpace: 'pre-wrap' }}
      />
    ) : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={screens.md ? 2 : 1}
        styles={{ label: { width: screens.md ? 120 : 96 } }}
        items={[
          { key: 'product', label: t('detail.product'), children: listing.materialName },
          { key: 'org', label: t('detail.org'), children: listing.orgName },
          { key: 'city', label: t('detail.city'), children: listing.cityName ?? listing.cityCode },
          {
            key: 'status',
            label: t('detail.status'),
            children: (
              <Space size={4} wrap>
                <ListingStatusTag status={listing.status} />
                {listing.notGreen && <Tag color="orange">{t('list.notGreen')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'gov',
            label: t('detail.govProcurement'),
            children: listing.govProcurement ? (
              <Tag color="gold">{t('detail.meets')}</Tag>
            ) : (
              <Tag>{t('detail.notMeets')}</Tag>
            ),
          },
          { key: 'classify', label: t('detail.classify'), children: listing.classifyName ?? listing.classifyCode },
          { key: 'submitted', label: t('detail.submittedAt'), children: listing.submittedAt ?? '—' },
          { key: 'listed', label: t('detail.listedAt'), children: listing.listedAt ?? '—' },
        ]}
      />
      {notice(lastPlatformReject, t('detail.lastPlatformReject'), listing.status === 4 ? 'error' : 'info')}
      {notice(lastCityReject, t('detail.lastCityReject'), listing.status === 5 ? 'error' : 'info')}
      {listing.notGreen && notice(notGreenLog, t('detail.notGreen'), 'warning')}
    </Space>
  );
}
