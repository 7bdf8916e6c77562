import { type ConfidenceValue, confidenceValues } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classificationTreeQuery } from '../../../components/ClassificationSelect.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { LIST_NS } from '../components/list/locale.ts';
import { ConfidenceTag, KindTag } from '../components/list/tags.tsx';
import {
  type PolicyAuditTarget,
  type PolicyCategory,
  type PolicyCity,
  policyKeys,
  policyMutations,
  policyQueries,
} from '../list-api.ts';

/**
 * 采购政策数据 (docs/procurement.md, "Policy data"): the platform operator picks an edition and edits its rule, its
 * categories (kind, name, note, confidence) and the platform classes each holds; and the policy cities. Every change
 * is audited with its before and after, shown per row. Anything below the official text carries its tag.
 */
export function PolicyAdminPage() {
  const { t } = useTranslation(LIST_NS);
  return (
    <Card title={t('policy.title')}>
      <Typography.Paragraph type="secondary">{t('policy.intro')}</Typography.Paragraph>
      <Tabs
        items={[
          { key: 'editions', label: t('policy.editions'), children: <Editions /> },
          { key: 'cities', label: t('policy.cities'), children: <Cities /> },
        ]}
      />
    </Card>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of policyKeys) void client.invalidateQueries({ queryKey });
  };
}

function useConfidenceOptions() {
  const { t } = useTranslation(LIST_NS);
  return confidenceValues.map((c) => ({ value: c, label: t(`confidence.${c}`) }));
}

/** An audit trail of one row (rule, category, city), newest first. */
function AuditDrawer({
  target,
  onClose,
}: {
  target: { kind: PolicyAuditTarget; key: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(LIST_NS);
  const trail = useQuery({ ...policyQueries.audit(target?.kind ?? 'rule', target?.key ?? '-'), enabled: !!target });
  const show = (v: Record<string, unknown> | null) =>
    v ? <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{JSON.stringify(v, null, 1)}</pre> : '—';
  return (
    <Drawer open={!!target} title={t('policy.audit.title')} onClose={onClose} size="large">
      {trail.data && trail.data.length === 0 ? <Empty description={t('policy.audit.none')} /> : null}
      {(trail.data ?? []).map((e) => (
        <Card
          key={e.id}
          size="small"
          style={{ marginBottom: 8 }}
          title={`${e.time} · ${e.actorName ?? '—'} · ${e.action}`}
        >
          <Space align="start" wrap>
            <div>
              <Typography.Text type="secondary">{t('policy.audit.before')}</Typography.Text>
              {show(e.before)}
            </div>
            <div>
              <Typography.Text type="secondary">{t('policy.audit.after')}</Typography.Text>
              {show(e.after)}
            </div>
          </Space>
        </Card>
      ))}
    </Drawer>
  );
}

interface RuleForm {
  mandatoryGreenPct: number;
  optionalCoverageMinPct: number | null;
  testReportMaxAgeDays: number | null;
  confidence: ConfidenceValue;
  note?: string;
}

function Editions() {
  const { t } = useTranslation(LIST_NS);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const editions = useQuery(policyQueries.editions());
  const [code, setCode] = useState<string | undefined>();
  const chosen = code ?? editions.data?.at(-1)?.code;
  const edition = useQuery({ ...policyQueries.edition(chosen ?? ''), enabled: !!chosen });
  const [form] = Form.useForm<RuleForm>();
  const [audit, setAudit] = useState<{ kind: PolicyAuditTarget; key: string } | null>(null);
  const [editing, setEditing] = useState<PolicyCategory | null>(null);
  const [mapping, setMapping] = useState<PolicyCategory | null>(null);
  const confidenceOptions = useConfidenceOptions();
  const rule = edition.data?.rule;

  useEffect(() => {
    form.setFieldsValue(
      rule
        ? { ...rule, note: rule.note ?? '' }
        : {
            mandatoryGreenPct: 100,
            optionalCoverageMinPct: null,
            testReportMaxAgeDays: 365,
            confidence: 'unconfirmed',
          },
    );
  }, [form, rule]);

  const saveRule = useMutation({
    ...policyMutations.rule(),
    onSuccess: () => {
      message.success(t('policy.saved'));
      refresh();
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e)) message.error(e.message);
    },
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('policy.edition')}</Typography.Text>
        <Select
          aria-label={t('policy.edition')}
          style={{ width: 260, maxWidth: '100%' }}
          value={chosen}
          onChange={setCode}
          loading={editions.isLoading}
          options={(editions.data ?? []).map((e) => ({ value: e.code, label: e.name }))}
        />
      </Space>
      <Card
        size="small"
        title={
          <Space wrap>
            {t('policy.rule')}
            <ConfidenceTag confidence={rule?.confidence ?? null} />
          </Space>
        }
        extra={
          chosen ? (
            <Button type="link" onClick={() => setAudit({ kind: 'rule', key: chosen })}>
              {t('policy.history')}
            </Button>
          ) : null
        }
      >
        {edition.data && !rule ? <Alert type="warning" showIcon title={t('policy.noRule')} /> : null}
        <Form<RuleForm>
          form={form}
          layout="vertical"
          onFinish={(v) =>
            chosen &&
            saveRule.mutate({
              editionCode: chosen,
              ...v,
              optionalCoverageMinPct: v.optionalCoverageMinPct ?? null,
              testReportMaxAgeDays: v.testReportMaxAgeDays ?? null,
            })
          }
        >
          <Space wrap align="start">
            <Form.Item name="mandatoryGreenPct" label={t('policy.mandatoryGreenPct')}>
              <InputNumber min={0} max={100} />
            </Form.Item>
            <Form.Item
              name="optionalCoverageMinPct"
              label={t('policy.optionalCoverageMinPct')}
              extra={t('policy.optionalHint')}
            >
              <InputNumber min={0} max={100} />
            </Form.Item>
            <Form.Item
              name="testReportMaxAgeDays"
              label={t('policy.testReportMaxAgeDays')}
              extra={t('policy.reportHint')}
            >
              <InputNumber min={1} max={3650} />
            </Form.Item>
            <Form.Item name="confidence" label={t('policy.confidence')}>
              <Select options={confidenceOptions} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="note" label={t('policy.note')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saveRule.isPending}>
            {t('policy.save')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('policy.categories')}>
        <Table<PolicyCategory>
          size="small"
          rowKey="id"
          loading={edition.isLoading}
          dataSource={edition.data?.categories ?? []}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          scroll={{ x: 900 }}
          columns={[
            { title: t('policy.category.code'), dataIndex: 'code', width: 80 },
            { title: t('policy.category.name'), dataIndex: 'name', width: 140 },
            { title: t('policy.category.group'), dataIndex: 'groupName', width: 150 },
            {
              title: t('policy.category.kind'),
              width: 160,
              render: (_, c) => (
                <Space size={2} wrap>
                  <KindTag kind={c.kind} />
                  <ConfidenceTag confidence={c.confidence} />
                </Space>
              ),
            },
            {
              title: t('policy.category.classes'),
              width: 190,
              render: (_, c) => (
                <Space size={[0, 4]} wrap>
                  {c.classes.map((k) => (
                    <Tag key={k.code} style={{ whiteSpace: 'normal' }}>{`${k.code} ${k.name}`}</Tag>
                  ))}
                </Space>
              ),
            },
            { title: t('policy.note'), dataIndex: 'note', width: 200, ellipsis: true },
            {
              title: t('policy.actions'),
              width: 200,
              render: (_, c) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setEditing(c)}>
                    {t('policy.category.edit')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setMapping(c)}>
                    {t('policy.category.mapping')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setAudit({ kind: 'category', key: String(c.id) })}>
                    {t('policy.history')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CategoryModal category={editing} onClose={() => setEditing(null)} />
      <MappingModal category={mapping} onClose={() => setMapping(null)} />
      <AuditDrawer target={audit} onClose={() => setAudit(null)} />
    </Space>
  );
}

function CategoryModal({ category, onClose }: { category: PolicyCategory | null; onClose: () => void }) {
  const { t } = useTranslation(LIST_NS);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm();
  const confidenceOptions = useConfidenceOptions();
  useEffect(() => {
    if (category) form.setFieldsValue({ ...category, note: category.note ?? '' });
  }, [form, category]);
  const save = useMutation({
    ...policyMutations.category(),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e)) message.error(e.message);
    },
  });
  return (
    <Modal
      open={!!category}
      title={t('policy.category.editTitle', { code: category?.code ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => category && save.mutate({ ...v, id: category.id })}>
        <Form.Item name="name" label={t('policy.category.name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label={t('policy.category.kind')}>
          <Radio.Group
            options={[
              { value: 'mandatory', label: <KindTag kind="mandatory" /> },
              { value: 'optional', label: <KindTag kind="optional" /> },
            ]}
          />
        </Form.Item>
        <Form.Item name="confidence" label={t('policy.confidence')}>
          <Select options={confidenceOptions} />
        </Form.Item>
        <Form.Item name="note" label={t('policy.note')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MappingModal({ category, onClose }: { category: PolicyCategory | null; onClose: () => void }) {
  const { t } = useTranslation(LIST_NS);
  const refresh = useRefresh();
  const tree = useQuery(classificationTreeQuery());
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => setCodes(category?.classes.map((c) => c.code) ?? []), [category]);
  const treeData = useMemo(
    () =>
      (tree.data ?? []).map((g) => ({
        value: g.code,
        title: g.name,
        selectable: false,
        checkable: false,
        children: (g.children ?? []).map((c) => ({ value: c.code, title: `${c.code} ${c.name}` })),
      })),
    [tree.data],
  );
  const save = useMutation({
    ...policyMutations.classes(),
    onSuccess: () => {
      refresh();
      onClose();
    },
  });
  return (
    <Modal
      open={!!category}
      title={`${t('policy.category.mapping')}：${category?.name ?? ''}`}
      onCancel={onClose}
      onOk={() => category && save.mutate({ id: category.id, classifyCodes: codes })}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('policy.category.mappingHint')}</Typography.Paragraph>
      <TreeSelect
        aria-label={t('policy.category.classes')}
        style={{ width: '100%' }}
        treeData={treeData}
        value={codes}
        onChange={(v) => setCodes(v as string[])}
        multiple
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        showSearch={{ treeNodeFilterProp: 'title' }}
      />
    </Modal>
  );
}

interface CityForm {
  regionCode: string;
  name: string;
  batchCode: string;
  fromDate: string;
  toDate?: string;
  confidence: ConfidenceValue;
  note?: string;
}

function Cities() {
  const { t } = useTranslation(LIST_NS);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const cities = useQuery(policyQueries.cities());
  const [editing, setEditing] = useState<PolicyCity | 'new' | null>(null);
  const [audit, setAudit] = useState<{ kind: PolicyAuditTarget; key: string } | null>(null);
  const remove = useMutation({
    ...policyMutations.removeCity(),
    onSuccess: () => {
      message.success(t('policy.city.removed'));
      refresh();
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        {t('policy.city.add')}
      </Button>
      <Table<PolicyCity>
        size="small"
        rowKey="regionCode"
        loading={cities.isLoading}
        dataSource={cities.data?.list ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('policy.city.regionCode'), dataIndex: 'regionCode', width: 100 },
          { title: t('policy.city.name'), dataIndex: 'name', width: 120 },
          { title: t('policy.city.batch'), dataIndex: 'batchName', width: 160 },
          { title: t('policy.city.fromDate'), dataIndex: 'fromDate', width: 110 },
          { title: t('policy.city.toDate'), dataIndex: 'toDate', width: 110 },
          {
            title: t('policy.confidence'),
            width: 100,
            render: (_, c) => <ConfidenceTag confidence={c.confidence} always />,
          },
          { title: t('policy.note'), dataIndex: 'note', ellipsis: true },
          {
            title: t('policy.actions'),
            width: 190,
            render: (_, c) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(c)}>
                  {t('policy.city.edit')}
                </Button>
                <Popconfirm
                  title={t('policy.city.removeConfirm', { name: c.name })}
                  onConfirm={() => remove.mutate({ regionCode: c.regionCode })}
                >
                  <Button type="link" size="small" danger>
                    {t('policy.city.remove')}
                  </Button>
                </Popconfirm>
                <Button type="link" size="small" onClick={() => setAudit({ kind: 'city', key: c.regionCode })}>
                  {t('policy.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CityModal city={editing} batches={cities.data?.batches ?? []} onClose={() => setEditing(null)} />
      <AuditDrawer target={audit} onClose={() => setAudit(null)} />
    </Space>
  );
}

function CityModal({
  city,
  batches,
  onClose,
}: {
  city: PolicyCity | 'new' | null;
  batches: { code: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation(LIST_NS);
  const refresh = useRefresh();
  const [form] = Form.useForm<CityForm>();
  const confidenceOptions = useConfidenceOptions();
  const creating = city === 'new';
  useEffect(() => {
    if (city === 'new') form.setFieldsValue({ confidence: 'secondary' });
    else if (city) form.setFieldsValue({ ...city, toDate: city.toDate ?? '', note: city.note ?? '' });
  }, [form, city]);
  const save = useMutation({
    ...policyMutations.city(),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (e) => applyFieldErrors(form, e),
  });
  return (
    <Modal
      open={city !== null}
      title={creating ? t('policy.city.add') : t('policy.city.edit')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      {save.error && Object.keys((save.error as { fieldErrors?: object }).fieldErrors ?? {}).length === 0 ? (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 12 }} />
      ) : null}
      <Form<CityForm> form={form} layout="vertical" onFinish={(v) => save.mutate({ ...v, create: creating })}>
        <Form.Item name="regionCode" label={t('policy.city.regionCode')}>
          <Input maxLength={6} disabled={!creating} />
        </Form.Item>
        <Form.Item name="name" label={t('policy.city.name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="batchCode" label={t('policy.city.batch')}>
          <Select options={batches.map((b) => ({ value: b.code, label: b.name }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="fromDate" label={t('policy.city.fromDate')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="toDate" label={t('policy.city.toDate')}>
            <Input type="date" />
          </Form.Item>
        </Space>
        <Form.Item name="confidence" label={t('policy.confidence')}>
          <Select options={confidenceOptions} />
        </Form.Item>
        <Form.Item name="note" label={t('policy.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
