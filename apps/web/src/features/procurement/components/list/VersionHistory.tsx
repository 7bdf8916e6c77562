import { useQuery } from '@tanstack/react-query';
import { Button, Card, Modal, Table, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueries, type MaterialList } from '../../list-api.ts';
import { LIST_NS } from './locale.ts';

/** The confirmed versions (who, when, why reopened) and a version's lines, read-only. */
export function VersionHistory({ list }: { list: MaterialList }) {
  const { t } = useTranslation(LIST_NS);
  const [shown, setShown] = useState<number | null>(null);
  const version = useQuery({ ...listQueries.version(list.projectId, shown ?? 1), enabled: shown !== null });
  return (
    <Card size="small" title={t('list.versions.title')}>
      {list.versions.length === 0 ? (
        <Typography.Text type="secondary">{t('list.versions.none')}</Typography.Text>
      ) : (
        <Timeline
          items={list.versions.map((v) => ({
            key: v.version,
            children: (
              <div data-testid={`version-${v.version}`}>
                <Typography.Text strong>{t('list.version', { version: v.version })}</Typography.Text>{' '}
                <Button type="link" size="small" onClick={() => setShown(v.version)}>
                  {t('list.versions.view')}
                </Button>
                <div>
                  {t('list.versions.confirmed', {
                    name: v.confirmedByName ?? '—',
                    time: v.confirmedAt,
                    count: v.lineCount,
                  })}
                </div>
                {v.reopenedAt ? (
                  <div>
                    {t('list.versions.reopened', {
                      name: v.reopenedByName ?? '—',
                      time: v.reopenedAt,
                      reason: v.reopenReason ?? '',
                    })}
                  </div>
                ) : null}
              </div>
            ),
          }))}
        />
      )}
      <Modal
        open={shown !== null}
        title={t('list.versions.linesTitle', { version: shown ?? '' })}
        footer={null}
        width={900}
        onCancel={() => setShown(null)}
      >
        <Table
          size="small"
          rowKey="id"
          loading={version.isLoading}
          pagination={false}
          scroll={{ x: 800, y: 420 }}
          dataSource={version.data?.lines ?? []}
          columns={[
            { title: t('list.col.no'), dataIndex: 'lineNo', width: 56 },
            { title: t('list.col.classify'), dataIndex: 'classifyName', width: 120 },
            { title: t('list.col.commonName'), dataIndex: 'commonName', width: 140 },
            { title: t('list.col.spec'), dataIndex: 'spec', width: 110 },
            { title: t('list.col.quantity'), width: 110, render: (_, l) => `${l.quantity} ${l.unitName}` },
            { title: t('list.col.requiredBy'), dataIndex: 'requiredBy', width: 110 },
            { title: t('list.col.useLocation'), dataIndex: 'useLocation', width: 120 },
            { title: t('list.col.remarks'), dataIndex: 'remarks' },
          ]}
        />
      </Modal>
    </Card>
  );
}
