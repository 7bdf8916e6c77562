import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Role, SpecStatus } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Input,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { useSession } from '../../../lib/session.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { invalidateProductCentre, productApi } from '../api.ts';
import { SpecStatusTag } from '../components/SpecStatusTag.tsx';
import '../i18n.ts';
import { formatPrice, PAGE_SIZE } from '../labels.ts';
import { type SpecRow, specMatches, useAllSpecs } from '../use-all-specs.ts';

/** /specs/list (?productId=): the sales information, every specification of the manufacturer's products. */
function SpecsListPage() {
  const { t } = useTranslation('product');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useSession();
  const canDelete = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const queryClient = useQueryClient();
  const { query, rows, products } = useAllSpecs();
  const mobile = useIsMobile();

  const fromAddress = Number(params.get('productId')) || undefined;
  const [productId, setProductId] = useState<number | undefined>(fromAddress);
  // The page stays mounted (keep-alive): a new ?productId= from the product list moves the filter.
  useEffect(() => setProductId(fromAddress), [fromAddress]);
  const [status, setStatus] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);

  const shown = useMemo(
    () =>
      rows.filter(
        (r) =>
          (productId === undefined || r.productId === productId) &&
          (status === undefined || r.status === status) &&
          specMatches(r, keyword),
      ),
    [rows, productId, status, keyword],
  );

  const remove = useMutation({
    mutationFn: (id: number) => productApi.removeSpec(id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      void invalidateProductCentre(queryClient);
    },
  });

  const actions = (r: SpecRow) => (
    <Space size={0} style={{ marginInline: -7 }}>
      <Button type="link" size="small" onClick={() => navigate(`/specs/details?id=${r.id}`)}>
        {t('common.details')}
      </Button>
      <Button type="link" size="small" onClick={() => navigate(`/specs/edit?id=${r.id}`)}>
        {t('common.edit')}
      </Button>
      {canDelete ? (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            modal.confirm({
              title: t('spec.deleteConfirm', { name: `${r.productName} ${r.name}` }),
              okText: t('common.delete'),
              okButtonProps: { danger: true },
              cancelText: t('common.cancel'),
              onOk: () => remove.mutateAsync(r.id),
            })
          }
        >
          {t('common.delete')}
        </Button>
      ) : null}
    </Space>
  );

  const columns: TableProps<SpecRow>['columns'] = [
    {
      title: t('spec.product'),
      key: 'product',
      width: 170,
      fixed: 'left',
      render: (_, r) => <Link to={pageUrl(pages.productDetails, { id: r.productId })}>{r.productName}</Link>,
    },
    {
      title: t('spec.name'),
      key: 'name',
      width: 140,
      render: (_, r) => <Link to={`/specs/details?id=${r.id}`}>{r.name}</Link>,
    },
    { title: t('spec.model'), dataIndex: 'model', key: 'model', width: 140 },
    { title: t('spec.unit'), dataIndex: 'unitName', key: 'unit', width: 80 },
    { title: t('spec.priceShort'), key: 'price', width: 100, align: 'right', render: (_, r) => formatPrice(r.price) },
    {
      title: t('spec.minOrder'),
      key: 'minOrder',
      width: 110,
      align: 'right',
      render: (_, r) => formatQuantity(r.minOrder, { unit: r.unitName }),
    },
    { title: t('spec.status'), key: 'status', width: 80, render: (_, r) => <SpecStatusTag status={r.status} /> },
    // Only on very wide screens: at 1366 px it pushed the table into sideways scrolling under the fixed actions.
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 170, responsive: ['xxl'] },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => actions(r),
    },
  ];

  return (
    <Card
      title={
        <Flex vertical gap={0}>
          <span>{t('spec.listTitle')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', whiteSpace: 'normal' }}>
            {t('spec.listIntro')}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(`/specs/edit${productId ? `?productId=${productId}` : ''}`)}
        >
          {t('spec.add')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={12}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('spec.product')}
            placeholder={t('spec.product')}
            style={{ width: 220, maxWidth: '100%' }}
            value={productId}
            onChange={(v?: number) => {
              setProductId(v);
              setPage(1);
            }}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
          />
          <Select
            allowClear
            aria-label={t('spec.status')}
            placeholder={t('spec.status')}
            style={{ width: 120 }}
            value={status}
            onChange={(v?: number) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: SpecStatus.ON_SALE, label: t('specStatus.1') },
              { value: SpecStatus.OFF_SALE, label: t('specStatus.2') },
            ]}
          />
          <Input.Search
            allowClear
            aria-label={t('spec.keyword')}
            placeholder={t('spec.keyword')}
            maxLength={50}
            style={{ width: 240, maxWidth: '100%' }}
            onSearch={(v) => {
              setKeyword(v);
              setPage(1);
            }}
          />
        </Flex>
        <Space wrap>
          <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void query.refetch()} />
          <Button
            icon={<EditOutlined />}
            disabled={selected.length === 0}
            onClick={() => navigate(`/specs/batchEdit?ids=${selected.join(',')}`)}
          >
            {selected.length > 0 ? `${t('spec.batchEdit')}（${selected.length}）` : t('spec.batchEdit')}
          </Button>
        </Space>
      </Flex>
      {mobile ? (
        <>
          <ItemList
            loading={query.isFetching}
            items={shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
            rowKey={(r) => r.id}
            emptyText={t('spec.empty')}
            renderItem={(r) => (
              <Flex gap={10} align="flex-start">
                <Checkbox
                  aria-label={`${r.productName} ${r.name}`}
                  checked={selected.includes(r.id)}
                  onChange={(e) =>
                    setSelected((ids) => (e.target.checked ? [...ids, r.id] : ids.filter((id) => id !== r.id)))
                  }
                />
                <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Flex justify="space-between" gap={8}>
                    <Link to={`/specs/details?id=${r.id}`}>
                      <Typography.Text strong style={{ color: 'inherit' }}>
                        {r.name} · {r.model}
                      </Typography.Text>
                    </Link>
                    <SpecStatusTag status={r.status} />
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {r.productName}
                  </Typography.Text>
                  <Typography.Text style={{ fontSize: 13 }}>
                    {formatPrice(r.price)}/{r.unitName} · {t('spec.minOrder')}{' '}
                    {formatQuantity(r.minOrder, { unit: r.unitName })}
                  </Typography.Text>
                  {actions(r)}
                </Flex>
              </Flex>
            )}
          />
          {shown.length > 0 ? (
            <Pagination
              simple
              current={page}
              pageSize={PAGE_SIZE}
              total={shown.length}
              onChange={setPage}
              style={{ marginTop: 12, textAlign: 'center' }}
            />
          ) : null}
        </>
      ) : (
        <Table<SpecRow>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={query.isFetching}
          scroll={{ x: 1020 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: true,
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spec.empty')} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: shown.length,
            showSizeChanger: false,
            showTotal: (n) => t('common.total', { total: n }),
            onChange: setPage,
          }}
        />
      )}
    </Card>
  );
}

export default SpecsListPage;
