import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface Values {
  reason: string;
}

/** 驳回 with a required reason of 2–200 characters (the organisation sees it). */
export function RejectModal({
  open,
  orgName,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  orgName: string;
  submitting: boolean;
  /** The server's message for the reason field, if it refused it. */
  serverError?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();

  return (
    <Modal
      open={open}
      title={t('review.rejectFor', { name: orgName })}
      okText={t('review.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('review.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('review.reason')}
          validateStatus={serverError ? 'error' : undefined}
          help={serverError ?? undefined}
          rules={[
            { required: true, whitespace: true, message: t('review.reasonRequired') },
            {
              validator: (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                if (length === 0) return Promise.resolve();
                if (length < 2) return Promise.reject(new Error(t('review.reasonMin')));
                if (length > 200) return Promise.reject(new Error(t('review.reasonMax')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder={t('review.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
