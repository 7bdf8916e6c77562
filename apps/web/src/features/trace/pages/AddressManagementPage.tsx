import { PlusOutlined } from '@ant-design/icons';
import { type AddressKindValue, addressKindLabels } from '@jcbb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Grid,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type Address, addressMutations, addressQueries, invalidateAddresses } from '../api.ts';
import { AddressFormDrawer } from '../components/AddressFormDrawer.tsx';
import { labelOptions, traceLabels } from '../components/code-labels.ts';
import { TRACE_NS } from '../locales/register.ts';

const PAGE_SIZE = 20;

/**
 * /productionManagement/addressManagement: the organisation's factories, warehouses, sites and offices, where
 * shipments leave from and arrive at. One default per kind (the shipment form starts from it). An address a
 * shipment used cannot be deleted (the server answers 409): the page says so and offers to disable it instead.
 */
export function AddressManagementPage() {
  const { t, i18n } = useTranslation(TRACE_NS);
  const english = i18n.language.startsWith('en');
  const labels = traceLabels(english);
  const wide = Grid.useBreakpoint().md ?? true;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const { query, filter, pagination } = useListQuery<{ take: number; skip: number; kind?: AddressKindValue }>({
    take: PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...addressQueries.list(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  const save = useMutation({
    ...addressMutations.save,
    onSuccess: () => {
      message.success(t('address.disabled'));
      void invalidateAddresses(queryClient);
    },
    onError: (error) => message.error(error.message, 5),
  });
  const disable = (a: Address) =>
    save.mutateAsync({
      id: a.id,
      kind: a.kind,
      name: a.name,
      regionCode: a.regionCode,
      detail: a.detail,
      contactName: a.contactName,
      contactPhone: a.contactPhone,
      // A disabled address cannot be the one a shipment form starts from.
      isDefault: false,
      enabled: false,
    });

  const remove = useMutation({
    ...addressMutations.remove,
    onSuccess: () => {
      message.success(t('address.deleted'));
      void invalidateAddresses(queryClient);
    },
    onError: (error, { id }) => {
      const address = rows.find((a) => a.id === id);
      if (error instanceof ApiError && error.status === 409 && address) {
        // Used by a shipment: the documents keep pointing at it. Disabling hides it from the pickers instead.
        modal.confirm({
          title: t('address.inUseTitle', { name: address.name }),
          content: address.enabled ? t('address.inUseDisable') : t('address.inUseDisabled'),
          okText: t('address.disable'),
          cancelText: t('common.cancel'),
          okButtonProps: { disabled: !address.enabled },
          onOk: () => disable(address),
        });
        return;
      }
      message.error(error.message, 5);
    },
  });

  const create = () => setEditing({ address: null });
  const edit = (a: Address) => setEditing({ address: a });
  const tags = (a: Address) => (
    <>
      {a.isDefault && <Tag color="blue">{t('address.default')}</Tag>}
      {!a.enabled && <Tag>{t('address.off')}</Tag>}
    </>
  );
  const actions = (a: Address) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => edit(a)}>
        {t('common.edit')}
      </Button>
      <Popconfirm
        title={t('address.deleteConfirm', { name: a.name })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutateAsync({ id: a.id }).catch(() => undefined)}
      >
        <Button type="link" size="small" danger>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  const columns: TableProps<Address>['columns'] = [
    {
      title: t('address.name'),
      key: 'name',
      width: 220,
      render: (_, a) => (
        <Space size={4} wrap>
          <span>{a.name}</span>
          {tags(a)}
        </Space>
      ),
    },
    { title: t('address.kind'), key: 'kind', width: 90, render: (_, a) => labels.addressKind(a.kind) },
    {
      title: t('address.where'),
      key: 'where',
      render: (_, a) => `${a.regionName} ${a.detail}`,
    },
    {
      title: t('address.contact'),
      key: 'contact',
      width: 180,
      render: (_, a) => `${a.contactName} ${a.contactPhone}`,
    },
    { title: t('common.actions'), key: 'actions', width: 130, render: (_, a) => actions(a) },
  ];

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.kind ? t('address.emptyKind') : t('address.empty')}>
      {!query.kind && (
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('address.createFirst')}
        </Button>
      )}
    </Empty>
  );

  return (
    <PageCard
      title={t('address.title')}
      tools={
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('address.create')}
        </Button>
      }
    >
      <ListToolbar onRefresh={() => void invalidateAddresses(queryClient)}>
        <Select<AddressKindValue>
          allowClear
          aria-label={t('address.kind')}
          placeholder={t('address.allKinds')}
          style={{ width: 160 }}
          value={query.kind}
          onChange={(kind) => filter({ kind })}
          options={labelOptions(addressKindLabels, english)}
        />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<Address>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(total, (n) => t('address.total', { total: n }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(a) => a.id}
          loading={list.isFetching}
          emptyText={empty}
          renderItem={(a) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space size={4} wrap>
                <Typography.Text strong>{a.name}</Typography.Text>
                <Tag>{labels.addressKind(a.kind)}</Tag>
                {tags(a)}
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {a.regionName} {a.detail}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {a.contactName} {a.contactPhone}
              </Typography.Text>
            </Space>
          )}
          actions={actions}
        />
      )}
      {!wide && total > PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(total)} />
        </Flex>
      )}
      <AddressFormDrawer
        open={editing !== null}
        address={editing?.address ?? null}
        defaultKind={query.kind}
        onClose={() => setEditing(null)}
      />
    </PageCard>
  );
}
