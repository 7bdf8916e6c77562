import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationItem } from '../api.ts';
import { ApplicationStatusTag } from './ApplicationStatusTag.tsx';

/** The organisation's applications, newest first, with the reviewer's reasons. */
export function CertificationHistory({ items, loading }: { items: CertificationItem[]; loading?: boolean }) {
  const { t } = useTranslation('organization');
  const columns: TableProps<CertificationItem>['columns'] = [
    { title: t('history.submittedAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180 },
    {
      title: t('history.status'),
      key: 'status',
      width: 110,
      render: (_, item) => <ApplicationStatusTag status={item.status} label={item.statusName} />,
    },
    {
      title: t('history.reviewedAt'),
      dataIndex: 'reviewedAt',
      key: 'reviewedAt',
      width: 180,
      render: (v: string | null) => v ?? '—',
    },
    { title: t('history.reason'), dataIndex: 'reason', key: 'reason', render: (v: string | null) => v ?? '—' },
    {
      title: t('history.submitter'),
      key: 'submitter',
      width: 120,
      render: (_, item) => item.submitter?.realName ?? '—',
    },
  ];
  return (
    <Table<CertificationItem>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: t('history.empty') }}
    />
  );
}
