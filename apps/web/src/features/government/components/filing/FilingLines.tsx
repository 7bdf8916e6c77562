import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import {
  type FilingCheck,
  type FilingDetail,
  type FilingLine,
  type FilingLineInput,
  filingMutations,
  invalidateFilings,
} from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { LineEditor } from './LineEditor.tsx';
import { filingLabels, yuan } from './labels.ts';

/** A line's check messages, errors first. */
function LineChecks({ checks }: { checks: FilingCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <Space orientation="vertical" size={2}>
      {checks.map((c) => (
        <Typography.Text
          key={`${c.field}-${c.message}`}
          type={c.level === 'error' ? 'danger' : c.level === 'warning' ? 'warning' : 'secondary'}
          style={{ fontSize: 12 }}
        >
          {c.message}
        </Typography.Text>
      ))}
    </Space>
  );
}

/**
 * A filing's lines (docs/government.md, "Filing"): 平台数据 lines with links to the records they came from and their
 * changed fields marked 已修改, 手工填报 lines highlighted, each line's checks; in a draft or a returned filing the
 * filer edits a line, adds a typed one, deletes one, or fills in the platform's records again.
 */
export function FilingLines({ filing: f, editable }: { filing: FilingDetail; editable: boolean }) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation(filingMutations.save);
  const prefill = useMutation(filingMutations.prefill);
  const [editing, setEditing] = useState<{ line: FilingLine | null } | null>(null);
  const checksOf = (l: FilingLine) =>
    f.checks.filter((c) => c.lineId === l.id).sort((a, b) => (a.level === 'error' ? -1 : b.level === 'error' ? 1 : 0));
  const q = (l: FilingLine) => formatQuantity(l.quantity, { unit: l.unit, locale: i18n.language });

  const saveLine = async (input: FilingLineInput) => {
    await save.mutateAsync({ id: f.id, lines: [input] });
    setEditing(null);
    await invalidateFilings(queryClient);
    message.success(t('detail.saved'));
  };
  const remove = (l: FilingLine) =>
    modal.confirm({
      content: t('detail.removeConfirm', { no: l.lineNo }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await save.mutateAsync({ id: f.id, removedLineIds: [l.id] });
          await invalidateFilings(queryClient);
        } catch (error) {
          message.error((error as Error).message);
        }
      },
    });
  const refill = async () => {
    try {
      await prefill.mutateAsync({ id: f.id });
      await invalidateFilings(queryClient);
      message.success(t('detail.prefillDone'));
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  const source = (l: FilingLine) => (
    <Space orientation="vertical" size={2}>
      <Space size={4} wrap>
        <Tag color={l.source === 'system' ? 'blue' : 'gold'}>{labels.source(l.source)}</Tag>
        {l.changedFields.length > 0 && (
          <Tag
            color="orange"
            title={t('detail.changedFields', {
              fields: l.changedFields.map((x) => t(`fields.${x}`, { defaultValue: x })).join('、'),
            })}
          >
            {t('detail.changed')}
          </Tag>
        )}
      </Space>
      {l.sources.map((s) =>
        s.url ? (
          <Link key={`${s.kind}-${s.id}`} to={s.url} style={{ fontSize: 12 }}>
            {s.label}
          </Link>
        ) : (
          <Typography.Text key={`${s.kind}-${s.id}`} type="secondary" style={{ fontSize: 12 }}>
            {s.label}
          </Typography.Text>
        ),
      )}
    </Space>
  );
  const material = (l: FilingLine) => (
    <Space orientation="vertical" size={0}>
      <span>
        {l.commonName} {l.spec}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[l.categoryName, labels.kind(l.standardKind)].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Space>
  );
  const green = (l: FilingLine) =>
    l.isGreen ? (
      <Space orientation="vertical" size={0}>
        <Tag color="green">{l.star ? t('detail.star', { star: l.star }) : labels.evidence(l.evidenceKind)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {labels.evidence(l.evidenceKind)} {l.certificateNo ?? l.reportNo ?? ''}
        </Typography.Text>
      </Space>
    ) : (
      <Tag>{t('detail.notGreen')}</Tag>
    );
  const tools = (l: FilingLine) =>
    editable && (
      <Space size={4} wrap>
        <Button size="small" onClick={() => setEditing({ line: l })} aria-label={`${t('detail.edit')} ${l.lineNo}`}>
          {t('detail.edit')}
        </Button>
        <Button size="small" danger onClick={() => remove(l)} aria-label={`${t('detail.remove')} ${l.lineNo}`}>
          {t('detail.remove')}
        </Button>
      </Space>
    );

  const supplier = (l: FilingLine) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {l.supplierName} · {labels.method(l.procurementMethod)} · {l.deliveryDate}
    </Typography.Text>
  );
  const columns: TableProps<FilingLine>['columns'] = [
    { title: '#', dataIndex: 'lineNo', key: 'no', width: 44 },
    { title: t('detail.sources'), key: 'source', width: 150, render: (_, l) => source(l) },
    {
      title: t('detail.material'),
      key: 'material',
      render: (_, l) => (
        <Space orientation="vertical" size={2}>
          {material(l)}
          {supplier(l)}
          <LineChecks checks={checksOf(l)} />
        </Space>
      ),
    },
    { title: t('detail.quantity'), key: 'quantity', width: 100, align: 'right', render: (_, l) => q(l) },
    { title: t('detail.lineAmount'), key: 'amount', width: 120, align: 'right', render: (_, l) => yuan(l.amountFen) },
    { title: t('detail.green'), key: 'green', width: 140, render: (_, l) => green(l) },
    ...(editable ? [{ title: '', key: 'tools', width: 72, render: (_: unknown, l: FilingLine) => tools(l) }] : []),
  ];

  return (
    <>
      {editable && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing({ line: null })}>
            {t('detail.addLine')}
          </Button>
          <Button loading={prefill.isPending} onClick={() => void refill()}>
            {t('detail.prefill')}
          </Button>
        </Space>
      )}
      {wide ? (
        <Table<FilingLine>
          rowKey="id"
          columns={columns}
          dataSource={f.lines}
          pagination={f.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          size="small"
          locale={{ emptyText: t('detail.noLines') }}
          onRow={(l) => (l.source === 'typed' ? { style: { background: '#fffbe6' } } : {})}
        />
      ) : (
        <ItemList
          items={f.lines}
          rowKey={(l) => l.id}
          emptyText={t('detail.noLines')}
          renderItem={(l) => (
            <Space
              orientation="vertical"
              size={4}
              style={{
                width: '100%',
                ...(l.source === 'typed' ? { background: '#fffbe6', padding: 4 } : {}),
              }}
            >
              <Space size={4} wrap>
                <Typography.Text strong>{l.lineNo}.</Typography.Text>
                {material(l)}
              </Space>
              {source(l)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {q(l)} · {yuan(l.amountFen)}
              </Typography.Text>
              {supplier(l)}
              {green(l)}
              <LineChecks checks={checksOf(l)} />
              {tools(l)}
            </Space>
          )}
        />
      )}
      <LineEditor
        open={editing !== null}
        line={editing?.line ?? null}
        lineNo={editing?.line?.lineNo ?? f.lines.length + 1}
        defaultMethod={f.defaultMethod}
        periodFrom={f.periodFrom}
        saving={save.isPending}
        onSave={saveLine}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}
