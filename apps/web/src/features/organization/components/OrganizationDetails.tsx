import { type OrgTypeValue, orgNatures, orgTypeLabels } from '@jcbb/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LicenseLink } from './LicenseLink.tsx';

export interface DetailsValue {
  name: string;
  type?: number;
  typeName?: string;
  nature: number | null;
  natureName: string | null;
  regionPath: string[];
  creditCode: string | null;
  address: string | null;
  legalPerson: string | null;
  contactName: string | null;
  contactPhone: string | null;
  license: { id: number; name: string } | null;
}

/** An organisation's certification details, read-only (certified organisations, or an application under review). */
export function OrganizationDetails({ value }: { value: DetailsValue }) {
  const { t, i18n } = useTranslation('organization');
  // The server names types and natures in Chinese; in English the contract's code tables do.
  const english = i18n.language.startsWith('en');
  const typeName =
    english && value.type !== undefined
      ? (orgTypeLabels[value.type as OrgTypeValue]?.en ?? value.typeName)
      : value.typeName;
  const natureName = english
    ? (orgNatures.find((n) => n.code === value.nature)?.en ?? value.natureName)
    : value.natureName;
  const dash = (v: string | null | undefined) => (v ? v : '—');
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('form.name'), children: value.name },
    ...(typeName ? [{ key: 'type', label: t('details.type'), children: typeName }] : []),
    { key: 'nature', label: t('form.nature'), children: dash(natureName) },
    { key: 'region', label: t('form.region'), children: dash(value.regionPath.join(' / ')) },
    { key: 'creditCode', label: t('form.creditCode'), children: dash(value.creditCode) },
    { key: 'address', label: t('form.address'), children: dash(value.address) },
    { key: 'legalPerson', label: t('form.legalPerson'), children: dash(value.legalPerson) },
    { key: 'contactName', label: t('form.contactName'), children: dash(value.contactName) },
    { key: 'contactPhone', label: t('form.contactPhone'), children: dash(value.contactPhone) },
    {
      key: 'license',
      label: t('form.license'),
      children: value.license ? <LicenseLink file={value.license} /> : '—',
    },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />;
}
