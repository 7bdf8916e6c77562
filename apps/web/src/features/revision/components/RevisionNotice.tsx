import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { revisionKeys, revisionMutations, revisionQueries } from '../api.ts';
import '../register-locale.ts';
import { RevisionDiffTable, RevisionProgress } from './RevisionDiff.tsx';

/**
 * On a manufacturer's product: the open revision of its approved facts (what waits for review, the cities' progress,
 * withdraw), or the last one's rejection. Nothing when there is neither.
 */
export function RevisionNotice({ productId }: { productId: number }) {
  const { t } = useTranslation('revision');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const revisions = useQuery(revisionQueries.ofProduct(productId));
  const withdraw = useMutation({
    ...revisionMutations.withdraw(),
    onSuccess: () => {
      message.success(t('notice.withdrawn'));
      for (const queryKey of revisionKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const open = revisions.data?.open;
  const last = revisions.data?.last;
  if (open) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('notice.pendingTitle', { status: open.statusName })}
        description={
          <>
            <div style={{ marginBottom: 8 }}>{t('notice.pendingText')}</div>
            <Collapse
              size="small"
              items={[
                {
                  key: 'diff',
                  label: t('detail.diffTitle'),
                  children: (
                    <>
                      <RevisionDiffTable diff={open.diff} />
                      <RevisionProgress revision={open} />
                    </>
                  ),
                },
              ]}
            />
          </>
        }
        action={
          open.actions.includes('withdraw') && (
            <Button
              size="small"
              loading={withdraw.isPending}
              onClick={() =>
                modal.confirm({
                  title: t('notice.withdraw'),
                  content: t('notice.withdrawConfirm'),
                  onOk: () => withdraw.mutateAsync({ id: open.id }),
                })
              }
            >
              {t('notice.withdraw')}
            </Button>
          )
        }
      />
    );
  }
  if (last?.reason && (last.status === 4 || last.status === 5)) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('notice.lastRejected', { reason: last.reason })}
      />
    );
  }
  return null;
}
