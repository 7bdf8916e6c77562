import { AppstoreAddOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Grid, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { saveBlob } from '../../../lib/open-blob.ts';
import { useSession } from '../../../lib/session.ts';
import {
  invalidateListings,
  type ListingFilter,
  type ListingQuery,
  type ListingRow,
  listingApi,
  listingListQuery,
} from '../api.ts';
import { ListingCards } from '../components/ListingCards.tsx';
import { ListingStatusTag, listingStatusOptions } from '../components/ListingStatusTag.tsx';
import { ProductSelect } from '../components/ProductSelect.tsx';
import { PushCitySelect } from '../components/PushCitySelect.tsx';
import { type RowAction, rowActions } from '../listing-actions.ts';
import { savedToValues } from '../saved-values.ts';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';
import { takeSkipPagination } from '../../../lib/paging.ts';

const PAGE_SIZE = 10;

/**
 * /productCenter/productManagement (入库城市): the manufacturer's listings of its products in cities, filtered by
 * product, city and state; each row's state with its rejection or not-green reason, and what may be done now.
 */
export function ListingListPage() {
  const { t, i18n } = useTranslation('listing');
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const roles = useSession().user?.roles ?? [];
  const wide = Grid.useBreakpoint().md ?? true;
  // ?productId= (from the product centre's edit step) opens the list filtered to that product.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<ListingFilter>(() => {
    const productId = Number(params.get('productId'));
    return Number.isInteger(productId) && productId > 0 ? { productId } : {};
  });
  const [page, setPage] = useState({ take: PAGE_SIZE, skip: 0 });
  const query: ListingQuery = { ...filter, ...page };
  const list = useQuery({
    ...listingListQuery(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => invalidateListings(queryClient);
  const changeFilter = (next: Partial<ListingFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, skip: 0 }));
  };

  const exportXls = useMutation({
    mutationFn: () => listingApi.exportXls(filter),
    onSuccess: (blob) => saveBlob(blob, `${t('list.exportName')}.xlsx`),
  });
  const delist = useMutation({
    mutationFn: (id: number) => listingApi.delist(id),
    onSuccess: () => {
      message.success(t('list.delisted'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => listingApi.remove(id),
    onSuccess: () => {
      message.success(t('list.deleted'));
      void refresh();
    },
  });
  // Submitting from the list sends the saved answers again with submit = true; missing required answers open the form.
  const submit = useMutation({
    mutationFn: async (row: ListingRow) => {
      const detail = await listingApi.detail({ id: row.id });
      return listingApi.save({
        productId: row.productId,
        cityCode: row.cityCode,
        values: savedToValues(detail.groups, detail.values),
        submit: true,
      });
    },
    onSuccess: () => {
      message.success(t('list.submitted'));
      void refresh();
    },
    onError: (error, row) => {
      message.error(error.message, 5);
      navigate(`/warehousing/edit?id=${row.id}`);
    },
  });

  const run = (action: RowAction, row: ListingRow) => {
    const names = { name: row.materialName, city: row.cityName ?? row.cityCode };
    switch (action) {
      case 'edit':
      case 'resubmit':
        navigate(`/warehousing/edit?id=${row.id}`);
        return;
      case 'details':
        navigate(pageUrl(pages.listingDetails, { id: row.id }));
        return;
      case 'submit':
        modal.confirm({
          title: t('list.confirmSubmit', names),
          content: t('list.confirmSubmitText'),
          okText: t('list.submit'),
          cancelText: t('common.cancel'),
          onOk: () => submit.mutateAsync(row).catch(() => undefined),
        });
        return;
      case 'delist':
        modal.confirm({
          title: t('list.confirmDelist', names),
          content: t('list.confirmDelistText'),
          okText: t('list.delist'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => delist.mutateAsync(row.id).catch(() => undefined),
        });
        return;
      case 'delete':
        modal.confirm({
          title: t('list.confirmDelete', names),
          content: t('list.confirmDeleteText'),
          okText: t('list.delete'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
        });
        return;
    }
  };

  const rowButtons = (row: ListingRow) => (
    <Space size={0} wrap>
      {rowActions(row.status, roles).map((action) => (
        <Button
          key={action}
          type="link"
          size="small"
          danger={action === 'delete' || action === 'delist'}
          onClick={() => run(action, row)}
        >
          {t(`list.${action}`)}
        </Button>
      ))}
    </Space>
  );

  const columns: TableProps<ListingRow>['columns'] = [
    {
      title: t('list.materialName'),
      key: 'product',
      width: 200,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={pageUrl(pages.listingDetails, { id: row.id })}>{row.materialName}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[row.brand, row.classifyName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('list.city'), key: 'city', width: 90, render: (_, row) => row.cityName ?? row.cityCode },
    {
      title: t('list.status'),
      key: 'status',
      width: 240,
      render: (_, row) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <ListingStatusTag status={row.status} />
            {row.notGreen && <Typography.Text type="warning">{t('list.notGreen')}</Typography.Text>}
          </Space>
          {row.rejectReason && (row.status === 4 || row.status === 5) && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('list.rejectReason')}：{row.rejectReason}
            </Typography.Text>
          )}
          {row.notGreen && row.notGreenReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('list.notGreenReason')}：{row.notGreenReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('list.govProcurement'),
      key: 'gov',
      width: 80,
      render: (_, row) => (row.govProcurement ? t('common.yes') : t('common.no')),
    },
    { title: t('list.submittedAt'), dataIndex: 'submittedAt', key: 'submittedAt', width: 160, render: (v) => v ?? '—' },
    // Only on very wide screens: at 1366 px it pushed the table into sideways scrolling under the fixed actions.
    { title: t('list.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 160, responsive: ['xxl'] },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => rowButtons(row),
    },
  ];

  return (
    <PageCard
      title={t('list.title')}
      tools={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/warehousing/edit')}>
            {t('list.add')}
          </Button>
          <Button icon={<AppstoreAddOutlined />} onClick={() => navigate('/warehousing/batch')}>
            {t('list.batch')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exportXls.isPending} onClick={() => exportXls.mutate()}>
            {t('list.export')}
          </Button>
        </Space>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <ProductSelect
          aria-label={t('list.product')}
          allowClear
          value={filter.productId}
          onChange={(v) => changeFilter({ productId: typeof v === 'number' ? v : undefined })}
          style={{ width: 220 }}
        />
        <PushCitySelect
          aria-label={t('list.city')}
          allowClear
          value={filter.cityCode}
          onChange={(v) => changeFilter({ cityCode: typeof v === 'string' ? v : undefined })}
          style={{ width: 180 }}
        />
        <Select
          aria-label={t('list.status')}
          allowClear
          placeholder={t('status.all')}
          value={filter.status}
          options={listingStatusOptions(english)}
          onChange={(status?: number) => changeFilter({ status })}
          style={{ width: 160 }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {t('common.refresh')}
        </Button>
      </Flex>
      {wide ? (
        <Table<ListingRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 980 }}
          locale={{ emptyText: t('list.empty') }}
          pagination={takeSkipPagination(
            page,
            list.data?.total ?? 0,
            (skip) => setPage((p) => ({ ...p, skip })),
            (total) => t('common.total', { total }),
          )}
        />
      ) : (
        <ListingCards
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          emptyText={t('list.empty')}
          linkOf={(row) => pageUrl(pages.listingDetails, { id: row.id })}
          actions={rowButtons}
          pagination={takeSkipPagination(page, list.data?.total ?? 0, (skip) => setPage((p) => ({ ...p, skip })))}
        />
      )}
    </PageCard>
  );
}
