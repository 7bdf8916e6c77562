import { PlusOutlined } from '@ant-design/icons';
import { type ElementItem, fieldTypeLabels, UseStatus } from '@jcbb/contract';
import { Button, Card, Empty, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminGroupItem } from '../api.ts';
import { StatusTag } from './StatusTag.tsx';

export interface ElementTableProps {
  /** The chosen group; none: a hint to choose one. */
  group: AdminGroupItem | null;
  elements: ElementItem[];
  loading: boolean;
  mobile: boolean;
  onAdd: () => void;
  onEdit: (element: ElementItem) => void;
  /** Enable or disable (the page asks before disabling). */
  onToggle: (element: ElementItem) => void;
}

/** A group's elements in their order: type, required and demand-standard flags, options, status, actions. */
export function ElementTable({ group, elements, loading, mobile, onAdd, onEdit, onToggle }: ElementTableProps) {
  const { t } = useTranslation('element');

  const optionsCell = (e: ElementItem) =>
    e.elementEnumList.length > 0 ? (
      <Space size={[4, 4]} wrap>
        {[...e.elementEnumList]
          .sort((a, b) => a.sort - b.sort)
          .map((o) => (
            <Tag key={o.enumId} color={e.govProcurement && o.meetsStandard ? 'green' : undefined}>
              {o.label}
              {e.govProcurement && o.meetsStandard ? ` · ${t('admin.meetsStandard')}` : ''}
            </Tag>
          ))}
      </Space>
    ) : e.standardMin !== null ? (
      <Typography.Text type="secondary">{t('form.standardMin', { min: e.standardMin })}</Typography.Text>
    ) : (
      '—'
    );
  const typeName = (e: ElementItem) => fieldTypeLabels[e.displayType] ?? e.displayTypeName;

  // On a phone the element's type, options and status sit under its name: their columns show from md up.
  const columns: TableProps<ElementItem>['columns'] = [
    { title: t('admin.sort'), dataIndex: 'sort', key: 'sort', width: 56, align: 'center', responsive: ['md'] },
    {
      // Required is a tag beside the name, not a column: with one, the table no longer fit its half of the page.
      title: t('admin.elementName'),
      key: 'name',
      width: mobile ? undefined : 190,
      render: (_, e) => (
        <Flex vertical gap={4}>
          <Space size={4} wrap>
            <span>{e.name}</span>
            {e.required === 1 && <Tag color="red">{t('admin.requiredYes')}</Tag>}
            {e.govProcurement && <Tag color="gold">{t('form.govProcurement')}</Tag>}
          </Space>
          {mobile ? (
            <>
              <Space size={4}>
                <Typography.Text type="secondary">{typeName(e)}</Typography.Text>
                <StatusTag status={e.useStatus} />
              </Space>
              {e.elementEnumList.length > 0 || e.standardMin !== null ? optionsCell(e) : null}
            </>
          ) : null}
        </Flex>
      ),
    },
    { title: t('admin.displayType'), key: 'type', width: 100, responsive: ['md'], render: (_, e) => typeName(e) },
    { title: t('admin.options'), key: 'options', responsive: ['md'], render: (_, e) => optionsCell(e) },
    {
      title: t('admin.status'),
      key: 'status',
      width: 72,
      responsive: ['md'],
      render: (_, e) => <StatusTag status={e.useStatus} />,
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: mobile ? 64 : 110,
      fixed: mobile ? undefined : 'right',
      render: (_, e) => (
        <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'}>
          <Button type="link" size="small" onClick={() => onEdit(e)}>
            {t('admin.edit')}
          </Button>
          <Button type="link" size="small" danger={e.useStatus === UseStatus.ENABLED} onClick={() => onToggle(e)}>
            {e.useStatus === UseStatus.ENABLED ? t('admin.disable') : t('admin.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      type="inner"
      size="small"
      title={group ? `${group.name} · ${t('admin.elements')}` : t('admin.elements')}
      extra={
        group && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('admin.addElement')}
          </Button>
        )
      }
    >
      {group ? (
        <Table<ElementItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={[...elements].sort((a, b) => a.sort - b.sort || a.id - b.id)}
          loading={loading}
          pagination={false}
          scroll={mobile ? undefined : { x: 600 }}
          locale={{ emptyText: t('admin.noElements') }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.chooseGroup')} />
      )}
    </Card>
  );
}
