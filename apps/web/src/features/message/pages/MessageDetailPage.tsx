import { ArrowLeftOutlined, ArrowRightOutlined, ExportOutlined } from '@ant-design/icons';
import { ResponseCode } from '@jcbb/contract/codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { SignInPrompt } from '../components/SignInPrompt.tsx';
import { markReadLocally, messageKeys, useWarnMessageError } from '../message-queries.ts';
import { browserLocation, fetchDetailsOptions, messageTarget } from '../open-message.ts';
import './message-pages.css';

/** A positive integer id from the query string, or null. */
function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** `/message/detail?id=`: one message (title, time, content, a button to its target). */
export default function MessageDetailPage() {
  const { token } = useSession();
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return (
    <div className="jcbb-msg-page">
      {!token ? <SignInPrompt /> : id === null ? <NotFound /> : <MessageDetail key={id} id={id} />}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/message')}>
          {t('back')}
        </Button>
      }
    />
  );
}

function MessageDetail({ id }: { id: number }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const warn = useWarnMessageError();
  const detail = useQuery({ ...fetchDetailsOptions(id), retry: false });

  // The server marked it read: show that in the lists and the badge.
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    markReadLocally(queryClient, id);
    void queryClient.invalidateQueries({ queryKey: messageKeys.unreadRoot });
  }, [loaded, id, queryClient]);

  const { error } = detail;
  const missing = error instanceof ApiError && error.code === ResponseCode.NOT_FOUND;
  useEffect(() => {
    if (error && !missing) warn(error);
  }, [error, missing, warn]);

  if (detail.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  }
  if (detail.isError) return <NotFound />;

  const message = detail.data;
  const target = message.targetUrl ? messageTarget(message) : null;
  const goToTarget = () => {
    if (!target) return;
    if (target.kind === 'external') browserLocation.assign(target.url);
    else navigate(target.path);
  };

  return (
    <Card
      className="jcbb-msg-page__card"
      title={
        <Button
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={() => navigate('/message')}
          style={{ paddingInline: 0 }}
        >
          {t('back')}
        </Button>
      }
    >
      <article className="jcbb-msg-detail">
        <h1 className="jcbb-msg-detail__title">{message.title}</h1>
        <p className="jcbb-msg-detail__meta">
          {t('sentAt')}：<time dateTime={message.createTime.replace(' ', 'T')}>{message.createTime}</time>
        </p>
        <div className="jcbb-msg-detail__content">{message.content || t('noContent')}</div>
        {target && (
          <Space className="jcbb-msg-detail__actions">
            <Button
              type="primary"
              icon={target.kind === 'external' ? <ExportOutlined aria-hidden /> : <ArrowRightOutlined aria-hidden />}
              iconPlacement="end"
              onClick={goToTarget}
            >
              {t('open')}
            </Button>
          </Space>
        )}
      </article>
    </Card>
  );
}
