import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { BasicMaterialStatus, basicMaterialRejectBody } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Form, Grid, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  type AdminBasicMaterialItem,
  applicationKey,
  applicationQuery,
  basicMaterialApi,
  invalidateApplications,
} from '../api.ts';
import { ApplicationFacts } from './ApplicationFacts.tsx';
import { ApproveForm, type ApproveValues, approveBodyOf, formatBoxPath } from './ApproveForm.tsx';

/**
 * One application: what was applied for, and for a pending one the approval form (prefilled, editable) with 通过
 * and 驳回; for a decided one the decision. The list's row shows at once; the detail call refreshes it.
 */
export function ApplicationDrawer({
  id,
  initial,
  onClose,
}: {
  id: number | null;
  initial?: AdminBasicMaterialItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('basicMaterial');
  const wide = Grid.useBreakpoint().md ?? true;
  const detail = useQuery({
    ...applicationQuery(id ?? 0),
    enabled: id !== null,
    initialData: initial && initial.id === id ? initial : undefined,
    // The row from the list is good enough to start with; refresh it once the drawer opens.
    initialDataUpdatedAt: 0,
  });
  const item = detail.data;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={item ? `${t('detail.title')}：${item.commonName}` : t('detail.title')}
      size={wide ? 640 : '100%'}
      destroyOnHidden
    >
      {item ? (
        <>
          <ApplicationFacts item={item} />
          {item.status === BasicMaterialStatus.PENDING && <Decision key={item.id} item={item} />}
        </>
      ) : detail.isError ? (
        <Alert type="error" showIcon title={t('detail.loadFailed')} description={detail.error.message} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

/** 通过 (after a confirmation, with the form's corrections) and 驳回 (with a reason); one call at a time. */
function Decision({ item }: { item: AdminBasicMaterialItem }) {
  const { t } = useTranslation('basicMaterial');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApproveValues>();
  const [rejecting, setRejecting] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const decided = (next: AdminBasicMaterialItem) => {
    queryClient.setQueryData(applicationKey(next.id), next);
    void invalidateApplications(queryClient);
  };
  /** Decided meanwhile (409) or gone (404): say so and show what it is now. */
  const stale = (error: Error) => {
    message.error(error.message);
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      void invalidateApplications(queryClient);
    }
  };

  const approve = useMutation({
    mutationFn: (values: ApproveValues) => basicMaterialApi.approve(item.id, approveBodyOf(values)),
    onSuccess: (next) => {
      message.success(t('approve.done', { name: next.commonName, code: next.code }));
      decided(next);
    },
    onError: (error) => {
      if (applyFieldErrors(form, error, { mapPath: formatBoxPath })) return;
      stale(error);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => basicMaterialApi.reject(item.id, reason),
    onSuccess: (next) => {
      setRejecting(false);
      message.success(t('reject.done', { name: next.commonName }));
      decided(next);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else {
        setRejecting(false);
        stale(error);
      }
    },
  });
  const busy = approve.isPending || reject.isPending;

  const confirmApproval = () =>
    form
      .validateFields()
      .then((values) => {
        modal.confirm({
          title: t('approve.confirmTitle', { name: values.commonName.trim() }),
          content: t('approve.confirmText'),
          okText: t('approve.submit'),
          cancelText: t('approve.cancel'),
          onOk: () => approve.mutateAsync(values).catch(() => undefined),
        });
      })
      .catch(() => undefined);

  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t('approve.heading')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('approve.hint')}</Typography.Paragraph>
      <ApproveForm form={form} item={item} />
      <Space wrap style={{ marginTop: 24 }}>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={approve.isPending}
          disabled={busy}
          onClick={confirmApproval}
        >
          {t('approve.submit')}
        </Button>
        <Button danger icon={<CloseOutlined />} disabled={busy} onClick={() => setRejecting(true)}>
          {t('reject.button')}
        </Button>
      </Space>
      <ReasonModal
        open={rejecting}
        text={{
          title: t('reject.title', { name: item.commonName }),
          okText: t('reject.button'),
          cancelText: t('reject.cancel'),
          label: t('reject.reason'),
          placeholder: t('reject.reasonPlaceholder'),
        }}
        schema={basicMaterialRejectBody.shape.reason}
        submitting={reject.isPending}
        serverError={reasonError}
        onSubmit={(reason) => {
          setReasonError(null);
          reject.mutate(reason);
        }}
        onCancel={() => {
          if (reject.isPending) return;
          setReasonError(null);
          setRejecting(false);
        }}
      />
    </>
  );
}
