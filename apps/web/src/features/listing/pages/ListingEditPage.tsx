import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { ListingStatus } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Descriptions, Empty, Form, Result, Row, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/http.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import {
  DynamicForm,
  type ElementFieldValue,
  elementApi,
  elementFieldErrors,
  elementKeys,
  type FileRef,
  toElementValues,
  toFormValues,
  VALUES_FIELD,
} from '../../element/public.ts';
import { existingListingQuery, invalidateListings, type ListingDetail, listingApi } from '../api.ts';
import { ListingStatusTag, listingStatusName } from '../components/ListingStatusTag.tsx';
import { ProductSelect } from '../components/ProductSelect.tsx';
import { PushCitySelect } from '../components/PushCitySelect.tsx';
import { EDITABLE_STATUSES } from '../listing-actions.ts';
import { formElements } from '../saved-values.ts';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

const LIST = pages.listingList.path;

type FormValues = { [VALUES_FIELD]?: Record<string, ElementFieldValue> };

/**
 * /warehousing/edit (?productId=&cityCode= or ?id=): list a product in a city. Choose the product and the city
 * (bm-business-area/selectPushCityList), then fill the city's dynamic form; save a draft (required elements may stay
 * empty) or submit for audit (they must be filled). A listing in audit or listed cannot be changed here.
 */
export function ListingEditPage() {
  const { t, i18n } = useTranslation('listing');
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const id = Number(params.get('id')) || null;
  const [productId, setProductId] = useState<number | null>(Number(params.get('productId')) || null);
  const [cityCode, setCityCode] = useState<string | null>(params.get('cityCode'));

  // An existing listing: by its id, or the chosen pair's (null: none yet).
  const existing = useQuery({
    ...existingListingQuery(id ? { id } : { productId: productId ?? 0, cityCode: cityCode ?? '' }),
    enabled: id !== null || (productId !== null && cityCode !== null),
    retry: false,
  });
  const notYet = existing.data === null;
  const detail: ListingDetail | undefined = existing.data ?? undefined;
  const pair = detail
    ? { productId: detail.listing.productId, cityCode: detail.listing.cityCode }
    : productId && cityCode
      ? { productId, cityCode }
      : null;

  // A new listing's form: the city's groups.
  const cityGroups = useQuery({
    queryKey: elementKeys.cityGroups(pair?.cityCode ?? '', 1),
    queryFn: () => elementApi.cityGroups(pair?.cityCode ?? ''),
    enabled: pair !== null && !detail && notYet,
  });
  const groups = detail?.groups ?? (notYet ? cityGroups.data : undefined);
  const elements = useMemo(() => formElements(groups ?? []), [groups]);

  // The form is mounted only once the groups are there: touching it before logs antd's "not connected" warning.
  useEffect(() => {
    if (!groups) return;
    form.resetFields();
    form.setFieldsValue({ [VALUES_FIELD]: toFormValues(elements, detail?.values ?? []) });
  }, [groups, elements, detail, form]);

  const editable = !detail || EDITABLE_STATUSES.includes(detail.listing.status);

  const save = useMutation({
    mutationFn: (submit: boolean) => {
      const values = toElementValues(elements, form.getFieldValue(VALUES_FIELD));
      return listingApi
        .save({ productId: pair?.productId ?? 0, cityCode: pair?.cityCode ?? '', values, submit })
        .catch((error: unknown) => {
          if (error instanceof ApiError) {
            const fields = elementFieldErrors(error.fieldErrors, values);
            // The element fields are nested names under `values` (form-values.ts).
            if (fields.length > 0) form.setFields(fields);
          }
          throw error;
        });
    },
    onSuccess: (saved, submit) => {
      void invalidateListings(queryClient);
      if (submit) {
        message.success(t('edit.submitted'));
        navigate(pageUrl(pages.listingDetails, { id: saved.id }));
      } else {
        message.success(t('edit.saved'));
        if (!id) setParams({ id: String(saved.id) }, { replace: true });
      }
    },
    onError: (error) => message.error(error.message, 5),
  });

  const submit = () =>
    form
      .validateFields()
      .then(() => save.mutate(true))
      .catch(() => message.error(t('edit.fixErrors')));

  // The manufacturer's own uploads, saved or not yet.
  const openFile = (file: FileRef) => openFetched(() => elementApi.download(file.id), file.name);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST)}>
      {t('common.back')}
    </Button>
  );

  if (id && existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('edit.notFound') : existing.error.message}
        extra={back}
      />
    );
  }
  if (id && !detail) return <Skeleton active paragraph={{ rows: 8 }} />;

  const status = detail?.listing.status;
  const lastReject =
    status === ListingStatus.PLATFORM_REJECTED
      ? detail?.lastPlatformReject
      : status === ListingStatus.CITY_REJECTED
        ? detail?.lastCityReject
        : null;

  return (
    <PageCard title={t('edit.title')} tools={back}>
      {detail ? (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 3 }}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'product', label: t('edit.product'), children: detail.listing.materialName },
            { key: 'city', label: t('edit.city'), children: detail.listing.cityName ?? detail.listing.cityCode },
            { key: 'status', label: t('list.status'), children: <ListingStatusTag status={detail.listing.status} /> },
          ]}
        />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('edit.product')} required layout="vertical">
              <ProductSelect
                aria-label={t('edit.product')}
                value={productId ?? undefined}
                placeholder={t('edit.productPlaceholder')}
                onChange={(v) => setProductId(typeof v === 'number' ? v : null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('edit.city')} required layout="vertical">
              <PushCitySelect
                aria-label={t('edit.city')}
                value={cityCode ?? undefined}
                placeholder={t('edit.cityPlaceholder')}
                onChange={(v) => setCityCode(typeof v === 'string' ? v : null)}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {!id && detail && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('edit.existing', { status: listingStatusName(detail.listing.status, english) })}
        />
      )}
      {lastReject && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('edit.lastReject', { reason: lastReject.reason ?? '' })}
        />
      )}
      {detail && !editable && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            status === ListingStatus.LISTED
              ? t('edit.lockedListed')
              : t('edit.locked', { status: listingStatusName(status, english) })
          }
          action={
            <Button size="small" onClick={() => navigate(pageUrl(pages.listingDetails, { id: detail.listing.id }))}>
              {t('list.details')}
            </Button>
          }
        />
      )}
      {!pair ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('edit.chooseFirst')} />
      ) : !groups ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={!editable || save.isPending}
          style={{ maxWidth: 760 }}
          scrollToFirstError
        >
          <DynamicForm
            groups={groups}
            disabled={!editable}
            upload={async (file) => {
              const uploaded = await listingApi.upload(file);
              return { id: uploaded.id, name: uploaded.name };
            }}
            openFile={openFile}
          />
          {editable && (
            <Space wrap style={{ marginTop: 8 }}>
              <Button
                icon={<SaveOutlined />}
                loading={save.isPending && save.variables === false}
                onClick={() => save.mutate(false)}
              >
                {t('edit.saveDraft')}
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={save.isPending && save.variables === true}
                onClick={submit}
              >
                {t('edit.submit')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </PageCard>
  );
}
