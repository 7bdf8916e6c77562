import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { maxLengthOf, zodRule } from '../lib/zod-rules.ts';

/** The modal's words, in the calling feature's namespace (who reads the reason differs from flow to flow). */
export interface ReasonModalText {
  title: string;
  okText: string;
  cancelText: string;
  label: string;
  placeholder: string;
  /** A warning above the field (what the decision will do). */
  hint?: string;
}

/**
 * A decision that needs a reason (驳回, 标记为非绿色, 撤销), which the other party reads. The field is checked by the
 * reason's schema in the call's body (`schema={rejectBody.shape.reason}`: required, 2–200 characters after
 * trimming), with its messages and its length limit; the server's message for the field, if it refused it, shows
 * there. The field is emptied each time the modal opens.
 */
export function ReasonModal({
  open,
  text,
  schema,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  text: ReasonModalText;
  /** The reason field's schema in the contract's body of the call (`revokeBody.shape.reason`). */
  schema: z.ZodType;
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
          rules={[zodRule(schema)]}
        >
          <Input.TextArea rows={4} maxLength={maxLengthOf(schema)} showCount placeholder={text.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
