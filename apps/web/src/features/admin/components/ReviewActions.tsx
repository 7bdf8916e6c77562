import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { rejectBody } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { adminApi } from '../api.ts';

/** 通过 (after a confirmation) and 驳回 (with a reason) for one pending application. */
export function ReviewActions({
  id,
  orgName,
  onDecided,
}: {
  id: number;
  orgName: string;
  onDecided: (decision: 'approved' | 'rejected') => void;
}) {
  const { t } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = useMutation({
    mutationFn: () => adminApi.approve(id),
    onSuccess: () => {
      message.success(t('review.approved', { name: orgName }));
      onDecided('approved');
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => adminApi.reject(id, reason),
    onSuccess: () => {
      setRejecting(false);
      message.success(t('review.rejected', { name: orgName }));
      onDecided('rejected');
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else {
        setRejecting(false);
        message.error(error.message);
      }
    },
  });

  return (
    <Space wrap>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        loading={approve.isPending}
        onClick={() =>
          modal.confirm({
            title: t('review.approveTitle', { name: orgName }),
            content: t('review.approveText'),
            okText: t('review.approve'),
            cancelText: t('review.cancel'),
            onOk: () => approve.mutateAsync().catch(() => undefined),
          })
        }
      >
        {t('review.approve')}
      </Button>
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
        {t('review.reject')}
      </Button>
      <ReasonModal
        open={rejecting}
        text={{
          title: t('review.rejectFor', { name: orgName }),
          okText: t('review.reject'),
          cancelText: t('review.cancel'),
          label: t('review.reason'),
          placeholder: t('review.reasonPlaceholder'),
        }}
        schema={rejectBody.shape.reason}
        submitting={reject.isPending}
        serverError={reasonError}
        onSubmit={(reason) => {
          setReasonError(null);
          reject.mutate(reason);
        }}
        onCancel={() => {
          setReasonError(null);
          setRejecting(false);
        }}
      />
    </Space>
  );
}
