import { alertExplainBody, EXPLANATION_ATTACHMENTS_MAX } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { RISK_NS } from '../../locales/risk-register.ts';
import { invalidateAlerts, riskFiles, riskMutations } from '../../risk-api.ts';

interface Values {
  explanation: string;
  attachments?: UploadedFile[];
}

/** The organisation's explanation of an alert the committee acknowledged: its text and its own files. */
export function ExplainForm({ alertId }: { alertId: number }) {
  const { t } = useTranslation(RISK_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const explain = useMutation({
    ...riskMutations.explain,
    onSuccess: async () => {
      message.success(t('explain.done'));
      await invalidateAlerts(queryClient);
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) => (path[0] === 'attachmentIds' ? ['attachments'] : path),
      });
      if (!mapped) message.error(error.message);
    },
  });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(v) =>
        explain.mutate({
          id: alertId,
          explanation: v.explanation.trim(),
          attachmentIds: (v.attachments ?? []).map((f) => f.id),
        })
      }
    >
      <Form.Item name="explanation" label={t('explain.label')} rules={rulesFrom(alertExplainBody, 'explanation')}>
        <Input.TextArea
          rows={5}
          placeholder={t('explain.placeholder')}
          maxLength={maxLengthOf(alertExplainBody.shape.explanation)}
          showCount
        />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t('explain.attachments')}
        extra={t('explain.attachmentsHelp', { max: EXPLANATION_ATTACHMENTS_MAX })}
      >
        <FileField
          multiple
          maxCount={EXPLANATION_ATTACHMENTS_MAX}
          upload={(file) => riskFiles.upload(file)}
          text={{
            button: t('explain.addFile'),
            tooLarge: t('explain.tooLarge'),
            tooMany: t('explain.tooMany', { max: EXPLANATION_ATTACHMENTS_MAX }),
            failed: (reason) => t('explain.failed', { reason }),
          }}
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={explain.isPending}>
          {t('explain.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
