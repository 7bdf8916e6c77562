import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { pendingReviewText } from '../../revision/public.ts';
import { invalidateProductCentre, productApi } from '../api.ts';
import { DOCUMENT_ACCEPT, uploadProblem } from './upload-check.ts';

export interface DocumentUploadButtonProps {
  productId: number;
  /** ProductDocumentKind of the documents this button adds (not the green certificate: it has a form). */
  kind: number;
  label?: string;
  type?: 'primary' | 'default';
}

/** Upload a file and attach it to the product as a document of `kind`, in one go (the tags follow on the server). */
export function DocumentUploadButton({ productId, kind, label, type = 'default' }: DocumentUploadButtonProps) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file);
    if (problem) {
      message.error(t(`doc.${problem}`));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    setBusy(true);
    try {
      const uploaded = await productApi.upload(chosen);
      const saved = await productApi.addDocument({ productId, kind, uploadId: uploaded.id, name: uploaded.name });
      onSuccess?.(saved);
      const pending = pendingReviewText(saved);
      if (pending) message.info(pending, 8);
      else message.success(t('common.saved'));
      await invalidateProductCentre(queryClient);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      message.error(t('doc.uploadFailed', { message: text }));
      onError?.(error instanceof Error ? error : new Error(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload accept={DOCUMENT_ACCEPT} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
      <Button type={type} icon={<UploadOutlined />} loading={busy}>
        {busy ? t('doc.uploading') : (label ?? t('doc.upload'))}
      </Button>
    </Upload>
  );
}
