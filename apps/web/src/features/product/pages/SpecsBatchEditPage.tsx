import { ArrowLeftOutlined } from '@ant-design/icons';
import { SpecStatus } from '@jcbb/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Row, Select, Space, Table, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { invalidateProductCentre, productApi } from '../api.ts';
import { SpecStatusTag } from '../components/SpecStatusTag.tsx';
import { priceRule } from '../forms/rules.ts';
import '../i18n.ts';
import { formatPrice } from '../labels.ts';
import { type SpecRow, useAllSpecs } from '../use-all-specs.ts';

interface Values {
  price?: string;
  status?: number;
}

/** The ids of ?ids=1,2,3 (the list's selection). */
function idsOf(text: string | null): number[] {
  return (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * /specs/batchEdit?ids=: one price and/or status for several specifications at once (productSpecificationsModel/
 * batchUpdate). The selection can still be changed here.
 */
function SpecsBatchEditPage() {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const { query, rows } = useAllSpecs();
  const idsParam = params.get('ids');
  const [selected, setSelected] = useState<number[]>(() => idsOf(idsParam));
  const [nothing, setNothing] = useState(false);
  // The rows chosen on the list come first, so the user sees what will change without paging. Ordered by the
  // address, not by the live selection: re-sorting on every click would move rows under the pointer.
  const ordered = useMemo(() => {
    const chosen = new Set(idsOf(idsParam));
    return [...rows.filter((r) => chosen.has(r.id)), ...rows.filter((r) => !chosen.has(r.id))];
  }, [rows, idsParam]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      productApi.batchUpdateSpecs({
        ids: selected,
        ...(v.price ? { price: v.price } : {}),
        ...(v.status ? { status: v.status } : {}),
      }),
    onSuccess: async ({ updated }) => {
      message.success(t('spec.batchDone', { count: updated }));
      await invalidateProductCentre(queryClient);
      navigate('/specs/list');
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error) && error instanceof ApiError) message.error(error.message);
    },
  });

  const onFinish = (v: Values) => {
    if (!v.price && !v.status) {
      setNothing(true);
      return;
    }
    setNothing(false);
    save.mutate(v);
  };

  const columns: TableProps<SpecRow>['columns'] = [
    { title: t('spec.product'), dataIndex: 'productName', key: 'product', width: 180 },
    { title: t('spec.name'), dataIndex: 'name', key: 'name', width: 140 },
    { title: t('spec.model'), dataIndex: 'model', key: 'model', width: 140 },
    { title: t('spec.priceShort'), key: 'price', width: 110, align: 'right', render: (_, r) => formatPrice(r.price) },
    { title: t('spec.status'), key: 'status', width: 80, render: (_, r) => <SpecStatusTag status={r.status} /> },
  ];

  return (
    <Card
      title={t('spec.batchTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/specs/list')}>
          {t('common.back')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {selected.length === 0 ? (
          <Alert type="warning" showIcon title={t('spec.batchSelectFirst')} />
        ) : (
          <Alert type="info" showIcon title={t('spec.batchIntro', { count: selected.length })} />
        )}
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 720 }}>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="price" label={t('spec.price')} rules={[priceRule(t('spec.priceInvalid'))]}>
                <NumericInput precision={2} min={0} allowNegative={false} prefix="¥" placeholder={t('spec.keep')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={t('spec.status')}>
                <Select
                  allowClear
                  placeholder={t('spec.keep')}
                  options={[
                    { value: SpecStatus.ON_SALE, label: t('specStatus.1') },
                    { value: SpecStatus.OFF_SALE, label: t('specStatus.2') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
          {nothing ? <Alert type="error" showIcon title={t('spec.batchNothing')} style={{ marginBottom: 16 }} /> : null}
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => navigate('/specs/list')}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={selected.length === 0}>
              {t('common.save')}
            </Button>
          </Flex>
        </Form>
        <Table<SpecRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={ordered}
          loading={query.isFetching}
          scroll={{ x: 700 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          title={() => t('spec.selected', { count: selected.length })}
        />
      </Space>
    </Card>
  );
}

export default SpecsBatchEditPage;
