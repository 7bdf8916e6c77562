import { productUnits } from '@jcbb/contract';
import { basicMaterialEndpoints } from '@jcbb/contract/basic-material.endpoints';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Form, Input, Popover, Select, Table, Tooltip, Typography } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useTranslation } from 'react-i18next';
import { ClassificationSelect } from '../../../../components/ClassificationSelect.tsx';
import { queryOf } from '../../../../lib/api.ts';
import type { MaterialLine, MaterialList } from '../../list-api.ts';
import { LIST_NS } from './locale.ts';
import { type Row, rowPolicy } from './rows.ts';
import { KindTag } from './tags.tsx';

/**
 * The list's editable grid (docs/procurement.md, "Material lists"): one form row per line (the form's `rows`), so the
 * server's messages land under their cells (`lines.N.field` mapped to the row). While the list is confirmed the
 * class, unit, quantity and required-by date are read-only and rows cannot be added or removed.
 */

const unitOptions = productUnits.map((u) => ({ value: u.id, label: u.name }));

/** The common names of a class (basic materials), offered while typing; any name may be typed. */
function CommonNameInput({
  classifyCode,
  ...props
}: {
  classifyCode?: string;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const names = useQuery({
    ...queryOf(basicMaterialEndpoints.page, { take: 50, skip: 0, classifyCode }),
    enabled: !!classifyCode,
    staleTime: 300_000,
  });
  const options = (names.data?.list ?? []).map((m) => ({ value: m.commonName }));
  return <AutoComplete {...props} options={options} style={{ width: '100%' }} />;
}

function GreenCell({ line, green }: { line: MaterialLine | undefined; green: boolean }) {
  const { t } = useTranslation(LIST_NS);
  if (!line?.chosen) return <Typography.Text type="secondary">{t('list.green.notChosen')}</Typography.Text>;
  const e = line.evidence;
  const detail = (
    <div style={{ maxWidth: 280 }}>
      <div>{t('list.green.chosen', { name: `${line.chosen.productName} ${line.chosen.specName}` })}</div>
      {line.chosen.supplierName ? <div>{line.chosen.supplierName}</div> : null}
      {e ? (
        <div>
          {t('list.green.evidence', {
            name: `${e.kind === 'certificate' ? t('list.green.certificate') : t('list.green.testReport')} ${e.certNo ?? e.name}`,
          })}
          {e.validUntil ? `，${t('list.green.validUntil', { date: e.validUntil })}` : ''}
        </div>
      ) : null}
      {!green && e ? <Typography.Text type="danger">{t('list.green.lapsed')}</Typography.Text> : null}
    </div>
  );
  return (
    <Popover content={detail}>
      <Typography.Text type={green ? 'success' : 'warning'} data-green={green}>
        {green ? `✓ ${t('list.green.yes')}` : t('list.green.no')} · {line.chosen.productName}
      </Typography.Text>
    </Popover>
  );
}

export function LinesGrid({
  list,
  rows,
  editable,
  locked,
  onRemove,
}: {
  list: MaterialList;
  rows: readonly Row[];
  editable: boolean;
  /** Confirmed: quantities locked. */
  locked: boolean;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation(LIST_NS);
  const lines = new Map(list.lines.map((l) => [l.id, l]));
  const fixed = !editable || locked;
  const item = (field: FormListFieldData, name: keyof Row, input: React.ReactNode) => (
    <Form.Item name={[field.name, name]} style={{ margin: 0 }}>
      {input}
    </Form.Item>
  );
  const label = (field: FormListFieldData, col: string) => `${t(`list.col.${col}`)} ${field.name + 1}`;

  return (
    <Form.List name="rows">
      {(fields) => (
        <Table<FormListFieldData>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={fields}
          scroll={{ x: 1500 }}
          locale={{ emptyText: t('list.empty') }}
          columns={[
            { title: t('list.col.no'), width: 56, render: (_, f) => f.name + 1, fixed: 'left' },
            {
              title: t('list.col.classify'),
              width: 170,
              render: (_, f) => {
                const saved = rows[f.name]?.id ? lines.get(rows[f.name]?.id as number) : undefined;
                return fixed && saved
                  ? saved.classifyName
                  : item(
                      f,
                      'classifyCode',
                      <ClassificationSelect leavesOnly allowClear={false} aria-label={label(f, 'classify')} />,
                    );
              },
            },
            {
              title: t('list.col.commonName'),
              width: 150,
              render: (_, f) =>
                item(
                  f,
                  'commonName',
                  <CommonNameInput
                    classifyCode={rows[f.name]?.classifyCode}
                    disabled={!editable}
                    aria-label={label(f, 'commonName')}
                  />,
                ),
            },
            {
              title: t('list.col.kind'),
              width: 96,
              render: (_, f) => {
                const r = rows[f.name];
                const p = r ? rowPolicy(list, r) : null;
                return p ? (
                  <Tooltip title={p.categoryName}>
                    <span data-testid={`kind-${f.name + 1}`}>
                      <KindTag kind={p.kind} />
                    </span>
                  </Tooltip>
                ) : null;
              },
            },
            {
              title: t('list.col.green'),
              width: 190,
              render: (_, f) => {
                const r = rows[f.name];
                return r ? (
                  <GreenCell line={r.id ? lines.get(r.id) : undefined} green={rowPolicy(list, r).green} />
                ) : null;
              },
            },
            {
              title: t('list.col.spec'),
              width: 120,
              render: (_, f) => item(f, 'spec', <Input disabled={!editable} aria-label={label(f, 'spec')} />),
            },
            {
              title: t('list.col.unit'),
              width: 100,
              render: (_, f) =>
                item(
                  f,
                  'unitId',
                  <Select
                    options={unitOptions}
                    disabled={fixed}
                    showSearch={{ optionFilterProp: 'label' }}
                    aria-label={label(f, 'unit')}
                  />,
                ),
            },
            {
              title: t('list.col.quantity'),
              width: 110,
              render: (_, f) =>
                item(f, 'quantity', <Input inputMode="decimal" disabled={fixed} aria-label={label(f, 'quantity')} />),
            },
            {
              title: t('list.col.requiredBy'),
              width: 150,
              render: (_, f) =>
                item(f, 'requiredBy', <Input type="date" disabled={fixed} aria-label={label(f, 'requiredBy')} />),
            },
            {
              title: t('list.col.useLocation'),
              width: 130,
              render: (_, f) =>
                item(f, 'useLocation', <Input disabled={!editable} aria-label={label(f, 'useLocation')} />),
            },
            {
              title: t('list.col.price'),
              width: 120,
              render: (_, f) =>
                item(f, 'price', <Input inputMode="decimal" disabled={!editable} aria-label={label(f, 'price')} />),
            },
            {
              title: t('list.col.remarks'),
              width: 130,
              render: (_, f) => item(f, 'remarks', <Input disabled={!editable} aria-label={label(f, 'remarks')} />),
            },
            {
              title: t('list.col.actions'),
              width: 72,
              fixed: 'right',
              render: (_, f) => {
                const line = rows[f.name]?.id ? lines.get(rows[f.name]?.id as number) : undefined;
                const inUse = !!line && (line.inquiryCount > 0 || line.orderCount > 0);
                return (
                  <Tooltip title={inUse ? t('list.inUse') : undefined}>
                    <Button
                      type="link"
                      danger
                      size="small"
                      disabled={fixed || inUse}
                      onClick={() => onRemove(f.name)}
                      aria-label={`${t('list.remove')} ${f.name + 1}`}
                    >
                      {t('list.remove')}
                    </Button>
                  </Tooltip>
                );
              },
            },
          ]}
        />
      )}
    </Form.List>
  );
}
