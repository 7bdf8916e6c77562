import type { ReadItem } from '@jcbb/contract';
import { Grid, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../locales/register.ts';

/**
 * The report's test items: what was tested, the requirement, the measured value, the verdict; a failed finding's rows
 * red. On a phone the requirement goes under the item's name, so the verdict stays in sight without scrolling.
 */
export function ItemTable({ items, failed, marked }: { items: ReadItem[]; failed: Set<number>; marked: Set<number> }) {
  const { t } = useTranslation('reading');
  const narrow = !(Grid.useBreakpoint().sm ?? true);
  const rows = items.map((item, index) => ({ ...item, index }));
  return (
    <Table
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={rows}
      scroll={narrow ? undefined : { x: 480 }}
      onRow={(r) => ({
        'data-item': r.index,
        'data-failed': failed.has(r.index),
        style: failed.has(r.index)
          ? { background: '#fff1f0', color: '#cf1322' }
          : marked.has(r.index)
            ? { background: '#e6f4ff' }
            : undefined,
      })}
      columns={[
        {
          title: t('item.name'),
          key: 'name',
          render: (_, r) =>
            narrow && r.requirement ? (
              <>
                {r.name}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('item.requirement')} {r.requirement}
                </Typography.Text>
              </>
            ) : (
              r.name
            ),
        },
        ...(narrow ? [] : [{ title: t('item.requirement'), dataIndex: 'requirement', key: 'requirement' }]),
        { title: t('item.measured'), dataIndex: 'measured', key: 'measured' },
        {
          title: t('item.verdict'),
          key: 'verdict',
          width: narrow ? 72 : 90,
          render: (_, r) =>
            r.verdict === 'none' ? (
              t('item.none')
            ) : (
              <Tag color={r.verdict === 'pass' ? 'green' : 'red'}>{t(`item.${r.verdict}`)}</Tag>
            ),
        },
      ]}
    />
  );
}
