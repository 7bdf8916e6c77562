import { InboxOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_MB, storageAddBody } from '@jcbb/contract';
import { App, Form, Input, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { ledgerApi, type StorageDetail } from '../api.ts';
import { docTypeOptions } from '../doc-types.ts';
import { LEDGER_NS } from '../locales/register.ts';

/** The longest title the body takes (a file's name is cut to it). */
const TITLE_MAX = maxLengthOf(storageAddBody.shape.title);

interface Values {
  docType: number;
  title?: string;
}

/** 上传存证: a file of the organisation, its kind and an optional title; uploaded, then put on record. */
export function UploadEvidenceModal({
  open,
  onClose,
  onStored,
}: {
  open: boolean;
  onClose: () => void;
  onStored: (record: StorageDetail) => void;
}) {
  const { t, i18n } = useTranslation(LEDGER_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    onClose();
  };

  const submit = async (values: Values) => {
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await ledgerApi.upload(file);
      const record = await ledgerApi.add({
        uploadId: uploaded.id,
        docType: values.docType,
        title: values.title?.trim() || undefined,
      });
      message.success(t('storage.uploaded', { index: record.leafIndex }));
      close();
      onStored(record);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      setFileError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('storage.upload')}
      okText={t('upload.ok')}
      cancelText={t('upload.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item label={t('upload.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError}>
          <Upload.Dragger
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (f.size > MAX_UPLOAD_MB * 1024 * 1024) {
                setFileError(t('check.tooLarge', { mb: MAX_UPLOAD_MB }));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setFileError(null);
              if (!form.getFieldValue('title')) form.setFieldValue('title', f.name.slice(0, TITLE_MAX));
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('check.drop')}</p>
            <p className="ant-upload-hint">{t('upload.hint', { mb: MAX_UPLOAD_MB })}</p>
          </Upload.Dragger>
        </Form.Item>
        {/* Optional in the body, needed with an upload (the body's refinement, with the same words). */}
        <Form.Item
          name="docType"
          label={t('upload.docType')}
          rules={[{ required: true, message: t('upload.docTypeRequired') }]}
        >
          <Select
            options={docTypeOptions(i18n.language.startsWith('en'))}
            placeholder={t('upload.docTypePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="title" label={t('upload.title')} rules={rulesFrom(storageAddBody, 'title')}>
          <Input maxLength={TITLE_MAX} placeholder={t('upload.titlePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
