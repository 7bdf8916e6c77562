import { formatQuantity } from '@jcbb/contract/quantity';
import { Flex, Table, type TableProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import type { SpecItem } from '../api.ts';
import { formatPrice } from '../labels.ts';
import { SpecStatusTag } from './SpecStatusTag.tsx';

export interface SpecTableProps {
  specs: SpecItem[];
  loading?: boolean;
  /** A last column of actions (the edit step). */
  actions?: (spec: SpecItem) => ReactNode;
  empty?: ReactNode;
}

/** A product's specification models: name, model, unit, price, minimum order, status. Scrolls on a phone. */
export function SpecTable({ specs, loading, actions, empty }: SpecTableProps) {
  const { t } = useTranslation('product');
  const mobile = useIsMobile();
  if (mobile) {
    // On a phone each specification is a short card: what it is, its price and minimum order, its state.
    return (
      <ItemList
        size="small"
        loading={loading}
        items={specs}
        rowKey={(s) => s.id}
        emptyText={empty}
        renderItem={(s) => (
          <>
            <Flex justify="space-between" align="flex-start" gap={8}>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  {s.name} · {s.model}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {formatPrice(s.price)}/{s.unitName} · {t('spec.minOrder')}{' '}
                  {formatQuantity(s.minOrder, { unit: s.unitName })}
                </Typography.Text>
              </Flex>
              <SpecStatusTag status={s.status} />
            </Flex>
            {actions ? <div style={{ marginTop: 4 }}>{actions(s)}</div> : null}
          </>
        )}
      />
    );
  }
  const columns: TableProps<SpecItem>['columns'] = [
    { title: t('spec.name'), dataIndex: 'name', key: 'name', width: 140 },
    { title: t('spec.model'), dataIndex: 'model', key: 'model', width: 140 },
    { title: t('spec.unit'), dataIndex: 'unitName', key: 'unit', width: 90 },
    {
      title: t('spec.priceShort'),
      key: 'price',
      width: 110,
      align: 'right',
      render: (_, s) => formatPrice(s.price),
    },
    {
      title: t('spec.minOrder'),
      key: 'minOrder',
      width: 120,
      align: 'right',
      render: (_, s) => formatQuantity(s.minOrder, { unit: s.unitName }),
    },
    { title: t('spec.status'), key: 'status', width: 80, render: (_, s) => <SpecStatusTag status={s.status} /> },
    ...(actions
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, s: SpecItem) => actions(s),
          },
        ]
      : []),
  ];
  return (
    <Table<SpecItem>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={specs}
      loading={loading}
      pagination={false}
      scroll={{ x: actions ? 770 : 640 }}
      locale={empty ? { emptyText: empty } : undefined}
    />
  );
}
