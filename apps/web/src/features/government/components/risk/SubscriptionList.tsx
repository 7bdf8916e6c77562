import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../../components/ItemList.tsx';
import { RISK_NS } from '../../locales/risk-register.ts';
import { invalidateSubscriptions, riskMutations, riskQueries } from '../../risk-api.ts';
import { riskLabels } from './labels.ts';

/** 我的关注: what a committee member follows, each with its alerts not closed, and 取消关注. */
export function SubscriptionList() {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ ...riskQueries.subscriptions(), placeholderData: keepPreviousData });
  const unsubscribe = useMutation(riskMutations.unsubscribe);
  const drop = async (id: number) => {
    try {
      await unsubscribe.mutateAsync({ id });
      message.success(t('follow.unfollowed'));
      await invalidateSubscriptions(queryClient);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  return (
    <ItemList
      items={list.data?.list ?? []}
      rowKey={(s) => s.id}
      loading={list.isFetching}
      emptyText={t('follow.empty')}
      renderItem={(s) => (
        <Space orientation="vertical" size={0}>
          <Space size={6} wrap>
            <Tag>{labels.follow(s.subjectKind)}</Tag>
            <Typography.Text strong>{s.label}</Typography.Text>
            {s.openAlerts > 0 && <Tag color="red">{`${t('follow.openAlerts')} ${s.openAlerts}`}</Tag>}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('follow.since')} {s.createdAt}
          </Typography.Text>
        </Space>
      )}
      actions={(s) => (
        <Button size="small" onClick={() => void drop(s.id)} loading={unsubscribe.isPending}>
          {t('follow.unfollow')}
        </Button>
      )}
    />
  );
}
