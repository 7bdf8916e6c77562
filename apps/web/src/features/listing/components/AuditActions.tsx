import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { ListingAction } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { type AuditDecision, listingApi } from '../api.ts';

/** Which auditor decides: the platform (super_admin) or the city's committee (住建委). */
export type AuditorKind = 'platform' | 'city';

type ReasonDecision = 'reject' | 'notGreen';

/**
 * The auditor's buttons on one listing, as the server allows them (allowedActions): 通过 after a confirmation;
 * 驳回 and (the city only) 标记为非绿色 with a required reason.
 */
export function AuditActions({
  kind,
  listingId,
  productName,
  cityName,
  allowedActions,
  onDecided,
}: {
  kind: AuditorKind;
  listingId: number;
  productName: string;
  cityName: string;
  allowedActions: readonly string[];
  onDecided: (decision: AuditDecision) => void;
}) {
  const { t } = useTranslation('listing');
  const { modal, message } = App.useApp();
  const [asking, setAsking] = useState<ReasonDecision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const can = {
    approve: allowedActions.includes(kind === 'platform' ? ListingAction.PLATFORM_APPROVE : ListingAction.CITY_APPROVE),
    reject: allowedActions.includes(kind === 'platform' ? ListingAction.PLATFORM_REJECT : ListingAction.CITY_REJECT),
    notGreen: kind === 'city' && allowedActions.includes(ListingAction.CITY_NOT_GREEN),
  };

  const approve = useMutation({
    mutationFn: () => (kind === 'platform' ? listingApi.platformApprove(listingId) : listingApi.cityApprove(listingId)),
    onSuccess: (decision) => {
      message.success(t('audit.approved'));
      onDecided(decision);
    },
  });
  const withReason = useMutation({
    mutationFn: ({ decision, reason }: { decision: ReasonDecision; reason: string }) =>
      decision === 'notGreen'
        ? listingApi.cityNotGreen(listingId, reason)
        : kind === 'platform'
          ? listingApi.platformReject(listingId, reason)
          : listingApi.cityReject(listingId, reason),
    onSuccess: (result, { decision }) => {
      setAsking(null);
      message.success(decision === 'notGreen' ? t('audit.markedNotGreen') : t('audit.rejected'));
      onDecided(result);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else {
        setAsking(null);
        message.error(error.message);
      }
    },
  });

  if (!can.approve && !can.reject && !can.notGreen) return null;

  return (
    <Space wrap>
      {can.approve && (
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={approve.isPending}
          onClick={() =>
            modal.confirm({
              title: t('audit.approveTitle', { name: productName, city: cityName }),
              content:
                kind === 'platform'
                  ? t('audit.approvePlatformText', { city: cityName })
                  : t('audit.approveCityText', { city: cityName }),
              okText: t('audit.approve'),
              cancelText: t('common.cancel'),
              onOk: () => approve.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('audit.approve')}
        </Button>
      )}
      {can.reject && (
        <Button danger icon={<CloseOutlined />} onClick={() => setAsking('reject')}>
          {t('audit.reject')}
        </Button>
      )}
      {can.notGreen && (
        <Button icon={<StopOutlined />} onClick={() => setAsking('notGreen')}>
          {t('audit.notGreen')}
        </Button>
      )}
      <ReasonModal
        open={asking !== null}
        text={{
          title:
            asking === 'notGreen'
              ? t('audit.notGreenTitle', { name: productName })
              : t('audit.rejectTitle', { name: productName }),
          okText: asking === 'notGreen' ? t('audit.notGreen') : t('audit.reject'),
          cancelText: t('common.cancel'),
          label: asking === 'notGreen' ? t('audit.notGreenReason') : t('audit.rejectReason'),
          placeholder: t('audit.reasonPlaceholder'),
          required: t('audit.reasonRequired'),
          tooShort: t('audit.reasonMin'),
          tooLong: t('audit.reasonMax'),
          hint: asking === 'notGreen' ? t('audit.notGreenHint') : undefined,
        }}
        submitting={withReason.isPending}
        serverError={reasonError}
        onSubmit={(reason) => {
          setReasonError(null);
          if (asking) withReason.mutate({ decision: asking, reason });
        }}
        onCancel={() => {
          setReasonError(null);
          setAsking(null);
        }}
      />
    </Space>
  );
}
