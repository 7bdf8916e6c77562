import { materialListReopenBody, materialListStatusLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { labelOf } from '../../../lib/labels.ts';
import { CompliancePanel } from '../components/list/CompliancePanel.tsx';
import { CopyModal } from '../components/list/CopyModal.tsx';
import { ImportModal } from '../components/list/ImportModal.tsx';
import { LinesGrid } from '../components/list/LinesGrid.tsx';
import { LIST_NS } from '../components/list/locale.ts';
import { changesOf, liveCompliance, type Row, rowOf, yuanText } from '../components/list/rows.ts';
import { ConfidenceTag } from '../components/list/tags.tsx';
import { useListProject } from '../components/list/useListProject.tsx';
import { VersionHistory } from '../components/list/VersionHistory.tsx';
import { listKey, listMutations, listQueries, type MaterialList } from '../list-api.ts';

/**
 * 材料清单 (docs/procurement.md, "Material lists"): a project's list in an editable grid, each line's policy kind
 * and green as planned, the live compliance panel (recomputed as lines are edited), import, copy, confirm and
 * reopen with the version history. The developer and the construction units of the project.
 */
export function MaterialsListPage() {
  const { t } = useTranslation(LIST_NS);
  const { projectId, picker, loading, none } = useListProject();
  const list = useQuery({ ...listQueries.list(projectId ?? 0), enabled: projectId !== null });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <Typography.Text type="secondary">{t('list.project')}</Typography.Text>
          {picker}
          {list.data ? <ListHeader list={list.data} /> : null}
        </Flex>
      </Card>
      {none ? (
        <Empty description={t('list.noProject')} />
      ) : list.isError ? (
        <Alert type="error" showIcon title={list.error.message} />
      ) : loading || !list.data ? (
        <Skeleton active />
      ) : (
        <ListEditor key={`${list.data.projectId}:${list.data.version}:${list.data.status}`} list={list.data} />
      )}
    </Space>
  );
}

function ListHeader({ list }: { list: MaterialList }) {
  const { t, i18n } = useTranslation(LIST_NS);
  return (
    <Space wrap size={4}>
      {list.editionName ? (
        <Tag color="geekblue">
          {t('list.edition')}：{list.editionName}
        </Tag>
      ) : null}
      <ConfidenceTag confidence={list.ruleConfidence} />
      <Tag color={list.status === 'confirmed' ? 'green' : 'gold'} data-testid="list-status">
        {labelOf(materialListStatusLabels, i18n.language === 'en')(list.status)} ·{' '}
        {t('list.version', { version: list.version })}
      </Tag>
    </Space>
  );
}

let nextKey = 0;
const newRow = (): Row => ({ key: `new:${++nextKey}`, quantity: '', requiredBy: '', price: '' });

function ListEditor({ list }: { list: MaterialList }) {
  const { t } = useTranslation(LIST_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ rows: Row[] }>();
  const initial = useMemo(() => list.lines.map(rowOf), [list.lines]);
  const watched = Form.useWatch('rows', { form, preserve: true }) as Row[] | undefined;
  const rows = watched ?? initial;
  const [reopening, setReopening] = useState(false);
  const [importing, setImporting] = useState(false);
  const [copying, setCopying] = useState(false);
  const [errorCount, setErrorCount] = useState(0);
  const locked = list.status === 'confirmed';
  const editable = list.actions.save;

  useEffect(() => {
    form.setFieldsValue({ rows: initial });
  }, [form, initial]);

  const compliance = useMemo(() => liveCompliance(list, rows), [list, rows]);
  const changes = useMemo(() => changesOf(list, rows), [list, rows]);
  const dirty = changes.lines.length > 0 || changes.removedLineIds.length > 0;

  const refresh = (data: MaterialList) => {
    client.setQueryData(listQueries.list(list.projectId).queryKey, data);
    void client.invalidateQueries({ queryKey: listKey });
  };
  const save = useMutation({
    ...listMutations.save(),
    onSuccess: (data) => {
      refresh(data);
      setErrorCount(0);
      message.success(t('list.saved'));
    },
    onError: (error) => {
      const ok = applyFieldErrors(form, error, {
        mapPath: (path) => {
          if (path[0] !== 'lines' || typeof path[1] !== 'number') return [];
          const key = changes.keys[path[1]];
          const index = rows.findIndex((r) => r.key === key);
          return index < 0 ? [] : ['rows', index, ...path.slice(2)];
        },
      });
      setErrorCount(ok ? form.getFieldsError().filter((f) => f.errors.length > 0).length : 0);
      if (!ok) message.error(error.message);
    },
  });
  const confirm = useMutation({
    ...listMutations.confirm(),
    onSuccess: (data) => {
      refresh(data);
      message.success(t('list.confirmed'));
    },
  });
  const reopen = useMutation({
    ...listMutations.reopen(),
    onSuccess: (data) => {
      setReopening(false);
      refresh(data);
      message.success(t('list.reopened'));
    },
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {!list.rule ? <Alert type="info" showIcon title={t('list.outsidePolicy')} /> : null}
      <CompliancePanel list={list} rows={rows} compliance={compliance} />
      <Card
        size="small"
        title={
          <Space wrap>
            <span>{t('list.lines', { count: rows.length })}</span>
            <Typography.Text type="secondary">
              {t('list.budget')} ¥{yuanText(list.budgetFen)}
            </Typography.Text>
            {dirty ? <Tag color="orange">{t('list.unsaved')}</Tag> : null}
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {locked ? <Alert type="warning" showIcon title={t('list.locked')} /> : null}
          {list.reopenReason && !locked ? (
            <Typography.Text type="secondary">
              {t('list.reopenedBecause', { reason: list.reopenReason })}
            </Typography.Text>
          ) : null}
          <Flex wrap gap={8}>
            {!locked ? (
              <>
                <Button onClick={() => form.setFieldsValue({ rows: [...rows, newRow()] })}>{t('list.addLine')}</Button>
                <Button onClick={() => setImporting(true)}>{t('list.import')}</Button>
                <Button onClick={() => setCopying(true)}>{t('list.copy')}</Button>
              </>
            ) : null}
            <Button
              type="primary"
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate({ projectId: list.projectId, lines: changes.lines, removedLineIds: changes.removedLineIds })
              }
            >
              {t('list.save')}
            </Button>
            {dirty ? <Button onClick={() => form.setFieldsValue({ rows: initial })}>{t('list.discard')}</Button> : null}
            {list.actions.confirm ? (
              <Popconfirm
                title={t('list.confirm')}
                description={t('list.confirmHint', { version: list.version })}
                onConfirm={() => confirm.mutate({ projectId: list.projectId })}
                disabled={dirty}
              >
                <Button disabled={dirty} loading={confirm.isPending}>
                  {t('list.confirm')}
                </Button>
              </Popconfirm>
            ) : null}
            {list.actions.reopen ? <Button onClick={() => setReopening(true)}>{t('list.reopen')}</Button> : null}
          </Flex>
          {errorCount > 0 ? <Alert type="error" showIcon title={t('list.fixErrors', { count: errorCount })} /> : null}
          <Form form={form} component={false} initialValues={{ rows: initial }}>
            <LinesGrid
              list={list}
              rows={rows}
              editable={editable}
              locked={locked}
              onRemove={(index) => form.setFieldsValue({ rows: rows.filter((_, i) => i !== index) })}
            />
          </Form>
        </Space>
      </Card>
      <VersionHistory list={list} />
      <ReasonModal
        open={reopening}
        text={{
          title: t('list.reopenModal.title'),
          okText: t('list.reopenModal.okText'),
          cancelText: t('list.reopenModal.cancelText'),
          label: t('list.reopenModal.label'),
          placeholder: t('list.reopenModal.placeholder'),
          hint: t('list.reopenModal.hint'),
        }}
        schema={materialListReopenBody.shape.reason}
        submitting={reopen.isPending}
        serverError={reopen.error?.message ?? null}
        onSubmit={(reason) => reopen.mutate({ projectId: list.projectId, reason })}
        onCancel={() => setReopening(false)}
      />
      <ImportModal projectId={list.projectId} open={importing} onClose={() => setImporting(false)} />
      <CopyModal projectId={list.projectId} open={copying} onClose={() => setCopying(false)} />
    </Space>
  );
}
