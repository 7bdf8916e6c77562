import { MATERIAL_IMPORT_COLUMNS } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../../lib/open-blob.ts';
import {
  type ImportPreview,
  importTemplate,
  listKey,
  listMutations,
  listQueries,
  type MaterialList,
  previewImport,
} from '../../list-api.ts';
import { LIST_NS } from './locale.ts';
import { KindTag } from './tags.tsx';

const titleOf = new Map<string, string>(MATERIAL_IMPORT_COLUMNS.map((c) => [c.key, c.title]));

/**
 * Import from .xlsx with a row-by-row preview: each row valid or with its field errors; only the valid rows are
 * added (importCommit). The template names the columns and lists the classes and the 37 units.
 */
export function ImportModal({
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
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const commit = useMutation({
    ...listMutations.importCommit(),
    onSuccess: (data, input) => {
      client.setQueryData(listQueries.list(projectId).queryKey, data);
      void client.invalidateQueries({ queryKey: listKey });
      message.success(t('list.importModal.done', { count: input.lines.length }));
      setPreview(null);
      onClose(data);
    },
    onError: (e) => setError(e.message),
  });
  const good = (preview?.rows ?? []).flatMap((r) => (r.line ? [r.line] : []));

  const read = async (file: File) => {
    setReading(true);
    setError(null);
    try {
      setPreview(await previewImport(projectId, file));
    } catch (e) {
      setPreview(null);
      setError((e as Error).message);
    } finally {
      setReading(false);
    }
    return false;
  };

  return (
    <Modal
      open={open}
      title={t('list.importModal.title')}
      width={900}
      onCancel={() => {
        setPreview(null);
        setError(null);
        onClose();
      }}
      okText={good.length > 0 ? t('list.importModal.commit', { count: good.length }) : t('list.importModal.nothing')}
      okButtonProps={{ disabled: good.length === 0, loading: commit.isPending }}
      onOk={() => commit.mutate({ projectId, lines: good })}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('list.importModal.hint')}</Typography.Text>
        <Space wrap>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => read(f)}>
            <Button loading={reading}>{t('list.importModal.choose')}</Button>
          </Upload>
          <Button type="link" onClick={async () => saveBlob(await importTemplate(projectId), '材料清单导入模板.xlsx')}>
            {t('list.template')}
          </Button>
        </Space>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {preview ? (
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ x: 700, y: 360 }}
            dataSource={preview.rows}
            columns={[
              { title: t('list.importModal.row'), dataIndex: 'row', width: 60 },
              {
                title: t('list.col.commonName'),
                width: 200,
                render: (_, r) => `${r.cells.commonName ?? ''} ${r.cells.spec ?? ''}`,
              },
              {
                title: t('list.col.quantity'),
                width: 110,
                render: (_, r) => `${r.cells.quantity ?? ''} ${r.cells.unitName ?? ''}`,
              },
              { title: t('list.col.kind'), width: 90, render: (_, r) => (r.kind ? <KindTag kind={r.kind} /> : null) },
              {
                title: t('list.importModal.result'),
                render: (_, r) =>
                  r.errors.length === 0 ? (
                    <Tag color="success">{t('list.importModal.ok')}</Tag>
                  ) : (
                    <Typography.Text type="danger" data-row-errors={r.row}>
                      {r.errors.map((e) => `${titleOf.get(e.field) ?? e.field}：${e.message}`).join('；')}
                    </Typography.Text>
                  ),
              },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
