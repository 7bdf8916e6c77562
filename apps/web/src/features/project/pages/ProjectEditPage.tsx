import {
  designStageLabels,
  type PolicyOptions,
  type ProjectDetail as ProjectDetailData,
  projectSaveBody,
  projectStepLabels,
  projectTypeLabels,
  projectUpdateBody,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { labelOptions } from '../../../lib/labels.ts';
import { positiveId } from '../../../lib/record-id.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { RegionCascader } from '../../reference/public.ts';
import { invalidateProjects, projectMutations, projectQueries } from '../api.ts';
import { PROJECT_NS } from '../locales/register.ts';
import { fenToWanText, wanToFen } from '../money.ts';

interface Values {
  name: string;
  code: string;
  type?: number;
  regionCode?: string;
  address: string;
  grossFloorArea: string;
  /** 万元, as typed. */
  investment: string;
  /** 0 = none. */
  targetStar?: number;
  step: number;
  stepReason?: string;
  designStage: number;
  plannedStart: string;
  plannedFinish: string;
  inPolicyScope: boolean;
  policyBatch?: string;
  standardEdition?: string;
}

/** The form's values from a saved project. */
function toValues(p: ProjectDetailData): Values {
  return {
    name: p.name,
    code: p.code,
    type: p.type,
    regionCode: p.regionCode,
    address: p.address,
    grossFloorArea: String(p.grossFloorArea),
    investment: fenToWanText(p.investmentFen),
    targetStar: p.targetStar ?? 0,
    step: p.step,
    designStage: p.designStage,
    plannedStart: p.plannedStart,
    plannedFinish: p.plannedFinish,
    inPolicyScope: p.inPolicyScope,
    policyBatch: p.policyBatch ?? undefined,
    standardEdition: p.standardEdition ?? undefined,
  };
}

/** The server's field names are the form's, except investmentFen (entered in 万元). */
const FORM_FIELD: Record<string, string> = { investmentFen: 'investment' };

/** /project/edit (?id= to edit): the developer registers or edits a project. */
export function ProjectEditPage() {
  const { t } = useTranslation(PROJECT_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = positiveId(raw);
  const editing = raw !== null;
  const valid = !editing || id !== null;
  const detail = useQuery({ ...projectQueries.detail(id ?? 0), enabled: editing && valid });
  const back = <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>;
  if (!editing) return <ProjectForm />;
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      notFoundTitle={t('common.notFound')}
      badIdTitle={t('common.badId')}
    >
      {(p) => <ProjectForm project={p} />}
    </RecordState>
  );
}

function ProjectForm({ project }: { project?: ProjectDetailData }) {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const policy = useQuery(projectQueries.policyOptions());
  const inScope = Form.useWatch('inPolicyScope', form);
  const step = Form.useWatch('step', form);
  const batch = Form.useWatch('policyBatch', form);
  const goesBack = project !== undefined && typeof step === 'number' && step < project.step;

  useEffect(() => {
    if (project) form.setFieldsValue(toValues(project));
  }, [project, form]);

  const onSaved = (saved: { id: number }) => {
    message.success(t('form.saved'));
    void invalidateProjects(queryClient);
    navigate(pageUrl(pages.projectDetail, { id: saved.id }), { replace: true });
  };
  const onError = (error: Error) => {
    if (applyFieldErrors(form, error, { rename: FORM_FIELD })) return;
    message.error(error.message, 5);
  };
  const create = useMutation({ ...projectMutations.create, onSuccess: onSaved, onError });
  const update = useMutation({ ...projectMutations.update, onSuccess: onSaved, onError });

  const submit = (v: Values) => {
    const body = {
      name: v.name,
      code: v.code,
      type: v.type as number,
      regionCode: v.regionCode as string,
      address: v.address,
      grossFloorArea: Number(v.grossFloorArea),
      investmentFen: wanToFen(v.investment),
      targetStar: v.targetStar || undefined,
      step: v.step,
      designStage: v.designStage,
      plannedStart: v.plannedStart,
      plannedFinish: v.plannedFinish,
      inPolicyScope: v.inPolicyScope,
      policyBatch: v.inPolicyScope ? v.policyBatch : undefined,
      standardEdition: v.inPolicyScope ? v.standardEdition : undefined,
    };
    if (project) update.mutate({ ...body, id: project.id, stepReason: goesBack ? v.stepReason : undefined });
    else create.mutate(body);
  };

  const required = (label: string) => ({ required: true, message: t('form.required', { label }) });
  const choose = (label: string) => ({ required: true, message: t('form.choose', { label }) });
  const batches = (policy.data as PolicyOptions | undefined)?.batches ?? [];
  const editions = ((policy.data as PolicyOptions | undefined)?.editions ?? []).filter(
    (e) => !batch || e.batchCode === batch,
  );

  return (
    <Card title={project ? t('form.editTitle') : t('form.createTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        scrollToFirstError
        initialValues={{ step: 0, designStage: 0, inPolicyScope: true, targetStar: 0 }}
        style={{ maxWidth: 960 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('form.name')} rules={rulesFrom(projectSaveBody, 'name')}>
              <TextInput maxLength={maxLengthOf(projectSaveBody.shape.name)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t('form.code')}
              extra={t('form.codeHelp')}
              rules={rulesFrom(projectSaveBody, 'code')}
            >
              <TextInput maxLength={maxLengthOf(projectSaveBody.shape.code)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('form.type')} rules={rulesFrom(projectSaveBody, 'type')}>
              <Select aria-label={t('form.type')} options={labelOptions(projectTypeLabels, english)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="regionCode" label={t('form.region')} rules={rulesFrom(projectSaveBody, 'regionCode')}>
              <RegionCascader aria-label={t('form.region')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('form.address')} rules={rulesFrom(projectSaveBody, 'address')}>
              <TextInput maxLength={maxLengthOf(projectSaveBody.shape.address)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="grossFloorArea"
              label={t('form.area')}
              rules={rulesFrom(projectSaveBody, 'grossFloorArea')}
            >
              <NumericInput precision={2} min={0} max={100_000_000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="investment" label={t('form.investment')} rules={[required(t('form.investment'))]}>
              <NumericInput precision={2} min={0} max={10_000_000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="targetStar" label={t('form.star')}>
              <Select
                aria-label={t('form.star')}
                options={[
                  { value: 0, label: t('form.noStar') },
                  ...[1, 2, 3].map((n) => ({ value: n, label: '★'.repeat(n) })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="step" label={t('form.step')} rules={rulesFrom(projectSaveBody, 'step')}>
              <Select aria-label={t('form.step')} options={labelOptions(projectStepLabels, english)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="designStage"
              label={t('form.designStage')}
              rules={rulesFrom(projectSaveBody, 'designStage')}
            >
              <Select aria-label={t('form.designStage')} options={labelOptions(designStageLabels, english)} />
            </Form.Item>
          </Col>
          {goesBack && (
            <Col xs={24} md={8}>
              <Form.Item
                name="stepReason"
                label={t('form.stepReason')}
                extra={t('form.stepReasonHelp')}
                rules={[required(t('form.stepReason')), zodRule(projectUpdateBody.shape.stepReason)]}
              >
                <TextInput maxLength={maxLengthOf(projectUpdateBody.shape.stepReason)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item
              name="plannedStart"
              label={t('form.plannedStart')}
              rules={rulesFrom(projectSaveBody, 'plannedStart')}
            >
              <Input type="date" aria-label={t('form.plannedStart')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="plannedFinish"
              label={t('form.plannedFinish')}
              dependencies={['plannedStart']}
              rules={[
                zodRule(projectSaveBody.shape.plannedFinish),
                ({ getFieldValue }) => ({
                  validator: (_, v: string) =>
                    v && getFieldValue('plannedStart') && v < getFieldValue('plannedStart')
                      ? Promise.reject(new Error(t('form.finishBeforeStart')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input type="date" aria-label={t('form.plannedFinish')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="inPolicyScope" label={t('form.inScope')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {inScope && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="policyBatch" label={t('form.batch')} rules={[choose(t('form.batch'))]}>
                  <Select
                    aria-label={t('form.batch')}
                    loading={policy.isFetching}
                    options={batches.map((b) => ({ value: b.code, label: `${b.name}（${b.instrument}）` }))}
                    onChange={() => form.setFieldValue('standardEdition', undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="standardEdition" label={t('form.edition')} rules={[choose(t('form.edition'))]}>
                  <Select
                    aria-label={t('form.edition')}
                    options={editions.map((e) => ({ value: e.code, label: e.name }))}
                  />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
