import { INSPECTION_FILES_MAX, inspectionRecordReopenBody, inspectionRecordSubmitBody } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FileField, type UploadedFile } from '../../../components/FileField.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import {
  type InspectionDetail,
  inspectionFiles,
  inspectionMutations,
  inspectionQueries,
  invalidateInspections,
} from '../api.ts';
import { inspectionLabels, resultColor, stateColor } from '../components/labels.ts';
import { INSPECTION_NS } from '../locales/register.ts';

/**
 * /enterpriseInspection/detail?id=: one inspection record (docs/enterprise-inspection.md) — what was found, its
 * evidence, the rectification; the subject's form to submit it, the inspector's buttons to close or send it back.
 */
function RecordDetailPage() {
  const { t } = useTranslation(INSPECTION_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(inspectionQueries.detail);
  const back = <Button onClick={() => navigate(-1)}>{t('detail.back')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(r) => <RecordView record={r} back={back} />}
    </RecordState>
  );
}

function Files({ record, files }: { record: InspectionDetail; files: InspectionDetail['evidence'] }) {
  const { t } = useTranslation(INSPECTION_NS);
  if (files.length === 0) return <>{t('detail.noFiles')}</>;
  return (
    <Flex vertical gap={2} align="flex-start">
      {files.map((f) => (
        <Button
          key={f.uploadId}
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => void openFetched(() => inspectionFiles.open(record.id, f.uploadId), f.name)}
        >
          {f.name}
        </Button>
      ))}
    </Flex>
  );
}

function RecordView({ record: r, back }: { record: InspectionDetail; back: React.ReactNode }) {
  const { t, i18n } = useTranslation(INSPECTION_NS);
  const labels = inspectionLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [reopening, setReopening] = useState(false);
  const close = useMutation(inspectionMutations.close);
  const reopen = useMutation(inspectionMutations.reopen);
  const can = (a: 'submit' | 'close' | 'reopen') => r.actions.includes(a);
  const askClose = () =>
    modal.confirm({
      title: t('detail.closeConfirm'),
      okText: t('detail.close'),
      onOk: async () => {
        await close.mutateAsync({ id: r.id });
        await invalidateInspections(queryClient);
        message.success(t('detail.closed'));
      },
    });
  const waiting =
    r.state === 'open' && r.side === 'inspector'
      ? t('detail.waiting')
      : r.state === 'submitted' && r.side === 'subject'
        ? t('detail.waitingInspector')
        : null;
  return (
    <Flex vertical gap={16}>
      <PageCard
        title={
          <Flex gap={8} wrap align="center">
            <span>{labels.kind(r.kind)}</span>
            <Tag color={resultColor[r.result]}>{labels.result(r.result)}</Tag>
            <Tag color={stateColor[r.state]}>{labels.state(r.state)}</Tag>
            {r.overdue && <Tag color="red">{t('records.overdue')}</Tag>}
          </Flex>
        }
        tools={back}
      >
        {waiting && <Alert type="info" showIcon message={waiting} style={{ marginBottom: 16 }} />}
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('records.subject')}>{r.subjectOrgName}</Descriptions.Item>
          <Descriptions.Item label={t('records.inspector')}>{r.inspectorOrgName}</Descriptions.Item>
          <Descriptions.Item label={t('records.inspectorName')}>{r.inspectorName}</Descriptions.Item>
          <Descriptions.Item label={t('records.inspectedOn')}>{r.inspectedOn}</Descriptions.Item>
          <Descriptions.Item label={t('records.deadline')}>{r.rectificationDeadline ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.products')}>
            {r.products.length > 0 ? r.products.map((p) => p.name).join('、') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.findings')} span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.findings}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.evidence')} span={2}>
            <Files record={r} files={r.evidence} />
          </Descriptions.Item>
        </Descriptions>
      </PageCard>
      {(r.rectification || r.decisionNote) && (
        <Card title={t('detail.rectification')}>
          <Descriptions column={1} size="small" bordered>
            {r.rectification && (
              <Descriptions.Item label={t('detail.submitLabel')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {r.rectification}
                </Typography.Paragraph>
              </Descriptions.Item>
            )}
            {r.rectifiedAt && <Descriptions.Item label={t('detail.rectifiedAt')}>{r.rectifiedAt}</Descriptions.Item>}
            {r.rectification && (
              <Descriptions.Item label={t('detail.rectificationFiles')}>
                <Files record={r} files={r.rectificationFiles} />
              </Descriptions.Item>
            )}
            {r.decisionNote && <Descriptions.Item label={t('detail.decision')}>{r.decisionNote}</Descriptions.Item>}
            {r.closedAt && <Descriptions.Item label={t('detail.closedAt')}>{r.closedAt}</Descriptions.Item>}
          </Descriptions>
        </Card>
      )}
      {can('submit') && <SubmitForm recordId={r.id} />}
      {(can('close') || can('reopen')) && (
        <Flex gap={8} justify="flex-end" wrap>
          {can('reopen') && (
            <Button danger onClick={() => setReopening(true)}>
              {t('detail.reopen')}
            </Button>
          )}
          {can('close') && (
            <Button type="primary" onClick={askClose}>
              {t('detail.close')}
            </Button>
          )}
        </Flex>
      )}
      <ReasonModal
        open={reopening}
        text={{
          title: t('detail.reopenTitle'),
          okText: t('detail.reopen'),
          cancelText: t('detail.back'),
          label: t('detail.reopenReason'),
          placeholder: t('detail.reopenReason'),
        }}
        schema={inspectionRecordReopenBody.shape.reason}
        submitting={reopen.isPending}
        serverError={reopen.error instanceof ApiError ? reopen.error.message : null}
        onCancel={() => setReopening(false)}
        onSubmit={(reason) =>
          reopen.mutate(
            { id: r.id, reason },
            {
              onSuccess: async () => {
                setReopening(false);
                await invalidateInspections(queryClient);
                message.success(t('detail.reopened'));
              },
            },
          )
        }
      />
    </Flex>
  );
}

interface SubmitValues {
  rectification: string;
  attachments?: UploadedFile[];
}

/** The subject's rectification: what it did and its files. */
function SubmitForm({ recordId }: { recordId: number }) {
  const { t } = useTranslation(INSPECTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SubmitValues>();
  const submit = useMutation({
    ...inspectionMutations.submit,
    onSuccess: async () => {
      message.success(t('detail.submitted'));
      await invalidateInspections(queryClient);
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) => (path[0] === 'attachmentIds' ? ['attachments'] : path),
      });
      if (!mapped) message.error(error.message);
    },
  });
  return (
    <Card title={t('detail.submitTitle')}>
      <Form<SubmitValues>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          submit.mutate({
            id: recordId,
            rectification: v.rectification.trim(),
            attachmentIds: (v.attachments ?? []).map((f) => f.id),
          })
        }
      >
        <Form.Item
          name="rectification"
          label={t('detail.submitLabel')}
          rules={rulesFrom(inspectionRecordSubmitBody, 'rectification')}
        >
          <Input.TextArea
            rows={4}
            placeholder={t('detail.submitPlaceholder')}
            maxLength={maxLengthOf(inspectionRecordSubmitBody.shape.rectification)}
            showCount
          />
        </Form.Item>
        <Form.Item
          name="attachments"
          label={t('detail.submitFiles')}
          extra={t('form.evidenceHelp', { max: INSPECTION_FILES_MAX })}
        >
          <FileField
            multiple
            maxCount={INSPECTION_FILES_MAX}
            upload={(file) => inspectionFiles.upload(file)}
            text={{
              button: t('form.addFile'),
              tooLarge: t('form.tooLarge'),
              tooMany: t('form.tooMany', { max: INSPECTION_FILES_MAX }),
              failed: (reason) => t('form.failed', { reason }),
            }}
          />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            {t('detail.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

export default RecordDetailPage;
