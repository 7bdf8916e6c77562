import { CERT_EXEMPT_ORG_TYPE, CertStatus, orgTypeLabels } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Grid, Select, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type AdminOrganizationItem, type OrganizationQuery, organizationsQuery } from '../api.ts';
import { OrgCertTag } from '../components/StatusTags.tsx';
import { orgTypeName } from '../labels.ts';

const PAGE_SIZE = 10;
const ORG_TYPES = ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const).map((code) => ({ code, ...orgTypeLabels[code] }));

/** /admin/organizations: every organisation on the platform, by type and certification state. */
export function OrganizationsPage() {
  const { t, i18n } = useTranslation('admin');
  const english = i18n.language.startsWith('en');
  // On a phone: name (with its type) and certification; the rest from md up.
  const screens = Grid.useBreakpoint();
  const { query, filter, pagination } = useListQuery<OrganizationQuery>({ take: PAGE_SIZE, skip: 0 });
  const list = useQuery({
    ...organizationsQuery(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<AdminOrganizationItem>['columns'] = [
    {
      title: t('orgs.name'),
      key: 'name',
      render: (_, org) => (
        <>
          {org.name}
          {!screens.md && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {orgTypeName(org.type, org.typeName, english)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('orgs.type'),
      key: 'type',
      width: 160,
      responsive: ['md'],
      render: (_, org) => orgTypeName(org.type, org.typeName, english),
    },
    {
      title: t('orgs.certStatus'),
      key: 'certStatus',
      width: 110,
      // Government units need no certification (spec §9): their state says so rather than 未认证.
      render: (_, org) =>
        org.type === CERT_EXEMPT_ORG_TYPE ? <Tag>{t('orgs.exempt')}</Tag> : <OrgCertTag certStatus={org.certStatus} />,
    },
    {
      title: t('orgs.creditCode'),
      dataIndex: 'creditCode',
      key: 'creditCode',
      width: 200,
      responsive: ['md'],
      render: (v: string | null) => (v ? <span style={{ fontFamily: 'monospace' }}>{v}</span> : '—'),
    },
    {
      title: t('orgs.members'),
      dataIndex: 'memberCount',
      key: 'memberCount',
      width: 90,
      align: 'right',
      responsive: ['md'],
    },
    { title: t('orgs.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, responsive: ['md'] },
  ];

  return (
    <Card title={t('orgs.title')}>
      <ListToolbar onRefresh={() => void list.refetch()}>
        <KeywordSearch label={t('orgs.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          aria-label={t('orgs.type')}
          style={{ width: 160 }}
          value={query.type ?? 0}
          onChange={(type: number) => filter({ type: type || undefined })}
          options={[
            { value: 0, label: t('orgs.typeAll') },
            ...ORG_TYPES.map((o) => ({ value: o.code, label: english ? o.en : o.zh })),
          ]}
        />
        <Select
          aria-label={t('orgs.certStatus')}
          style={{ width: 140 }}
          value={query.certStatus ?? -1}
          onChange={(certStatus: number) => filter({ certStatus: certStatus < 0 ? undefined : certStatus })}
          options={[
            { value: -1, label: t('orgs.certAll') },
            { value: CertStatus.NONE, label: t('orgs.certNone') },
            { value: CertStatus.PENDING, label: t('orgs.certPending') },
            { value: CertStatus.CERTIFIED, label: t('orgs.certCertified') },
            { value: CertStatus.REJECTED, label: t('orgs.certRejected') },
          ]}
        />
      </ListToolbar>
      <Table<AdminOrganizationItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={screens.md ? { x: 900 } : undefined}
        pagination={pagination(list.data?.total ?? 0, (total) => t('orgs.total', { total }))}
      />
    </Card>
  );
}
