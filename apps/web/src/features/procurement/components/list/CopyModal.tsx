import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listKey, listMutations, listQueries, type MaterialList } from '../../list-api.ts';
import { LIST_NS } from './locale.ts';

/** Copy the lines of another project the caller buys for (not their chosen products). */
export function CopyModal({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose: (saved?: MaterialList) => void;
}) {
  const { t } = useTranslation(LIST_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [from, setFrom] = useState<number | undefined>();
  const sources = useQuery({ ...listQueries.copySources(projectId), enabled: open });
  const copy = useMutation({
    ...listMutations.copy(),
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: listKey });
      const count = sources.data?.find((s) => s.projectId === from)?.lineCount ?? 0;
      message.success(t('list.copyModal.done', { count }));
      onClose(data);
    },
  });
  const options = (sources.data ?? []).map((s) => ({
    value: s.projectId,
    label: t('list.copyModal.option', { name: s.projectName, count: s.lineCount }),
  }));
  return (
    <Modal
      open={open}
      title={t('list.copyModal.title')}
      okText={t('list.copyModal.ok')}
      okButtonProps={{ disabled: from === undefined, loading: copy.isPending }}
      onOk={() => from !== undefined && copy.mutate({ projectId, fromProjectId: from })}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      {sources.data && options.length === 0 ? (
        <Empty description={t('list.copyModal.none')} />
      ) : (
        <Select
          aria-label={t('list.copyModal.source')}
          placeholder={t('list.copyModal.source')}
          style={{ width: '100%' }}
          loading={sources.isLoading}
          options={options}
          value={from}
          onChange={setFrom}
        />
      )}
      {copy.error ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={copy.error.message} /> : null}
    </Modal>
  );
}
