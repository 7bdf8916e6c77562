import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type ApplicationSaveBody,
  ApplicationType,
  type ApplicationTypeValue,
  applicationSaveBody,
  MAX_UPLOAD_MB,
  OrgType,
} from '@jcbb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Rate, Result, Select, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import {
  type ApplicationDetail,
  applicationQuery,
  bodiesQuery,
  certificateApi,
  invalidateApplications,
  invalidateCertificates,
  productOptionsQuery,
} from '../api.ts';
import { type EvidenceFile, EvidenceUpload } from '../components/EvidenceUpload.tsx';
import { CERTIFICATE_NS } from '../locales/register.ts';
import { canEdit } from '../rules.ts';

interface Values {
  productId: number;
  bodyOrgId?: number;
  starRating: number;
  evidence: EvidenceFile[];
  remarks?: string;
  certNo?: string;
  validUntil?: Dayjs;
}

const MY_APPLYS = '/blockchain/myApplys/index';

function toBody(type: ApplicationTypeValue, v: Values): ApplicationSaveBody {
  return {
    type,
    productId: v.productId,
    bodyOrgId: type === ApplicationType.SELF_DECLARED ? null : (v.bodyOrgId ?? null),
    starRating: v.starRating,
    evidenceUploadIds: (v.evidence ?? []).map((f) => f.id),
    remarks: v.remarks?.trim() || null,
    certNo: type === ApplicationType.CERTIFIED ? v.certNo?.trim().toUpperCase() || null : null,
    validUntil: type === ApplicationType.CERTIFIED && v.validUntil ? v.validUntil.format('YYYY-MM-DD') : null,
  };
}

function initialValues(d: ApplicationDetail): Partial<Values> {
  return {
    productId: d.product.id,
    bodyOrgId: d.body?.id,
    starRating: d.starRating,
    evidence: d.evidence,
    remarks: d.remarks ?? undefined,
    certNo: d.certNo ?? undefined,
    validUntil: d.validUntil ? dayjs(d.validUntil) : undefined,
  };
}

/**
 * The three application forms (storage/certifiedApply, storage/selfDeclarate, storage/normalApply): product,
 * certification body (not for a self-declaration), star rating, evidence, remarks; save a draft or submit.
 * ?id= continues a draft.
 */
export function ApplicationFormPage({ type }: { type: ApplicationTypeValue }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const draft = useQuery({
    ...applicationQuery(id ?? 0),
    enabled: id !== null,
  });
  if (id !== null && draft.isError) return <Result status="warning" title={t('common.notFound')} />;
  if (id !== null && !draft.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (draft.data && !canEdit(draft.data.status)) {
    return <Result status="info" title={t('apply.notDraft')} />;
  }
  return <ApplicationForm key={id ?? 'new'} type={type} draft={draft.data ?? null} />;
}

function ApplicationForm({ type, draft }: { type: ApplicationTypeValue; draft: ApplicationDetail | null }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [id, setId] = useState<number | null>(draft?.id ?? null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const products = useQuery(productOptionsQuery(productSearch));
  // A distributor applies for the products it has evidence for (its own record of their reports), not its own.
  const distributor = useSession().user?.organization?.type === OrgType.DISTRIBUTOR;
  const needsBody = type !== ApplicationType.SELF_DECLARED;
  const bodies = useQuery({ ...bodiesQuery(), enabled: needsBody });

  useEffect(() => {
    if (draft) form.setFieldsValue(initialValues(draft));
  }, [draft, form]);

  const productOptions = [
    ...(draft && !products.data?.list.some((p) => p.id === draft.product.id)
      ? [{ value: draft.product.id, label: draft.product.name }]
      : []),
    ...(products.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];

  /** Save (create or update the draft); returns its id, or null when the server refused the fields. */
  const save = async (values: Values): Promise<number | null> => {
    const body = toBody(type, values);
    try {
      const saved = id === null ? await certificateApi.create(body) : await certificateApi.update(id, body);
      setId(saved.id);
      void invalidateApplications(queryClient);
      return saved.id;
    } catch (error) {
      if (error instanceof ApiError) {
        const placed = applyFieldErrors(form, error, { rename: { evidenceUploadIds: 'evidence' } });
        message.error(placed ? t('apply.fixErrors') : error.message);
      }
      return null;
    }
  };

  const onSaveDraft = async () => {
    // A draft may be incomplete, but what is there must be valid: check only the filled-in fields plus the product.
    try {
      await form.validateFields(['productId', 'starRating']);
    } catch {
      return;
    }
    setBusy('save');
    const savedId = await save(form.getFieldsValue(true) as Values);
    setBusy(null);
    if (savedId !== null) message.success(t('apply.saved'));
  };

  const onSubmit = async (values: Values) => {
    setBusy('submit');
    const savedId = await save(values);
    if (savedId === null) {
      setBusy(null);
      return;
    }
    try {
      await certificateApi.submit(savedId);
      void invalidateCertificates(queryClient);
      navigate(
        `/blockchain/certificate/success?kind=${type === ApplicationType.SELF_DECLARED ? 'published' : 'submitted'}&id=${savedId}`,
      );
    } catch {
      // The client showed the server's message; the draft stays saved.
      setBusy(null);
    }
  };

  return (
    <Card
      title={t(`type.${type}`)}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/blockchain/applyCertificate/index')}>
          {t('common.back')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Alert type="info" showIcon title={t(`typeDesc.${type}`)} style={{ marginBottom: 24 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ evidence: [] }}
        onFinish={(v) => void onSubmit(v)}
        onFinishFailed={() => message.error(t('apply.fixErrors'))}
      >
        <Form.Item name="productId" label={t('apply.productLabel')} rules={rulesFrom(applicationSaveBody, 'productId')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setProductSearch }}
            placeholder={distributor ? t('apply.productPlaceholderDistributor') : t('apply.productPlaceholder')}
            options={productOptions}
            loading={products.isFetching}
            notFoundContent={
              products.isFetching ? null : distributor ? t('apply.noProductsDistributor') : t('apply.noProducts')
            }
          />
        </Form.Item>
        {needsBody && (
          <Form.Item
            name="bodyOrgId"
            label={type === ApplicationType.CERTIFIED ? t('apply.bodyCertified') : t('apply.body')}
            rules={[{ required: true, message: t('apply.required.body') }]}
          >
            <Select
              placeholder={t('apply.bodyPlaceholder')}
              loading={bodies.isFetching}
              options={(bodies.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        )}
        {type === ApplicationType.CERTIFIED && (
          <Space wrap size={16} align="start">
            <Form.Item
              name="certNo"
              label={t('apply.certNo')}
              normalize={(v: string) => v.toUpperCase()}
              rules={[
                // Optional in the body (only this type has one), so the form requires it; its form is the schema's.
                { required: true, whitespace: true, message: t('apply.required.certNo') },
                zodRule(applicationSaveBody.shape.certNo),
              ]}
            >
              <Input
                maxLength={maxLengthOf(applicationSaveBody.shape.certNo)}
                style={{ width: 260 }}
                placeholder={t('decide.certNoPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="validUntil"
              label={t('apply.validUntil')}
              rules={[{ required: true, message: t('apply.required.validUntil') }]}
            >
              <DatePicker />
            </Form.Item>
          </Space>
        )}
        <Form.Item
          name="starRating"
          label={t('apply.stars')}
          extra={t('apply.starsHelp')}
          rules={rulesFrom(applicationSaveBody, 'starRating')}
        >
          <Rate count={3} aria-label={t('apply.stars')} />
        </Form.Item>
        <Form.Item
          name="evidence"
          label={type === ApplicationType.CERTIFIED ? t('apply.evidenceCertified') : t('apply.evidence')}
          extra={t('apply.evidenceHelp', { mb: MAX_UPLOAD_MB })}
          rules={[
            {
              validator: (_r, v: EvidenceFile[] | undefined) =>
                v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('apply.required.evidence'))),
            },
          ]}
        >
          <EvidenceUpload />
        </Form.Item>
        <Form.Item name="remarks" label={t('apply.remarks')} rules={rulesFrom(applicationSaveBody, 'remarks')}>
          <Input.TextArea
            rows={3}
            maxLength={maxLengthOf(applicationSaveBody.shape.remarks)}
            showCount
            placeholder={t('apply.remarksPlaceholder')}
          />
        </Form.Item>
        {type === ApplicationType.SELF_DECLARED && (
          <Alert type="warning" showIcon title={t('apply.declaration')} style={{ marginBottom: 24 }} />
        )}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy === 'submit'} disabled={busy === 'save'}>
            {type === ApplicationType.SELF_DECLARED ? t('apply.submitDeclaration') : t('apply.submit')}
          </Button>
          <Button onClick={() => void onSaveDraft()} loading={busy === 'save'} disabled={busy === 'submit'}>
            {t('apply.saveDraft')}
          </Button>
          <Button type="link" onClick={() => navigate(MY_APPLYS)}>
            {t('apply.myApplys')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
