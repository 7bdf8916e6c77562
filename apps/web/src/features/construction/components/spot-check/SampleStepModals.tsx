import { MAX_UPLOAD_MB, sampleReportBody, sampleSendBody, type TestResultValue } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { invalidateSamples, sampleMutations, witnessFiles } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { useWitnessLabels } from './labels.tsx';

/** The sample a step is taken on: what the modal shows and the dates it must not precede. */
export interface SampleStepTarget {
  id: number;
  sampleNo: string;
  sampledAt: string;
  sentOn?: string | null;
}

const REPORT_TYPES = { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp'] };

/** 送检: the date the sealed sample went to the laboratory (today by default, not before it was taken). */
export function SampleSendModal({ sample, onClose }: { sample: SampleStepTarget | null; onClose: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ sentOn: string }>();
  useEffect(() => {
    if (sample) form.setFieldsValue({ sentOn: shanghaiToday() });
  }, [sample, form]);
  const send = useMutation({
    ...sampleMutations.send,
    onSuccess: () => {
      message.success(t('sample.sent'));
      void invalidateSamples(queryClient);
      onClose();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) message.error(error.message, 5);
    },
  });
  return (
    <Modal
      open={sample !== null}
      title={`${t('sample.sendTitle')} ${sample?.sampleNo ?? ''}`}
      okText={t('spotCheck.submit')}
      cancelText={t('spotCheck.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => sample && send.mutate({ id: sample.id, sentOn: v.sentOn })}>
        <Form.Item name="sentOn" label={t('sample.sentOn')} rules={rulesFrom(sampleSendBody, 'sentOn')}>
          <Input type="date" min={sample?.sampledAt} max={shanghaiToday()} aria-label={t('sample.sentOn')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ReportValues {
  reportNo: string;
  reportDate: string;
  result?: TestResultValue;
  report?: UploadedFile;
}

/**
 * 录入检测报告: the laboratory's number, date and result, and the report's file (uploaded by the witness's
 * organisation; the server puts its hash on the evidence ledger). A failure says beforehand what it will do.
 */
export function SampleReportModal({ sample, onClose }: { sample: SampleStepTarget | null; onClose: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useWitnessLabels();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReportValues>();
  const result = Form.useWatch('result', form);
  useEffect(() => {
    if (sample) {
      form.resetFields();
      form.setFieldsValue({ reportDate: shanghaiToday() });
    }
  }, [sample, form]);
  const report = useMutation({
    ...sampleMutations.report,
    onSuccess: ({ recall }) => {
      if (recall) {
        // A failed retest of a lot already released: what it means for the site, kept on screen a while.
        message.warning(
          t('sample.recall', {
            rejected: formatQuantity(recall.rejected),
            issued: formatQuantity(recall.issued),
            codes: recall.installedCodes.length,
          }),
          12,
        );
      } else message.success(t('sample.reported'));
      void invalidateSamples(queryClient);
      onClose();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, { rename: { reportUploadId: 'report' } })) message.error(error.message, 5);
    },
  });
  const submit = (v: ReportValues) =>
    sample &&
    report.mutate({
      id: sample.id,
      reportNo: v.reportNo,
      reportDate: v.reportDate,
      result: v.result as TestResultValue,
      reportUploadId: v.report?.id as number,
    });
  return (
    <Modal
      open={sample !== null}
      title={`${t('sample.reportTitle')} ${sample?.sampleNo ?? ''}`}
      okText={t('spotCheck.submit')}
      okButtonProps={{ danger: result === 'fail' }}
      cancelText={t('spotCheck.cancel')}
      confirmLoading={report.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<ReportValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="reportNo" label={t('sample.reportNo')} rules={rulesFrom(sampleReportBody, 'reportNo')}>
          <TextInput maxLength={maxLengthOf(sampleReportBody.shape.reportNo)} />
        </Form.Item>
        <Form.Item name="reportDate" label={t('sample.reportDate')} rules={rulesFrom(sampleReportBody, 'reportDate')}>
          <Input
            type="date"
            min={sample?.sentOn ?? sample?.sampledAt}
            max={shanghaiToday()}
            aria-label={t('sample.reportDate')}
          />
        </Form.Item>
        <Form.Item name="result" label={t('sample.result')} rules={rulesFrom(sampleReportBody, 'result')}>
          <Radio.Group options={labels.resultOptions} aria-label={t('sample.result')} />
        </Form.Item>
        <Form.Item
          name="report"
          label={t('sample.reportFile')}
          extra={t('sample.reportFileHelp')}
          rules={[{ required: true, message: t('sample.reportFileRequired') }]}
        >
          <FileField
            types={REPORT_TYPES}
            upload={witnessFiles.upload}
            open={(f) => void openFetched(() => witnessFiles.own(f.id), f.name)}
            text={{
              button: t('spotCheck.upload'),
              wrongType: t('spotCheck.wrongType'),
              tooLarge: t('spotCheck.tooLarge', { mb: MAX_UPLOAD_MB }),
              failed: (reason) => reason,
            }}
          />
        </Form.Item>
        {result === 'fail' && <Alert type="warning" showIcon title={t('sample.failWarning')} />}
      </Form>
    </Modal>
  );
}
