import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { productApi } from '../api.ts';
import { MAX_IMAGES } from '../labels.ts';
import type { UploadedRef } from './FileUpload.tsx';
import { ProductImage } from './ProductImage.tsx';
import { IMAGE_ACCEPT, uploadProblem } from './upload-check.ts';

export interface ImageUploadProps {
  value?: UploadedRef[];
  onChange?: (value: UploadedRef[]) => void;
  id?: string;
  max?: number;
}

/**
 * The product's images (JPG, PNG, WEBP), uploaded one by one through /api/file/upload; the first is the cover.
 * The form value is the list of uploads in display order.
 */
export function ImageUpload({ value = [], onChange, id, max = MAX_IMAGES }: ImageUploadProps) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);

  const fileList: UploadFile[] = [
    ...value.map((f) => ({ uid: String(f.id), name: f.name, status: 'done' as const })),
    ...pending,
  ];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, true);
    if (problem) {
      message.error(problem === 'tooLarge' ? t('doc.tooLarge') : t('edit.imagesHint', { max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  // Several files may be chosen at once: each upload appends to the latest list, not to a stale copy.
  const latest = useRef(value);
  latest.current = value;
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    const uid = `pending-${chosen.name}-${chosen.size}-${Math.random()}`;
    // No percent: fetch reports no upload progress; antd shows 上传中 with a spinner instead of a made-up bar.
    setPending((p) => [...p, { uid, name: chosen.name, status: 'uploading' }]);
    try {
      const uploaded = await productApi.upload(chosen);
      onSuccess?.(uploaded);
      latest.current = [...latest.current, { id: uploaded.id, name: uploaded.name }].slice(0, max);
      onChange?.(latest.current);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      message.error(t('doc.uploadFailed', { message: text }));
      onError?.(error instanceof Error ? error : new Error(text));
    } finally {
      setPending((p) => p.filter((f) => f.uid !== uid));
    }
  };

  return (
    <Upload
      id={id}
      listType="picture-card"
      accept={IMAGE_ACCEPT}
      multiple
      fileList={fileList}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={(file) => {
        onChange?.(value.filter((f) => String(f.id) !== file.uid));
        return true;
      }}
      showUploadList={{ showPreviewIcon: false }}
      itemRender={(original, file) =>
        file.status === 'done' ? (
          <div style={{ position: 'relative', width: '100%', height: '100%' }}>
            <ProductImage fileId={Number(file.uid)} alt={file.name} size={92} preview />
            <button
              type="button"
              aria-label={`${t('common.delete')} ${file.name}`}
              onClick={() => onChange?.(value.filter((f) => String(f.id) !== file.uid))}
              style={{
                position: 'absolute',
                top: 2,
                right: 2,
                border: 'none',
                borderRadius: 10,
                background: 'rgba(0,0,0,0.55)',
                color: '#fff',
                width: 20,
                height: 20,
                lineHeight: '18px',
                cursor: 'pointer',
                padding: 0,
              }}
            >
              ×
            </button>
          </div>
        ) : (
          original
        )
      }
    >
      {fileList.length >= max ? null : (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('edit.uploadImage')}</div>
        </button>
      )}
    </Upload>
  );
}
