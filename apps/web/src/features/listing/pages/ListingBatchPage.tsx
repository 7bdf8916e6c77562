import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  SearchOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { type ElementValue, isElementValueFilled } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Row, Space, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { openFetched } from '../../../lib/open-blob.ts';
import {
  DynamicForm,
  type ElementFieldValue,
  elementApi,
  elementKeys,
  type FileRef,
  toElementValues,
  toRule,
} from '../../element/public.ts';
import { invalidateListings, type ListingBatch, type ListingCheck, listingApi } from '../api.ts';
import { listingStatusName } from '../components/ListingStatusTag.tsx';
import { ProductSelect } from '../components/ProductSelect.tsx';
import { PushCitySelect } from '../components/PushCitySelect.tsx';
import { formElements } from '../saved-values.ts';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

interface Values {
  productIds: number[];
  cityCodes: string[];
  /** The nationwide elements' answers (`values.e<elementId>`, form-values.ts). */
  values?: Record<string, ElementFieldValue>;
}

type CheckRow = ListingCheck['list'][number];
type ResultRow = ListingBatch['list'][number];

/**
 * /warehousing/batch: several products × several cities. The nationwide elements (every city's form has them) can be
 * answered once for all pairs: what is filled in applies over each pair's saved draft, what is left empty keeps the
 * draft's answer. 检查 (checkData) shows, per pair, whether it can be submitted with those answers and why not;
 * 提交 (batchProductsSettledInCities2) submits the pairs that can, each on its own, and shows each pair's result.
 */
export function ListingBatchPage() {
  const { t, i18n } = useTranslation('listing');
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [checked, setChecked] = useState<{ values: Values; rows: CheckRow[] } | null>(null);
  const [result, setResult] = useState<ListingBatch | null>(null);

  const nationwide = useQuery({ queryKey: elementKeys.nationwide, queryFn: () => elementApi.nationwide() });
  const elements = useMemo(() => formElements(nationwide.data ?? []), [nationwide.data]);
  // Only the answers given: an empty one sent would clear a draft's answer (the batch merges over drafts).
  const answers = (v: Values): ElementValue[] => {
    const values = toElementValues(elements, v.values);
    return values.filter((value, i) => {
      const element = elements[i];
      return element !== undefined && isElementValueFilled(toRule(element), value);
    });
  };

  const check = useMutation({
    mutationFn: (v: Values) => listingApi.check(v.productIds, v.cityCodes, answers(v)),
    onSuccess: (data, values) => {
      setChecked({ values, rows: data.list });
      setResult(null);
    },
  });
  const ready = (checked?.rows ?? []).filter((r) => r.canList);
  const submit = useMutation({
    // Exactly the pairs that passed the check: one call per product with its ready cities (one call over all
    // products × all cities would also submit pairs the check refused).
    mutationFn: async () => {
      const byProduct = new Map<number, string[]>();
      for (const r of ready) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.cityCode]);
      // The answers the check judged the pairs with.
      const values = checked ? answers(checked.values) : [];
      const merged: ListingBatch = { succeeded: 0, failed: 0, list: [] };
      for (const [productId, cityCodes] of byProduct) {
        const part = await listingApi.batch([productId], cityCodes, values);
        merged.succeeded += part.succeeded;
        merged.failed += part.failed;
        merged.list.push(...part.list);
      }
      return merged;
    },
    onSuccess: (data) => {
      setResult(data);
      void invalidateListings(queryClient);
    },
  });

  const names = new Map((checked?.rows ?? []).map((r) => [`${r.productId}:${r.cityCode}`, r]));
  const reasonsCell = (reasons: string[]) =>
    reasons.length === 0 ? (
      '—'
    ) : (
      <Space orientation="vertical" size={0}>
        {reasons.map((r) => (
          <Typography.Text key={r} type="danger" style={{ fontSize: 12 }}>
            {r}
          </Typography.Text>
        ))}
      </Space>
    );

  const checkColumns: TableProps<CheckRow>['columns'] = [
    { title: t('list.materialName'), key: 'product', render: (_, r) => r.productName ?? `#${r.productId}` },
    { title: t('list.city'), key: 'city', width: 110, render: (_, r) => r.cityName ?? r.cityCode },
    {
      title: t('batch.checkResult'),
      key: 'ok',
      width: 140,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.canList ? (
            <Typography.Text type="success">
              <CheckCircleFilled /> {t('batch.canList')}
            </Typography.Text>
          ) : (
            <Typography.Text type="danger">
              <CloseCircleFilled /> {t('batch.cannotList')}
            </Typography.Text>
          )}
          {r.status !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('batch.existing', { status: listingStatusName(r.status, english) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('batch.reasons'), key: 'reasons', render: (_, r) => reasonsCell(r.reasons) },
  ];

  const resultColumns: TableProps<ResultRow>['columns'] = [
    {
      title: t('list.materialName'),
      key: 'product',
      render: (_, r) => names.get(`${r.productId}:${r.cityCode}`)?.productName ?? `#${r.productId}`,
    },
    {
      title: t('list.city'),
      key: 'city',
      width: 110,
      render: (_, r) => names.get(`${r.productId}:${r.cityCode}`)?.cityName ?? r.cityCode,
    },
    {
      title: t('batch.result'),
      key: 'ok',
      width: 140,
      render: (_, r) =>
        r.ok ? (
          <Typography.Text type="success">
            <CheckCircleFilled /> {t('batch.ok')}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">
            <CloseCircleFilled /> {t('batch.failed')}
          </Typography.Text>
        ),
    },
    {
      title: t('batch.reasons'),
      key: 'reasons',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {reasonsCell(r.reasons)}
          {r.listingId !== null && (
            <Link
              to={r.ok ? pageUrl(pages.listingDetails, { id: r.listingId }) : `/warehousing/edit?id=${r.listingId}`}
            >
              {r.ok ? t('list.details') : t('list.edit')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title={t('batch.title')}
      tools={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(pages.listingList.path)}>
          {t('common.back')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('batch.intro')} description={t('batch.hint')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => check.mutate(v)}
        onValuesChange={() => {
          setChecked(null);
          setResult(null);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="productIds"
              label={t('batch.products')}
              rules={[{ required: true, message: t('batch.productsRequired') }]}
            >
              <ProductSelect multiple allowClear placeholder={t('batch.productsPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="cityCodes"
              label={t('batch.cities')}
              rules={[{ required: true, message: t('batch.citiesRequired') }]}
            >
              <PushCitySelect multiple allowClear placeholder={t('batch.citiesPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        {elements.length > 0 && (
          <section aria-label={t('batch.shared')}>
            {/* The form's own group dividers title it; one line says what answering here does. */}
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              <Typography.Text strong>{t('batch.shared')}</Typography.Text>
              {english ? ': ' : '：'}
              {t('batch.sharedHint')}
            </Typography.Paragraph>
            <DynamicForm
              groups={nationwide.data ?? []}
              optional
              upload={async (file) => {
                const uploaded = await listingApi.upload(file);
                return { id: uploaded.id, name: uploaded.name };
              }}
              openFile={(file: FileRef) => openFetched(() => elementApi.download(file.id), file.name)}
            />
          </section>
        )}
        <Space wrap>
          <Button htmlType="submit" icon={<SearchOutlined />} loading={check.isPending}>
            {t('batch.check')}
          </Button>
          {checked && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={ready.length === 0 || result !== null}
              loading={submit.isPending}
              onClick={() => submit.mutate()}
            >
              {ready.length === 0 ? t('batch.nothingToSubmit') : t('batch.submit', { count: ready.length })}
            </Button>
          )}
        </Space>
      </Form>
      {result ? (
        <div style={{ marginTop: 16 }}>
          <Alert
            type={result.failed === 0 ? 'success' : 'warning'}
            showIcon
            title={t('batch.summary', { succeeded: result.succeeded, failed: result.failed })}
            style={{ marginBottom: 12 }}
          />
          <Table<ResultRow>
            rowKey={(r) => `${r.productId}:${r.cityCode}`}
            size="small"
            columns={resultColumns}
            dataSource={result.list}
            pagination={false}
            scroll={{ x: 640 }}
          />
        </div>
      ) : (
        checked && (
          <Table<CheckRow>
            style={{ marginTop: 16 }}
            rowKey={(r) => `${r.productId}:${r.cityCode}`}
            size="small"
            columns={checkColumns}
            dataSource={checked.rows}
            pagination={false}
            scroll={{ x: 640 }}
          />
        )
      )}
    </PageCard>
  );
}
