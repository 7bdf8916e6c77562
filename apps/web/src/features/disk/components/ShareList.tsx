import { shareActionLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../../lib/labels.ts';
import { diskApi, diskKeys, type ShareItem, shareListQuery, shareLogQuery } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';
import { shareLandingUrl } from '../paths.ts';
import { ShareStateTag } from './badges.tsx';

const PAGE = 10;

/** The organisation's share links: state, downloads, revoke, and each link's access log. */
export function ShareList() {
  const { t } = useTranslation(DISK_NS);
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [logOf, setLogOf] = useState<ShareItem | null>(null);
  const list = useQuery(shareListQuery(PAGE, (page - 1) * PAGE));
  const revoke = useMutation({
    mutationFn: (id: number) => diskApi.revokeShare(id),
    onSuccess: () => client.invalidateQueries({ queryKey: diskKeys.shares }),
  });
  return (
    <>
      <Table<ShareItem>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noShares') }}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('shareName'),
            key: 'title',
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{s.title}</Typography.Text>
                <Typography.Text
                  type="secondary"
                  copyable={{ text: `${window.location.origin}${shareLandingUrl(s.token)}` }}
                >
                  {s.folderId ? t('sharedFolder') : t('sharedFiles', { count: s.fileCount })}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('state'), key: 'state', render: (_, s) => <ShareStateTag state={s.state} /> },
          { title: t('expiresAt'), key: 'expires', render: (_, s) => s.expiresAt.slice(0, 16).replace('T', ' ') },
          {
            title: t('downloads'),
            key: 'downloads',
            render: (_, s) => (s.maxDownloads === null ? s.downloads : `${s.downloads}/${s.maxDownloads}`),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, s) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setLogOf(s)}>
                  {t('log')}
                </Button>
                {s.state !== 'revoked' ? (
                  <Popconfirm title={t('revokeConfirm')} onConfirm={() => revoke.mutate(s.id)}>
                    <Button size="small" type="link" danger>
                      {t('revoke')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {logOf ? <ShareLog share={logOf} onClose={() => setLogOf(null)} /> : null}
    </>
  );
}

function ShareLog({ share, onClose }: { share: ShareItem; onClose: () => void }) {
  const { t, i18n } = useTranslation(DISK_NS);
  const log = useQuery(shareLogQuery(share.id));
  const action = labelOf(shareActionLabels, i18n.language.startsWith('en'));
  return (
    <Modal open title={`${t('log')} · ${share.title}`} footer={null} onCancel={onClose}>
      <List
        size="small"
        loading={log.isLoading}
        locale={{ emptyText: t('logEmpty') }}
        dataSource={log.data?.list ?? []}
        renderItem={(e) => (
          <List.Item>
            {e.at} · {action(e.action)}
            {e.fileName ? ` · ${e.fileName}` : ''} · {e.viewer ?? t('anonymous', { client: e.client })}
            {e.detail ? ` · ${e.detail}` : ''}
          </List.Item>
        )}
      />
    </Modal>
  );
}
