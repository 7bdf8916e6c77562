import { DISK_NAME_MAX, diskFolderBody } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import { diskApi } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';

/**
 * A new folder in `parentId` (the top level when undefined). The name is checked in the browser by the contract's
 * own rule (no / or \, not . or .., no control characters), so `../x` is refused before it is sent; the server's
 * refusals (a name already taken) land on the field too.
 */
export function NewFolderModal({
  parentId,
  onClose,
  onCreated,
}: {
  parentId: number | undefined;
  onClose: () => void;
  onCreated: () => Promise<unknown>;
}) {
  const { t } = useTranslation(DISK_NS);
  const [form] = Form.useForm<{ name: string }>();
  const create = useMutation({
    mutationFn: (name: string) => diskApi.createFolder(parentId, name),
    onSuccess: async () => {
      await onCreated();
      onClose();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error))
        form.setFields([{ name: 'name', errors: [error instanceof Error ? error.message : String(error)] }]);
    },
  });
  return (
    <Modal
      open
      title={t('newFolder')}
      okText={t('createFolder')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v.name)}>
        <Form.Item name="name" label={t('folderName')} rules={rulesFrom(diskFolderBody, 'name')}>
          <Input maxLength={DISK_NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
