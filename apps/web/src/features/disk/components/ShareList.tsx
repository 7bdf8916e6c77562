import { shareActionLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, List, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../../lib/labels.ts';
import { diskApi, diskKeys, type ShareItem, shareListQuery, shareLogQuery } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';
import { shareLandingUrl } from '../paths.ts';
import { ShareStateTag } from './badges.tsx';

const PAGE = 10;
const expires = (s: ShareItem) => s.expiresAt.slice(0, 16).replace('T', ' ');
const downloads = (s: ShareItem) =>
  s.maxDownloads === null ? String(s.downloads) : `${s.downloads}/${s.maxDownloads}`;

/** The organisation's share links: state, downloads, revoke, and each link's access log. */
export function ShareList() {
  const { t } = useTranslation(DISK_NS);
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [logOf, setLogOf] = useState<ShareItem | null>(null);
  // On a phone the expiry and the downloads go under the title: the state and the buttons stay in view.
  const wide = Grid.useBreakpoint().md ?? true;
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
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: t('noShares') }}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('shareName'),
            key: 'title',
            render: (_, s) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>
                  {s.title} {wide ? null : <ShareStateTag state={s.state} />}
                </Typography.Text>
                <Typography.Text
                  type="secondary"
                  copyable={{
                    text: `${window.location.origin}${shareLandingUrl(s.token)}`,
                    tooltips: [t('copyLink'), t('copied')],
                  }}
                >
                  {s.folderId ? t('sharedFolder') : t('sharedFiles', { count: s.fileCount })}
                </Typography.Text>
                {wide ? null : (
                  <Typography.Text type="secondary">
                    {t('expiresAt')} {expires(s)} · {t('downloads')} {downloads(s)}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('state'), key: 'state', hidden: !wide, render: (_, s) => <ShareStateTag state={s.state} /> },
          { title: t('expiresAt'), key: 'expires', hidden: !wide, render: (_, s) => expires(s) },
          { title: t('downloads'), key: 'downloads', hidden: !wide, render: (_, s) => downloads(s) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, s) => (
              <Space size={4} orientation={wide ? 'horizontal' : 'vertical'}>
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
