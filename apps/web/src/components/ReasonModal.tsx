import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';

/** The modal's words, in the calling feature's namespace (who reads the reason differs from flow to flow). */
export interface ReasonModalText {
  title: string;
  okText: string;
  cancelText: string;
  label: string;
  placeholder: string;
  /** An empty reason; one shorter than 2 characters; one longer than 200. */
  required: string;
  tooShort: string;
  tooLong: string;
  /** A warning above the field (what the decision will do). */
  hint?: string;
}

/**
 * A decision that needs a reason (驳回, 标记为非绿色, 撤销): required, 2–200 characters after trimming, as the server's
 * rejectBody checks; the other party reads it. The server's message for the field, if it refused it, shows there.
 * The field is emptied each time the modal opens.
 */
export function ReasonModal({
  open,
  text,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  text: ReasonModalText;
  submitting: boolean;
  serverError?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={text.title}
      okText={text.okText}
      okButtonProps={{ danger: true }}
      cancelText={text.cancelText}
      cancelButtonProps={{ disabled: submitting }}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      {text.hint && <Alert type="warning" showIcon title={text.hint} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={text.label}
          validateStatus={serverError ? 'error' : undefined}
          help={serverError ?? undefined}
          rules={[
            { required: true, whitespace: true, message: text.required },
            {
              validator: (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                if (length === 0) return Promise.resolve();
                if (length < 2) return Promise.reject(new Error(text.tooShort));
                if (length > 200) return Promise.reject(new Error(text.tooLong));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder={text.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
