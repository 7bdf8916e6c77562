import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { authorisationKindValues, authorisationSaveBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { isNotFound, useIdParam } from '../../../lib/record-id.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { maxLengthOf } from '../../../lib/zod-rules.ts';
import { RegionTreeSelect } from '../../reference/public.ts';
import {
  type AuthorisationSaveInput,
  type AuthorisationView,
  authorisationMutations,
  authorisationQueries,
  invalidateAuthorisations,
  type OwnProduct,
} from '../api.ts';
import { type LetterModel, LetterPreview } from '../components/LetterPreview.tsx';
import { distributionLabels } from '../components/labels.ts';
import { DISTRIBUTION_NS } from '../locales/register.ts';
import { agentFormUrl } from '../paths.ts';

const DATE = 'YYYY-MM-DD';
const shape = authorisationSaveBody.shape;

interface ItemValues {
  productId?: number;
  specIds?: number[];
  quantityCap?: string;
}
interface Values {
  distributorOrgId?: number;
  kind: 'general' | 'project';
  projectId?: number;
  projectName?: string;
  tenderNo?: string;
  exclusive: boolean;
  regionCodes: string[];
  items: ItemValues[];
  validFrom?: Dayjs;
  validUntil?: Dayjs;
  afterSalesCommitment?: string;
  supplyCommitment?: string;
  signatoryName?: string;
  signatoryTitle?: string;
  autoAccept: boolean;
}

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The form's values as the save call's body. */
function toBody(v: Values, id: number | null): AuthorisationSaveInput {
  const project = v.kind === 'project';
  return {
    ...(id ? { id } : {}),
    distributorOrgId: v.distributorOrgId as number,
    kind: v.kind,
    projectId: project ? v.projectId : undefined,
    projectName: project ? blank(v.projectName) : undefined,
    tenderNo: project ? blank(v.tenderNo) : undefined,
    exclusive: v.exclusive,
    regionCodes: v.regionCodes ?? [],
    items: (v.items ?? []).map((i) => ({
      productId: i.productId as number,
      specIds: i.specIds ?? [],
      quantityCap: blank(i.quantityCap),
    })),
    validFrom: v.validFrom?.format(DATE) ?? '',
    validUntil: v.validUntil?.format(DATE) ?? '',
    afterSalesCommitment: blank(v.afterSalesCommitment),
    supplyCommitment: blank(v.supplyCommitment),
    signatoryName: v.signatoryName?.trim() ?? '',
    signatoryTitle: v.signatoryTitle?.trim() ?? '',
    autoAccept: v.autoAccept,
  };
}

/** A draft's detail as the form's values. */
function toValues(a: AuthorisationView): Values {
  return {
    distributorOrgId: a.distributor.id,
    kind: a.kind,
    projectId: a.projectId ?? undefined,
    projectName: a.projectId ? undefined : (a.projectName ?? undefined),
    tenderNo: a.tenderNo ?? undefined,
    exclusive: a.exclusive,
    regionCodes: a.regions.map((r) => r.code),
    items: a.items.map((i) => ({
      productId: i.productId,
      specIds: i.allSpecs ? [] : i.specs.map((s) => s.id),
      quantityCap: i.quantityCap === null ? undefined : String(i.quantityCap),
    })),
    validFrom: dayjs(a.validFrom),
    validUntil: dayjs(a.validUntil),
    afterSalesCommitment: a.afterSalesCommitment ?? undefined,
    supplyCommitment: a.supplyCommitment ?? undefined,
    signatoryName: a.signatoryName ?? undefined,
    signatoryTitle: a.signatoryTitle ?? undefined,
    autoAccept: a.autoAccept,
  };
}

const EMPTY: Values = {
  kind: 'general',
  exclusive: false,
  regionCodes: [],
  items: [{ specIds: [] }],
  autoAccept: false,
};

/**
 * /agent/agentForm (create, or edit a draft with ?id=): the manufacturer authorises a distributor — whom (a
 * certified distributor, searched by name or credit code), what (its own products, all or chosen models, each with
 * an optional cap), where (GB/T 2260 divisions at any level), when, for which project, exclusive or not, the
 * commitments and the signatory. The server's refusals show under their fields. "预览并签发" saves the draft, shows
 * the letter as it will read, and issues it after a confirmation that names its exclusivity.
 */
export function AgentFormPage() {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const id = useIdParam();
  const detail = useQuery({ ...authorisationQueries.detail(id ?? 0), enabled: id !== null });
  const back = (
    <Button href={pages.authorisationManage.path} type="primary">
      {t('common.back')}
    </Button>
  );
  if (id === null) return <AuthorisationForm draft={null} />;
  if (detail.isError)
    return (
      <Card>
        <Result
          status={isNotFound(detail.error) ? '404' : 'warning'}
          title={isNotFound(detail.error) ? t('common.notFound') : detail.error.message}
          extra={back}
        />
      </Card>
    );
  if (!detail.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  if (detail.data.status !== 'draft')
    return (
      <Card>
        <Result
          status="info"
          title={t('form.notDraft')}
          extra={
            <Button type="primary" href={pageUrl(pages.authorisationManage, { id: detail.data.id })}>
              {t('list.view')}
            </Button>
          }
        />
      </Card>
    );
  return <AuthorisationForm key={detail.data.id} draft={detail.data} />;
}

function AuthorisationForm({ draft }: { draft: AuthorisationView | null }) {
  const { t, i18n } = useTranslation(DISTRIBUTION_NS);
  const labels = distributionLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [savedId, setSavedId] = useState<number | null>(draft?.id ?? null);
  const [preview, setPreview] = useState<LetterModel | null>(null);
  const [issueError, setIssueError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const kind = Form.useWatch('kind', form) ?? draft?.kind ?? 'general';
  const exclusive = Form.useWatch('exclusive', form) ?? false;
  const autoAccept = Form.useWatch('autoAccept', form) ?? false;
  const products = useQuery(authorisationQueries.products());
  const productList = products.data ?? [];

  const save = useMutation({ ...authorisationMutations.save });
  const issue = useMutation({ ...authorisationMutations.issue });

  /** Saves the form as a draft: its id, or null with the refusals under their fields. */
  const saveDraft = async (): Promise<AuthorisationView | null> => {
    setFormError(null);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      setFormError(t('form.fixErrors'));
      return null;
    }
    try {
      const saved = await save.mutateAsync(toBody(values, savedId));
      setSavedId(saved.id);
      void invalidateAuthorisations(queryClient);
      return saved;
    } catch (error) {
      if (!applyFieldErrors(form, error, { mapPath: fieldPath })) setFormError((error as Error).message);
      else setFormError(t('form.fixErrors'));
      return null;
    }
  };

  const onSave = async () => {
    const saved = await saveDraft();
    if (!saved) return;
    message.success(t('form.saved'));
    // The address names the draft from now on: a reload or a later save keeps to it.
    if (!draft) navigate(agentFormUrl(saved.id), { replace: true });
  };

  const onPreview = async () => {
    const saved = await saveDraft();
    if (!saved) return;
    setIssueError(null);
    setPreview(letterOf(saved));
  };

  const onIssue = async () => {
    if (savedId === null) return;
    setIssueError(null);
    try {
      const issued = await issue.mutateAsync({ id: savedId });
      message.success(t('form.issued', { number: issued.number ?? '' }));
      void invalidateAuthorisations(queryClient);
      setPreview(null);
      navigate(pageUrl(pages.authorisationManage, { id: issued.id }));
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(form, error, { mapPath: fieldPath })) {
        setPreview(null);
        setFormError(t('form.fixErrors'));
      } else setIssueError((error as Error).message);
    }
  };

  const initial = useMemo(() => (draft ? toValues(draft) : EMPTY), [draft]);

  return (
    <PageCard title={draft ? t('form.editTitle') : t('form.createTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        scrollToFirstError
        onValuesChange={() => setFormError(null)}
        style={{ maxWidth: 960 }}
      >
        <Typography.Title level={5}>{t('form.parties')}</Typography.Title>
        <Form.Item
          name="distributorOrgId"
          label={t('form.distributor')}
          extra={t('form.distributorHint')}
          rules={[{ required: true, message: t('form.distributorPlaceholder') }]}
        >
          <DistributorSelect known={draft ? { id: draft.distributor.id, name: draft.distributor.name } : null} />
        </Form.Item>

        <Typography.Title level={5}>{t('form.kindSection')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('form.kind')}>
              <Radio.Group
                options={authorisationKindValues.map((k) => ({ value: k, label: labels.kind(k) }))}
                onChange={() =>
                  form.setFieldsValue({ projectId: undefined, projectName: undefined, tenderNo: undefined })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="exclusive"
              label={t('form.exclusive')}
              valuePropName="checked"
              extra={t('form.exclusiveHint')}
            >
              <Switch aria-label={t('form.exclusive')} />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'project' && (
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="projectId" label={t('form.project')} extra={t('form.projectHint')}>
                <ProjectSelect
                  known={draft?.projectId ? { id: draft.projectId, name: draft.projectName ?? '' } : null}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="projectName" label={t('form.projectName')}>
                <Input placeholder={t('form.projectNamePlaceholder')} maxLength={maxLengthOf(shape.projectName)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="tenderNo" label={t('form.tenderNo')}>
                <Input maxLength={maxLengthOf(shape.tenderNo)} />
              </Form.Item>
            </Col>
          </Row>
        )}

        <Typography.Title level={5}>{t('form.scopeSection')}</Typography.Title>
        <Form.Item
          name="regionCodes"
          label={t('form.regions')}
          extra={t('form.regionsHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.regions') }]}
        >
          <RegionTreeSelect aria-label={t('form.regions')} />
        </Form.Item>
        <Typography.Text strong>{t('form.products')}</Typography.Text>
        {products.isSuccess && productList.length === 0 && (
          <Alert type="warning" showIcon title={t('form.noProducts')} style={{ margin: '8px 0' }} />
        )}
        <Form.List name="items">
          {(fields, { add, remove }, { errors }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <ItemRow
                  key={field.key}
                  name={field.name}
                  products={productList}
                  loading={products.isLoading}
                  onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ specIds: [] })} block>
                {t('form.addProduct')}
              </Button>
            </div>
          )}
        </Form.List>

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('form.periodSection')}
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validFrom"
              label={t('form.validFrom')}
              rules={[{ required: true, message: t('form.validFrom') }]}
            >
              <DatePicker style={{ width: '100%' }} format={DATE} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validUntil"
              label={t('form.validUntil')}
              dependencies={['validFrom']}
              rules={[{ required: true, message: t('form.validUntil') }]}
            >
              <DatePicker
                style={{ width: '100%' }}
                format={DATE}
                disabledDate={(d) => {
                  const from = form.getFieldValue('validFrom') as Dayjs | undefined;
                  return Boolean(from && d.isBefore(from, 'day'));
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="afterSalesCommitment" label={t('form.afterSales')}>
              <Input.TextArea rows={3} showCount maxLength={maxLengthOf(shape.afterSalesCommitment)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="supplyCommitment" label={t('form.supply')}>
              <Input.TextArea rows={3} showCount maxLength={maxLengthOf(shape.supplyCommitment)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="signatoryName"
              label={t('form.signatoryName')}
              rules={[{ required: true, whitespace: true, message: t('form.signatoryName') }]}
            >
              <Input maxLength={maxLengthOf(shape.signatoryName)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="signatoryTitle"
              label={t('form.signatoryTitle')}
              rules={[{ required: true, whitespace: true, message: t('form.signatoryTitle') }]}
            >
              <Input maxLength={maxLengthOf(shape.signatoryTitle)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="autoAccept" valuePropName="checked" label={t('form.autoAccept')}>
          <Switch aria-label={t('form.autoAccept')} />
        </Form.Item>

        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Flex wrap gap={8}>
          <Button type="primary" loading={save.isPending && preview === null} onClick={() => void onPreview()}>
            {t('form.preview')}
          </Button>
          <Button loading={save.isPending} onClick={() => void onSave()}>
            {t('form.save')}
          </Button>
          <Button onClick={() => navigate(pages.authorisationManage.path)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>

      <Modal
        open={preview !== null}
        title={t('form.issueTitle')}
        width={760}
        onCancel={() => setPreview(null)}
        okText={t('form.issue')}
        cancelText={t('common.cancel')}
        confirmLoading={issue.isPending}
        onOk={() => void onIssue()}
        destroyOnHidden
      >
        {preview && (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <LetterPreview letter={preview} />
            <Alert
              type={exclusive ? 'warning' : 'info'}
              showIcon
              title={exclusive ? t('form.issueExclusive') : t('form.issueNotExclusive')}
              description={`${t('form.issueConfirm')} ${autoAccept ? t('form.issueAuto') : t('form.issueAccept')}`}
            />
            {issueError && <Alert type="error" showIcon title={issueError} data-testid="issue-error" />}
          </Space>
        )}
      </Modal>
    </PageCard>
  );
}

/** The saved draft as its letter will read (the server's names for the parties, products and regions). */
function letterOf(a: AuthorisationView): LetterModel {
  return {
    number: null,
    version: a.version,
    makerName: a.maker.name,
    distributorName: a.distributor.name,
    kind: a.kind,
    projectName: a.projectName,
    tenderNo: a.tenderNo,
    exclusive: a.exclusive,
    regionNames: a.regions.map((r) => r.name),
    items: a.items.map((i) => ({
      key: i.id,
      productName: i.productName,
      specNames: i.allSpecs ? [] : i.specs.map((s) => s.name),
      cap: i.quantityCap,
      unit: i.unit,
    })),
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    afterSales: a.afterSalesCommitment,
    supply: a.supplyCommitment,
    signatoryName: a.signatoryName,
    signatoryTitle: a.signatoryTitle,
  };
}

/** The server names an item's fields `items.0.productId`; a spec in the list (`items.0.specIds.2`) shows on the list. */
const fieldPath = (path: (string | number)[]) =>
  path[0] === 'items' && path[2] === 'specIds' ? path.slice(0, 3) : path[0] === 'regionCodes' ? ['regionCodes'] : path;

/** One product of the letter: which product, all or chosen models, and an optional cap in the models' unit. */
function ItemRow({
  name,
  products,
  loading,
  onRemove,
}: {
  name: number;
  products: OwnProduct[];
  loading: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const form = Form.useFormInstance<Values>();
  const productId = Form.useWatch(['items', name, 'productId'], form) as number | undefined;
  const product = products.find((p) => p.id === productId);
  const units = [...new Set((product?.specs ?? []).map((s) => s.unitName))];
  return (
    <Row gutter={8} align="top" data-testid="authorisation-item">
      <Col xs={24} md={8}>
        <Form.Item
          name={[name, 'productId']}
          label={t('form.product')}
          rules={[{ required: true, message: t('form.productPlaceholder') }]}
        >
          <Select
            aria-label={t('form.product')}
            loading={loading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.productPlaceholder')}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFieldValue(['items', name, 'specIds'], [])}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={9}>
        <Form.Item name={[name, 'specIds']} label={t('form.specs')}>
          <Select
            aria-label={t('form.specs')}
            mode="multiple"
            allowClear
            disabled={!product}
            placeholder={t('form.specsPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            options={(product?.specs ?? []).map((s) => ({
              value: s.id,
              label: s.model ? `${s.name}（${s.model}）` : s.name,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={onRemove ? 18 : 24} md={onRemove ? 5 : 7}>
        <Form.Item name={[name, 'quantityCap']} label={t('form.cap')}>
          <NumericInput
            aria-label={t('form.cap')}
            precision={3}
            min={0}
            placeholder={t('form.capPlaceholder')}
            suffix={units.length === 1 ? units[0] : undefined}
          />
        </Form.Item>
      </Col>
      {onRemove && (
        <Col xs={6} md={2}>
          <Form.Item label=" ">
            <Button aria-label={t('form.removeProduct')} icon={<DeleteOutlined />} onClick={onRemove} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

interface Found {
  value: number;
  label: string;
  detail: string;
}
interface PickProps {
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The record already chosen: it keeps its name while no search holds it. */
  known: { id: number; name: string } | null;
  id?: string;
}

/**
 * A select whose options the server searches as the user types: asked once typing pauses (`useDebounced`) and from
 * `minLength` characters (`queryFor` the search's query, `toOptions` its answer as options).
 */
function SearchSelect<T>({
  value,
  onChange,
  known,
  id,
  label,
  placeholder,
  minLength,
  queryFor,
  toOptions,
  notFound,
}: PickProps & {
  label: string;
  placeholder: string;
  minLength: number;
  queryFor: (text: string) => UseQueryOptions<T, Error, T, readonly unknown[]>;
  toOptions: (data: T) => Found[];
  notFound?: (text: string, fetching: boolean) => string | undefined;
}) {
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim().slice(0, 50));
  const enabled = settled.length >= minLength;
  const found = useQuery({ ...queryFor(settled), enabled, placeholderData: keepPreviousData });
  const options = enabled && found.data !== undefined ? toOptions(found.data) : [];
  if (value && known && value === known.id && !options.some((o) => o.value === value))
    options.push({ value: known.id, label: known.name, detail: '' });
  return (
    <Select
      id={id}
      aria-label={label}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={found.isFetching}
      placeholder={placeholder}
      options={options}
      optionRender={(option) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'normal' }}>
          <span>{option.label}</span>
          {option.data.detail && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {option.data.detail}
            </Typography.Text>
          )}
        </Space>
      )}
      notFoundContent={notFound?.(settled, found.isFetching)}
    />
  );
}

/** Certified distributors by name or credit code (distributorSearch), from two characters. */
function DistributorSelect(props: PickProps) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  return (
    <SearchSelect
      {...props}
      label={t('form.distributor')}
      placeholder={t('form.distributorPlaceholder')}
      minLength={2}
      queryFor={authorisationQueries.distributors}
      toOptions={(rows) =>
        rows.map((d) => ({
          value: d.id,
          label: d.name,
          detail: [d.creditCode, d.regionName].filter(Boolean).join(' · '),
        }))
      }
      notFound={(text, fetching) =>
        text.length < 2 ? t('form.typeMore') : fetching ? t('form.searching') : t('form.noDistributor')
      }
    />
  );
}

/** A platform project by name (optional: a project off the platform is named by its name or tender number). */
function ProjectSelect(props: PickProps) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  return (
    <SearchSelect
      {...props}
      label={t('form.project')}
      placeholder={t('form.projectPlaceholder')}
      minLength={0}
      queryFor={authorisationQueries.projects}
      toOptions={(page) =>
        page.list.map((p) => ({ value: p.id, label: p.name, detail: `${p.regionName} · ${p.developerName}` }))
      }
    />
  );
}
