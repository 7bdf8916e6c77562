import { PlusOutlined } from '@ant-design/icons';
import { ProductDocumentKind, Role } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Modal, Select, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../lib/session.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { type DocumentItem, documentsQuery, invalidateProductCentre, productApi } from '../api.ts';
import { FileLink } from '../components/FileLink.tsx';
import { FileUpload, type UploadedRef } from '../components/FileUpload.tsx';
import '../i18n.ts';
import { PAGE_SIZE } from '../labels.ts';
import { useAllSpecs } from '../use-all-specs.ts';

type ManualRow = DocumentItem & { productName: string };

function AddManualModal({
  open,
  products,
  productId,
  onClose,
}: {
  open: boolean;
  products: { id: number; name: string }[];
  productId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ productId?: number; file?: UploadedRef }>();
  const save = useMutation({
    mutationFn: (v: { productId?: number; file?: UploadedRef }) =>
      productApi.addDocument({
        productId: v.productId as number,
        kind: ProductDocumentKind.MANUAL,
        uploadId: v.file?.id,
        name: v.file?.name,
      }),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await invalidateProductCentre(queryClient);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('manuals.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ productId }}
        onFinish={(v) => save.mutate(v)}
        preserve={false}
      >
        <Form.Item
          name="productId"
          label={t('manuals.product')}
          rules={[{ required: true, message: t('manuals.productRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('manuals.productPlaceholder')}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('manuals.file')}
          rules={[{ required: true, message: t('manuals.fileRequired') }]}
        >
          <FileUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /productManuals: the manuals of every product (a manual is a product document of kind 1). Lists, uploads,
 * downloads; the enterprise administrator deletes.
 */
function ManualsPage() {
  const { t } = useTranslation('product');
  const mobile = useIsMobile();
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const canDelete = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const queryClient = useQueryClient();
  const { query: productsQuery, products } = useAllSpecs();
  const [productId, setProductId] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState(1);

  // One call per product (documentList takes one product); a manufacturer has tens of products.
  const wanted = productId ? products.filter((p) => p.id === productId) : products;
  const manuals = useQueries({
    queries: wanted.map((p) => documentsQuery(p.id, ProductDocumentKind.MANUAL)),
  });
  const loading = productsQuery.isFetching || manuals.some((m) => m.isFetching);
  const dataKey = manuals.map((m) => m.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the query results
  const rows: ManualRow[] = useMemo(
    () =>
      wanted
        .flatMap((p, i) => (manuals[i]?.data ?? []).map((d) => ({ ...d, productName: p.name })))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [dataKey, productId, products],
  );

  const remove = useMutation({
    mutationFn: (id: number) => productApi.removeDocument(id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      void invalidateProductCentre(queryClient);
    },
  });

  const productLink = (d: ManualRow) => (
    <Link to={pageUrl(pages.productDetails, { id: d.productId })}>{d.productName}</Link>
  );
  const columns: TableProps<ManualRow>['columns'] = [
    {
      // On a phone the product and the upload date sit under the file: their columns show from md up.
      title: t('manuals.file'),
      key: 'file',
      width: mobile ? undefined : 260,
      render: (_, d) => {
        const file = d.file ? <FileLink file={d.file} /> : d.name;
        return mobile ? (
          <Flex vertical gap={2}>
            {file}
            {productLink(d)}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.createdAt}
            </Typography.Text>
          </Flex>
        ) : (
          file
        );
      },
    },
    { title: t('manuals.product'), key: 'product', width: 200, responsive: ['md'], render: (_, d) => productLink(d) },
    { title: t('doc.uploadedAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, responsive: ['md'] },
    {
      title: t('common.actions'),
      key: 'actions',
      width: mobile ? 100 : 130,
      fixed: mobile ? undefined : 'right',
      render: (_, d) => (
        <Flex vertical={mobile} align="flex-start" style={{ marginInline: -7 }}>
          {d.file ? (
            <span style={{ paddingInline: 7 }}>
              <FileLink file={{ id: d.file.id, name: t('doc.download') }} download />
            </span>
          ) : null}
          {canDelete ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('manuals.deleteConfirm', { name: d.name }),
                  okText: t('common.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('common.cancel'),
                  onOk: () => remove.mutateAsync(d.id),
                })
              }
            >
              {t('common.delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={
        <Flex vertical gap={0}>
          <span>{t('manuals.title')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', whiteSpace: 'normal' }}>
            {t('manuals.intro')}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('manuals.add')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('manuals.product')}
          placeholder={t('manuals.product')}
          style={{ width: 240, maxWidth: '100%' }}
          value={productId}
          onChange={(v?: number) => {
            setProductId(v);
            setPage(1);
          }}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Flex>
      <Table<ManualRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={mobile ? undefined : { x: 760 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manuals.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.length,
          showSizeChanger: false,
          showTotal: (n) => t('common.total', { total: n }),
          onChange: setPage,
        }}
      />
      <AddManualModal open={adding} products={products} productId={productId} onClose={() => setAdding(false)} />
    </Card>
  );
}

export default ManualsPage;
