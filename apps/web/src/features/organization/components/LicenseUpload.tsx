import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { organizationApi } from '../api.ts';
import { openBlob } from '../open-blob.ts';

export interface LicenseValue {
  id: number;
  name: string;
}

export interface LicenseUploadProps {
  value?: LicenseValue | null;
  onChange?: (value: LicenseValue | undefined) => void;
  id?: string;
  disabled?: boolean;
}

const MAX_BYTES = 20 * 1024 * 1024;
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const ACCEPTED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** Whether a chosen file may be a business licence; the server checks the content again. */
export function licenseFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): 'wrongType' | 'tooLarge' | null {
  const typeOk = ACCEPTED_TYPES.includes(file.type) || (file.type === '' && ACCEPTED_EXTENSIONS.test(file.name));
  if (!typeOk || !ACCEPTED_EXTENSIONS.test(file.name)) return 'wrongType';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * Business licence upload (PDF, JPG or PNG up to 20 MB) through the one HTTP client (/api/file/upload). The form
 * value is the uploaded file's id and name; the file's name is shown and opens the file.
 */
export function LicenseUpload({ value, onChange, id, disabled }: LicenseUploadProps) {
  const { t } = useTranslation('organization');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<UploadFile | null>(null);

  const fileList: UploadFile[] = uploading
    ? [uploading]
    : value
      ? [{ uid: String(value.id), name: value.name, status: 'done' }]
      : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = licenseFileProblem(file);
    if (problem) {
      message.error(t(`upload.${problem}`));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    setUploading({ uid: 'uploading', name: chosen.name, status: 'uploading', percent: 50 });
    try {
      const uploaded = await organizationApi.upload(chosen);
      onSuccess?.(uploaded);
      onChange?.({ id: uploaded.id, name: uploaded.name });
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      message.error(t('upload.failed', { message: text }));
      onError?.(error instanceof Error ? error : new Error(text));
    } finally {
      setUploading(null);
    }
  };

  const onPreview = async () => {
    if (!value) return;
    const tab = window.open('', '_blank');
    try {
      openBlob(await organizationApi.download(value.id), value.name, tab);
    } catch {
      tab?.close();
    }
  };

  return (
    <Upload
      id={id}
      accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
      maxCount={1}
      fileList={fileList}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={() => {
        onChange?.(undefined);
        return true;
      }}
      onPreview={onPreview}
      disabled={disabled || uploading !== null}
      showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled || uploading !== null}>
        {t('upload.button')}
      </Button>
    </Upload>
  );
}
