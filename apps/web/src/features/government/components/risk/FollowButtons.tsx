import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_NS } from '../../locales/risk-register.ts';
import { type AlertFollow, invalidateSubscriptions, riskMutations } from '../../risk-api.ts';
import { riskLabels } from './labels.ts';

/** 关注 buttons of a committee member for an alert's project, supplier and products (a second click unfollows). */
export function FollowButtons({ follows }: { follows: AlertFollow[] }) {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const subscribe = useMutation(riskMutations.subscribe);
  const unsubscribe = useMutation(riskMutations.unsubscribe);
  const toggle = async (f: AlertFollow) => {
    try {
      if (f.subscriptionId !== null) {
        await unsubscribe.mutateAsync({ id: f.subscriptionId });
        message.success(t('follow.unfollowed'));
      } else {
        await subscribe.mutateAsync({ subjectKind: f.subjectKind, subjectId: f.subjectId });
        message.success(t('detail.followDone', { label: f.label }));
      }
      await invalidateSubscriptions(queryClient);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Space wrap>
      {follows.map((f) => {
        const kind = labels.follow(f.subjectKind);
        const on = f.subscriptionId !== null;
        return (
          <Button
            key={`${f.subjectKind}:${f.subjectId}`}
            type={on ? 'default' : 'dashed'}
            aria-pressed={on}
            title={f.label}
            loading={subscribe.isPending || unsubscribe.isPending}
            onClick={() => void toggle(f)}
          >
            {on ? t('detail.following', { kind }) : t('detail.follow', { kind })}：{f.label}
          </Button>
        );
      })}
    </Space>
  );
}
