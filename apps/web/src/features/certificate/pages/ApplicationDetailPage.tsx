import { ArrowLeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import { ApplicationType, type ApproveBody, applicationRejectBody } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Grid,
  Popconfirm,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { ReadingSummary, ReadingsBefore } from '../../evidence-reading/public.ts';
import {
  type ApplicationDetail,
  applicationQuery,
  certificateApi,
  invalidateApplications,
  invalidateCertificates,
} from '../api.ts';
import { ApproveForm } from '../components/ApproveForm.tsx';
import { ApplicationStatusTag, Stars } from '../components/Tags.tsx';
import { CERTIFICATE_NS } from '../locales/register.ts';
import { canEdit, canWithdraw, isPending } from '../rules.ts';

const formPath: Record<number, string> = {
  [ApplicationType.CERTIFIED]: '/blockchain/storage/certifiedApply',
  [ApplicationType.SELF_DECLARED]: '/blockchain/storage/selfDeclarate',
  [ApplicationType.NORMAL]: '/blockchain/storage/normalApply',
};

/**
 * An application in full: /blockchain/myApplys/detail (the applicant: edit or submit a draft, withdraw before a
 * decision) and /blockchain/approval/detail (the certification body: approve with a certificate, or reject).
 */
export function ApplicationDetailPage({ mode }: { mode: 'mine' | 'approval' }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  const listPath = mode === 'approval' ? '/blockchain/approval/index' : '/blockchain/myApplys/index';
  const { valid, query: detail } = useRecordQuery(applicationQuery);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath)}>
      {t('common.back')}
    </Button>
  );
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('common.badId')}
      notFoundTitle={t('common.notFound')}
    >
      {(d) => <Detail d={d} mode={mode} back={back} />}
    </RecordState>
  );
}

function Detail({ d, mode, back }: { d: ApplicationDetail; mode: 'mine' | 'approval'; back: React.ReactNode }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const screens = Grid.useBreakpoint();
  const labelStyle = screens.md ? { width: 130, whiteSpace: 'nowrap' as const } : { width: 88 };
  const items: DescriptionsProps['items'] = [
    { key: 'status', label: t('detail.status'), children: <ApplicationStatusTag status={d.status} /> },
    { key: 'type', label: t('detail.type'), children: t(`type.${d.type}`) },
    { key: 'product', label: t('detail.product'), children: d.product.name },
    { key: 'applicant', label: t('detail.applicant'), children: d.applicant.name },
    ...(d.body ? [{ key: 'body', label: t('detail.body'), children: d.body.name }] : []),
    { key: 'stars', label: t('detail.stars'), children: <Stars value={d.starRating} /> },
    ...(d.certNo ? [{ key: 'certNo', label: t('detail.certNo'), children: d.certNo }] : []),
    ...(d.validUntil ? [{ key: 'validUntil', label: t('detail.validUntil'), children: d.validUntil }] : []),
    { key: 'remarks', label: t('detail.remarks'), children: d.remarks || t('common.none') },
    { key: 'createdAt', label: t('detail.createdAt'), children: d.createdAt },
    ...(d.submittedAt ? [{ key: 'submittedAt', label: t('detail.submittedAt'), children: d.submittedAt }] : []),
    ...(d.decidedAt ? [{ key: 'decidedAt', label: t('detail.decidedAt'), children: d.decidedAt }] : []),
  ];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={mode === 'approval' ? t('detail.approvalTitle') : t('detail.title')}
        extra={back}
        styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      >
        {d.reason && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('detail.reason')} description={d.reason} />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={items}
          styles={{ label: labelStyle }}
        />
        {mode === 'mine' && <ApplicantActions d={d} />}
      </Card>
      <Card title={t('detail.evidence')}>
        <EvidenceList applicationId={d.id} files={d.evidence} />
      </Card>
      {mode === 'approval' && isPending(d.status) && <Decision d={d} />}
      {d.history.length > 0 && (
        <Card title={t('detail.history')}>
          <Timeline
            items={d.history.map((h, i) => ({
              key: `${i}-${h.createdAt}`,
              content: (
                <div>
                  {h.createdAt} · {t(`detail.action.${h.action}`, { defaultValue: h.action })}
                  {h.actorName ? ` · ${h.actorName}` : ''}
                  {h.reason ? `：${h.reason}` : ''}
                  <ReadingsBefore readings={h.readings} fileName={(id) => d.evidence.find((f) => f.id === id)?.name} />
                </div>
              ),
            }))}
          />
        </Card>
      )}
    </Space>
  );
}

function EvidenceList({ applicationId, files }: { applicationId: number; files: { id: number; name: string }[] }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const download = useMutation({
    mutationFn: (f: { id: number; name: string }) => certificateApi.file(f.id).then((blob) => saveBlob(blob, f.name)),
  });
  if (files.length === 0) return <Typography.Text type="secondary">{t('detail.noEvidence')}</Typography.Text>;
  return (
    <Space orientation="vertical">
      {files.map((f) => (
        <Space key={f.id} wrap size={[8, 0]}>
          <Button
            type="link"
            icon={<PaperClipOutlined />}
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            loading={download.isPending && download.variables?.id === f.id}
            onClick={() => download.mutate(f)}
          >
            {f.name}
          </Button>
          {/* The file as read and checked: the tag opens it beside its fields and findings (the body reviews). */}
          <ReadingSummary subject="application" id={applicationId} uploadId={f.id} />
        </Space>
      ))}
    </Space>
  );
}

/** The applicant's buttons: continue a draft, withdraw before a decision, open the issued certificate. */
export function ApplicantActions({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => certificateApi.withdraw(d.id),
    onSuccess: (updated) => {
      message.success(t('detail.withdrawn'));
      queryClient.setQueryData(applicationQuery(d.id).queryKey, updated);
      void invalidateApplications(queryClient);
    },
  });
  const editable = canEdit(d.status);
  const withdrawable = canWithdraw(d.status);
  if (!editable && !withdrawable && !d.certificateId) return null;
  return (
    <Space wrap style={{ marginTop: 16 }}>
      {editable && (
        <Button type="primary" onClick={() => navigate(`${formPath[d.type] ?? formPath[3]}?id=${d.id}`)}>
          {t('apply.editDraft')}
        </Button>
      )}
      {withdrawable && (
        <Popconfirm
          title={t('detail.withdrawConfirm')}
          okText={t('detail.withdraw')}
          cancelText={t('common.cancel')}
          onConfirm={() => withdraw.mutateAsync()}
        >
          <Button danger loading={withdraw.isPending}>
            {t('detail.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {withdrawable && <Typography.Text type="secondary">{t('detail.withdrawNote')}</Typography.Text>}
      {d.certificateId && <Button onClick={() => navigate(pages.certificates.path)}>{t('detail.certificate')}</Button>}
    </Space>
  );
}

/** The certification body's decision: approve (issue) or reject with a reason. */
function Decision({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [reasonError, setReasonError] = useState<string | null>(null);
  const done = () => void invalidateCertificates(queryClient);
  const approve = useMutation({
    mutationFn: (body: ApproveBody) => certificateApi.approve(d.id, body),
    onSuccess: (result) => {
      done();
      const c = result.certificate;
      const query = c ? `?no=${encodeURIComponent(c.certNo)}&index=${c.leafIndex ?? ''}` : '';
      navigate(`/blockchain/certificate/success${query}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setFieldErrors(error.fieldErrors);
      else message.error(error instanceof ApiError ? error.message : String(error));
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => certificateApi.reject(d.id, reason),
    onSuccess: () => {
      done();
      navigate(`/blockchain/certificate/fail?id=${d.id}`);
    },
    onError: (error) =>
      setReasonError(error instanceof ApiError ? (error.fieldErrors.reason ?? error.message) : String(error)),
  });
  return (
    <Card title={t('decide.title')}>
      <ApproveForm
        requestedStars={d.starRating}
        requestedCertNo={d.certNo}
        submitting={approve.isPending}
        serverErrors={fieldErrors}
        onApprove={(body) => approve.mutate(body)}
        onReject={() => setRejecting(true)}
      />
      <ReasonModal
        open={rejecting}
        text={{
          title: t('decide.rejectTitle'),
          okText: t('decide.reject'),
          cancelText: t('common.cancel'),
          label: t('decide.reason'),
          placeholder: t('decide.reasonPlaceholder'),
        }}
        schema={applicationRejectBody.shape.reason}
        submitting={reject.isPending}
        serverError={reasonError}
        onSubmit={(reason) => reject.mutate(reason)}
        onCancel={() => setRejecting(false)}
      />
    </Card>
  );
}
