import { PlusOutlined } from '@ant-design/icons';
import { Role } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Pagination, Switch, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { ProductTags } from '../../../components/ProductTags.tsx';
import { useSession } from '../../../lib/session.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { invalidateProductCentre, type ProductItem, productApi, productListQuery } from '../api.ts';
import { ProductActions } from '../components/ProductActions.tsx';
import { ProductImage } from '../components/ProductImage.tsx';
import { type ProductFilters, ProductSearchForm } from '../components/ProductSearchForm.tsx';
import '../i18n.ts';
import { takeSkipPagination } from '../../../lib/paging.ts';
import { isEnabled, PAGE_SIZE, stars } from '../labels.ts';

export const EDIT_PATH = '/productCenter/productEdit';

/** /product/list: the manufacturer's products with the search form of spec §3, ten a page. */
export function ProductListPage() {
  const { t } = useTranslation('product');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { user } = useSession();
  const canDelete = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ProductFilters>({});
  const [skip, setSkip] = useState(0);
  const body = { ...filters, take: PAGE_SIZE, skip };

  const list = useQuery({
    ...productListQuery(body),
    placeholderData: keepPreviousData,
  });
  const refresh = () => invalidateProductCentre(queryClient);

  const setEnable = useMutation({
    mutationFn: ({ id, enableStatus }: { id: number; enableStatus: number }) =>
      productApi.setEnableStatus(id, enableStatus),
    onSuccess: (_, { enableStatus }) => {
      message.success(isEnabled(enableStatus) ? t('list.enabledDone') : t('list.disabledDone'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => productApi.remove(id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      // The last product of a page gone: show the page before.
      if (list.data && list.data.list.length === 1 && skip > 0) setSkip(Math.max(0, skip - PAGE_SIZE));
      void refresh();
    },
  });

  const confirmEnable = (p: ProductItem) => {
    const disabling = isEnabled(p.enableStatus);
    modal.confirm({
      title: t(disabling ? 'list.enableConfirmOff' : 'list.enableConfirmOn', { name: p.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: disabling ? { danger: true } : undefined,
      onOk: () => setEnable.mutateAsync({ id: p.id, enableStatus: disabling ? 2 : 1 }),
    });
  };
  const confirmDelete = (p: ProductItem) =>
    modal.confirm({
      title: t('list.deleteConfirm', { name: p.name }),
      content: t('list.deleteConfirmText'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(p.id),
    });

  const enableSwitch = (p: ProductItem) => (
    <Switch
      checked={isEnabled(p.enableStatus)}
      checkedChildren={t('enableStatus.1')}
      unCheckedChildren={t('enableStatus.2')}
      aria-label={`${t('field.enableStatus')} ${p.name}`}
      loading={setEnable.isPending && setEnable.variables?.id === p.id}
      onChange={() => confirmEnable(p)}
    />
  );
  const actions = (p: ProductItem) => (
    <ProductActions product={p} canDelete={canDelete} onDelete={() => confirmDelete(p)} />
  );
  const nameCell = (p: ProductItem) => (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <span>
        <Link to={pageUrl(pages.productDetails, { id: p.id })}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {p.name}
          </Typography.Text>
        </Link>
        {p.recommended ? (
          <Tag color="volcano" style={{ marginInlineStart: 6 }}>
            {t('list.recommendedYes')}
          </Tag>
        ) : null}
      </span>
      {p.brand ? <Typography.Text type="secondary">{p.brand}</Typography.Text> : null}
    </Flex>
  );

  const columns: TableProps<ProductItem>['columns'] = [
    {
      title: t('field.image'),
      key: 'image',
      width: 80,
      render: (_, p) => <ProductImage fileId={p.images[0]?.id} alt={p.name} size={56} preview />,
    },
    { title: t('field.name'), key: 'name', width: 190, render: (_, p) => nameCell(p) },
    { title: t('field.classify'), dataIndex: 'classifyName', key: 'classify', width: 130 },
    {
      title: t('field.tags'),
      key: 'tags',
      width: 170,
      render: (_, p) => (
        <ProductTags tags={p.tags} showStars={false} empty={<Typography.Text type="secondary">—</Typography.Text>} />
      ),
    },
    {
      title: t('field.starRating'),
      key: 'star',
      width: 80,
      render: (_, p) =>
        p.tags.starRating ? (
          <span style={{ color: '#faad14' }} title={t('search.star', { count: p.tags.starRating })}>
            {stars(p.tags.starRating)}
          </span>
        ) : (
          '—'
        ),
    },
    { title: t('field.enableStatus'), key: 'enable', width: 100, render: (_, p) => enableSwitch(p) },
    { title: t('common.actions'), key: 'actions', width: 280, fixed: 'right', render: (_, p) => actions(p) },
  ];

  const filtered = Object.keys(filters).length > 0;
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('list.emptyFiltered') : t('list.empty')} />
  );
  const page = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const pagination = takeSkipPagination({ take: PAGE_SIZE, skip }, total, setSkip, (n) =>
    t('common.total', { total: n }),
  );

  return (
    <Card
      title={t('list.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(EDIT_PATH)}>
          {t('list.add')}
        </Button>
      }
    >
      <ProductSearchForm
        collapsible={mobile}
        onSearch={(f) => {
          setFilters(f);
          setSkip(0);
        }}
      />
      {mobile ? (
        <>
          <ItemList
            loading={list.isFetching}
            items={page}
            rowKey={(p) => p.id}
            emptyText={empty}
            renderItem={(p) => (
              <>
                <Flex gap={12} align="flex-start">
                  <ProductImage fileId={p.images[0]?.id} alt={p.name} size={64} />
                  <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                    {nameCell(p)}
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {p.classifyName}
                      {p.tags.starRating ? <span style={{ color: '#faad14' }}> {stars(p.tags.starRating)}</span> : null}
                    </Typography.Text>
                    <ProductTags tags={p.tags} showStars={false} />
                  </Flex>
                </Flex>
                <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
                  {enableSwitch(p)}
                  {actions(p)}
                </Flex>
              </>
            )}
          />
          {total > 0 ? <Pagination {...pagination} simple style={{ marginTop: 12, textAlign: 'center' }} /> : null}
        </>
      ) : (
        <Table<ProductItem>
          rowKey="id"
          columns={columns}
          dataSource={page}
          loading={list.isFetching}
          scroll={{ x: 1040 }}
          locale={{ emptyText: empty }}
          pagination={pagination}
        />
      )}
    </Card>
  );
}

export default ProductListPage;
