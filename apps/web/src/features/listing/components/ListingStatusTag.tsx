import { ListingStatus, type ListingStatusValue, listingStatusLabels } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<ListingStatusValue, string> = {
  [ListingStatus.DRAFT]: 'default',
  [ListingStatus.PLATFORM_AUDIT]: 'processing',
  [ListingStatus.CITY_AUDIT]: 'processing',
  [ListingStatus.LISTED]: 'success',
  [ListingStatus.PLATFORM_REJECTED]: 'error',
  [ListingStatus.CITY_REJECTED]: 'error',
  [ListingStatus.DELISTED]: 'warning',
};

/** The label of a listing state in the current language (ListingStatus of the contract). */
export function listingStatusName(status: number | null | undefined, english: boolean): string {
  if (status === null || status === undefined) return '';
  const label = listingStatusLabels[status as ListingStatusValue];
  return label ? (english ? label.en : label.zh) : String(status);
}

export const listingStatusOptions = (english: boolean) =>
  (Object.values(ListingStatus) as ListingStatusValue[]).map((value) => ({
    value,
    label: listingStatusName(value, english),
  }));

export function ListingStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  return (
    <Tag color={colors[status as ListingStatusValue] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {listingStatusName(status, english)}
    </Tag>
  );
}
