import { changePasswordBody } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { authApi } from '../api.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Change one's password (`/user/password`). The server keeps this session and ends the user's others, so the
 * page stays signed in after success.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();

  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      authApi.changePassword(values.oldPassword, values.newPassword, { silent: true }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('password.success'));
    },
    onError: (error) => {
      if (applyFieldErrors(form, error)) return;
      // Session ends are handled by the re-login flow; everything else is said here.
      if (error instanceof ApiError && error.status === 401) return;
      void message.error(error.message);
    },
  });

  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 16 }}>{t('password.title')}</h1>} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('password.description')}</Typography.Paragraph>
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        onFinish={(values) => change.mutate(values)}
        disabled={change.isPending}
        style={{ maxWidth: 420 }}
      >
        <Form.Item name="oldPassword" label={t('password.old')} rules={rulesFrom(changePasswordBody, 'oldPassword')}>
          <Input.Password
            autoComplete="current-password"
            maxLength={maxLengthOf(changePasswordBody.shape.oldPassword)}
            placeholder={t('password.oldPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.rule')}
          dependencies={['oldPassword']}
          rules={[
            ...rulesFrom(changePasswordBody, 'newPassword'),
            // The body's refinement across its two fields, checked here too.
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value !== getFieldValue('oldPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.sameAsOld'))),
            }),
          ]}
        >
          {/* 32: the schema's length lies inside isStrongPassword (8–32), not in a .max that maxLengthOf reads. */}
          <Input.Password autoComplete="new-password" maxLength={32} placeholder={t('password.newPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} placeholder={t('password.confirmPlaceholder')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {t('password.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
