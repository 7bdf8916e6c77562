import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { revisionRejectBody } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { revisionKeys, revisionMutations, revisionQueries } from '../api.ts';
import { RevisionDiffTable, RevisionProgress } from '../components/RevisionDiff.tsx';
import '../register-locale.ts';

export type RevisionAuditor = 'platform' | 'city';
export const revisionQueuePath = (kind: RevisionAuditor) =>
  kind === 'platform' ? '/admin/revisions' : '/gov/revisions';
export const revisionDetailPath = (kind: RevisionAuditor) => `${revisionQueuePath(kind)}/detail`;

/**
 * An auditor's view of one revision (?id=): the approved and the proposed value of each changed fact, the cities'
 * decisions and the history; approve, or reject with a reason.
 */
export function RevisionDetailPage({ kind }: { kind: RevisionAuditor }) {
  const { t } = useTranslation('revision');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { valid, query: detail } = useRecordQuery(revisionQueries.detail);
  const [rejecting, setRejecting] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const queue = revisionQueuePath(kind);
  const done = (text: string) => {
    message.success(text);
    for (const queryKey of revisionKeys) void queryClient.invalidateQueries({ queryKey });
    navigate(queue);
  };
  const approve = useMutation({ ...revisionMutations.approve(), onSuccess: () => done(t('detail.approved')) });
  const reject = useMutation({
    ...revisionMutations.reject(),
    onSuccess: () => {
      setRejecting(false);
      done(t('detail.rejected'));
    },
    onError: (error) => {
      if (error instanceof ApiError) setReasonError(error.fieldErrors.reason ?? null);
    },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(queue)}>
      {t('detail.back')}
    </Button>
  );

  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('detail.badId')}
      notFoundTitle={t('detail.notFound')}
    >
      {(r) => (
        <PageCard title={t('detail.title')} tools={back}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('queue.product')}>{r.productName}</Descriptions.Item>
            <Descriptions.Item label={t('queue.company')}>{r.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('queue.status')}>{r.statusName}</Descriptions.Item>
            <Descriptions.Item label={t('queue.updated')}>{r.updateTime}</Descriptions.Item>
          </Descriptions>
          {r.actions.includes('approve') ? (
            <Space wrap style={{ marginBottom: 16 }}>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={approve.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('detail.approve'),
                    content: t('detail.approveConfirm'),
                    onOk: () => approve.mutateAsync({ id: r.id }),
                  })
                }
              >
                {t('detail.approve')}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                onClick={() => {
                  setReasonError(null);
                  setRejecting(true);
                }}
              >
                {t('detail.reject')}
              </Button>
            </Space>
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('detail.decided', { status: r.statusName })}
              style={{ marginBottom: 16 }}
            />
          )}
          <RevisionDiffTable diff={r.diff} revisionId={r.id} />
          <RevisionProgress revision={r} />
          <ReasonModal
            open={rejecting}
            text={t('reasonModal', { returnObjects: true }) as never}
            schema={revisionRejectBody.shape.reason}
            submitting={reject.isPending}
            serverError={reasonError}
            onSubmit={(reason) => reject.mutate({ id: r.id, reason })}
            onCancel={() => setRejecting(false)}
          />
        </PageCard>
      )}
    </RecordState>
  );
}

export function PlatformRevisionDetailPage() {
  return <RevisionDetailPage kind="platform" />;
}
export function CityRevisionDetailPage() {
  return <RevisionDetailPage kind="city" />;
}
