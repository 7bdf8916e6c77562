import { PlusOutlined } from '@ant-design/icons';
import { UseStatus } from '@jcbb/contract';
import { Button, Card, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminGroupItem } from '../api.ts';
import { StatusTag } from './StatusTag.tsx';

export interface GroupTableProps {
  /** The card's title: the city's name and 属性组. */
  title: string;
  groups: AdminGroupItem[];
  loading: boolean;
  selectedId: number | null;
  mobile: boolean;
  onSelect: (group: AdminGroupItem) => void;
  onAdd: () => void;
  onEdit: (group: AdminGroupItem) => void;
  /** Enable or disable (the page asks before disabling). */
  onToggle: (group: AdminGroupItem) => void;
}

/** The attribute groups of a city and scenario: a click on a row chooses the group whose elements show beside. */
export function GroupTable({
  title,
  groups,
  loading,
  selectedId,
  mobile,
  onSelect,
  onAdd,
  onEdit,
  onToggle,
}: GroupTableProps) {
  const { t } = useTranslation('element');
  const columns: TableProps<AdminGroupItem>['columns'] = [
    {
      title: t('admin.groupName'),
      key: 'name',
      render: (_, g) => (
        <Typography.Text
          strong={g.id === selectedId}
          type={g.useStatus === UseStatus.ENABLED ? undefined : 'secondary'}
        >
          {g.name}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.elementCount'),
      dataIndex: 'elementCount',
      key: 'count',
      width: 64,
      align: 'center',
      responsive: ['md'],
    },
    { title: t('admin.status'), key: 'status', width: 64, render: (_, g) => <StatusTag status={g.useStatus} /> },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: mobile ? 64 : 100,
      render: (_, g) => (
        <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => onEdit(g)}>
            {t('admin.edit')}
          </Button>
          <Button type="link" size="small" danger={g.useStatus === UseStatus.ENABLED} onClick={() => onToggle(g)}>
            {g.useStatus === UseStatus.ENABLED ? t('admin.disable') : t('admin.enable')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card
      type="inner"
      size="small"
      title={title}
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('admin.addGroup')}
        </Button>
      }
    >
      <Table<AdminGroupItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={groups}
        loading={loading}
        pagination={false}
        scroll={mobile ? undefined : { x: 340 }}
        locale={{ emptyText: t('admin.noGroups') }}
        onRow={(g) => ({ onClick: () => onSelect(g), style: { cursor: 'pointer' } })}
        rowClassName={(g) => (g.id === selectedId ? 'ant-table-row-selected' : '')}
      />
    </Card>
  );
}
