import { respondBody } from '@jcbb/contract';
import { Role } from '@jcbb/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { invalidateProjects, projectMutations } from '../api.ts';
import { PROJECT_NS } from '../locales/register.ts';

/** Accept or decline an invitation: the invited organisation's 企业管理员 only (the server checks it too). */
export function InvitationActions({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { t } = useTranslation(PROJECT_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const admin = useSession().user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const [declining, setDeclining] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const respond = useMutation({
    ...projectMutations.respond,
    onSuccess: (_, input) => {
      message.success(input.accept ? t('list.accepted') : t('list.declined'));
      setDeclining(false);
      void invalidateProjects(queryClient);
    },
  });
  const buttons = (
    <Space>
      <Button
        type="primary"
        size="small"
        disabled={!admin}
        loading={respond.isPending && respond.variables?.accept}
        onClick={() => respond.mutate({ projectId, accept: true })}
      >
        {t('list.accept')}
      </Button>
      <Button size="small" danger disabled={!admin} onClick={() => setDeclining(true)}>
        {t('list.decline')}
      </Button>
    </Space>
  );
  return (
    <>
      {admin ? buttons : <Tooltip title={t('list.onlyAdmin')}>{buttons}</Tooltip>}
      <Modal
        open={declining}
        title={t('list.declineTitle', { name: projectName })}
        okText={t('list.decline')}
        okButtonProps={{ danger: true, loading: respond.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setDeclining(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => respond.mutate({ projectId, accept: false, reason: v.reason?.trim() || undefined })}
        >
          <Form.Item name="reason" label={t('list.declineReason')} rules={rulesFrom(respondBody, 'reason')}>
            <Input.TextArea maxLength={maxLengthOf(respondBody.shape.reason)} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
