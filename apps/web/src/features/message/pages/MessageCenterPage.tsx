import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Pagination, Popconfirm, Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../lib/session.ts';
import { deleteAllMessage, deleteMessage, getMessageList, type MessageFilter, updateReadPoint } from '../api.ts';
import { MessageRow } from '../components/MessageRow.tsx';
import { SignInPrompt } from '../components/SignInPrompt.tsx';
import { messageKeys, syncUnreadCount, useMessageScope, useWarnMessageError } from '../message-queries.ts';
import { detailPath, useOpenMessage } from '../open-message.ts';
import '../components/message.css';
import './message-pages.css';

const PAGE_SIZES = [10, 20, 50];

/** `/message`: every message of the user, with the popover's filters, paging, delete one / all, mark all read. */
export default function MessageCenterPage() {
  const { token } = useSession();
  return <div className="jcbb-msg-page">{token ? <MessageCenter /> : <SignInPrompt />}</div>;
}

function MessageCenter() {
  const { t } = useTranslation('message');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const scope = useMessageScope();
  const warn = useWarnMessageError();
  const openMessage = useOpenMessage();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<MessageFilter>('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);

  const list = useQuery({
    queryKey: messageKeys.page(scope, filter, pageNum, pageSize),
    queryFn: async () => {
      try {
        const data = await getMessageList({ ...scope, readPoint: filter, pageNum, pageSize });
        syncUnreadCount(queryClient, scope, data);
        return data;
      } catch (error) {
        warn(error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  const items = list.data?.list.list ?? [];
  const total = list.data?.list.total ?? 0;

  // Deleting the last message of the last page leaves an empty page: show the new last page instead.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (!list.isPlaceholderData && pageNum > lastPage) setPageNum(lastPage);
  }, [list.isPlaceholderData, pageNum, lastPage]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

  const markAllRead = useMutation({
    mutationFn: () => updateReadPoint(scope),
    onSuccess: async () => {
      void message.success(t('markAllReadDone'));
      await refresh();
    },
    onError: warn,
  });

  const removeOne = useMutation({
    mutationFn: (id: number) => deleteMessage(id),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await refresh();
    },
    onError: warn,
  });

  const removeAll = useMutation({
    mutationFn: () => deleteAllMessage(scope),
    onSuccess: async () => {
      void message.success(t('deleted'));
      setPageNum(1);
      await refresh();
    },
    onError: warn,
  });

  const confirmRemoveAll = () =>
    modal.confirm({
      title: t('deleteAllConfirmTitle'),
      content: t('deleteAllConfirmContent'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () => removeAll.mutateAsync().catch(() => {}),
    });

  const changeFilter = (key: string) => {
    setFilter(key === 'unread' ? 1 : '');
    setPageNum(1);
  };

  return (
    <Card
      className="jcbb-msg-page__card"
      title={<h1 className="jcbb-msg-page__title">{t('title')}</h1>}
      styles={{ body: { padding: 0 } }}
    >
      <div className="jcbb-msg-page__toolbar">
        <Tabs
          activeKey={filter === '' ? 'all' : 'unread'}
          onChange={changeFilter}
          items={[
            { key: 'all', label: t('filter.all') },
            { key: 'unread', label: t('filter.unread') },
          ]}
        />
        <Space wrap>
          <Button onClick={() => markAllRead.mutate()} loading={markAllRead.isPending}>
            {t('markAllRead')}
          </Button>
          <Button danger onClick={confirmRemoveAll} disabled={total === 0 && filter === ''}>
            {t('deleteAll')}
          </Button>
        </Space>
      </div>
      <Spin spinning={list.isFetching && !list.isPending}>
        {list.isPending ? (
          <div className="jcbb-msg-page__state">
            <Spin aria-label={t('loading')} />
          </div>
        ) : items.length === 0 ? (
          <div className="jcbb-msg-page__state">
            <Empty description={filter === 1 ? t('emptyUnread') : t('empty')} />
          </div>
        ) : (
          <ul className="jcbb-msg-list" aria-label={t('title')}>
            {items.map((item) => (
              <MessageRow
                key={item.id}
                message={item}
                onOpen={(m) => void openMessage(m)}
                actions={
                  <>
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('details')}：${item.title}`}
                      onClick={() => navigate(detailPath(item.id))}
                    >
                      {t('details')}
                    </Button>
                    <Popconfirm
                      title={t('deleteOneConfirm')}
                      okText={t('confirm')}
                      cancelText={t('cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => removeOne.mutateAsync(item.id).catch(() => {})}
                    >
                      <Button type="link" danger size="small" aria-label={`${t('deleteOne')}：${item.title}`}>
                        {t('deleteOne')}
                      </Button>
                    </Popconfirm>
                  </>
                }
              />
            ))}
          </ul>
        )}
      </Spin>
      {total > 0 && (
        <div className="jcbb-msg-page__pager">
          <Pagination
            current={pageNum}
            pageSize={pageSize}
            total={total}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES}
            showTotal={(count) => t('total', { count })}
            onChange={(page, size) => {
              setPageNum(size === pageSize ? page : 1);
              setPageSize(size);
            }}
          />
        </div>
      )}
    </Card>
  );
}
